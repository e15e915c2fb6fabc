// A server started without demo content: the migrations create every table, nothing is seeded,
// every list call answers an empty array and every page shows its empty state.
import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  announcements,
  executives,
  historyEvents,
  membershipApplications,
  seminars,
  users,
} from "~db/schema";
import { mainText } from "../support/html";
import { setupTestServer } from "../support/test-server";

const server = setupTestServer({ seed: false });

describe("seed false", () => {
  it("migrates every table and inserts nothing", async () => {
    for (const table of [
      announcements,
      seminars,
      executives,
      historyEvents,
      users,
      membershipApplications,
    ]) {
      const [row] = await server.db.select({ n: count() }).from(table);
      expect(row).toBeDefined();
      expect(row?.n).toBe(0);
    }
  });
});

describe("list calls on an empty database", () => {
  it.each(["/api/announcements", "/api/seminars", "/api/history", "/api/executives"])(
    "GET %s answers an empty JSON array",
    async (path) => {
      const res = await server.fetch(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await res.json()).toEqual([]);
    },
  );
});

describe("empty states", () => {
  it.each([
    ["/", "아직 등록된 공지사항이 없습니다"],
    ["/announcements", "등록된 공지사항이 없습니다."],
    ["/history", "연혁 정보가 준비 중입니다."],
    ["/executives", "임원진 정보가 준비 중입니다."],
    ["/activities", "현재 등록된 세미나가 없습니다."],
  ])("%s shows '%s'", async (path, text) => {
    const res = await server.fetch(path);
    expect(res.status).toBe(200);
    const main = mainText(await res.text());
    expect(main).toContain(text);
  });

  it("/activities shows no past-seminar section when there are none", async () => {
    const res = await server.fetch("/activities");
    expect(mainText(await res.text())).not.toContain("지난 세미나");
  });
});

describe("health on an empty database", () => {
  it("GET /healthz answers 200", async () => {
    const res = await server.fetch("/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });
});
