import { Outlet, useRouteLoaderData } from "react-router";
import { PageHeader, Section } from "~/components/layout/page-header";
import { MypageTabs } from "~/features/accounts/components/mypage-tabs";
import type { RootData } from "~/lib/root-data";

// 마이페이지's frame: the heading and the tab row around each of its pages. No loader of its own:
// each page checks the member itself (requireActor) and loads only its own data; the name comes
// from the root loader, which every page has anyway.
export default function MypageLayout() {
  const name = useRouteLoaderData<RootData>("root")?.user?.name;
  return (
    <>
      <PageHeader title="마이페이지">{name ? `${name}님의 회원 정보입니다.` : null}</PageHeader>
      <Section className="grid gap-6 lg:grid-cols-[11rem_1fr] lg:items-start">
        <MypageTabs />
        {/* One column no wider than the screen: a long title in a list must not widen the page. */}
        <div className="grid max-w-3xl min-w-0 grid-cols-1 gap-10">
          <Outlet />
        </div>
      </Section>
    </>
  );
}
