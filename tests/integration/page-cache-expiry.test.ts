// PAGE_CACHE_SECONDS bounds how long a stored page is served when no content changed, for what
// changes with the clock alone (a seminar's phase: 진행 중 from its start, 지난 세미나 from its end;
// docs/decisions/021-seminar-phase.md).
import { afterAll, expect, it } from "vitest";
import { advanceClock, resetClock } from "~/lib/clock.server";
import { seminars } from "~db/schema";
import { setupTestServer } from "../support/test-server";

const server = setupTestServer({ env: { PAGE_CACHE_SECONDS: "60" } });
afterAll(async () => {
  resetClock();
});

async function visit(path: string) {
  const res = await server.fetch(path);
  return { state: res.headers.get("x-page-cache"), html: await res.text() };
}

it("renders a stored page again after PAGE_CACHE_SECONDS, with the clock's changes", async () => {
  // Starts in an hour, no end time (two hours): upcoming now, under way from its start, past at
  // its end.
  await server.db.insert(seminars).values({
    title: "곧 시작하는 세미나",
    description: "설명",
    speaker: "강사",
    date: new Date(Date.now() + 60 * 60 * 1000),
    location: "학회 세미나실",
  });
  const first = await visit("/activities");
  expect(first.state).toBe("miss");
  expect((await visit("/activities")).state).toBe("hit");
  expect(first.html).toContain("곧 시작하는 세미나");
  expect(first.html).not.toContain("지난 세미나");
  expect(first.html).not.toContain("진행 중");

  // Within PAGE_CACHE_SECONDS the stored page is still served; past it, rendered again.
  advanceClock(30 * 1000);
  expect((await visit("/activities")).state).toBe("hit");
  advanceClock(90 * 60 * 1000);
  const during = await visit("/activities");
  expect(during.state).toBe("miss");
  expect(during.html).toContain("진행 중");
  expect(during.html).not.toContain("지난 세미나");
  advanceClock(2 * 60 * 60 * 1000);
  const later = await visit("/activities");
  expect(later.state).toBe("miss");
  expect(later.html).not.toContain("진행 중");
  const pastHeading = later.html.indexOf("지난 세미나");
  expect(pastHeading).toBeGreaterThan(-1);
  expect(later.html.indexOf("곧 시작하는 세미나")).toBeGreaterThan(pastHeading);
});
