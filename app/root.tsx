import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { ErrorPage } from "~/components/layout/error-page";
import { Footer } from "~/components/layout/footer";
import { footerLinesHtml } from "~/components/layout/footer-lines.server";
import { Header } from "~/components/layout/header";
import { SectionNav } from "~/components/layout/section-nav";
import { useSiteLinkNavigation } from "~/components/ui/site-link";
import { FlashStatus, Toaster } from "~/components/ui/toaster";
import { getCurrentUser } from "~/features/accounts/session.server";
import { SeminarListSkeleton } from "~/features/seminars/components/seminar-list-skeleton";
import { MEMBER_TYPE_LABELS, type MemberType } from "~/features/society/member-labels";
import { societyDetails } from "~/features/society/settings.server";
import { takeFlash } from "~/lib/flash.server";
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

// The loader also spends the flash a redirect handed over (a finished form's toast): the page
// draws it as a status message, so it is read without JavaScript too, and only on this page.
// It also runs for the stand-in a seminar page's template is drawn for (decision 031): what it
// shows of the user must come from the session, never from a read by the user's id, or every
// member would be shown the stand-in's.
export async function loader({ request }: Route.LoaderArgs) {
  const [user, society] = await Promise.all([getCurrentUser(request), societyDetails()]);
  const flash = takeFlash(request);
  const root: RootData = {
    society,
    footerLines: footerLinesHtml(society),
    flash: flash.toast,
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
  return flash.spend ? data(root, { headers: { "Set-Cookie": flash.spend } }) : root;
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
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
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

/**
 * A page that stands alone, without the site's header, menu and footer, says so in its route
 * handle: `export const handle = { bare: true }` (the door's check-in screen).
 */
const isBare = (handle: unknown) =>
  typeof handle === "object" && handle !== null && (handle as { bare?: unknown }).bare === true;

export default function App() {
  useSiteLinkNavigation();
  const navigation = useNavigation();
  const location = useLocation();
  const bare = useMatches().some((match) => isBare(match.handle));
  const pendingPath = navigation.state === "loading" ? navigation.location.pathname : null;
  const Skeleton =
    pendingPath && pendingPath !== location.pathname && PENDING_SKELETONS[pendingPath];
  return (
    <>
      {bare ? null : <Header />}
      {bare ? null : <SectionNav />}
      <main id="main" className="flex-1">
        <FlashStatus />
        {Skeleton ? <Skeleton /> : <Outlet />}
      </main>
      {bare ? null : <Footer />}
      <Toaster />
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
