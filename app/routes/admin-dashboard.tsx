import { Tabs } from "radix-ui";
import {
  isRouteErrorResponse,
  Link,
  useNavigation,
  useRouteError,
  useSearchParams,
} from "react-router";
import { Section } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { requireActor, type SessionActor } from "~/features/accounts/actor.server";
import { isAccessRefusal } from "~/features/admin/components/access-denied";
import { AnnouncementsTab } from "~/features/admin/components/announcements-tab";
import { ApplicationsTab } from "~/features/admin/components/applications-tab";
import { ExecutivesTab } from "~/features/admin/components/executives-tab";
import { HistoryTab } from "~/features/admin/components/history-tab";
import { OfficeSummary } from "~/features/admin/components/office-summary";
import { PendingMembersTab } from "~/features/admin/components/pending-members-tab";
import { SeminarsTab } from "~/features/admin/components/seminars-tab";
import {
  DASHBOARD_FORM,
  DASHBOARD_INTENTS,
  type DashboardTab,
  dashboardInput,
  loadDashboard,
} from "~/features/admin/dashboard.server";
import { failureTitle } from "~/features/admin/dashboard-intents";
import { officeSummary } from "~/features/admin/summary.server";
import { cn } from "~/lib/cn";
import { done, pageAction } from "~/lib/page-action.server";
import { useRefusal } from "~/lib/refusal";
import { z } from "~/lib/zod";
import type { Route } from "./+types/admin-dashboard";

export const meta: Route.MetaFunction = () => [
  { title: "관리자 대시보드" },
  { name: "robots", content: "noindex" },
];

// Every load and every action checks the role itself: administrators only. A refusal (401, 403)
// renders the admin layout's access-denied card. The URL says what to load: `?tab=` and, for
// the paged tabs, `?q=` and `?page=` (see dashboardQuery); only the active tab's list is read.
export async function loader(args: Route.LoaderArgs) {
  const actor = await requireActor(args, "admin");
  const [dashboard, summary] = await Promise.all([
    loadDashboard(args.url.searchParams),
    officeSummary(actor),
  ]);
  return { ...dashboard, summary };
}

// Each intent checks its form with the matching /api call's schema, in the call's order, on the
// strings as sent (an emptied field is "", as the calls read it): the page action holds the form
// to the dashboard's fields and hands it over whole.
const anyDashboardForm = z.object({});

export const action = pageAction<SessionActor, Record<string, typeof anyDashboardForm>>({
  guard: (args) => requireActor(args, "admin"),
  extra: DASHBOARD_FORM.fields,
  maxBytes: DASHBOARD_FORM.options.maxBytes,
  intents: Object.fromEntries(
    Object.entries(DASHBOARD_INTENTS).map(([intent, work]) => [
      intent,
      {
        schema: anyDashboardForm,
        run: async (_: object, actor: SessionActor, { form }: { form: FormData }) =>
          done(await work(dashboardInput(form), actor)),
      },
    ]),
  ),
});

