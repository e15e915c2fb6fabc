// A kept-alive connection outlives the idle timeouts of the clients and proxies in front: the
// server must not close an idle socket first, or a request sent on it at that moment fails with
// ECONNRESET (seen in CI as a browser test's call failing after a few idle seconds). And a request
// refused before its body was read never leaves its connection waiting for the rest.
import http from "node:http";
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, expect, it } from "vitest";
import { cleanUp, startServer, tempDir } from "../support/process";

afterAll(cleanUp);

function post(agent: http.Agent, url: string, body: Buffer) {
  return new Promise<{ status: number }>((resolve, reject) => {
    let answered = false;
    const req = http.request(
      url,
      {
        method: "POST",
        agent,
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": String(body.length),
        },
      },
      (res) => {
        answered = true;
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0 }));
      },
    );
    // The server may close while the body is still going out, once it has answered.
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    req.end(body);
  });
}

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

it("answers the next request on a connection whose form was refused as too large", async () => {
  const server = await startServer({ dataDir: tempDir() });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const body = Buffer.from(`email=${"a".repeat(160 * 1024)}&password=x`);
    expect(await post(agent, `${server.baseUrl}/login`, body)).toEqual({ status: 413 });
    const started = Date.now();
    const next = await Promise.race([
      get(agent, `${server.baseUrl}/healthz`),
      sleep(1_000).then(() => ({ status: 0, reused: false })),
    ]);
    expect(next.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1_000);
  } finally {
    agent.destroy();
    await server.stop();
  }
}, 60_000);

it("takes a rush's new connections while it is busy, instead of dropping those past 511", async () => {
  const server = await startServer({ dataDir: tempDir() });
  // 800 at once: more than Node's default backlog (511) lets wait, well inside the kernel's cap.
  const wanted = 800;
  const sockets: net.Socket[] = [];
  try {
    // Busy: the process stopped, so it accepts nothing; the kernel completes handshakes into the
    // listening socket's queue as long as it has room. A dropped one is tried again after 1 s.
    process.kill(server.pid, "SIGSTOP");
    const connected = await Promise.all(
      Array.from(
        { length: wanted },
        () =>
          new Promise<boolean>((resolve) => {
            const socket = net.connect(server.port, "127.0.0.1");
            sockets.push(socket);
            const timer = setTimeout(() => resolve(false), 800);
            socket.once("connect", () => {
              clearTimeout(timer);
              resolve(true);
            });
            socket.once("error", () => resolve(false));
          }),
      ),
    );
    expect(connected.filter(Boolean).length).toBe(wanted);
  } finally {
    process.kill(server.pid, "SIGCONT");
    for (const socket of sockets) socket.destroy();
    await server.stop();
  }
});
