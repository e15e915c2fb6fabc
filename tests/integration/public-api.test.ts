import { describe, expect, it } from "vitest";
import { setupTestServer } from "../support/test-server";

const server = setupTestServer({ seed: true });

describe("public read calls", () => {
  it("GET /healthz answers 200 once the database answers", async () => {
    const res = await server.fetch("/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("GET /api/announcements is a bare array of excerpts, newest first, never the body", async () => {
    const res = await server.fetch("/api/announcements");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const list = (await res.json()) as Array<Record<string, unknown>>;
    expect(Array.isArray(list)).toBe(true);
    expect(list.length).toBeGreaterThanOrEqual(3);
    for (const item of list) {
      expect(Object.keys(item).sort()).toEqual(
        ["category", "createdAt", "excerpt", "id", "title", "views"].sort(),
      );
      expect(item).not.toHaveProperty("content");
      expect(String(item.excerpt)).not.toMatch(/[<>]/);
      expect(Array.from(String(item.excerpt)).length).toBeLessThanOrEqual(100);
    }
    const dates = list.map((item) => Date.parse(String(item.createdAt)));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(new Set(list.map((i) => i.category))).toEqual(new Set(["공지", "행사", "학술"]));
  });
});