// The six tabs of SPEC.md, in order (the values are DASHBOARD_TABS).
const TABS = [
  { value: "members", label: "준회원 승인" },
  { value: "applications", label: "정회원 승인" },
  { value: "announcements", label: "공지사항" },
  { value: "seminars", label: "학술 활동" },
  { value: "executives", label: "임원진" },
  { value: "history", label: "연혁" },
] as const satisfies ReadonlyArray<{ value: DashboardTab; label: string }>;

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const refusal = useRefusal();
  const [, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const { tab } = loaderData;
  // A tab, a search or a page is loaded from the server: the old one stays, dimmed, meanwhile.
  const loading =
    navigation.state === "loading" && navigation.location.pathname === "/admin/dashboard";
  const counts: Record<string, number> = loaderData.badges;

  return (
    <Section>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">관리자 대시보드</h1>
          <p className="mt-1 text-slate-600">회원 승인과 학회 콘텐츠를 관리합니다.</p>
        </div>
        <Button asChild variant="secondary" size="sm">
          <Link to="/admin/audit">감사 기록 · 내보내기</Link>
        </Button>
      </div>
      <OfficeSummary summary={loaderData.summary} />
      {/* A refused form posted as a page (no JavaScript) answers here; with JavaScript a toast
          does, and a success comes back here with the server's toast. */}
      {refusal ? (
        <p role="status" className="mt-4 rounded-lg bg-rose-50 px-4 py-3 text-base text-rose-900">
          <strong className="font-semibold">{failureTitle(refusal.intent)}</strong>
          {` · ${refusal.message}`}
        </p>
      ) : null}
      {/* Switching tabs keeps only `?tab=`: the search and page belong to the tab left behind.
          Manual activation: arrow keys move between tabs, Enter or Space loads one. */}
      <Tabs.Root
        value={tab}
        activationMode="manual"
        onValueChange={(value) =>
          setSearchParams({ tab: value }, { replace: true, preventScrollReset: true })
        }
        className="mt-6"
      >
        <Tabs.List
          aria-label="관리 메뉴"
          className="flex flex-wrap gap-x-1 border-b border-slate-200"
        >
          {TABS.map((t) => (
            // Links, so each tab opens without JavaScript too (and in a new browser tab);
            // once hydrated, Radix switches on mouse-down and Enter/Space and the link stays put.
            <Tabs.Trigger
              key={t.value}
              value={t.value}
              asChild
              className={cn(
                "-mb-px inline-flex shrink-0 items-center gap-1.5 border-b-2 border-transparent px-3 py-2.5 text-base font-semibold whitespace-nowrap text-slate-600 hover:text-slate-900",
                "data-[state=active]:border-brand-700 data-[state=active]:text-brand-700",
              )}
            >
              <a
                href={`?tab=${t.value}`}
                type={undefined}
                onClick={(event) => {
                  if (!(event.ctrlKey || event.metaKey || event.shiftKey)) event.preventDefault();
                }}
              >
                {t.label}
                {counts[t.value] ? (
                  <span className="rounded-full bg-rose-600 px-1.5 py-0.5 text-xs leading-none font-bold text-white">
                    {counts[t.value]}
                    <span className="sr-only">건 대기</span>
                  </span>
                ) : null}
              </a>
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <div className={cn("pt-6 transition-opacity", loading && "opacity-60")} aria-busy={loading}>
          <Tabs.Content value="members">
            {loaderData.members ? (
              <PendingMembersTab list={{ ...loaderData.members, q: loaderData.q }} />
            ) : null}
          </Tabs.Content>
          <Tabs.Content value="applications">
            {loaderData.applications ? (
              <ApplicationsTab
                list={{ ...loaderData.applications, q: loaderData.q }}
                counts={loaderData.applicationCounts}
              />
            ) : null}
          </Tabs.Content>
          <Tabs.Content value="announcements">
            {loaderData.announcements ? (
              <AnnouncementsTab list={{ ...loaderData.announcements, q: loaderData.q }} />
            ) : null}
          </Tabs.Content>
          <Tabs.Content value="seminars">
            {loaderData.seminars ? (
              <SeminarsTab list={{ ...loaderData.seminars, q: loaderData.q }} />
            ) : null}
          </Tabs.Content>
          <Tabs.Content value="executives">
            {loaderData.executives ? <ExecutivesTab executives={loaderData.executives} /> : null}
          </Tabs.Content>
          <Tabs.Content value="history">
            {loaderData.history ? <HistoryTab history={loaderData.history} /> : null}
          </Tabs.Content>
        </div>
      </Tabs.Root>
    </Section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  // Refused access is the admin layout's to show (its one access-denied card).
  if (isAccessRefusal(error)) throw error;
  // A refusal carries its own Korean message. A server error reaches the browser only as React
  // Router's English "Unexpected Server Error", which is not shown: the office reads Korean.
  const refusal =
    isRouteErrorResponse(error) && error.status < 500 && typeof error.data?.message === "string"
      ? (error.data.message as string)
      : undefined;
  return (
    <Section className="max-w-xl">
      <Card tone="danger" className="p-8 text-center">
        <h1 className="text-xl font-bold text-slate-900">데이터를 불러오지 못했습니다</h1>
        <p className="mt-2 text-slate-600">{refusal ?? "잠시 후 다시 시도해주세요."}</p>
        <Button asChild className="mt-6">
          <Link to="/">홈으로</Link>
        </Button>
      </Card>
    </Section>
  );
}
