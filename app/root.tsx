import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { Footer } from "~/components/layout/footer";
import { Header } from "~/components/layout/header";
import { SectionNav } from "~/components/layout/section-nav";
import { Button } from "~/components/ui/button";
import { Toaster } from "~/components/ui/toaster";
import { getCurrentUser } from "~/features/accounts/session.server";
import { MEMBER_TYPE_LABELS, type MemberType } from "~/features/members/labels";
import { SeminarListSkeleton } from "~/features/seminars/components/seminar-list-skeleton";
import { societyConfig } from "~/features/society/config.server";
import { useNonce } from "~/lib/nonce";
import type { RootData } from "~/lib/root-data";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";

// With a precedence React writes the stylesheet among the first things in <head>. The page's
// JavaScript is asked for only after the first paint (decision 012), so the stylesheet is the one
// file a phone downloads before it draws the page.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
];

export async function loader({ request }: Route.LoaderArgs): Promise<RootData> {
  const user = await getCurrentUser(request);
  return {
    society: societyConfig,
    user: user
      ? {
          id: user.id,
          email: user.email,
          name: user.name,
          role: user.role,
          isApproved: user.isApproved,
          // 정회원 shows only while in full-member standing (dues paid or exempted, or the grace period).
          isFullMember: user.fullStanding,
          memberTypeLabel:
            user.memberType === "associate" || !user.fullStanding
              ? null
              : (MEMBER_TYPE_LABELS[user.memberType as MemberType] ?? null),
        }
      : null,
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const logoUrl = useRouteLoaderData<RootData>("root")?.society.logoUrl;
  return (
    <html lang="ko">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#173a76" />
        <link rel="icon" href={logoUrl ?? "/favicon.svg"} />
        <Meta />
        <Links nonce={nonce} />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2"
        >
          본문 바로가기
        </a>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** Pages whose data may take a moment get a skeleton while a client-side navigation loads. */
const PENDING_SKELETONS: Record<string, () => React.ReactNode> = {
  "/activities": () => <SeminarListSkeleton />,
};

export default function App() {
  const navigation = useNavigation();
  const location = useLocation();
  const pendingPath = navigation.state === "loading" ? navigation.location.pathname : null;
  const Skeleton =
    pendingPath && pendingPath !== location.pathname && PENDING_SKELETONS[pendingPath];
  return (
    <>
      <Header />
      <SectionNav />
      <main id="main" className="flex-1">
        {Skeleton ? <Skeleton /> : <Outlet />}
      </main>
      <Footer />
      <Toaster />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const response = isRouteErrorResponse(error) ? error : undefined;
  const notFound = response?.status === 404;
  // A refused request (a form past its limits, say) carries its own Korean message: show it, not
  // "temporary error", so the doctor knows it was the request and not the site.
  const refusal =
    response && response.status < 500 && typeof response.data?.message === "string"
      ? (response.data.message as string)
      : undefined;
  return (
    <main
      id="main"
      className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-6 text-center"
    >
      <h1 className="text-2xl font-bold text-slate-900">
        {notFound
          ? "404 Page Not Found"
          : refusal
            ? "요청을 처리할 수 없습니다"
            : "일시적인 오류가 발생했습니다"}
      </h1>
      <p className="text-slate-600">
        {notFound
          ? "요청하신 페이지를 찾을 수 없습니다."
          : refusal
            ? `${refusal} 이전 페이지로 돌아가 다시 시도해 주세요.`
            : "잠시 후 다시 시도해 주세요. 문제가 계속되면 학회 사무국으로 연락해 주세요."}
      </p>
      <Button asChild>
        <a href="/">홈으로</a>
      </Button>
    </main>
  );
}
