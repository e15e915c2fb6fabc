// The Korean messages the site sends, as plain text and simple HTML. They name people and say
// what happened; they never carry a password, a licence number or a session token.

import { env } from "~/env.server";
import { now as clockNow } from "~/lib/clock.server";
import { formatDateTime, formatDateTimeRange } from "~/lib/dates";
import { formatNumber } from "~/lib/numbers";
import { withRo } from "~/lib/text";
import { societyDetailsLastRead } from "../society/settings.server";
import type { MailMessage } from "./mail.server";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const link = (pathname: string) => `${env.PUBLIC_URL}${pathname}`;

/**
 * The emblem in the mails' header: the society's emblem as the office uploaded it (or the
 * built-in mark), always as PNG, since mail programs do not show SVG (the phone's touch icon,
 * features/uploads/brand-images.server.ts), by absolute address.
 */
function emblemUrl() {
  return link("/apple-touch-icon.png");
}

/** The office's contact details as the mails give them (the office's settings, /admin/settings). */
const office = () => societyDetailsLastRead();

export function compose(
  to: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): MailMessage {
  const s = office();
  const footer = `${s.name} · ${s.address} ${s.building} · 전화 ${s.phone} · ${s.email}`;
  const text = [
    ...paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    "",
    "-- ",
    footer,
    "본 메일은 발신 전용입니다. 문의는 위 연락처로 해주세요.",
  ].join("\n\n");
  const html = `<!doctype html><html lang="ko"><body style="margin:0;background:#f1f5f9;font-family:'Apple SD Gothic Neo','Malgun Gothic',sans-serif;color:#1e293b">
<div style="max-width:560px;margin:0 auto;padding:24px">
<p style="font-size:18px;font-weight:700;color:#1a4794;margin:0 0 16px"><img src="${escapeHtml(emblemUrl())}" width="32" height="32" alt="" style="vertical-align:middle;margin-right:8px;border:0">${escapeHtml(s.name)}</p>
<div style="background:#fff;border-radius:12px;padding:24px;line-height:1.7;font-size:15px">
${paragraphs.map((p) => `<p style="margin:0 0 12px">${escapeHtml(p).replaceAll("\n", "<br>")}</p>`).join("\n")}
${action ? `<p style="margin:20px 0 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#1a4794;color:#fff;text-decoration:none;padding:10px 18px;border-radius:8px;font-weight:600">${escapeHtml(action.label)}</a></p>` : ""}
</div>
<p style="font-size:12px;color:#64748b;margin:16px 0 0">${escapeHtml(footer)}<br>본 메일은 발신 전용입니다.</p>
</div></body></html>`;
  return { to, subject: `[${s.shortName}] ${subject}`, text, html };
}

const wonText = (amount: number) => `${formatNumber(amount)}원`;

/** How a registration ended: by whom, and what of its fee came back or was kept. */
export type CancellationFacts = {
  wasWaitlisted: boolean;
  byOffice: boolean;
  /** The member withdrew from the society: there is no 마이페이지 left to point to. */
  withdrawal?: boolean;
  refunded: number;
  /** How the refunded fee was paid, for when the money shows again. */
  refundMethod?: string | null;
  keptFee: number;
};

/** The year's dues in the approval mail: paid, exempt, or what is left and how to pay it. */
function approvedDuesLine(dues: {
  year: number;
  status: "paid" | "unpaid" | "exempt" | "not_set";
  fee: number | null;
  paid: number;
  bankAccount: string | null;
  depositorName: string;
}) {
  if (dues.status === "paid")
    return `${dues.year}년 연회비 ${wonText(dues.paid)} 납부가 확인되었습니다.`;
  if (dues.status === "exempt") return `${dues.year}년 연회비는 면제되었습니다.`;
  if (dues.status === "not_set" || dues.fee === null)
    return `${dues.year}년 연회비는 사무국에서 정해지는 대로 안내해 드립니다.`;
  const left = Math.max(dues.fee - dues.paid, 0);
  return [
    `${dues.year}년 연회비 ${wonText(left)}이 아직 납부되지 않았습니다. 정회원 자격은 회비 납부가 확인되는 때부터 적용되며, 그때까지는 준회원으로 이용하십니다.`,
    "마이페이지에서 카드·계좌이체·가상계좌로 납부하시거나,",
    dues.bankAccount
      ? `학회 계좌로 입금해주세요. 계좌: ${dues.bankAccount} · 입금자명: ${dues.depositorName}`
      : "사무국이 안내하는 계좌로 입금해주세요.",
  ].join("\n");
}

