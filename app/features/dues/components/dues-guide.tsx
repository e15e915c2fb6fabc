import { Link } from "react-router";
import { formatDay, won } from "../format";

/** A year's dues as members are told them: the fee, the due date and the account. */
export type DuesGuideView = {
  year: number;
  regularFee: number;
  bankAccount: string;
  dueDate: string;
};

/**
 * How to pay a year's dues, the one story every page tells (회원 안내, the application's dialog,
 * /mypage): the fee, online (the ways the site takes, when it takes money online) or by bank
 * transfer to the society's account.
 */
export function DuesGuide({
  dues,
  online,
  depositorName,
  paid,
  compact,
}: {
  dues: DuesGuideView;
  /** The ways to pay online, in words (empty or null: only bank transfer). */
  online: string[] | null;
  /** The depositor name to use for a transfer, when the reader is known. */
  depositorName?: string | null;
  /** What the reader has paid toward the year: part paid, what is left is what to send. */
  paid?: number;
  compact?: boolean;
}) {
  const text = compact ? "text-sm" : "text-base";
  const partPaid = paid !== undefined && paid > 0 && paid < dues.regularFee;
  return (
    <dl className={`grid grid-cols-[6.5rem_1fr] gap-x-3 gap-y-2 ${text}`}>
      <dt className="text-slate-500">{dues.year}년 연회비</dt>
      <dd className={partPaid ? "text-slate-900" : "font-semibold text-slate-900"}>
        {won(dues.regularFee)}
      </dd>
      {partPaid ? (
        <>
          <dt className="text-slate-500">납부한 금액</dt>
          <dd>{won(paid)}</dd>
          <dt className="text-slate-500">남은 금액</dt>
          <dd className="font-semibold text-slate-900">{won(dues.regularFee - paid)}</dd>
        </>
      ) : null}
      <dt className="text-slate-500">납부 기한</dt>
      <dd>{formatDay(dues.dueDate)}</dd>
      {online?.length ? (
        <>
          <dt className="text-slate-500">온라인 납부</dt>
          <dd>
            {online.join(", ")}
            <Link
              to="/mypage/dues"
              className="block font-semibold text-brand-700 underline underline-offset-2"
            >
              마이페이지에서 납부하기
            </Link>
          </dd>
        </>
      ) : null}
      <dt className="text-slate-500">계좌 입금</dt>
      <dd className="[overflow-wrap:anywhere]">
        <BankAccount text={dues.bankAccount} />
      </dd>
      {depositorName ? (
        <>
          <dt className="text-slate-500">입금자명</dt>
          <dd>
            <span className="font-semibold">{depositorName}</span>
            <span className="block text-slate-600">
              이름 뒤에 휴대전화 끝 4자리를 붙여 주시면 바로 확인됩니다.
            </span>
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * The office's account as it wrote it ("신한은행 140-014-123456 학회"): the number never breaks at
 * its dashes on a phone, where a doctor copies it to pay.
 */
export function BankAccount({ text }: { text: string | null }) {
  return (text ?? "").split(/(\s+)/).map((part, index) =>
    /\d/.test(part) ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
      <span key={index} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}
