import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { DateTime } from "~/components/ui/date-time";
import { Field } from "~/components/ui/field";
import { SelectField } from "~/components/ui/textarea-field";
import type { memberDuesRecord } from "../dues.server";
import { formatDay, REMINDER_LABELS, won } from "../format";
import type { remindersOf } from "../reminders.server";
import { PAYMENT_METHODS } from "../validation";
import { VoidPaymentForm } from "./void-payment-form";

/** The member record's dues: standing, payments (void with a reason), record, exempt. */
export function MemberDues({
  memberId,
  year,
  today,
  fullStanding,
  regularFee,
  payments,
  exemptions,
  reminders,
}: { memberId: string } & Awaited<ReturnType<typeof memberDuesRecord>> & {
    reminders: Awaited<ReturnType<typeof remindersOf>>;
  }) {
  const returnTo = `/admin/members/${memberId}`;
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-bold text-slate-900">회비</h2>
        <Badge tone={fullStanding ? "green" : "neutral"}>
          {fullStanding ? "정회원 자격 유지" : "정회원 자격 없음"}
        </Badge>
      </div>
      {payments.length === 0 ? (
        <p className="mt-3 text-slate-600">납부 기록이 없습니다.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200">
          {payments.map((p) => (
            <li key={p.id} className="grid gap-1 py-3">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-slate-900">{p.year}년</span>
                <span>{won(p.amount)}</span>
                <Badge>{p.method}</Badge>
                {p.voidedAt ? <Badge tone="red">취소됨</Badge> : null}
              </div>
              <p className="text-sm text-slate-600">
                {formatDay(p.paidAt)}
                {p.depositorName ? ` · 입금자 ${p.depositorName}` : ""}
                {p.memo ? ` · ${p.memo}` : ""}
                {p.voidReason ? ` · 취소 사유: ${p.voidReason}` : ""}
              </p>
              {p.voidedAt ? null : (
                <VoidPaymentForm
                  paymentId={p.id}
                  year={p.year}
                  returnTo={returnTo}
                  online={p.online}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {exemptions.length ? (
        <p className="mt-2 text-sm text-slate-700">
          면제: {exemptions.map((e) => `${e.year}년 (${e.reason})`).join(", ")}
        </p>
      ) : null}
      {reminders.length ? (
        <div className="mt-3">
          <h3 className="text-sm font-semibold text-slate-800">보낸 납부 안내</h3>
          <ul className="mt-1 grid gap-0.5 text-sm text-slate-700">
            {reminders.map((r) => (
              <li key={`${r.year}-${r.kind}`}>
                {r.year}년 · {REMINDER_LABELS[r.kind as keyof typeof REMINDER_LABELS] ?? r.kind} ·{" "}
                <DateTime value={r.sentAt} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <details className="mt-4">
        <summary className="inline-flex min-h-10 cursor-pointer items-center font-semibold text-brand-700">
          납부 기록하기
        </summary>
        <Form method="post" action="/admin/dues" className="mt-3 grid gap-3">
          <input type="hidden" name="intent" value="pay" />
          <input type="hidden" name="userId" value={memberId} />
          <input type="hidden" name="returnTo" value={returnTo} />
          <div className="grid grid-cols-2 gap-3">
            <Field
              id="member-pay-year"
              name="year"
              label="연도"
              inputMode="numeric"
              required
              defaultValue={year}
            />
            <Field
              id="member-pay-amount"
              name="amount"
              label="금액(원)"
              placeholder="예: 200,000 또는 20만"
              required
              defaultValue={regularFee ?? ""}
            />
          </div>
          <div className="grid grid-cols-2 gap-3">
            <SelectField
              id="member-pay-method"
              name="method"
              label="납부 방법"
              options={PAYMENT_METHODS.map((m) => ({ value: m, label: m }))}
            />
            <Field
              id="member-pay-date"
              name="paidAt"
              type="date"
              label="납부일"
              required
              defaultValue={today}
            />
          </div>
          <Field id="member-pay-depositor" name="depositorName" label="입금자명" />
          <Field id="member-pay-memo" name="memo" label="메모" />
          <Button type="submit">납부 기록</Button>
        </Form>
      </details>
      <details className="mt-2">
        <summary className="inline-flex min-h-10 cursor-pointer items-center font-semibold text-brand-700">
          회비 면제하기
        </summary>
        <Form method="post" action="/admin/dues" className="mt-3 grid gap-3">
          <input type="hidden" name="intent" value="exempt" />
          <input type="hidden" name="userId" value={memberId} />
          <input type="hidden" name="returnTo" value={returnTo} />
          <Field
            id="member-exempt-year"
            name="year"
            label="연도"
            inputMode="numeric"
            required
            defaultValue={year}
          />
          <Field id="member-exempt-reason" name="reason" label="면제 사유" required />
          <Button type="submit" variant="secondary">
            회비 면제
          </Button>
        </Form>
      </details>
    </Card>
  );
}
