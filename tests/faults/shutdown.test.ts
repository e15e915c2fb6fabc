// Graceful shutdown: SIGTERM in the middle of a stream of writes loses none that the server
// acknowledged, and sessions (rows in the database, signed with the secret in DATA_DIR) survive
// a restart.
import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
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

describe("SIGTERM", () => {
  it("under a stream of concurrent writes loses no acknowledged write and exits 0", async () => {
    const dataDir = tempDir();
    const first = await startServer({ dataDir, seed: true });
    const cookie = await login(first.baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const before = await announcementIds(first.baseUrl);

    const stream = await announcementStream(first, cookie, {
      concurrency: 8,
      durationMs: 2_500,
      interruptAfterMs: 1_200,
      interruptAfterAcks: 4,
      interrupt: () => first.child.kill("SIGTERM"),
      tag: "SIGTERM",
    });
    const exit = await first.stop("SIGTERM", 30_000);

    expect(exit, first.stderr()).toEqual({ code: 0, signal: null });
    // The stream really was under way when the signal came, and nothing else went wrong.
    expect(stream.ackTimes.filter((t) => t < stream.interruptedAt).length).toBeGreaterThan(3);
    expect(Object.keys(stream.otherStatuses), JSON.stringify(stream.otherStatuses)).toEqual([]);
    expect(new Set(stream.acknowledged).size).toBe(stream.acknowledged.length);

    const second = await startServer({ dataDir });
    const after = await announcementIds(second.baseUrl);
    const missing = stream.acknowledged.filter((id) => !after.has(id));
    expect(missing, `${missing.length} of ${stream.acknowledged.length} acknowledged`).toEqual([]);
    for (const id of before) expect(after.has(id)).toBe(true);
    expect((await second.stop()).code).toBe(0);
  });

  it("keeps sessions: the same cookie is still logged in after a restart", async () => {
    const dataDir = tempDir();
    const first = await startServer({ dataDir, seed: true });
    const cookie = await login(first.baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const me = await getWith(`${first.baseUrl}/api/auth/me`, cookie);
    expect(me.status).toBe(200);
    const user = (await me.json()) as { id: string; email: string };
    expect((await first.stop("SIGTERM")).code).toBe(0);

    const second = await startServer({ dataDir });
    const again = await getWith(`${second.baseUrl}/api/auth/me`, cookie);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({
      id: user.id,
      email: DEMO_ADMIN.email,
      role: "admin",
    });
    // A cookie the server never issued is still refused after the restart.
    const forged = await getWith(`${second.baseUrl}/api/auth/me`, `${cookie.slice(0, -2)}xx`);
    expect(forged.status).toBe(401);
    expect((await second.stop()).code).toBe(0);
  });

  it("stops taking requests on kept-alive connections, finishes the one in flight and exits promptly", async () => {
    const dataDir = tempDir();
    const server = await startServer({ dataDir, seed: true });
    const cookie = await login(server.baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
    // One kept-alive connection, as a reverse proxy or a busy browser holds.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const body = (title: string) =>
      Buffer.from(JSON.stringify({ title, content: "<p>x</p>", category: "공지" }));

    type Answer = { status?: number; connection?: string; id?: string; error?: string };
    /** A POST on the kept-alive connection; `beforeRest` runs between the body's two halves. */
    const post = (title: string, beforeRest?: () => Promise<void>) =>
      new Promise<Answer>((resolve) => {
        const payload = body(title);
        const req = http.request(
          `${server.baseUrl}/api/announcements`,
          {
            method: "POST",
            agent,
            headers: {
              "Content-Type": "application/json",
              "Content-Length": payload.length,
              Cookie: cookie,
            },
          },
          (res) => {
            let text = "";
            res.setEncoding("utf8").on("data", (chunk: string) => {
              text += chunk;
            });
            res.on("end", () => {
              const id = res.statusCode === 201 ? (JSON.parse(text) as { id: string }).id : "";
              resolve({ status: res.statusCode, connection: res.headers.connection, id });
            });
          },
        );
        req.on("error", (error: NodeJS.ErrnoException) =>
          resolve({ error: error.code ?? error.message }),
        );
        if (!beforeRest) return void req.end(payload);
        req.write(payload.subarray(0, 10));
        void beforeRest().then(() => req.end(payload.subarray(10)));
      });

    expect((await post("warm-up")).status).toBe(201);
    let signalledAt = 0;
    // The server has this request's headers, not yet its body, when the signal comes.
    const inFlight = await post("in flight", async () => {
      await sleep(150);
      signalledAt = Date.now();
      server.child.kill("SIGTERM");
      await sleep(300);
    });
    expect(inFlight.status, inFlight.error).toBe(201);

    // Whatever comes after that on the same client must not be taken on any more.
    const later: Answer[] = [];
    let exitedAt = 0;
    void server.exited.then(() => {
      exitedAt = Date.now();
    });
    while (!exitedAt && Date.now() - signalledAt < 15_000) {
      later.push(await post("after the signal"));
      await sleep(50);
    }
    const exit = await server.stop("SIGTERM", 20_000);
    expect(exit.code).toBe(0);

    const served = later.filter((answer) => answer.status !== undefined);
    const cut = later.filter((answer) => answer.error && answer.error !== "ECONNREFUSED");
    expect(
      { served: served.length, cut: cut.map((answer) => answer.error) },
      "requests sent after shutdown began were still taken, or cut off mid-way",
    ).toEqual({ served: 0, cut: [] });
    expect(inFlight.connection).toBe("close");
    expect(exitedAt - signalledAt, "ms from SIGTERM to exit").toBeLessThan(5_000);

    const again = await startServer({ dataDir });
    expect((await announcementIds(again.baseUrl)).has(inFlight.id ?? "")).toBe(true);
    expect((await again.stop()).code).toBe(0);
  });
});
