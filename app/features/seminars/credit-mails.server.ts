// The mails of a credit sheet: the computed credits sent out for objections (with a text message
// naming the deadline), and the final credits at the lock. Queued after the change is saved; a
// failure never breaks it.
import { formatDate, formatDateTime } from "~/lib/dates";
import { enqueueMail } from "../mail/mail.server";
import { safely } from "../mail/notifications.server";
import { compose, link } from "../mail/templates.server";
import { textMember } from "../messages/messages.server";

/** `userId` is null for a withdrawn member's kept line (decision 035): nobody is told. */
type Attendee = { userId: string | null; name: string; email: string };
type SeminarForMail = { title: string; date: Date };
type Figures = { minutes: number; credits: number; incomplete: boolean };

const figures = (f: Figures) =>
  f.incomplete
    ? "입장 또는 퇴장 기록이 없어 출결이 미완료 상태입니다. 인정 평점: 0점"
    : `인정 시간: ${f.minutes}분\n인정 평점: ${f.credits}점`;

export const creditMails = {
  sentOut: (attendee: Attendee, seminar: SeminarForMail, f: Figures, deadline: Date) =>
    compose(
      attendee.email,
      `연수평점 산정 결과를 확인해주세요: ${seminar.title}`,
      [
        `${attendee.name}님, 안녕하세요.`,
        `${formatDate(seminar.date)}에 열린 ‘${seminar.title}’ 세미나의 연수평점 산정 결과를 알려드립니다.`,
        figures(f),
        `결과가 출결과 다르면 ${formatDateTime(deadline)}까지 마이페이지에서 이의를 신청해주세요. 기한이 지나면 평점이 확정되어 대한의사협회에 보고됩니다.`,
      ],
      { label: "마이페이지에서 확인하기", url: link("/mypage/seminars#credits") },
    ),

  locked: (attendee: Attendee, seminar: SeminarForMail, f: Figures, hasCertificate: boolean) =>
    compose(
      attendee.email,
      `연수평점이 확정되었습니다: ${seminar.title}`,
      [
        `${attendee.name}님, 안녕하세요.`,
        `‘${seminar.title}’ 세미나(${formatDate(seminar.date)})의 연수평점이 확정되었습니다.`,
        figures(f),
        hasCertificate
          ? "마이페이지에서 참석확인서(PDF)를 내려받을 수 있습니다."
          : "확정된 평점에 대한 문의는 학회 사무국으로 해주세요.",
      ],
      { label: "마이페이지 열기", url: link("/mypage/seminars#credits") },
    ),
};

export const notifyCreditsSentOut = safely(
  async (attendee: Attendee, seminar: SeminarForMail, f: Figures, deadline: Date) => {
    if (attendee.userId === null) return;
    await enqueueMail(creditMails.sentOut(attendee, seminar, f, deadline));
    await textMember(attendee.userId, "creditsSent", {
      name: attendee.name,
      title: seminar.title,
      deadline: formatDateTime(deadline),
      url: link("/mypage/seminars#credits"),
    });
  },
);

export const notifyCreditsLocked = safely(
  async (attendee: Attendee, seminar: SeminarForMail, f: Figures, hasCertificate: boolean) => {
    if (attendee.userId === null) return;
    await enqueueMail(creditMails.locked(attendee, seminar, f, hasCertificate));
  },
);
