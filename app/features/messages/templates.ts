// The transactional (정보성) text messages. Each is a 알림톡 template: its wording here must match
// the one approved by Kakao word for word outside the #{…} variables, so docs/messages.md lists
// the same texts for review. Change one only together with its approved template.
export type MessageButton = { name: string; url: string };
export type RenderedMessage = { text: string; buttons?: MessageButton[] };

type Society = { shortName: string };

const link = (name: string, url: string): MessageButton[] => [{ name, url }];

export const messageTemplates = {
  signupReceived: (s: Society, p: { name: string }) => ({
    text: `[${s.shortName}] ${p.name}님, 회원가입 신청이 접수되었습니다. 사무국 확인 후 승인 결과를 문자로 안내해 드립니다.`,
  }),
  approved: (s: Society, p: { name: string; loginUrl: string }) => ({
    text: `[${s.shortName}] ${p.name}님, 회원가입이 승인되었습니다. 이제 로그인하실 수 있습니다.\n로그인: ${p.loginUrl}`,
    buttons: link("로그인", p.loginUrl),
  }),
  rejected: (s: Society, p: { name: string; reason: string }) => ({
    text: `[${s.shortName}] ${p.name}님, 회원가입 신청이 반려되었습니다.\n사유: ${p.reason}`,
  }),
  applicationReceived: (
    s: Society,
    p: { name: string; amount: string; account: string; depositor: string; url: string },
  ) => ({
    text: `[${s.shortName}] ${p.name}님, 정회원 가입 신청이 접수되었습니다. 연회비를 마이페이지에서 온라인으로 납부하시거나 아래 계좌로 입금해주세요.\n금액: ${p.amount}\n계좌: ${p.account}\n입금자명: ${p.depositor}\n온라인 납부: ${p.url}\n심사 결과는 문자로 알려 드립니다.`,
    buttons: link("연회비 납부", p.url),
  }),
  applicationApproved: (s: Society, p: { name: string; url: string }) => ({
    text: `[${s.shortName}] ${p.name}님, 정회원 승인이 완료되었습니다. 정회원으로서 학회의 모든 활동에 참여하실 수 있습니다.\n${p.url}`,
    buttons: link("마이페이지", p.url),
  }),
  applicationRejected: (s: Society, p: { name: string; reason: string }) => ({
    text: `[${s.shortName}] ${p.name}님, 정회원 가입 신청이 반려되었습니다.\n사유: ${p.reason}`,
  }),
  seminarRegistered: (s: Society, p: { name: string; title: string; ticketUrl: string }) => ({
    text: `[${s.shortName}] ${p.name}님, [${p.title}] 참가 신청이 확정되었습니다.\n입장권: ${p.ticketUrl}`,
    buttons: link("입장권 보기", p.ticketUrl),
  }),
  seatOffered: (s: Society, p: { name: string; title: string; url: string; payBy: string }) => ({
    text: `[${s.shortName}] ${p.name}님, [${p.title}] 대기 순번이 되어 자리가 배정되었습니다. ${p.payBy}까지 결제하시면 참가가 확정됩니다.\n${p.url}`,
    buttons: link("결제하기", p.url),
  }),
  seminarReminder: (
    s: Society,
    p: { name: string; day: "오늘" | "내일"; title: string; when: string; url: string },
  ) => ({
    text: `[${s.shortName}] ${p.name}님, ${p.day} [${p.title}] 행사가 열립니다.\n일시: ${p.when}\n입장권: ${p.url}`,
    buttons: link("입장권 보기", p.url),
  }),
  vbankIssued: (
    s: Society,
    p: { name: string; item: string; bank: string; account: string; amount: string; due: string },
  ) => ({
    text: `[${s.shortName}] ${p.name}님, [${p.item}] 입금하실 가상계좌가 발급되었습니다.\n계좌: ${p.bank} ${p.account}\n금액: ${p.amount}\n입금기한: ${p.due}`,
  }),
  paymentReceived: (s: Society, p: { name: string; item: string; amount: string }) => ({
    text: `[${s.shortName}] ${p.name}님, [${p.item}] ${p.amount} 결제가 완료되었습니다. 감사합니다.`,
  }),
  duesDue: (
    s: Society,
    p: { name: string; year: number; amount: string; due: string; days: number; url: string },
  ) => ({
    text: `[${s.shortName}] ${p.name}님, ${p.year}년 연회비 ${p.amount}의 납부기한은 ${p.due}입니다(${p.days}일 남음).\n${p.url}`,
    buttons: link("연회비 안내", p.url),
  }),
  duesOverdue: (
    s: Society,
    p: { name: string; year: number; amount: string; due: string; url: string },
  ) => ({
    text: `[${s.shortName}] ${p.name}님, ${p.year}년 연회비 ${p.amount}의 납부기한(${p.due})이 지났습니다. 납부를 부탁드립니다.\n${p.url}`,
    buttons: link("연회비 안내", p.url),
  }),
  creditsSent: (s: Society, p: { name: string; title: string; deadline: string; url: string }) => ({
    text: `[${s.shortName}] ${p.name}님, [${p.title}] 연수평점이 산정되었습니다. 확인하시고 이의가 있으면 ${p.deadline}까지 신청해주세요.\n${p.url}`,
    buttons: link("평점 확인", p.url),
  }),
  secondFactorReset: (s: Society, p: { name: string }) => ({
    text: `[${s.shortName}] ${p.name}님, 관리자가 회원님의 2단계 인증을 초기화했습니다. 본인이 요청하지 않았다면 사무국에 알려주세요.`,
  }),
  passwordChanged: (s: Society, p: { name: string }) => ({
    text: `[${s.shortName}] ${p.name}님, 비밀번호가 변경되었습니다. 본인이 변경하지 않았다면 사무국에 알려주세요.`,
  }),
  voteOpened: (
    s: Society,
    p: { name: string; kind: string; title: string; closes: string; url: string },
  ) => ({
    text: `[${s.shortName}] ${p.name}님, [${p.kind}] ${p.title} 투표가 시작되었습니다. ${p.closes}까지 투표해주세요.\n${p.url}`,
    buttons: link("투표하기", p.url),
  }),
} satisfies Record<string, (s: Society, p: never) => RenderedMessage>;

