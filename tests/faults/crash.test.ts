// A SIGKILL in the middle of writes: no chance to close anything. The restart takes over the
// lock left by the dead process, the embedded database opens (recovering from its WAL), and every
// write the dead server had acknowledged is there.
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  announcementIds,
  announcementStream,
  cleanUp,
  DEMO_ADMIN,
  getWith,
  login,
  startServer,
  tempDir,
} from "../support/process";

afterAll(cleanUp);

describe("SIGKILL during writes", () => {
  it("restarts on the same data directory with every acknowledged write", async () => {
    const dataDir = tempDir();
    const first = await startServer({ dataDir, seed: true });
    const cookie = await login(first.baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const before = await announcementIds(first.baseUrl);

    const stream = await announcementStream(first, cookie, {
      concurrency: 8,
      durationMs: 2_000,
      interruptAfterMs: 1_000,
      interruptAfterAcks: 4,
      interrupt: () => first.child.kill("SIGKILL"),
      tag: "SIGKILL",
    });
    const exit = await first.stop("SIGKILL", 10_000);
    expect(exit.signal).toBe("SIGKILL");
    expect(stream.ackTimes.filter((t) => t < stream.interruptedAt).length).toBeGreaterThan(3);
    expect(Object.keys(stream.otherStatuses), JSON.stringify(stream.otherStatuses)).toEqual([]);
    // The dead process's lock is still there, naming it.
    const lock = path.join(dataDir, "db.lock");
    expect(fs.readFileSync(lock, "utf8").trim()).toBe(String(first.pid));

    const second = await startServer({ dataDir });
    expect(fs.readFileSync(lock, "utf8").trim()).toBe(String(second.pid));
    expect((await getWith(`${second.baseUrl}/healthz`)).status).toBe(200);
    const after = await announcementIds(second.baseUrl);
    const missing = stream.acknowledged.filter((id) => !after.has(id));
    expect(missing, `${missing.length} of ${stream.acknowledged.length} acknowledged`).toEqual([]);
    for (const id of before) expect(after.has(id)).toBe(true);

    // The recovered database takes writes again, and they too survive a clean restart.
    const again = await login(second.baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const res = await fetch(`${second.baseUrl}/api/announcements`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: again },
      body: JSON.stringify({ title: "복구 후", content: "<p>x</p>", category: "공지" }),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect((await second.stop()).code).toBe(0);
    const third = await startServer({ dataDir });
    expect((await announcementIds(third.baseUrl)).has(id)).toBe(true);
    expect((await third.stop()).code).toBe(0);
  });
});
