import { Card } from "~/components/ui/card";
import { DateTime } from "~/components/ui/date-time";
import { cn } from "~/lib/cn";
import { formatNumber } from "~/lib/numbers";

export type SeminarFeesView = {
  full: number;
  other: number;
  fullEarly: number | null;
  otherEarly: number | null;
  earlyUntil: Date | string | null;
  /** Whether the early amounts apply now. */
  early: boolean;
};

const won = (amount: number) => (amount > 0 ? `${formatNumber(amount)}원` : "무료");

/**
 * A paid seminar's fee table (정회원 standing or not; early and regular), and the amount that
 * applies to this reader now, so nobody learns the price at the checkout.
 */
export function SeminarFees({
  fees,
  fee,
  signedIn,
  fullStanding,
}: {
  fees: SeminarFeesView;
  fee: number;
  signedIn: boolean;
  fullStanding: boolean | null;
}) {
  const hasEarly =
    fees.earlyUntil !== null && (fees.fullEarly !== null || fees.otherEarly !== null);
  const rows = [
    { label: "정회원", note: "명예·평생회원 포함", regular: fees.full, early: fees.fullEarly },
    {
      label: "준회원·비회원",
      note: "회비 미납 정회원 포함",
      regular: fees.other,
      early: fees.otherEarly,
    },
  ];
  const mine = !signedIn ? "비회원" : fullStanding ? "정회원" : "준회원";
  return (
    <section aria-labelledby="seminar-fees-title">
      <Card className="p-5 sm:p-6">
        <h2 id="seminar-fees-title" className="text-base font-bold text-slate-900">
          등록비
        </h2>
        <table className="mt-3 w-full text-left text-base">
          <caption className="sr-only">회원 구분별 등록비</caption>
          <thead>
            <tr className="border-b border-slate-200 text-sm text-slate-600">
              <th scope="col" className="py-2 pr-3 font-semibold">
                구분
              </th>
              {hasEarly ? (
                <th
                  scope="col"
                  className={cn("py-2 pr-3 font-semibold", fees.early && "text-brand-700")}
                >
                  사전등록
                </th>
              ) : null}
              <th scope="col" className="py-2 font-semibold">
                {hasEarly ? "정규 등록" : "등록비"}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="py-2 pr-3 align-top font-semibold text-slate-900">
                  {row.label}
                  <span className="block text-sm font-normal text-slate-500">{row.note}</span>
                </th>
                {hasEarly ? (
                  <td
                    className={cn(
                      "py-2 pr-3 align-top whitespace-nowrap tabular-nums",
                      fees.early ? "font-semibold text-brand-800" : "text-slate-500 line-through",
                    )}
                  >
                    {won(row.early ?? row.regular)}
                  </td>
                ) : null}
                <td
                  className={cn(
                    "py-2 align-top whitespace-nowrap tabular-nums",
                    hasEarly && fees.early ? "text-slate-600" : "font-semibold text-slate-900",
                  )}
                >
                  {won(row.regular)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {hasEarly && fees.earlyUntil ? (
          <p className="mt-2 text-sm text-slate-600">
            사전등록 마감: <DateTime value={fees.earlyUntil} />
            {fees.early ? "" : " (마감됨)"}
          </p>
        ) : null}
        <p className="mt-3 rounded-lg bg-brand-50 px-3 py-2 text-base text-brand-900">
          {signedIn
            ? `회원님의 등록비 (${mine}${hasEarly && fees.early ? ", 사전등록" : ""})`
            : `비회원 등록비${hasEarly && fees.early ? " (사전등록)" : ""}`}
          : <strong className="tabular-nums">{won(fee)}</strong>
          {!signedIn ? (
            <span className="block text-sm text-slate-600">
              로그인하시면 회원 구분에 맞는 등록비가 적용됩니다.
            </span>
          ) : null}
        </p>
      </Card>
    </section>
  );
}
