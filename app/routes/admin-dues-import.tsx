import { ChevronLeft } from "lucide-react";
import { data, Form, Link, redirect, useRouteError } from "react-router";
import { Section } from "~/components/layout/page-header";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormError } from "~/components/ui/field";
import { requireAdmin } from "~/features/accounts/session.server";
import { AccessDenied, isAccessRefusal } from "~/features/admin/components/access-denied";
import { formatDay, won } from "~/features/dues/format";
import { confirmImport, importPreview, type MatchStatus } from "~/features/dues/import.server";
import { pickField } from "~/features/dues/validation";
import { AppError } from "~/lib/errors.server";
import { flashToast } from "~/lib/flash.server";
import { readForm } from "~/lib/forms.server";
import { isUuid } from "~/lib/ids";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/admin-dues-import";

export const meta: Route.MetaFunction = () => [
  { title: "거래내역 확인 | 회비 관리" },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    return await importPreview(params.id);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) {
      throw data({ message: error.message }, { status: 404 });
    }
    throw error;
  }
}

// The confirmation form: `m{index}` carries the member chosen for that deposit (checked or
// selected); only those rows are recorded.
export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const audit = { actor: { id: admin.id, email: admin.email }, ip: context.get(clientIpContext) };
  try {
    const preview = await importPreview(params.id);
    const fields = Object.fromEntries(
      preview.rows.map((row) => [pickField(row.index), { maxLength: 40 }]),
    );
    const form = await readForm(
      request,
      { ...fields, intent: { maxLength: 20 } },
      {
        maxBytes: Math.max(64 * 1024, preview.rows.length * 64),
      },
    );
    const picks = preview.rows.flatMap((row) => {
      const value = form.get(pickField(row.index));
      return typeof value === "string" && isUuid(value)
        ? [{ index: row.index, userId: value }]
        : [];
    });
    if (picks.length === 0) {
      return data({ message: "기록할 거래를 하나 이상 선택해주세요." }, { status: 400 });
    }
    const { recorded, skipped } = await confirmImport(params.id, picks, audit);
    return redirect(`/admin/dues?year=${preview.year}`, {
      headers: {
        "Set-Cookie": flashToast({
          title: "거래내역 기록 완료",
          description: `${recorded}건을 납부로 기록했습니다.${skipped ? ` 이미 기록된 ${skipped}건은 건너뛰었습니다.` : ""}`,
        }),
      },
    });
  } catch (error) {
    if (error instanceof AppError) {
      return data({ message: error.message }, { status: error.status });
    }
    throw error;
  }
}

const STATUS: Record<MatchStatus, { label: string; tone: BadgeTone }> = {
  match: { label: "일치", tone: "green" },
  recorded: { label: "이미 기록됨", tone: "neutral" },
  check_amount: { label: "금액 확인 필요", tone: "yellow" },
  already_paid: { label: "이미 납부한 회원", tone: "yellow" },
  ambiguous: { label: "동명이인·확인 필요", tone: "yellow" },
  unmatched: { label: "일치하는 회원 없음", tone: "red" },
};

export default function AdminDuesImport({ loaderData, actionData }: Route.ComponentProps) {
  const { year, fileName, rows, counts } = loaderData;
  return (
    <Section className="max-w-4xl">
      <Link
        to={`/admin/dues?year=${year}`}
        className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-brand-700"
      >
        <ChevronLeft className="size-4" aria-hidden="true" /> 회비 관리
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-slate-900 sm:text-3xl">
        {year}년 회비 거래내역 확인
      </h1>
      <p className="mt-1 break-all text-slate-600">
        {fileName} · 입금 {rows.length}건 (일치 {counts.match}, 확인 필요 {counts.review}, 회원 없음{" "}
        {counts.unmatched}, 이미 기록 {counts.recorded})
      </p>
      <p className="mt-2 text-sm text-slate-600">
        체크하거나 회원을 고른 거래만 납부로 기록됩니다. 입금자명이 회원 이름(또는 안내한
        입금자명)과 같고 금액이 회비와 같으면 미리 체크해 두었습니다.
      </p>
      <Form method="post" className="mt-5">
        <ul className="grid gap-3">
          {rows.map((row) => {
            const field = pickField(row.index);
            const status = STATUS[row.status];
            const choosable = row.status !== "recorded" && row.candidates.length > 0;
            return (
              <li key={row.index}>
                <Card className="grid gap-2 p-4">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold text-slate-900">
                      {row.depositor || "(이름 없음)"}
                    </span>
                    <span className="text-slate-800">{won(row.amount)}</span>
                    <span className="text-sm text-slate-600">{formatDay(row.paidAt)}</span>
                    <Badge tone={status.tone}>{status.label}</Badge>
                  </div>
                  {choosable && row.candidates.length === 1 ? (
                    <label className="flex items-start gap-2 text-[15px] text-slate-800">
                      <input
                        type="checkbox"
                        name={field}
                        value={row.candidates[0]!.id}
                        defaultChecked={row.proposed === row.candidates[0]!.id}
                        className="mt-1 size-4 accent-brand-700"
                      />
                      <span>
                        <span className="font-semibold">{row.candidates[0]!.name}</span>님의 납부로
                        기록
                        <span className="block break-all text-sm text-slate-600">
                          {row.candidates[0]!.email}
                          {row.candidates[0]!.hospitalName
                            ? ` · ${row.candidates[0]!.hospitalName}`
                            : ""}
                        </span>
                      </span>
                    </label>
                  ) : null}
                  {choosable && row.candidates.length > 1 ? (
                    <div className="grid gap-1">
                      <label
                        htmlFor={`pick-${row.index}`}
                        className="text-sm font-semibold text-slate-800"
                      >
                        누구의 입금인가요?
                      </label>
                      <select
                        id={`pick-${row.index}`}
                        name={field}
                        defaultValue=""
                        className="h-11 rounded-lg border border-slate-300 bg-white px-3 text-[15px]"
                      >
                        <option value="">기록하지 않음</option>
                        {row.candidates.map((c) => (
                          <option key={c.id} value={c.id}>
                            {c.name} · {c.email}
                            {c.hospitalName ? ` · ${c.hospitalName}` : ""}
                          </option>
                        ))}
                      </select>
                    </div>
                  ) : null}
                  {row.status === "unmatched" ? (
                    <p className="text-sm text-slate-600">
                      같은 이름의 회원이 없습니다. 누구의 입금인지 확인되면 회원 기록에서 직접
                      기록해주세요.
                    </p>
                  ) : null}
                </Card>
              </li>
            );
          })}
        </ul>
        <div className="mt-5 grid gap-3">
          <FormError message={actionData?.message} />
          <Button type="submit" size="lg">
            선택한 거래를 납부로 기록
          </Button>
        </div>
      </Form>
    </Section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isAccessRefusal(error)) return <AccessDenied />;
  throw error;
}