/** When a refund shows again, by how it was paid. */
const REFUND_ARRIVAL = {
  card: "카드 결제는 카드사 사정에 따라 취소가 반영되기까지 며칠이 걸릴 수 있습니다.",
  easy_pay:
    "간편결제는 결제 서비스와 카드사 사정에 따라 취소가 반영되기까지 며칠이 걸릴 수 있습니다.",
  transfer: "결제하신 계좌로 돌려드리며, 은행 사정에 따라 하루 이틀 걸릴 수 있습니다.",
  virtual_account:
    "입금하신 금액은 환불 계좌로 돌려드리며, 은행 사정에 따라 하루 이틀 걸릴 수 있습니다.",
} as const;

/** When a refund shows, by how it was paid (a seminar's fee is never paid by 가상계좌). */
const refundArrival = (method: string | null | undefined) =>
  REFUND_ARRIVAL[method as keyof typeof REFUND_ARRIVAL] ??
  "카드·간편결제는 카드사 사정에 따라 취소가 반영되기까지 며칠이 걸릴 수 있고, 계좌이체는 결제하신 계좌로 돌려드립니다.";

export const mailTemplates = {
  newSignupForAdmins: (admin: string, member: { name: string; email: string }) =>
    compose(
      admin,
      "새 회원가입 승인 요청",
      [
        "새 준회원 가입 신청이 접수되어 승인을 기다리고 있습니다.",
        `이름: ${member.name}\n이메일: ${member.email}`,
        "관리자 대시보드에서 면허증을 확인하고 승인 또는 거부해주세요.",
      ],
      { label: "관리자 대시보드 열기", url: link("/admin/dashboard") },
    ),

  signupReceived: (member: { name: string; email: string }, reviewDays: string) =>
    compose(
      member.email,
      "회원가입 신청이 접수되었습니다",
      [
        `${member.name}님, 안녕하세요.`,
        "회원가입 신청이 접수되었습니다. 학회 사무국이 제출하신 의사 면허 정보를 확인합니다.",
        `승인까지 보통 ${reviewDays}영업일이 걸리며, 결과는 이 이메일로 안내해 드립니다.`,
        "그동안 로그인하시면 신청 상태를 확인하고, 면허증 이미지가 흐리거나 잘못되었다면 새 이미지를 올리실 수 있습니다.",
      ],
      { label: "신청 상태 확인하기", url: link("/login") },
    ),

  signupResubmittedForAdmins: (admin: string, member: { name: string; email: string }) =>
    compose(
      admin,
      "거부된 회원가입 재신청",
      [
        "거부되었던 준회원 가입 신청이 면허 이미지를 고쳐 다시 접수되었습니다.",
        `이름: ${member.name}\n이메일: ${member.email}`,
        "관리자 대시보드의 승인 대기 목록 맨 앞에서 확인해주세요.",
      ],
      { label: "관리자 대시보드 열기", url: link("/admin/dashboard") },
    ),

  newApplicationForAdmins: (admin: string, applicant: { name: string; email: string }) =>
    compose(
      admin,
      "새 정회원 가입 신청",
      [
        "새 정회원 가입 신청이 접수되었습니다.",
        `이름: ${applicant.name}\n이메일: ${applicant.email}`,
        "관리자 대시보드의 정회원 승인 탭에서 확인해주세요.",
      ],
      { label: "정회원 신청 확인하기", url: link("/admin/dashboard?tab=applications") },
    ),

  signupApproved: (member: { name: string; email: string }) =>
    compose(
      member.email,
      "회원가입이 승인되었습니다",
      [
        `${member.name}님, 안녕하세요.`,
        "회원가입이 승인되었습니다. 이제 로그인하여 공지사항 전문과 학회 정관을 열람하고 정회원 가입을 신청하실 수 있습니다.",
      ],
      { label: "로그인하기", url: link("/login") },
    ),

  signupRejected: (member: { name: string; email: string }, reason?: string | null) =>
    compose(member.email, "회원가입 심사 결과 안내", [
      `${member.name}님, 안녕하세요.`,
      "아쉽게도 회원가입 신청이 승인되지 않았습니다.",
      ...(reason ? [`거부 사유: ${reason}`] : []),
      reason
        ? `문의 사항은 학회 사무국(${office().phone}, ${office().email})으로 연락해주세요.`
        : `자세한 사유는 학회 사무국(${office().phone}, ${office().email})으로 문의해주세요.`,
      "가입하신 이메일과 비밀번호로 로그인하시면 사유를 확인하고, 면허증 이미지를 고쳐 한 번 다시 신청하실 수 있습니다.",
    ]),

  memberSuspended: (member: { name: string; email: string }, reason: string) =>
    compose(member.email, "회원 자격이 정지되었습니다", [
      `${member.name}님, 안녕하세요.`,
      "학회 사무국에서 회원님의 계정을 정지했습니다. 정지가 해제될 때까지 로그인과 회원 전용 서비스 이용이 제한됩니다.",
      `정지 사유: ${reason}`,
      `문의 사항은 학회 사무국(${office().phone}, ${office().email})으로 연락해주세요.`,
    ]),

  memberReinstated: (member: { name: string; email: string }) =>
    compose(
      member.email,
      "회원 자격 정지가 해제되었습니다",
      [
        `${member.name}님, 안녕하세요.`,
        "회원님의 계정 정지가 해제되었습니다. 다시 로그인하여 학회 서비스를 이용하실 수 있습니다.",
      ],
      { label: "로그인하기", url: link("/login") },
    ),

  memberTypeChanged: (
    member: { name: string; email: string },
    change: { from: string; to: string; reason: string | null },
  ) =>
    compose(member.email, "회원 구분이 변경되었습니다", [
      `${member.name}님, 안녕하세요.`,
      `회원님의 회원 구분이 ${change.from}에서 ${withRo(change.to)} 변경되었습니다.`,
      ...(change.reason ? [`사유: ${change.reason}`] : []),
      `문의 사항은 학회 사무국(${office().phone}, ${office().email})으로 연락해주세요.`,
    ]),

  applicationApproved: (
    applicant: { name: string; email: string },
    dues?: {
      year: number;
      status: "paid" | "unpaid" | "exempt" | "not_set";
      fee: number | null;
      paid: number;
      bankAccount: string | null;
      depositorName: string;
    },
  ) =>
    compose(
      applicant.email,
      "정회원 가입이 승인되었습니다",
      [
        `${applicant.name}님, 안녕하세요.`,
        dues?.status === "unpaid"
          ? "정회원 가입 신청이 승인되었습니다."
          : "정회원 가입 신청이 승인되었습니다. 정회원으로서 학회의 모든 활동에 참여하실 수 있습니다.",
        ...(dues ? [approvedDuesLine(dues)] : []),
      ],
      { label: "마이페이지 열기", url: link("/mypage") },
    ),

  applicationRejected: (
    applicant: { name: string; email: string },
    reason: string,
    /** Dues the applicant paid for the year while waiting, which a 준회원 does not owe. */
    paidDues?: { year: number; amount: number },
  ) =>
    compose(
      applicant.email,
      "정회원 가입 심사 결과 안내",
      [
        `${applicant.name}님, 안녕하세요.`,
        "정회원 가입 신청이 승인되지 않았습니다.",
        `거부 사유: ${reason}`,
        ...(paidDues
          ? [
              `신청 후 납부하신 ${paidDues.year}년 회비 ${formatNumber(paidDues.amount)}원은 학회 사무국이 확인한 뒤 돌려드립니다.`,
            ]
          : []),
        `문의 사항은 학회 사무국(${office().phone}, ${office().email})으로 연락해주세요.`,
      ],
      { label: "신청 현황 보기", url: link("/membership/apply") },
    ),

  /** The office's reminder: a rejected applicant paid dues they no longer owe. */
  rejectedApplicantPaidDues: (
    applicant: { name: string; email: string },
    paidDues: { year: number; amount: number },
  ) =>
    compose(
      applicant.email,
      `환불 확인 필요: 정회원 신청이 거부된 ${applicant.name}님의 ${paidDues.year}년 회비`,
      [
        `${applicant.name}님(${applicant.email})의 정회원 가입 신청을 거부했습니다. 이 회원은 신청 후 ${paidDues.year}년 회비 ${formatNumber(paidDues.amount)}원을 납부했고, 준회원은 회비를 내지 않습니다.`,
        "온라인 결제는 결제 관리에서 환불하고, 계좌이체는 회비 관리에서 납부 기록을 취소한 뒤 돌려드려주세요. 회원에게는 돌려드린다고 안내했습니다.",
      ],
      { label: "결제 관리 열기", url: link("/admin/payments") },
    ),

  passwordReset: (member: { name: string; email: string }, token: string) =>
    compose(
      member.email,
      "비밀번호 재설정 안내",
      [
        `${member.name}님, 안녕하세요.`,
        "비밀번호 재설정을 요청하셨습니다. 아래 버튼을 눌러 새 비밀번호를 설정해주세요. 이 링크는 1시간 동안 한 번만 사용할 수 있습니다.",
        "본인이 요청하지 않았다면 이 메일을 무시하셔도 됩니다. 비밀번호는 바뀌지 않습니다.",
      ],
      {
        label: "비밀번호 재설정하기",
        url: link(`/reset-password?token=${encodeURIComponent(token)}`),
      },
    ),

  repeatedLoginFailures: (member: { name: string; email: string }) =>
    compose(
      member.email,
      "로그인 시도가 여러 번 실패했습니다",
      [
        `${member.name}님, 안녕하세요.`,
        "회원님의 계정에 잘못된 비밀번호로 로그인하려는 시도가 여러 번 있었습니다. 보안을 위해 해당 환경에서의 로그인을 15분 동안 제한했습니다.",
        "평소 로그인하시던 기기에서는 지금도 로그인하실 수 있습니다. 본인이 시도한 것이 아니라면 아래 버튼을 눌러 비밀번호를 바꿔주세요. 비밀번호를 재설정하면 제한도 바로 풀립니다.",
      ],
      { label: "비밀번호 재설정하기", url: link("/forgot-password") },
    ),

  repeatedSecondFactorFailures: (member: { name: string; email: string }) =>
    compose(
      member.email,
      "2단계 인증 코드가 여러 번 틀렸습니다",
      [
        `${member.name}님, 안녕하세요.`,
        "회원님의 비밀번호로 로그인한 뒤 틀린 인증 코드를 여러 번 입력한 시도가 있었습니다. 보안을 위해 해당 환경에서의 인증을 15분 동안 제한했습니다.",
        "비밀번호가 다른 사람에게 알려졌을 수 있습니다. 본인이 시도한 것이 아니라면 아래 버튼을 눌러 바로 비밀번호를 바꿔주세요. 비밀번호를 재설정하면 제한도 바로 풀립니다. 평소 인증하시던 기기에서는 지금도 로그인하실 수 있습니다.",
      ],
      { label: "비밀번호 재설정하기", url: link("/forgot-password") },
    ),

  passwordChanged: (member: { name: string; email: string }, how: "change" | "reset") =>
    compose(
      member.email,
      "비밀번호가 변경되었습니다",
      [
        `${member.name}님, 안녕하세요.`,
        `${formatDateTime(new Date())}에 ${how === "reset" ? "비밀번호 재설정 링크로" : "마이페이지에서"} 회원님의 계정 비밀번호가 변경되었습니다. 다른 기기의 로그인은 모두 종료되었습니다.`,
        `본인이 변경하지 않았다면 즉시 아래 버튼을 눌러 비밀번호를 재설정하고 학회 사무국(${office().phone}, ${office().email})으로 알려주세요.`,
      ],
      { label: "비밀번호 재설정하기", url: link("/forgot-password") },
    ),

  /**
   * The office changed the login e-mail: the old address hears where it went (a change the owner
   * did not ask for is an account taken over), the new one that it is theirs now.
   */
  emailChangedByOffice: (
    member: { name: string; email: string },
    addresses: { from: string; to: string },
  ) =>
    member.email === addresses.from
      ? compose(member.email, "로그인 이메일이 변경되었습니다", [
          `${member.name}님, 안녕하세요.`,
          `${formatDateTime(clockNow())}에 학회 사무국이 회원님의 로그인 이메일을 ${addresses.to} 주소로 변경했습니다. 앞으로 로그인과 학회 안내는 새 이메일로 합니다.`,
          `요청하지 않은 변경이라면 바로 학회 사무국(${office().phone}, ${office().email})으로 알려주세요.`,
        ])
      : compose(
          member.email,
          "이 주소가 학회 로그인 이메일로 등록되었습니다",
          [
            `${member.name}님, 안녕하세요.`,
            `학회 사무국이 회원님의 로그인 이메일을 ${addresses.from}에서 이 주소로 변경했습니다. 비밀번호는 그대로이며, 앞으로 이 주소로 로그인하시면 됩니다.`,
            `요청하지 않은 변경이라면 학회 사무국(${office().phone}, ${office().email})으로 알려주세요.`,
          ],
          { label: "로그인하기", url: link("/login") },
        ),

  registrationConfirmed: (registrant: Registrant, seminar: SeminarForMail, walkIn = false) =>
    // Registered at the door once the seminar has begun: already inside, nothing to cancel.
    walkIn
      ? compose(
          registrant.email,
          `세미나에 현장 등록되었습니다: ${seminar.title}`,
          [
            `${registrant.name}님, 안녕하세요.`,
            `‘${seminar.title}’ 세미나에 현장에서 등록되었습니다.`,
            seminarSummary(seminar),
            "출결은 현장에서 기록됩니다. 나가실 때 첨부한 QR 티켓이나 마이페이지의 QR 티켓을 보여주시면 퇴장이 바로 기록됩니다.",
          ],
          { label: "티켓 보기", url: link("/mypage/seminars") },
        )
      : compose(
          registrant.email,
          `세미나 신청이 확정되었습니다: ${seminar.title}`,
          [
            `${registrant.name}님, 안녕하세요.`,
            `‘${seminar.title}’ 세미나 신청이 확정되었습니다.`,
            seminarSummary(seminar),
            "입장할 때 첨부한 QR 티켓이나 마이페이지의 QR 티켓을 보여주세요. 첨부한 일정 파일(.ics)을 열면 휴대전화 달력에 추가됩니다.",
            // A seat confirmed after the cancellation deadline (paid late, offered from the waitlist)
            // is not told of a day already gone.
            seminar.cancellationDeadline.getTime() > clockNow().getTime()
              ? `참석이 어려우시면 ${formatDateTime(seminar.cancellationDeadline)}까지 마이페이지에서 취소해주세요. 대기 중인 다른 회원에게 자리가 돌아갑니다.`
              : "취소 기한이 지나 마이페이지에서는 취소할 수 없습니다. 참석이 어려우시면 학회 사무국으로 연락해주세요.",
          ],
          { label: "티켓 보기", url: link("/mypage/seminars") },
        ),

  waitlistJoined: (
    registrant: Registrant,
    seminar: SeminarForMail,
    position: number,
    paid = false,
  ) =>
    compose(
      registrant.email,
      `세미나 대기자로 등록되었습니다: ${seminar.title}`,
      [
        `${registrant.name}님, 안녕하세요.`,
        `‘${seminar.title}’ 세미나의 정원이 모두 차서 대기자로 등록되었습니다. 현재 대기 순번은 ${position}번입니다.`,
        paid
          ? `${WAITLIST_PAID_RULE} 마이페이지에서 대기를 취소할 수 있습니다.`
          : "취소석이 생기면 순서대로 신청이 확정되고 메일로 알려드립니다. 마이페이지에서 대기를 취소할 수 있습니다.",
        seminarSummary(seminar),
      ],
      { label: "마이페이지에서 확인하기", url: link("/mypage/seminars") },
    ),

  waitlistPromoted: (registrant: Registrant, seminar: SeminarForMail) =>
    compose(
      registrant.email,
      `대기 중이던 세미나 신청이 확정되었습니다: ${seminar.title}`,
      [
        `${registrant.name}님, 안녕하세요.`,
        `취소석이 생겨 ‘${seminar.title}’ 세미나 신청이 확정되었습니다.`,
        seminarSummary(seminar),
        "입장할 때 첨부한 QR 티켓이나 마이페이지의 QR 티켓을 보여주세요. 첨부한 일정 파일(.ics)을 열면 휴대전화 달력에 추가됩니다.",
        `참석이 어려우시면 ${formatDateTime(seminar.cancellationDeadline)}까지 마이페이지에서 취소해주세요.`,
      ],
      { label: "티켓 보기", url: link("/mypage/seminars") },
    ),

  seatOfferedForPayment: (
    registrant: Registrant,
    seminar: SeminarForMail,
    payment: { amount: number; expiresAt: Date },
  ) =>
    compose(
      registrant.email,
      `세미나 자리가 났습니다. 결제해주세요: ${seminar.title}`,
      [
        `${registrant.name}님, 안녕하세요.`,
        `취소석이 생겨 ‘${seminar.title}’ 세미나의 자리를 ${registrant.name}님께 드립니다.`,
        seminarSummary(seminar),
        `등록비 ${formatNumber(payment.amount)}원을 ${formatDateTime(payment.expiresAt)}까지 결제하시면 신청이 확정됩니다. 그때까지 결제하지 않으시면 다음 대기자에게 자리가 넘어갑니다.`,
      ],
      { label: "결제하기", url: link("/mypage/seminars") },
    ),

  seatHoldExpired: (registrant: Registrant, seminar: SeminarForMail) =>
    compose(registrant.email, `결제 시간이 지나 세미나 신청이 취소되었습니다: ${seminar.title}`, [
      `${registrant.name}님, 안녕하세요.`,
      `‘${seminar.title}’ 세미나의 등록비가 정해진 시간 안에 결제되지 않아 잡아 두었던 자리가 다음 신청자에게 넘어갔습니다.`,
      "신청 기간 안에 자리가 남아 있으면 학술 활동 페이지에서 다시 신청하실 수 있습니다.",
    ]),

  /** The 가상계좌 to pay into: members pay later from their bank's app, with this mail open. */
  virtualAccountIssued: (
    registrant: Registrant,
    payment: {
      orderName: string;
      amount: number;
      bank: string;
      accountNumber: string;
      dueAt: Date | null;
      paymentId: string;
    },
  ) =>
    compose(
      registrant.email,
      `입금하실 가상계좌가 발급되었습니다: ${payment.orderName}`,
      [
        `${registrant.name}님, 안녕하세요.`,
        `‘${payment.orderName}’ 결제를 위한 가상계좌를 안내해 드립니다.`,
        `은행: ${payment.bank}\n계좌번호: ${payment.accountNumber}\n금액: ${formatNumber(payment.amount)}원\n입금 기한: ${payment.dueAt ? formatDateTime(payment.dueAt) : "결제 페이지의 안내를 확인해주세요"}`,
        "기한 안에 정확한 금액을 입금해주시면 확인되는 대로 결제 완료를 알려드립니다. 이 계좌는 이번 결제에만 쓰입니다.",
      ],
      {
        label: "결제 내역 보기",
        url: link(`/mypage/payments/${encodeURIComponent(payment.paymentId)}`),
      },
    ),

  /** The year was paid another way while its 가상계좌 stood open: nothing more to deposit. */
  virtualAccountNotNeeded: (
    registrant: Registrant,
    payment: { orderName: string; bank: string; accountNumber: string },
  ) =>
    compose(
      registrant.email,
      `발급받으신 가상계좌로 입금하지 마세요: ${payment.orderName}`,
      [
        `${registrant.name}님, 안녕하세요.`,
        `‘${payment.orderName}’ 납부가 다른 방법으로 확인되어, 발급해 드린 가상계좌(${payment.bank} ${payment.accountNumber})는 더 이상 쓰지 않습니다.`,
        "이 계좌로 입금하지 마세요. 이미 입금하셨다면 확인되는 대로 학회 사무국이 연락드려 돌려드립니다.",
      ],
      { label: "회비 납부 내역 보기", url: link("/mypage/dues#payments") },
    ),

  paymentReceived: (
    registrant: Registrant,
    payment: {
      orderName: string;
      amount: number;
      method: string;
      purpose: string;
      paymentId: string;
    },
  ) =>
    compose(
      registrant.email,
      `결제가 완료되었습니다: ${payment.orderName}`,
      [
        `${registrant.name}님, 안녕하세요.`,
        `‘${payment.orderName}’ ${formatNumber(payment.amount)}원이 ${withRo(payment.method)} 결제되었습니다.`,
        // Dues have a 납부확인서; a seminar fee's proof is its ticket and the payment's page.
        payment.purpose === "dues"
          ? "결제 내역과 납부확인서는 마이페이지에서 보실 수 있습니다."
          : "결제 내역은 아래 버튼에서, 입장권은 마이페이지의 세미나 신청 내역에서 보실 수 있습니다.",
      ],
      payment.purpose === "dues"
        ? { label: "결제 내역 보기", url: link("/mypage/dues#payments") }
        : {
            label: "결제 내역 보기",
            url: link(`/mypage/payments/${encodeURIComponent(payment.paymentId)}`),
          },
    ),

  paymentRefunded: (
    registrant: Registrant,
    payment: {
      orderName: string;
      amount: number;
      reason: string;
      /** How it was paid (the payments' method names), for when the money shows again. */
      method: string | null;
      /** Nothing of the payment is kept after this refund. */
      whole: boolean;
      /** Dues left owing for that year after it. */
      duesOwed?: { year: number; amount: number };
    },
  ) =>
    compose(
      registrant.email,
      `결제가 환불되었습니다: ${payment.orderName}`,
      [
        `${registrant.name}님, 안녕하세요.`,
        payment.whole
          ? `‘${payment.orderName}’ 결제 ${formatNumber(payment.amount)}원이 모두 환불되었습니다. (사유: ${payment.reason})`
          : `‘${payment.orderName}’ 결제 중 ${formatNumber(payment.amount)}원이 환불되었습니다. (사유: ${payment.reason})`,
        refundArrival(payment.method),
        ...(payment.duesOwed
          ? [
              `환불 후 ${payment.duesOwed.year}년 회비 ${formatNumber(payment.duesOwed.amount)}원이 남아 있습니다. 마이페이지에서 납부하실 수 있습니다.`,
            ]
          : []),
      ],
      { label: "결제 내역 보기", url: link("/mypage/dues#payments") },
    ),

  /** A 가상계좌 deposit for dues already paid: it goes back only to an account the payer names. */
  /** A 가상계좌 deposit (or part of it) no longer owed: `why` ends "…라" or "…되어". */
  depositToReturn: (
    registrant: Registrant,
    payment: { orderName: string; amount: number; why: string },
    forOffice = false,
  ) =>
    compose(
      registrant.email,
      forOffice
        ? `환불 계좌 확인 필요: ${registrant.name}님의 ${payment.orderName}`
        : `가상계좌로 입금하신 회비 중 돌려드릴 금액이 있습니다: ${payment.orderName}`,
      forOffice
        ? [
            `${registrant.name}님(${registrant.email})의 가상계좌 입금 중 ${formatNumber(payment.amount)}원을 돌려드려야 합니다: ${payment.why} 받을 금액이 아닙니다.`,
            "가상계좌 입금은 입금한 분이 알려준 계좌로만 돌려드릴 수 있습니다. 환불받을 계좌(은행, 계좌번호, 예금주)를 받아 결제 관리에서 환불해주세요.",
          ]
        : [
            `${registrant.name}님, 안녕하세요.`,
            `‘${payment.orderName}’ ${payment.why}, 가상계좌로 입금하신 금액 중 ${formatNumber(payment.amount)}원을 돌려드려야 합니다.`,
            "가상계좌 입금은 알려주시는 계좌로만 환불할 수 있습니다. 환불받으실 계좌(은행, 계좌번호, 예금주)를 학회 사무국에 알려주시면 확인 후 환불해 드립니다.",
          ],
      forOffice
        ? { label: "결제 관리 열기", url: link("/admin/payments?status=paid") }
        : { label: "결제 내역 보기", url: link("/mypage/dues#payments") },
    ),

  registrationCancelled: (
    registrant: Registrant,
    seminar: SeminarForMail,
    how: CancellationFacts,
  ) =>
    how.withdrawal
      ? compose(registrant.email, `세미나 신청이 취소되었습니다: ${seminar.title}`, [
          `${registrant.name}님, 안녕하세요.`,
          `회원 탈퇴에 따라 ‘${seminar.title}’ 세미나의 ${how.wasWaitlisted ? "대기 신청" : "신청"}을 취소했습니다.`,
          ...(how.refunded > 0
            ? [
                `결제하신 등록비 ${wonText(how.refunded)}은 전액 환불했습니다. ${refundArrival(how.refundMethod)}`,
              ]
            : []),
          "궁금하신 점은 학회 사무국으로 문의해주세요.",
        ])
      : compose(registrant.email, `세미나 신청이 취소되었습니다: ${seminar.title}`, [
          `${registrant.name}님, 안녕하세요.`,
          `${how.byOffice ? "학회 사무국에서 " : ""}‘${seminar.title}’ 세미나의 ${how.wasWaitlisted ? "대기 신청" : "신청"}을 취소했습니다.`,
          ...(how.refunded > 0
            ? [
                `결제하신 등록비 ${wonText(how.refunded)}은 전액 환불했습니다. ${refundArrival(how.refundMethod)} 환불 내역은 마이페이지의 결제 내역에서 확인하실 수 있습니다.`,
              ]
            : []),
          ...(how.keptFee > 0
            ? [
                `결제하신 등록비 ${wonText(how.keptFee)}은 학회 사무국의 결정에 따라 환불되지 않았습니다. 다시 신청하시면 등록비를 새로 결제하셔야 합니다. 궁금하신 점은 학회 사무국으로 문의해주세요.`,
              ]
            : []),
          how.byOffice
            ? "신청 기간 안에는 학술 활동 페이지에서 다시 신청하실 수 있습니다. 취소 사유는 학회 사무국으로 문의해주세요."
            : "신청 기간 안에는 학술 활동 페이지에서 다시 신청하실 수 있습니다. 본인이 취소하지 않았다면 학회 사무국으로 문의해주세요.",
        ]),

  seminarCancelled: (
    registrant: Registrant & { status: string },
    seminar: SeminarForMail,
    refunded = 0,
  ) =>
    compose(
      registrant.email,
      `세미나가 취소되었습니다: ${seminar.title}`,
      [
        `${registrant.name}님, 안녕하세요.`,
        `신청하신 ‘${seminar.title}’ 세미나가 학회 사정으로 취소되어 열리지 않습니다. 불편을 드려 죄송합니다.`,
        seminarSummary(seminar),
        ...(refunded > 0
          ? [
              `결제하신 등록비 ${wonText(refunded)}은 전액 환불했습니다. ${refundArrival(null)} 환불 내역은 마이페이지의 결제 내역에서 확인하실 수 있습니다.`,
            ]
          : registrant.status === "payment_pending"
            ? ["결제 대기 중이던 등록비 결제는 취소되어, 결제하실 필요가 없습니다."]
            : []),
        "신청 기록은 그대로 남아 있습니다. 궁금한 점은 학회 사무국으로 문의해주세요.",
      ],
      { label: "마이페이지에서 확인하기", url: link("/mypage/seminars") },
    ),

  /** `day`: 오늘 for a seminar later the same Seoul day (a registration made that morning). */
  seminarReminder: (registrant: Registrant, seminar: SeminarForMail, day: "오늘" | "내일") =>
    compose(
      registrant.email,
      `${day} 세미나가 열립니다: ${seminar.title}`,
      [
        `${registrant.name}님, 안녕하세요.`,
        `신청하신 ‘${seminar.title}’ 세미나가 곧 열립니다.`,
        seminarSummary(seminar),
        "입장과 퇴장 때 마이페이지의 QR 티켓을 보여주세요. 연수평점은 입장과 퇴장 기록으로 산정됩니다.",
      ],
      { label: "티켓 보기", url: link("/mypage/seminars") },
    ),

  secondFactorEnrolled: (member: { name: string; email: string }) =>
    compose(
      member.email,
      "2단계 인증이 등록되었습니다",
      [
        `${member.name}님, 안녕하세요.`,
        `${formatDateTime(new Date())}에 회원님 계정에 2단계 인증(OTP)이 등록되었습니다. 이제 로그인할 때 인증 앱의 코드도 입력합니다.`,
        `본인이 등록하지 않았다면 즉시 비밀번호를 재설정하고 학회 사무국(${office().phone}, ${office().email})으로 알려주세요. 다른 관리자가 2단계 인증을 초기화할 수 있습니다.`,
      ],
      { label: "로그인하기", url: link("/login") },
    ),

  secondFactorRemoved: (member: { name: string; email: string }, how: "self" | "reset") =>
    compose(
      member.email,
      "2단계 인증이 해제되었습니다",
      [
        `${member.name}님, 안녕하세요.`,
        how === "reset"
          ? `${formatDateTime(new Date())}에 다른 관리자가 회원님 계정의 2단계 인증(OTP)을 초기화했습니다. 모든 기기의 로그인이 종료되었으며, 다음 로그인 때 인증 앱을 다시 등록하게 됩니다.`
          : `${formatDateTime(new Date())}에 회원님이 관리자 보안 설정에서 2단계 인증(OTP)을 해제했습니다.`,
        `본인이 요청하지 않았다면 즉시 비밀번호를 재설정하고 학회 사무국(${office().phone}, ${office().email})으로 알려주세요.`,
      ],
      { label: "로그인하기", url: link("/login") },
    ),

  // The members' board. Titles and comments are members' own text: compose() escapes
  // them in the HTML part, and subjects never carry them (a subject is a header, and a title
  // full of markup or line breaks has no place there).
  communityItemHidden: (
    member: { name: string; email: string },
    item: { kind: "posts" | "comments"; postTitle: string; excerpt: string; postId: string },
    reason: string,
  ) =>
    compose(
      member.email,
      item.kind === "posts"
        ? "회원 게시판 게시물이 숨김 처리되었습니다"
        : "회원 게시판 댓글이 숨김 처리되었습니다",
      [
        `${member.name}님, 안녕하세요.`,
        item.kind === "posts"
          ? `회원 게시판에 작성하신 게시물 「${item.postTitle}」이(가) 관리자에 의해 숨김 처리되었습니다.`
          : `회원 게시판의 게시물 「${item.postTitle}」에 작성하신 댓글이 관리자에 의해 숨김 처리되었습니다.\n댓글: ${item.excerpt}`,
        `숨김 사유: ${reason}`,
        `이의가 있으시면 학회 사무국(${office().phone}, ${office().email})으로 문의해주세요.`,
      ],
      { label: "게시물 보기", url: link(`/community/${item.postId}`) },
    ),

  communityNewComments: (
    member: { name: string; email: string },
    post: { id: string; title: string },
    comment: { authorName: string; excerpt: string },
    grouped: boolean,
  ) =>
    compose(
      member.email,
      "내 게시물에 새 댓글이 달렸습니다",
      [
        `${member.name}님, 안녕하세요.`,
        grouped
          ? `회원 게시판의 내 게시물 「${post.title}」에 지난 한 시간 동안 새 댓글이 달렸습니다. 첫 댓글과 이후의 댓글은 게시물에서 확인하실 수 있습니다.`
          : `회원 게시판의 내 게시물 「${post.title}」에 새 댓글이 달렸습니다.`,
        `${comment.authorName}: ${comment.excerpt}`,
        "댓글 알림은 한 게시물에 한 시간에 한 번까지 보내 드립니다. 마이페이지에서 알림을 끌 수 있습니다.",
      ],
      { label: "게시물 보기", url: link(`/community/${post.id}`) },
    ),
};

type Registrant = { name: string; email: string };

/** How the waitlist of a paid seminar moves: an offer, a day to pay, or the next in line. */
const WAITLIST_PAID_RULE =
  "취소석이 생기면 순서대로 자리를 안내해 드립니다. 안내를 받은 때부터 24시간 안에 등록비를 결제하시면 신청이 확정되고, 결제하지 않으시면 다음 대기자에게 자리가 넘어갑니다.";
type SeminarForMail = {
  title: string;
  date: Date;
  endDate: Date | null;
  location: string;
  speaker: string;
  cancellationDeadline: Date;
};

function seminarSummary(seminar: SeminarForMail) {
  const when = seminar.endDate
    ? formatDateTimeRange(seminar.date, seminar.endDate)
    : formatDateTime(seminar.date);
  return `일시: ${when}\n장소: ${seminar.location}\n연자: ${seminar.speaker}`;
}
