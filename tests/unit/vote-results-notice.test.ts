// The results notice names the vote once: "회장 선거 (선거)" said the kind twice.
import { expect, it } from "vitest";
import { resultsNoticeHtml } from "~/features/votes/messages.server";

const results = {
  eligible: 24,
  turnout: 20,
  counts: [{ option: "김민수", votes: 12 }],
  quorumMet: true,
};
const vote = (title: string, kind: string) =>
  ({
    title,
    kind,
    opensAt: new Date("2026-12-01T01:00:00Z"),
    closesAt: new Date("2026-12-03T09:00:00Z"),
    quorum: null,
  }) as unknown as Parameters<typeof resultsNoticeHtml>[0];

it("adds the kind only where the title does not already say it", () => {
  expect(resultsNoticeHtml(vote("제10대 회장 선거", "election"), results)).toContain(
    "<p>제10대 회장 선거의 투표 결과를 알려드립니다.</p>",
  );
  expect(resultsNoticeHtml(vote("감사 선출", "election"), results)).toContain(
    "<p>감사 선출 (선거)의 투표 결과를 알려드립니다.</p>",
  );
  expect(resultsNoticeHtml(vote("<회칙> 개정", "resolution"), results)).toContain("&#60;회칙&#62;");
});
