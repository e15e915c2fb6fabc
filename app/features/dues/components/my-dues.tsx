import { Download } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { MEMBER_TYPE_LABELS, type MemberType } from "~/features/society/member-labels";
import type { MyDues as MyDuesView } from "../dues.server";
import { DUES_STATUS_LABELS, formatDay, won } from "../format";
import { BankAccount, DuesGuide, type DuesGuideView } from "./dues-guide";

const TONES: Record<MyDuesView["status"], BadgeTone> = {
  paid: "green",
  unpaid: "red",
  exempt: "brand",
  not_required: "neutral",
};

/**
 * /mypage: the member's standing, this year's dues (how to pay when unpaid) and receipts. A 준회원
 * sees the 정회원 fee, how to pay it and whether it is paid: dues come with the application.
 * `children` is the online payment's form, shown where the member is asked to pay.
 */
export function MyDues({
  dues,
  memberType,
  associate,
  online,
  children,
}: {
  dues: MyDuesView;
  memberType: string;
  /** A 준회원's year: the fee to pay with the application, and what was paid toward it. */
  associate?: {
    fee: DuesGuideView;
    paid: number;
    depositorName: string;
    applied?: boolean;
  } | null;
  /** The ways to pay online, in words (null: payments are off). */
  online?: string[] | null;
  children?: ReactNode;
}) {
  const associatePaid = associate ? associate.paid >= associate.fee.regularFee : false;
  const typeLabel = dues.fullStanding
    ? (MEMBER_TYPE_LABELS[memberType as MemberType] ?? "준회원")
    : "준회원";
  return (
    <Card className="p-6 sm:p-8" aria-labelledby="my-dues-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="my-dues-title" className="text-xl font-bold text-slate-900">
          회원 구분과 회비
        </h2>
        <Badge tone={dues.fullStanding ? "brand" : "neutral"}>{typeLabel}</Badge>
      </div>
      {dues.lapsed ? (
        <p className="mt-3 rounded-lg bg-amber-50 p-3 text-base text-amber-900" role="status">
          회비가 납부되지 않아 지금은 준회원으로 이용하고 계십니다. 계정과 준회원 이용은 그대로이며,
          회비를 납부하시면 정회원 자격이 바로 회복됩니다.
        </p>
      ) : null}
      {dues.standingGraceUntil ? (
        <p className="mt-3 rounded-lg bg-amber-50 p-3 text-base text-amber-900">
          {formatDay(dues.standingGraceUntil)}까지는 유예기간으로 지난해 정회원 자격이 유지됩니다.
          그 전에 {dues.year}년 회비를 납부해주세요.
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <span className="font-semibold text-slate-900">{dues.year}년 회비</span>
        {associate ? (
          <Badge tone={associatePaid ? "green" : "yellow"}>
            {associatePaid ? "납부 완료" : "정회원 신청 시 납부"}
          </Badge>
        ) : (
          <Badge tone={TONES[dues.status]}>{DUES_STATUS_LABELS[dues.status]}</Badge>
        )}
      </div>
      {dues.status === "unpaid" ? (
        <dl className="mt-3 grid grid-cols-[7rem_1fr] gap-x-3 gap-y-2 text-base">
          <dt className="text-slate-500">납부할 금액</dt>
          <dd className="font-semibold">{won(dues.amountDue ?? 0)}</dd>
          <dt className="text-slate-500">입금 계좌</dt>
          <dd className="[overflow-wrap:anywhere]">
            <BankAccount text={dues.bankAccount} />
          </dd>
          <dt className="text-slate-500">입금자명</dt>
          <dd>
            <span className="font-semibold">{dues.depositorName}</span>
            <span className="block text-sm text-slate-600">
              이름 뒤에 휴대전화 끝 4자리를 붙여 주시면 바로 확인됩니다.
            </span>
          </dd>
          <dt className="text-slate-500">납부 기한</dt>
          <dd>{dues.dueDate ? formatDay(dues.dueDate) : ""}</dd>
          {online?.length ? (
            <>
              <dt className="text-slate-500">온라인 납부</dt>
              <dd>{online.join(", ")}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {dues.status === "unpaid" ? children : null}
      {associate && associatePaid ? (
        associate.applied ? (
          <p className="mt-2 text-base text-slate-700">
            {dues.year}년 연회비를 납부하셨습니다. 정회원 가입이 승인되면 바로 정회원 자격이
            적용됩니다.{" "}
            <Link to="/membership/apply" className="font-semibold text-brand-700 underline">
              신청 현황 보기
            </Link>
          </p>
        ) : (
          <p className="mt-2 text-base text-slate-700">
            {dues.year}년 연회비를 납부하셨습니다. 정회원 가입을 신청하시면 사무국이 확인한 뒤
            정회원으로 승인합니다.{" "}
            <Link to="/membership/apply" className="font-semibold text-brand-700 underline">
              정회원 가입 신청
            </Link>
          </p>
        )
      ) : null}
      {associate && !associatePaid ? (
        <div className="mt-3 grid gap-3">
          {associate.applied ? (
            <p className="text-base text-slate-700">
              정회원 가입 신청이 접수되었습니다. {dues.year}년 연회비를 납부하시면 사무국이 확인한
              뒤 정회원으로 승인합니다.{" "}
              <Link to="/membership/apply" className="font-semibold text-brand-700 underline">
                신청 현황 보기
              </Link>
            </p>
          ) : (
            <p className="text-base text-slate-700">
              정회원이 되시려면 {dues.year}년 연회비를 납부하고{" "}
              <Link to="/membership/apply" className="font-semibold text-brand-700 underline">
                정회원 가입을 신청
              </Link>
              해주세요.
            </p>
          )}
          <DuesGuide
            dues={associate.fee}
            online={null}
            depositorName={associate.depositorName}
            paid={associate.paid}
          />
          {online?.length ? (
            <p className="text-base text-slate-700">온라인 납부: {online.join(", ")}</p>
          ) : null}
          {children}
        </div>
      ) : null}
      {dues.status === "exempt" ? (
        <p className="mt-2 text-base text-slate-700">올해 회비가 면제되었습니다.</p>
      ) : null}
      {dues.status === "not_required" && !associate ? (
        <p className="mt-2 text-base text-slate-700">
          납부할 회비가 없습니다.{" "}
          {memberType === "associate" ? (
            <Link to="/membership" className="font-semibold text-brand-700 underline">
              정회원 안내
            </Link>
          ) : null}
        </p>
      ) : null}

      <h3 className="mt-6 font-bold text-slate-900">납부 내역</h3>
      {dues.payments.length === 0 ? (
        <p className="mt-2 text-base text-slate-600">납부 내역이 없습니다.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200">
          {dues.payments.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div>
                <p className="font-semibold text-slate-900">
                  {p.year}년 회비 · {won(p.amount)}
                </p>
                <p className="text-sm text-slate-600">
                  {formatDay(p.paidAt)} · {p.method}
                </p>
              </div>
              <a
                href={`/mypage/receipts/${p.id}`}
                download
                className="inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-slate-300 px-3 text-sm font-semibold text-slate-800 hover:border-brand-500 hover:text-brand-700"
              >
                <Download className="size-4" aria-hidden="true" />
                납부확인서
              </a>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
