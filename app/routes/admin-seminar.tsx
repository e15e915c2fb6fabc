import { ArrowLeft, Award, ScanLine, Search } from "lucide-react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { Section } from "~/components/layout/page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DateTime } from "~/components/ui/date-time";
import { EmptyState } from "~/components/ui/empty-state";
import { Field, FormError } from "~/components/ui/field";
import { Pagination } from "~/components/ui/pagination";
import { requireActor } from "~/features/accounts/actor.server";
import { AdminNotFound } from "~/features/admin/components/not-found-boundary";
import { ExportPurposeForm } from "~/features/audit/components/export-purpose-form";
import { RegistrantTable, telHref } from "~/features/seminars/components/registrant-table";
import {
  addRegistrant,
  type DeskCandidate,
  findMembersToAdd,
  findSeminar,
  listRegistrants,
  registrantCounts,
} from "~/features/seminars/registrants.server";
import { cancelRegistration, seatsLeft } from "~/features/seminars/registrations.server";
import { SEMINAR_PHASE_LABELS, seminarPhase } from "~/features/seminars/rules";
import {
  REGISTRANT_TAB_LABELS,
  REGISTRANT_TABS,
  type RegistrantTab,
  registrantForms,
} from "~/features/seminars/validation";
import { now } from "~/lib/clock.server";
import { cn } from "~/lib/cn";
import { orNotFound } from "~/lib/errors.server";
import { searchText } from "~/lib/list-page.server";
import { formatNumber } from "~/lib/numbers";
import { done, pageAction } from "~/lib/page-action.server";
import { pageFromUrl } from "~/lib/paging";
import { useRefusal } from "~/lib/refusal";
import type { Route } from "./+types/admin-seminar";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.seminar.title ?? "세미나"} 신청자 | 관리자` },
  { name: "robots", content: "noindex" },
];

const PAGE_SIZE = 50;

export async function loader(args: Route.LoaderArgs) {
  const { params, url } = args;
  await requireActor(args, "admin");
  const requested = url.searchParams.get("tab");
  const tab: RegistrantTab = REGISTRANT_TABS.find((t) => t === requested) ?? "confirmed";
  const q = searchText(url.searchParams.get("q"));
  // The desk's search for a member to add (name, phone or e-mail): a plain GET, no JavaScript.
  const find = searchText(url.searchParams.get("find"));
  const seminar = await orNotFound(findSeminar(params.id));
  const [list, counts, seats, candidates] = await Promise.all([
    listRegistrants(seminar.id, {
      status: tab,
      q,
      page: pageFromUrl(url.searchParams),
      pageSize: PAGE_SIZE,
    }),
    registrantCounts(seminar),
    seatsLeft(seminar),
    findMembersToAdd(seminar.id, find),
  ]);
  return {
    tab,
    q,
    find,
    candidates,
    list,
    counts,
    seminar,
    seatsLeft: seats,
    phase: seminarPhase(seminar, now()),
  };
}

export const action = pageAction({
  guard: (args) => requireActor(args, "admin"),
  intents: {
    add: {
      schema: registrantForms.add,
      run: async (input, { audit }, { params }) => {
        const registration = await addRegistrant(params.id!, input, audit, { administrator: true });
        return done({
          title: "신청자 추가 완료",
          description: `${registration.name}님의 신청을 확정했습니다.`,
        });
      },
    },
    cancel: {
      schema: registrantForms.cancel,
      run: async ({ userId, refund }, { audit }, { params }) => {
        const { refund: refunded } = await cancelRegistration(params.id!, userId, {
          administrator: audit,
          refund: refund === "on",
        });
        return done({
          title: "신청 취소 완료",
          description:
            refunded.amount > 0
              ? `등록비 ${formatNumber(refunded.amount)}원을 환불하고 본인에게 메일로 알렸습니다.`
              : "본인에게 메일로 알렸습니다.",
        });
      },
    },
  },
});

export default function AdminSeminar({ loaderData }: Route.ComponentProps) {
  const { seminar, tab, q, list, counts } = loaderData;
  const cancelRefusal = useRefusal("cancel");
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const base = `/admin/seminars/${seminar.id}`;
  return (
    <Section>
      <Link
        to="/admin/seminars"
        className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-brand-700"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> 세미나 목록
      </Link>
      <div className="mt-3 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
            {seminar.title}{" "}
            <Badge
              tone={loaderData.phase === "ongoing" ? "brand" : "neutral"}
              className="align-middle"
            >
              {SEMINAR_PHASE_LABELS[loaderData.phase]}
            </Badge>
          </h1>
          <p className="mt-1 text-slate-600">
            <DateTime value={seminar.date} /> · {seminar.location} · 정원{" "}
            {seminar.capacity === null
              ? "제한 없음"
              : `${seminar.capacity}명 (잔여 ${loaderData.seatsLeft}석)`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild size="sm">
            {/* A full page load: the camera is allowed by that page's own Permissions-Policy. */}
            <Link to={`${base}/check-in`} reloadDocument>
              <ScanLine className="size-4" aria-hidden="true" /> 현장 출결
            </Link>
          </Button>
          <Button asChild variant="secondary" size="sm">
            <Link to={`${base}/credits`}>
              <Award className="size-4" aria-hidden="true" /> 연수평점 관리
            </Link>
          </Button>
          <ExportPurposeForm
            href={`${base}/registrants.csv`}
            label="신청자 CSV 내보내기"
            example="현장 명찰·참석자 명단 준비"
          />
        </div>
      </div>

      <nav aria-label="신청 상태" className="mt-6 flex flex-wrap gap-x-1 border-b border-slate-200">
        {/* 결제 대기 only where seats are held for a fee (a paid seminar's), or when asked for. */}
        {REGISTRANT_TABS.filter((t) => t !== "payment_pending" || counts[t] > 0 || tab === t).map(
          (t) => (
            <Link
              key={t}
              to={`${base}?tab=${t}`}
              aria-current={t === tab ? "page" : undefined}
              className={cn(
                "-mb-px shrink-0 border-b-2 px-3 py-2.5 text-sm font-semibold whitespace-nowrap",
                t === tab
                  ? "border-brand-700 text-brand-800"
                  : "border-transparent text-slate-600 hover:text-slate-900",
              )}
            >
              {REGISTRANT_TAB_LABELS[t]} {formatNumber(counts[t])}
            </Link>
          ),
        )}
      </nav>

      <div className="mt-4 grid gap-4 lg:grid-cols-[1fr_18rem] lg:items-start">
        <div className="grid gap-3">
          <Form method="get" className="flex gap-2" role="search" aria-label="신청자 찾기">
            <input type="hidden" name="tab" value={tab} />
            <label htmlFor="registrant-q" className="sr-only">
              신청자 검색
            </label>
            <input
              id="registrant-q"
              name="q"
              defaultValue={q}
              placeholder="이름, 연락처, 이메일, 병원"
              className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 px-3 text-base"
            />
            <Button type="submit" variant="secondary" size="sm" className="h-10">
              검색
            </Button>
          </Form>
          <p className="text-sm text-slate-700" aria-live="polite">
            {REGISTRANT_TAB_LABELS[tab]} {formatNumber(list.total)}명
          </p>
          {cancelRefusal ? <FormError message={cancelRefusal.message} /> : null}
          {list.items.length === 0 ? (
            <EmptyState>{q ? "검색 결과가 없습니다." : "해당하는 신청자가 없습니다."}</EmptyState>
          ) : (
            <RegistrantTable rows={list.items} busy={busy} day={seminar.date} />
          )}
          <Pagination
            page={list.page}
            total={list.total}
            pageSize={list.pageSize}
            searchParams={searchParams}
            pathname={base}
            label="신청자 목록 페이지"
          />
        </div>
        <AddRegistrantPanel
          find={loaderData.find}
          candidates={loaderData.candidates}
          regularOnly={seminar.audience === "regular"}
          tab={tab}
          q={q}
          busy={busy}
        />
      </div>
    </Section>
  );
}

/**
 * The desk's add: search approved members by name, phone or e-mail (a GET), then add one with its
 * own button (each posts the member's id). Works without JavaScript; a phone call's registration
 * needs no e-mail.
 */
function AddRegistrantPanel({
  find,
  candidates,
  regularOnly,
  tab,
  q,
  busy,
}: {
  find: string;
  candidates: DeskCandidate[];
  regularOnly: boolean;
  tab: string;
  q: string;
  busy: boolean;
}) {
  const addRefusal = useRefusal("add");
  return (
    <section
      aria-labelledby="add-registrant-title"
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="add-registrant-title" className="font-bold text-slate-900">
        신청자 직접 추가
      </h2>
      <p className="text-sm text-slate-600">
        전화 신청이나 현장 등록을 받을 때 회원을 이름이나 연락처로 찾아 추가합니다. 정원과 관계없이
        확정되고 본인에게 확인 메일이 갑니다. 세미나 종료 6시간 뒤나 연수평점 발송 뒤에는 추가할 수
        없습니다.
      </p>
      <Form method="get" role="search" aria-label="회원 추가" className="grid gap-2">
        <input type="hidden" name="tab" value={tab} />
        {q ? <input type="hidden" name="q" value={q} /> : null}
        <Field
          id="add-find"
          name="find"
          label="회원 찾기 (이름, 연락처, 이메일)"
          defaultValue={find}
          placeholder="예: 홍길동 또는 010-1234-5678"
          required
          maxLength={100}
        />
        <Button type="submit" variant="secondary">
          <Search className="size-4" aria-hidden="true" /> 회원 찾기
        </Button>
      </Form>
      {addRefusal ? <FormError message={addRefusal.message} /> : null}
      {find ? (
        candidates.length === 0 ? (
          <p className="text-sm text-slate-700" aria-live="polite">
            ‘{find}’에 해당하는 승인된 회원이 없습니다.
          </p>
        ) : (
          <Form method="post" className="grid gap-3">
            <input type="hidden" name="intent" value="add" />
            <p className="text-sm text-slate-700" aria-live="polite">
              {candidates.length}명을 찾았습니다{candidates.length >= 20 ? " (앞의 20명)" : ""}.
              추가할 회원의 버튼을 누르세요.
            </p>
            {regularOnly ? (
              <Field
                id="add-override-reason"
                name="audienceOverrideReason"
                label="정회원이 아닌 회원을 예외로 추가하는 사유 (감사 기록에 남습니다)"
                maxLength={500}
              />
            ) : null}
            <ul className="grid gap-2">
              {candidates.map((c) => (
                <li
                  key={c.id}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3"
                >
                  <div className="min-w-0 text-sm">
                    <div className="font-semibold text-slate-900">{c.name}</div>
                    <div className="text-slate-600">
                      <a href={telHref(c.phone)} className="text-brand-700 hover:underline">
                        {c.phone}
                      </a>
                      {` · ${c.hospitalName}`}
                    </div>
                    <div className="break-all text-slate-500">{c.email}</div>
                  </div>
                  {c.registration === "confirmed" ? (
                    <Badge tone="green">이미 신청 확정</Badge>
                  ) : (
                    <Button type="submit" size="sm" name="memberId" value={c.id} disabled={busy}>
                      추가<span className="sr-only"> ({c.name})</span>
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          </Form>
        )
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <AdminNotFound
      what="학술 활동을 찾을 수 없습니다."
      back={{ to: "/admin/dashboard?tab=seminars", label: "학술 활동 목록으로" }}
    />
  );
}
