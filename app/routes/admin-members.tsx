import { Form, useNavigation, useSearchParams } from "react-router";
import { Section } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { FormError } from "~/components/ui/field";
import { Pagination } from "~/components/ui/pagination";
import { requireActor } from "~/features/accounts/actor.server";
import { ExportPurposeForm } from "~/features/audit/components/export-purpose-form";
import { RosterFilters } from "~/features/members/components/roster-filters";
import { RosterTable } from "~/features/members/components/roster-table";
import { approveMembers, searchMembers } from "~/features/members/roster.server";
import { bulkApprovalSchema, rosterQueryFromUrl } from "~/features/members/validation";
import { formatNumber } from "~/lib/numbers";
import { done, pageAction } from "~/lib/page-action.server";
import { useRefusal } from "~/lib/refusal";
import type { Route } from "./+types/admin-members";

export const meta: Route.MetaFunction = () => [
  { title: "회원 관리 | 관리자" },
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  await requireActor(args, "admin");
  const { url } = args;
  const query = rosterQueryFromUrl(url.searchParams);
  const options = { countUpTo: SHORT_SEARCH_COUNT };
  const roster = await searchMembers(query, options);
  // A page past the last (the list shrank under the office, say after approving page 2's
  // sign-ups) shows the last one, not "99 / 2 페이지" over an empty list.
  const last = Math.max(1, Math.ceil(roster.total / roster.pageSize));
  if (roster.items.length === 0 && roster.page > last) {
    const clamped = { ...query, page: last };
    return { query: clamped, roster: await searchMembers(clamped, options) };
  }
  return { query, roster };
}

/** How far a one- or two-character search counts (see searchMembers). */
const SHORT_SEARCH_COUNT = 1000;

// Bulk approval of the pending sign-ups ticked on this page; each is audited and mailed as a
// single approval is. Back to the same list afterwards (POST, redirect, GET).
export const action = pageAction({
  guard: (args) => requireActor(args, "admin"),
  // The button names its intent, though approval is the page's only one.
  extra: { intent: { maxLength: 20 } },
  intents: {
    approve: {
      schema: bulkApprovalSchema,
      run: async ({ ids }, actor) => {
        const { approved } = await approveMembers(actor, ids);
        return done({ title: "승인 완료", description: `${approved}명의 가입을 승인했습니다.` });
      },
    },
  },
});

const BULK_FORM_ID = "bulk-approval";

export default function AdminMembers({ loaderData }: Route.ComponentProps) {
  const refusal = useRefusal();
  const { query, roster } = loaderData;
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const pendingOnPage = roster.items.filter((m) => m.status === "pending").length;
  const exportQuery = new URLSearchParams(searchParams);
  exportQuery.delete("page");
  const exportHref = `/admin/export/members.csv${exportQuery.size ? `?${exportQuery}` : ""}`;
  return (
    <Section>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">회원 관리</h1>
          <p className="mt-1 text-slate-600">
            회원을 검색하고 회원 정보, 승인과 정지, 회원 구분을 관리합니다.
          </p>
        </div>
        <ExportPurposeForm href={exportHref} label="검색 결과 CSV 내보내기" />
      </div>

      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        <RosterFilters key={searchParams.toString()} query={query} />
      </div>

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700" aria-live="polite">
          총 <strong>{formatNumber(roster.total)}</strong>명
          {roster.totalCapped
            ? " 이상 (검색어를 세 글자 이상 입력하면 정확한 인원을 셉니다)"
            : null}
          {roster.total > 0
            ? ` · ${formatNumber(roster.page)} / ${formatNumber(Math.max(1, Math.ceil(roster.total / roster.pageSize)))} 페이지`
            : null}
        </p>
        {pendingOnPage > 0 ? (
          <Form method="post" id={BULK_FORM_ID} className="flex items-center gap-2">
            <input type="hidden" name="intent" value="approve" />
            <Button type="submit" size="sm" disabled={navigation.state === "submitting"}>
              선택한 회원 승인
            </Button>
          </Form>
        ) : null}
      </div>
      {refusal ? (
        <div className="mt-3">
          <FormError message={refusal.message} />
        </div>
      ) : null}

      <div className="mt-4">
        {roster.items.length === 0 ? (
          <EmptyState>조건에 맞는 회원이 없습니다.</EmptyState>
        ) : (
          <RosterTable members={roster.items} form={BULK_FORM_ID} />
        )}
      </div>
      <Pagination
        page={roster.page}
        total={roster.total}
        pageSize={roster.pageSize}
        searchParams={searchParams}
        pathname="/admin/members"
        label="회원 목록 페이지"
      />
    </Section>
  );
}
