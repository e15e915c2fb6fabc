import { ArrowLeft, Award, ScanLine } from "lucide-react";
import {
  data,
  Form,
  Link,
  redirect,
  useNavigation,
  useRouteError,
  useSearchParams,
} from "react-router";
import { Section } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { DateTime } from "~/components/ui/date-time";
import { EmptyState } from "~/components/ui/empty-state";
import { Field, FormError } from "~/components/ui/field";
import { Pagination } from "~/components/ui/pagination";
import { requireAdmin } from "~/features/accounts/session.server";
import { AccessDenied, isAccessRefusal } from "~/features/admin/components/access-denied";
import { ExportPurposeForm } from "~/features/admin/components/export-purpose-form";
import { RegistrantTable } from "~/features/seminars/components/registrant-table";
import {
  addRegistrant,
  findSeminar,
  listRegistrants,
  registrantCounts,
} from "~/features/seminars/registrants.server";
import { cancelRegistration, seatsLeft } from "~/features/seminars/registrations.server";
import {
  addRegistrantSchema,
  REGISTRANT_TAB_LABELS,
  REGISTRANT_TABS,
  type RegistrantTab,
} from "~/features/seminars/validation";
import { cn } from "~/lib/cn";
import { AppError, orNotFound, parse } from "~/lib/errors.server";
import { flashToast } from "~/lib/flash.server";
import { readForm } from "~/lib/forms.server";
import { isUuid } from "~/lib/ids";
import { searchText } from "~/lib/list-page.server";
import { formatNumber } from "~/lib/numbers";
import { pageFromUrl } from "~/lib/paging";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/admin-seminar";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.seminar.title ?? "세미나"} 신청자 | 관리자` },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const PAGE_SIZE = 50;

export async function loader({ request, params, url }: Route.LoaderArgs) {
  await requireAdmin(request);
  const requested = url.searchParams.get("tab");
  const tab: RegistrantTab = REGISTRANT_TABS.find((t) => t === requested) ?? "confirmed";
  const q = searchText(url.searchParams.get("q"));
  const seminar = await orNotFound(findSeminar(params.id));
  const [list, counts, seats] = await Promise.all([
    listRegistrants(seminar.id, {
      status: tab,
      q,
      page: pageFromUrl(url.searchParams),
      pageSize: PAGE_SIZE,
    }),
    registrantCounts(seminar),
    seatsLeft(seminar),
  ]);
  return { tab, q, list, counts, seminar, seatsLeft: seats };
}

const FORM = {
  intent: { maxLength: 20 },
  email: { maxLength: 200 },
  userId: { maxLength: 36 },
};

export async function action({ request, params, context, url }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const audit = { actor: { id: admin.id, email: admin.email }, ip: context.get(clientIpContext) };
  const form = await readForm(request, FORM);
  const intent = form.get("intent");
  try {
    let toast: { title: string; description?: string };
    if (intent === "add") {
      const registration = await addRegistrant(
        params.id,
        parse(addRegistrantSchema, { email: form.get("email") }),
        audit,
      );
      toast = {
        title: "신청자 추가 완료",
        description: `${registration.name}님의 신청을 확정했습니다.`,
      };
    } else if (intent === "cancel") {
      const userId = String(form.get("userId") ?? "");
      if (!isUuid(userId)) throw new AppError("invalid", "취소할 신청을 찾을 수 없습니다.");
      await cancelRegistration(params.id, userId, { administrator: audit });
      toast = { title: "신청 취소 완료", description: "본인에게 메일로 알렸습니다." };
    } else {
      throw new AppError("invalid", "요청을 처리할 수 없습니다.");
    }
    return redirect(url.pathname + url.search, { headers: { "Set-Cookie": flashToast(toast) } });
  } catch (error) {
    if (error instanceof AppError) {
      return data({ intent: String(intent), message: error.message }, { status: error.status });
    }
    throw error;
  }
}

export default function AdminSeminar({ loaderData, actionData }: Route.ComponentProps) {
  const { seminar, tab, q, list, counts } = loaderData;
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const base = `/admin/seminars/${seminar.id}`;
  return (
    <Section>
      <Link
        to="/admin/dashboard?tab=seminars"
        className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-brand-700"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> 학술 활동 관리
      </Link>
      <div className="mt-3 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{seminar.title}</h1>
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
          <ExportPurposeForm href={`${base}/registrants.csv`} label="신청자 CSV 내보내기" />
        </div>
      </div>

      <nav aria-label="신청 상태" className="mt-6 flex flex-wrap gap-x-1 border-b border-slate-200">
        {REGISTRANT_TABS.map((t) => (
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
        ))}
      </nav>

      <div className="mt-4 grid gap-4 lg:grid-cols-[1fr_18rem] lg:items-start">
        <div className="grid gap-3">
          <Form method="get" className="flex gap-2" role="search">
            <input type="hidden" name="tab" value={tab} />
            <label htmlFor="registrant-q" className="sr-only">
              신청자 검색
            </label>
            <input
              id="registrant-q"
              name="q"
              defaultValue={q}
              placeholder="이름, 연락처, 이메일, 병원"
              className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 px-3 text-[15px]"
            />
            <Button type="submit" variant="secondary" size="sm" className="h-10">
              검색
            </Button>
          </Form>
          <p className="text-sm text-slate-700" aria-live="polite">
            {REGISTRANT_TAB_LABELS[tab]} {formatNumber(list.total)}명
          </p>
          {actionData?.intent === "cancel" ? <FormError message={actionData.message} /> : null}
          {list.items.length === 0 ? (
            <EmptyState>{q ? "검색 결과가 없습니다." : "해당하는 신청자가 없습니다."}</EmptyState>
          ) : (
            <RegistrantTable rows={list.items} busy={busy} />
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
        <Form method="post" className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4">
          <h2 className="font-bold text-slate-900">신청자 직접 추가</h2>
          <p className="text-sm text-slate-600">
            전화 신청이나 현장 등록을 받을 때 회원의 이메일로 추가합니다. 정원과 관계없이 확정되고
            본인에게 확인 메일이 갑니다.
          </p>
          <input type="hidden" name="intent" value="add" />
          <Field
            id="add-email"
            name="email"
            type="email"
            label="회원 이메일"
            required
            errors={actionData?.intent === "add" ? [actionData.message] : undefined}
          />
          <Button type="submit" disabled={busy}>
            추가
          </Button>
        </Form>
      </div>
    </Section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isAccessRefusal(error)) return <AccessDenied />;
  throw error;
}
