// A kept-alive connection outlives the idle timeouts of the clients and proxies in front: the
// server must not close an idle socket first, or a request sent on it at that moment fails with
// ECONNRESET (seen in CI as a browser test's call failing after a few idle seconds).
import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, expect, it } from "vitest";
import { cleanUp, startServer, tempDir } from "../support/process";

afterAll(cleanUp);

function get(agent: http.Agent, url: string) {
  return new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
    });
    req.on("error", reject);
  });
}

it("keeps an idle connection open past Node's default 5 s, so its next request succeeds", async () => {
  const server = await startServer({ dataDir: tempDir() });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const first = await get(agent, `${server.baseUrl}/healthz`);
    expect(first).toEqual({ status: 200, reused: false });
    await sleep(6_000);
    const second = await get(agent, `${server.baseUrl}/healthz`);
    expect(second).toEqual({ status: 200, reused: true });
  } finally {
    agent.destroy();
    await server.stop();
  }
}, 60_000);
