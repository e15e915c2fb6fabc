import { Award, ScanLine, Users } from "lucide-react";
import { Form, Link, useSearchParams } from "react-router";
import { Section } from "~/components/layout/page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DateTime } from "~/components/ui/date-time";
import { EmptyState } from "~/components/ui/empty-state";
import { Pagination } from "~/components/ui/pagination";
import { requireActor } from "~/features/accounts/actor.server";
import { type OfficeSeminarRow, officeSeminars } from "~/features/seminars/office-list.server";
import { SEMINAR_PHASE_LABELS } from "~/features/seminars/rules";
import { searchText } from "~/lib/list-page.server";
import { formatNumber } from "~/lib/numbers";
import { pageFromUrl } from "~/lib/paging";
import type { Route } from "./+types/admin-seminars";

export const meta: Route.MetaFunction = () => [
  { title: "세미나 | 관리자" },
  { name: "robots", content: "noindex" },
];

// The office's seminars in the admin menu (issue 39, item 7): not yet over first, then the past,
// each with its counts and the way to its registrants, door and credit sheet.
export async function loader(args: Route.LoaderArgs) {
  const actor = await requireActor(args, "admin");
  const { url } = args;
  const q = searchText(url.searchParams.get("q"));
  return { q, list: await officeSeminars(actor, { q, page: pageFromUrl(url.searchParams) }) };
}

const SHEET_LABELS: Record<OfficeSeminarRow["sheetStatus"], string> = {
  draft: "평점 작성 중",
  sent: "평점 이의 신청 기간",
  locked: "평점 확정",
};

function StatusBadges({ seminar }: { seminar: OfficeSeminarRow }) {
  if (seminar.status === "cancelled") return <Badge tone="red">취소</Badge>;
  return (
    <>
      <Badge tone={seminar.phase === "ongoing" ? "brand" : "neutral"}>
        {SEMINAR_PHASE_LABELS[seminar.phase]}
      </Badge>
      {seminar.phase === "upcoming" ? (
        <Badge tone={seminar.status === "open" ? "green" : "neutral"}>
          {seminar.status === "open" ? "접수중" : "마감"}
        </Badge>
      ) : (
        <Badge tone={seminar.sheetStatus === "locked" ? "green" : "neutral"}>
          {SHEET_LABELS[seminar.sheetStatus]}
        </Badge>
      )}
    </>
  );
}

function SeminarItem({ seminar }: { seminar: OfficeSeminarRow }) {
  const base = `/admin/seminars/${seminar.id}`;
  return (
    <li className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 md:grid-cols-[1fr_auto] md:items-center">
      <div className="min-w-0">
        <h3 className="flex flex-wrap items-center gap-2 text-base font-bold text-slate-900">
          <Link to={base} className="text-brand-800 underline-offset-2 hover:underline">
            {seminar.title}
          </Link>
          <StatusBadges seminar={seminar} />
        </h3>
        <p className="mt-1 text-sm text-slate-600">
          <DateTime value={seminar.date} /> · {seminar.location} · {seminar.speaker}
        </p>
        <p className="mt-1 text-sm text-slate-800">
          확정 <strong>{formatNumber(seminar.confirmed)}</strong>
          {seminar.capacity === null ? "" : ` / 정원 ${formatNumber(seminar.capacity)}`}명 · 대기{" "}
          {formatNumber(seminar.waitlisted)}명 · 참석 {formatNumber(seminar.attended)}명
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm">
          <Link to={base}>
            <Users className="size-4" aria-hidden="true" /> 신청자
            <span className="sr-only"> ({seminar.title})</span>
          </Link>
        </Button>
        <Button asChild size="sm" variant="secondary">
          {/* A full page load: the camera is allowed by that page's own Permissions-Policy. */}
          <Link to={`${base}/check-in`} reloadDocument>
            <ScanLine className="size-4" aria-hidden="true" /> 현장 출결
            <span className="sr-only"> ({seminar.title})</span>
          </Link>
        </Button>
        <Button asChild size="sm" variant="secondary">
          <Link to={`${base}/credits`}>
            <Award className="size-4" aria-hidden="true" /> 연수평점
            <span className="sr-only"> ({seminar.title})</span>
          </Link>
        </Button>
      </div>
    </li>
  );
}

export default function AdminSeminars({ loaderData }: Route.ComponentProps) {
  const { q, list } = loaderData;
  const [searchParams] = useSearchParams();
  const current = list.items.filter((s) => s.phase !== "past");
  const past = list.items.filter((s) => s.phase === "past");
  return (
    <Section>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">세미나</h1>
          <p className="mt-1 text-slate-600">
            세미나별 신청자, 현장 출결, 연수평점을 관리합니다. 다가오는 세미나가 먼저 나옵니다.
          </p>
        </div>
        <Button asChild variant="secondary" size="sm">
          <Link to="/admin/dashboard?tab=seminars">세미나 등록·수정</Link>
        </Button>
      </div>
      <Form method="get" role="search" aria-label="세미나 찾기" className="mt-6 flex gap-2">
        <label htmlFor="seminar-q" className="sr-only">
          세미나 검색
        </label>
        <input
          id="seminar-q"
          name="q"
          defaultValue={q}
          placeholder="제목, 연자, 장소"
          maxLength={100}
          className="h-11 min-w-0 flex-1 rounded-lg border border-slate-300 px-3 text-base"
        />
        <Button type="submit" variant="secondary" className="h-11">
          검색
        </Button>
      </Form>
      <p className="mt-4 text-sm text-slate-700" aria-live="polite">
        총 {formatNumber(list.total)}개
      </p>
      {list.items.length === 0 ? (
        <div className="mt-4">
          <EmptyState>{q ? "검색 결과가 없습니다." : "등록된 세미나가 없습니다."}</EmptyState>
        </div>
      ) : null}
      {current.length ? (
        <section aria-labelledby="seminars-current" className="mt-4">
          <h2 id="seminars-current" className="text-lg font-bold text-slate-900">
            다가오는 세미나
          </h2>
          <ul className="mt-3 grid gap-3">
            {current.map((s) => (
              <SeminarItem key={s.id} seminar={s} />
            ))}
          </ul>
        </section>
      ) : null}
      {past.length ? (
        <section aria-labelledby="seminars-past" className="mt-8">
          <h2 id="seminars-past" className="text-lg font-bold text-slate-900">
            지난 세미나
          </h2>
          <ul className="mt-3 grid gap-3">
            {past.map((s) => (
              <SeminarItem key={s.id} seminar={s} />
            ))}
          </ul>
        </section>
      ) : null}
      <Pagination
        page={list.page}
        total={list.total}
        pageSize={list.pageSize}
        searchParams={searchParams}
        pathname="/admin/seminars"
        label="세미나 목록 페이지"
      />
    </Section>
  );
}
