import { Lock } from "lucide-react";
import { data, Link } from "react-router";
import { Section } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { findAnnouncementHeadline } from "~/features/announcements/announcements.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/announcement-detail";

export const meta: Route.MetaFunction = (args) => {
  const headline = args.loaderData?.headline;
  if (!headline) return [{ title: "공지사항을 찾을 수 없습니다" }];
  // Link previews show the title and category, never the body.
  return pageMeta(args, {
    title: headline.title,
    description: `[${headline.category}] 학회 공지사항입니다. 전문은 승인된 회원만 열람할 수 있습니다.`,
    path: `/announcements/${headline.id}`,
    type: "article",
  });
};

export async function loader({ params }: Route.LoaderArgs) {
  const headline = await findAnnouncementHeadline(params.id);
  if (!headline) throw data(null, { status: 404 });
  // Reading the body needs an approved member's session (the accounts issue); until then every
  // reader gets the login-required card, and the body is never loaded.
  return { headline };
}

export default function AnnouncementDetail() {
  return (
    <Section className="max-w-2xl">
      <Card className="p-8 text-center sm:p-10">
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-brand-50 text-brand-700">
          <Lock aria-hidden="true" />
        </span>
        <h1 className="mt-5 text-xl font-bold text-slate-900">로그인이 필요합니다</h1>
        <p className="mt-2 text-slate-600">
          공지사항 전문은 승인된 회원으로 로그인한 뒤 열람할 수 있습니다.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link to="/login">로그인</Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to="/announcements">목록으로</Link>
          </Button>
        </div>
      </Card>
    </Section>
  );
}

export function ErrorBoundary() {
  return (
    <Section className="max-w-2xl">
      <Card className="p-8 text-center sm:p-10">
        <h1 className="text-xl font-bold text-slate-900">공지사항을 찾을 수 없습니다.</h1>
        <div className="mt-6">
          <Button asChild variant="secondary">
            <Link to="/announcements">목록으로</Link>
          </Button>
        </div>
      </Card>
    </Section>
  );
}
