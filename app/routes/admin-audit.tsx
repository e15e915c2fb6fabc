import { Form, Link, useSearchParams } from "react-router";
import { Section } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { DateTime } from "~/components/ui/date-time";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { SelectField } from "~/components/ui/textarea-field";
import { requireActor } from "~/features/accounts/actor.server";
import {
  AUDIT_ACTIONS,
  AUDIT_PAGE_SIZE,
  auditActionLabel,
  auditDetailText,
} from "~/features/audit/actions";
import { auditActors, listAudit } from "~/features/audit/audit.server";
import { ExportPurposeForm } from "~/features/audit/components/export-purpose-form";
import { isUuid } from "~/lib/ids";
import { displayIp } from "~/lib/ip";
import type { Route } from "./+types/admin-audit";

export const meta: Route.MetaFunction = () => [
  { title: "감사 기록 | 관리자" },
  { name: "robots", content: "noindex" },
];

/** Far past any real log (50 a page), and small enough that the OFFSET stays a safe integer. */
const MAX_PAGE = 1_000_000;

export async function loader(args: Route.LoaderArgs) {
  await requireActor(args, "admin");
  const { url } = args;
  const actor = url.searchParams.get("actor") ?? "";
  const action = url.searchParams.get("action") ?? "";
  // Clamped: a huge or malformed page number would otherwise reach the database as an OFFSET
  // past what PostgreSQL accepts, a 500 instead of an empty page.
  const requested = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  const page = Number.isSafeInteger(requested) ? Math.min(Math.max(requested - 1, 0), MAX_PAGE) : 0;
  const [log, actors] = await Promise.all([
    listAudit({
      actorId: isUuid(actor) ? actor : undefined,
      action: action in AUDIT_ACTIONS ? action : undefined,
      page,
    }),
    auditActors(),
  ]);
  return { ...log, actors };
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const { rows, total, page, actors } = loaderData;
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const pageLink = (n: number) => {
    const params = new URLSearchParams(searchParams);
    params.set("page", String(n));
    return `?${params.toString()}`;
  };
  return (
    <Section>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <Link
            to="/admin/dashboard"
            className="text-sm font-medium text-slate-600 hover:text-brand-700"
          >
            ← 관리자 대시보드
          </Link>
          <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">감사 기록</h1>
          <p className="mt-1 text-slate-600">
            관리자의 개인정보 열람과 처리 기록입니다. 시각은 한국 시간으로 표시합니다.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ExportPurposeForm href="/admin/export/members.csv" label="회원 목록 CSV" />
          <ExportPurposeForm
            href="/admin/export/applications.csv"
            label="정회원 신청 CSV"
            example="정회원 심사 자료 준비"
          />
        </div>
      </div>
      <Form method="get" className="mt-6 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <SelectField
          id="audit-actor"
          name="actor"
          label="관리자"
          defaultValue={searchParams.get("actor") ?? ""}
          options={[
            { value: "", label: "전체" },
            ...actors.filter((a) => a.id).map((a) => ({ value: a.id ?? "", label: a.email })),
          ]}
        />
        <SelectField
          id="audit-action"
          name="action"
          label="작업"
          defaultValue={searchParams.get("action") ?? ""}
          options={[
            { value: "", label: "전체" },
            ...Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label })),
          ]}
        />
        <Button type="submit">조회</Button>
      </Form>
      <ScrollRegion label="감사 기록 (최신순)" className="mt-6 rounded-xl border border-slate-200">
        <table className="w-full min-w-[880px] text-left text-sm">
          <caption className="sr-only">감사 기록 (최신순)</caption>
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2.5 font-semibold">
                시각
              </th>
              <th scope="col" className="px-3 py-2.5 font-semibold">
                관리자
              </th>
              <th scope="col" className="px-3 py-2.5 font-semibold">
                작업
              </th>
              <th scope="col" className="px-3 py-2.5 font-semibold">
                대상
              </th>
              <th scope="col" className="px-3 py-2.5 font-semibold">
                IP
              </th>
              <th scope="col" className="px-3 py-2.5 font-semibold">
                내용
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.id}>
                <td className="px-3 py-2.5 whitespace-nowrap">
                  <DateTime value={row.createdAt} />
                </td>
                <td className="px-3 py-2.5">{row.actorEmail}</td>
                <td className="px-3 py-2.5 whitespace-nowrap">{auditActionLabel(row.action)}</td>
                <td className="px-3 py-2.5">{row.subjectLabel ?? "-"}</td>
                <td className="px-3 py-2.5 whitespace-nowrap">{displayIp(row.ip) ?? "-"}</td>
                <td className="max-w-72 px-3 py-2.5 break-words">
                  {auditDetailText(row.detail) || "-"}
                </td>
              </tr>
            ))}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={6} className="px-3 py-10 text-center text-slate-600">
                  기록이 없습니다.
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </ScrollRegion>
      {pages > 1 ? (
        <nav
          aria-label="감사 기록 페이지"
          className="mt-4 flex items-center justify-end gap-3 text-sm"
        >
          {page > 0 ? (
            <Link to={pageLink(page)} className="font-semibold text-brand-700">
              이전
            </Link>
          ) : null}
          <span>
            {page + 1} / {pages}
          </span>
          {page + 1 < pages ? (
            <Link to={pageLink(page + 2)} className="font-semibold text-brand-700">
              다음
            </Link>
          ) : null}
        </nav>
      ) : null}
    </Section>
  );
}

/** A guard's refusal shows the access-denied card; anything else goes to the root's boundary. */
