// What the votes send: the mail that opens the window (a personal link to the vote), the office's
// mail about an objection to the roll, and the notice that publishes the results.
import { compose, link } from "~/features/mail/templates.server";
import { formatDateTime, formatDateTimeRange } from "~/lib/dates";
import { formatNumber } from "~/lib/numbers";
import type { votes } from "~db/schema";
import { KIND_LABELS } from "./validation";

type Vote = typeof votes.$inferSelect;
type Results = {
  eligible: number;
  turnout: number;
  counts: { option: string; votes: number }[];
  quorumMet: boolean;
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const kindLabel = (kind: string) => KIND_LABELS[kind as "resolution"] ?? "투표";

/** The member's own page of a vote (they sign in to vote; the link carries nothing secret). */
export const voteUrl = (voteId: string) => link(`/votes/${voteId}`);

export function voteOpenedMail(member: { name: string; email: string }, vote: Vote) {
  return compose(
    member.email,
    `[${kindLabel(vote.kind)}] ${vote.title} 투표가 시작되었습니다`,
    [
      `${member.name}님, 선거인 명부에 올라 계신 투표가 시작되었습니다.`,
      `${vote.title}\n투표 기간: ${formatDateTimeRange(vote.opensAt, vote.closesAt)}`,
      "로그인한 뒤 투표해주세요. 투표는 비밀로 처리되며 사무국도 누가 무엇을 선택했는지 알 수 없습니다.",
    ],
    { label: "투표하러 가기", url: voteUrl(vote.id) },
  );
}

export function objectionMail(admin: string, vote: Vote, memberName: string, text: string) {
  return compose(
    admin,
    `선거인 명부 이의: ${vote.title}`,
    [
      `${memberName}님이 [${vote.title}]의 선거인 명부에 이의를 냈습니다.`,
      `내용: ${text}`,
      `투표 시작(${formatDateTime(vote.opensAt)}) 전에 확인해주세요. 명부를 바꾸면 사유와 함께 감사 기록에 남습니다.`,
    ],
    { label: "투표 관리 열기", url: link(`/admin/votes?id=${vote.id}`) },
  );
}

/** The results notice's body (sanitised again by the announcements' service). */
export function resultsNoticeHtml(vote: Vote, results: Results) {
  const rows = results.counts
    .map((count) => `<li>${escapeHtml(count.option)}: ${formatNumber(count.votes)}표</li>`)
    .join("");
  return [
    // "회장 선거 (선거)" says it twice: the kind only where the title does not.
    `<p>${escapeHtml(vote.title.includes(kindLabel(vote.kind)) ? vote.title : `${vote.title} (${kindLabel(vote.kind)})`)}의 투표 결과를 알려드립니다.</p>`,
    `<p>투표 기간: ${escapeHtml(formatDateTimeRange(vote.opensAt, vote.closesAt))}</p>`,
    `<p>선거인 ${formatNumber(results.eligible)}명 중 ${formatNumber(results.turnout)}명이 투표했습니다.${
      vote.quorum
        ? ` 의결 정족수를 ${results.quorumMet ? "충족했습니다" : "충족하지 못했습니다"}.`
        : ""
    }</p>`,
    `<ul>${rows}</ul>`,
  ].join("");
}