export type TemplateName = keyof typeof messageTemplates;
export type TemplateParams<T extends TemplateName> = Parameters<(typeof messageTemplates)[T]>[1];

/** Digits only, when it is a Korean mobile number (010…); anything else cannot take a message. */
export function mobileDigits(phone: string | null | undefined): string | null {
  const digits = (phone ?? "").replace(/\D/g, "");
  const local = digits.startsWith("8210") ? `0${digits.slice(2)}` : digits;
  return /^010\d{8}$/.test(local) ? local : null;
}

/** A text's length as the carriers count it (EUC-KR: Korean two bytes): over 90 goes as LMS. */
export function smsBytes(text: string) {
  let bytes = 0;
  for (const ch of text) bytes += ch.charCodeAt(0) < 128 ? 1 : 2;
  return bytes;
}

export const SMS_MAX_BYTES = 90;

// Advertisements' quiet hours, Seoul time (정보통신망법 제50조): none from 21:00 until 08:00.
const QUIET_FROM_HOUR = 21;
const QUIET_UNTIL_HOUR = 8;

/** Whether `hour` (0–23, Seoul) is in the advertisements' quiet hours. */
export const inQuietHours = (hour: number) => hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR;

const SEOUL_MS = 9 * 60 * 60 * 1000;

/** When the quiet hours that hold `at` end (08:00 Seoul), or null when `at` is not in them. */
export function quietHoursEnd(at: Date): Date | null {
  const seoul = new Date(at.getTime() + SEOUL_MS);
  if (!inQuietHours(seoul.getUTCHours())) return null;
  const end = new Date(seoul);
  if (seoul.getUTCHours() >= QUIET_FROM_HOUR) end.setUTCDate(end.getUTCDate() + 1);
  end.setUTCHours(QUIET_UNTIL_HOUR, 0, 0, 0);
  return new Date(end.getTime() - SEOUL_MS);
}
