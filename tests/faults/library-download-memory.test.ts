// A 50 MB library file is streamed, never held in memory: a production server process
// started with a small JavaScript heap (96 MB: the embedded database's start-up alone holds about
// 60 MB, more than the 64 MB this test once used) takes a 50 MB upload and serves it to a slow reader, while
// the process's resident memory is sampled from /proc. Holding the file (upload or download) would
// grow it by the file's size at least; streaming keeps it within a few buffers.
import fs from "node:fs";
import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, expect, it } from "vitest";
import { cleanUp, DEMO_ADMIN, login, sendJson, startServer, tempDir } from "../support/process";

afterAll(cleanUp);

const SIZE = 50 * 1024 * 1024;
const MB = 1024 * 1024;

/** The process's resident memory in bytes (Linux). */
function rss(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

it("uploads and downloads 50 MB with a 96 MB heap, resident memory growing by far less than the file", async () => {
  const server = await startServer({
    dataDir: tempDir(),
    seed: true,
    env: { NODE_OPTIONS: "--max-old-space-size=96" },
  });
  const cookie = await login(server.baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);

  const grant = (await (
    await sendJson(`${server.baseUrl}/api/resources/upload`, {}, { cookie })
  ).json()) as { uploadURL: string; objectPath: string };
  const body = Buffer.alloc(SIZE, 0x20);
  body.write("%PDF-1.4\n", 0, "latin1");
  const before = rss(server.pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rss(server.pid));
  }, 20);
  try {
    const put = await fetch(grant.uploadURL, {
      method: "PUT",
      headers: { "Content-Type": "application/pdf" },
      body,
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const uploadGrowth = peak - before;

    const created = await sendJson(
      `${server.baseUrl}/api/resources`,
      {
        title: "대용량 자료",
        category: "기타",
        objectPath: grant.objectPath,
        fileName: "대용량.pdf",
      },
      { cookie },
    );
    expect(created.status).toBe(201);
    const { downloadUrl } = (await created.json()) as { downloadUrl: string };

    const start = rss(server.pid);
    peak = start;
    // A slow reader: take the first chunk, stop for a second (the server must wait, not read the
    // file ahead into memory), then read the rest.
    const received = await new Promise<number>((resolve, reject) => {
      const req = http.get(
        `${server.baseUrl}${downloadUrl}`,
        { headers: { Cookie: cookie } },
        (res) => {
          expect(res.statusCode).toBe(200);
          expect(res.headers["content-length"]).toBe(String(SIZE));
          let total = 0;
          let paused = false;
          res.on("data", (chunk: Buffer) => {
            total += chunk.length;
            if (!paused) {
              paused = true;
              res.pause();
              void sleep(1_000).then(() => res.resume());
            }
          });
          res.on("end", () => resolve(total));
          res.on("error", reject);
        },
      );
      req.on("error", reject);
    });
    expect(received).toBe(SIZE);
    const downloadGrowth = peak - start;
    expect(uploadGrowth, `upload grew RSS by ${(uploadGrowth / MB).toFixed(1)} MB`).toBeLessThan(
      25 * MB,
    );
    expect(
      downloadGrowth,
      `download grew RSS by ${(downloadGrowth / MB).toFixed(1)} MB`,
    ).toBeLessThan(25 * MB);
  } finally {
    clearInterval(sampler);
    await server.stop();
  }
}, 120_000);
