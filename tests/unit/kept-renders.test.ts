// What the server keeps of work it would otherwise repeat for every reader: an announcement's
// cleaned body and the footer's lines. Kept or not, the answer must be what the work would give
// now: an edited body or an edited society is never answered from before the edit.
import { expect, it } from "vitest";
import { footerLinesHtml } from "~/components/layout/footer-lines.server";
import {
  sanitizeAnnouncementForReading,
  sanitizeAnnouncementHtml,
} from "~/features/announcements/sanitize.server";
import type { SocietyConfig } from "~/lib/root-data";

const DIRTY = `<p>공지 <strong>본문</strong><script>alert(1)</script><img src="/uploads/a.png" onerror="x()"></p>`;

it("reads an announcement's body cleaned, the first time and every time after", () => {
  const first = sanitizeAnnouncementForReading(DIRTY);
  expect(first).toBe(sanitizeAnnouncementHtml(DIRTY));
  expect(first).not.toContain("<script");
  expect(first).not.toContain("onerror");
  expect(sanitizeAnnouncementForReading(DIRTY)).toBe(first);
});

it("reads an edited body as edited, and still cleaned", () => {
  const before = sanitizeAnnouncementForReading("<p>처음 본문</p>");
  const after = sanitizeAnnouncementForReading(`<p>고친 본문</p><iframe src="https://x"></iframe>`);
  expect(before).toBe("<p>처음 본문</p>");
  expect(after).toBe("<p>고친 본문</p>");
});

it("keeps cleaning correctly when more bodies are read than it keeps", () => {
  const big = "가".repeat(300_000);
  for (let i = 0; i < 20; i += 1) {
    const body = `<p>${i}${big}</p><script>${i}</script>`;
    expect(sanitizeAnnouncementForReading(body)).toBe(`<p>${i}${big}</p>`);
  }
  // A body larger than everything kept together is cleaned and not kept.
  const huge = `<p>${"나".repeat(5_000_000)}</p><script></script>`;
  expect(sanitizeAnnouncementForReading(huge)).toBe(`<p>${"나".repeat(5_000_000)}</p>`);
  expect(sanitizeAnnouncementForReading(DIRTY)).toBe(sanitizeAnnouncementHtml(DIRTY));
});

const SOCIETY = {
  name: "테스트학회",
  representative: "홍길동",
  registrationLabel: "고유번호",
  registrationNumber: "123-45-67890",
  address: "대구광역시 수성구",
  building: "테스트빌딩",
  phone: "053-000-0000",
  fax: "053-000-0001",
  email: "office@example.org",
  privacyOfficer: "김보호",
  privacyOfficerContact: "privacy@example.org",
} as SocietyConfig;

it("draws the footer's lines again when the office changes a detail", () => {
  const before = footerLinesHtml(SOCIETY).address;
  expect(before).toContain("053-000-0000");
  expect(footerLinesHtml({ ...SOCIETY }).address).toBe(before);
  const after = footerLinesHtml({
    ...SOCIETY,
    phone: "053-999-9999",
    representative: "<b>이</b>",
  }).address;
  expect(after).toContain("053-999-9999");
  expect(after).not.toContain("053-000-0000");
  // The office's text is escaped, as React escapes it anywhere.
  expect(after).toContain("&lt;b&gt;이&lt;/b&gt;");
  expect(footerLinesHtml(SOCIETY).address).toBe(before);
});
