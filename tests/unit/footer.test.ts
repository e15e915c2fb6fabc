// The footer's year is Seoul's, whatever the machine's time zone, and it is drawn by the server
// alone: a browser in another zone would otherwise write a different year on New Year's morning
// and fail hydration.
import { afterEach, expect, it, vi } from "vitest";
import { footerLinesHtml } from "~/components/layout/footer-lines.server";
import type { SocietyConfig } from "~/lib/root-data";

process.env.TZ = "America/Los_Angeles";

afterEach(() => {
  vi.useRealTimers();
});

const society = { name: "테스트<학회>", phone: "", email: "" } as unknown as SocietyConfig;

it("writes the new year from midnight in Seoul, while it is still the old one elsewhere", () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-12-31T15:30:00Z")); // 00:30 on 1 January 2027 in Seoul
  expect(new Date().getFullYear()).toBe(2026);
  expect(footerLinesHtml(society).copyright).toBe(
    '© 2027 테스트&lt;학회&gt;. <span lang="en">All rights reserved.</span>',
  );
  vi.setSystemTime(new Date("2026-12-31T14:59:00Z")); // 23:59 on 31 December in Seoul
  expect(footerLinesHtml(society).copyright).toContain("© 2026 테스트&lt;학회&gt;");
});
