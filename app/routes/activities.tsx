import { CalendarDays, List, Rss } from "lucide-react";
import { data, Link } from "react-router";
import { PageHeader, Section } from "~/components/layout/page-header";
import { EmptyState } from "~/components/ui/empty-state";
import { PastSeminarCard, UpcomingSeminarCard } from "~/features/seminars/components/seminar-cards";
import { SeminarMonth } from "~/features/seminars/components/seminar-month";
import {
  MONTH_INVALID,
  monthDays,
  monthKey,
  monthOf,
  parseMonth,
  shiftMonth,
} from "~/features/seminars/month";
import { listSeminars, splitByDate } from "~/features/seminars/seminars.server";
import { now } from "~/lib/clock.server";
import { seoulDate } from "~/lib/dates";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/activities";

const PATH = "/activities";
const calendarHref = (key: string) => `${PATH}?view=calendar&month=${key}`;

export const meta: Route.MetaFunction = (args) => {
  const calendar = args.loaderData?.view === "calendar" ? args.loaderData : null;
  return [
    ...pageMeta(args, {
      title: calendar ? `학술 활동 달력 ${calendar.year}년 ${calendar.month}월` : "학술 활동",
      description: "학회가 여는 세미나와 학술 행사 일정을 확인하고 참가를 신청하세요.",
      path: PATH,
    }),
    // The months go on for ever: crawlers keep to the list (its canonical URL).
    ...(calendar ? [{ name: "robots", content: "noindex" }] : []),
  ];
};

// The list (upcoming, then past), or with `?view=calendar&month=YYYY-MM` a month of seminars in
// Seoul time (this month without `month`; a malformed month is a 400 that still shows this month).
export async function loader({ url }: Route.LoaderArgs) {
  const seminars = await listSeminars();
  if (url.searchParams.get("view") !== "calendar") {
    return { view: "list" as const, ...splitByDate(seminars) };
  }
  const raw = url.searchParams.get("month");
  const asked = raw === null ? null : parseMonth(raw);
  const shown = asked ?? monthOf(now());
  const calendar = {
    view: "calendar" as const,
    ...shown,
    days: monthDays(shown, seminars),
    today: seoulDate(now()),
    previousHref: calendarHref(monthKey(shiftMonth(shown, -1))),
    nextHref: calendarHref(monthKey(shiftMonth(shown, 1))),
    error: raw !== null && !asked ? MONTH_INVALID : null,
  };
  return calendar.error ? data(calendar, { status: 400 }) : calendar;
}

const switchLink =
  "inline-flex h-11 items-center gap-1.5 rounded-lg border border-slate-300 px-4 text-base font-medium text-slate-700 hover:bg-slate-50 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white";

export default function Activities({ loaderData }: Route.ComponentProps) {
  const calendar = loaderData.view === "calendar";
  return (
    <>
      <PageHeader title="학술 활동">
        회원의 전문성을 높이는 세미나와 학술 행사를 소개합니다.
      </PageHeader>
      <Section>
        <div className="mb-8 flex flex-wrap items-center gap-2">
          <nav aria-label="보기 방식" className="flex gap-2">
            <Link to={PATH} aria-current={calendar ? undefined : "page"} className={switchLink}>
              <List className="size-4" aria-hidden="true" />
              목록
            </Link>
            <Link
              to={`${PATH}?view=calendar`}
              aria-current={calendar ? "page" : undefined}
              className={switchLink}
            >
              <CalendarDays className="size-4" aria-hidden="true" />
              달력
            </Link>
          </nav>
          <a
            href="/seminars.ics"
            className="inline-flex h-11 items-center gap-1.5 rounded-lg px-3 text-base font-medium text-brand-700 hover:underline sm:ml-auto"
          >
            <Rss className="size-4" aria-hidden="true" />
            일정 구독(iCal)
          </a>
        </div>
        {loaderData.view === "calendar" ? (
          <>
            {loaderData.error ? (
              <p role="alert" className="mb-4 text-base font-semibold text-red-700">
                {loaderData.error}
              </p>
            ) : null}
            <SeminarMonth {...loaderData} />
          </>
        ) : (
          <SeminarLists upcoming={loaderData.upcoming} past={loaderData.past} />
        )}
      </Section>
    </>
  );
}

type Lists = ReturnType<typeof splitByDate>;

function SeminarLists({ upcoming, past }: Lists) {
  return (
    <>
      <h2 className="text-2xl font-bold text-slate-900">예정된 세미나</h2>
      {upcoming.length === 0 ? (
        <div className="mt-6">
          <EmptyState>현재 등록된 세미나가 없습니다.</EmptyState>
        </div>
      ) : (
        <ul className="mt-6 grid gap-5 md:grid-cols-2">
          {upcoming.map((seminar) => (
            <li key={seminar.id} className="grid">
              <UpcomingSeminarCard seminar={seminar} />
            </li>
          ))}
        </ul>
      )}
      {past.length > 0 ? (
        <>
          <h2 className="mt-14 text-2xl font-bold text-slate-900">지난 세미나</h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {past.map((seminar) => (
              <li key={seminar.id} className="grid">
                <PastSeminarCard seminar={seminar} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
