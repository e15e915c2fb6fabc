// `npm run bench:hostile`: the worst cases of the hostile-input review (findings 1-3), sent to the
// production build, with the time to the answer, the bytes the client got to send before it, the
// server's peak memory during the request, and the slowest /healthz answer meanwhile.
//
//   npm run bench:hostile                 build if needed, measure, print, write bench-results/hostile.json
//   npm run bench:hostile -- --no-build   measure the build/ that is already there
//
// Everything runs on 127.0.0.1 against a server started here on a fresh temporary DATA_DIR; it is
// stopped at the end. Peak memory is the process's VmHWM, reset before each case through
// /proc/PID/clear_refs (Linux; "n/a" where that is not allowed).
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);
if (!process.argv.includes("--no-build") || !fs.existsSync("build/server/index.js")) {
  execFileSync(path.join(root, "node_modules/.bin/react-router"), ["build"], { stdio: "inherit" });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "society-bench-hostile-"));
const child = spawn(process.execPath, ["server.js"], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO: "0",
    LOG_LEVEL: "warn",
    // Benchmarks log in as administrators with the password alone.
    ADMIN_MFA_REQUIRED: "0",
    AUTH_MAX_REQUESTS_PER_IP: "100000",
  },
  stdio: ["ignore", "inherit", "inherit"],
});
const stop = () => {
  child.kill("SIGTERM");
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on("exit", stop);

for (let i = 0; ; i++) {
  try {
    if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
  } catch {}
  if (i > 300) throw new Error("the server did not start");
  await sleep(100);
}

function resetPeak() {
  try {
    fs.writeFileSync(`/proc/${child.pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}
function peakMb() {
  const status = fs.readFileSync(`/proc/${child.pid}/status`, "utf8");
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** The slowest /healthz answer while `work` runs (one probe every 25 ms). */
async function slowestHealth(work) {
  let done = false;
  let slowest = 0;
  const probe = (async () => {
    while (!done) {
      const started = performance.now();
      try {
        await (await fetch(`http://127.0.0.1:${port}/healthz`)).arrayBuffer();
      } catch {
        slowest = Number.POSITIVE_INFINITY;
      }
      slowest = Math.max(slowest, performance.now() - started);
      await sleep(25);
    }
  })();
  const result = await work();
  done = true;
  await probe;
  return { ...result, healthMs: slowest };
}

/**
 * Sends a request whose body is `total` bytes made of `piece` repeated (chunked when `chunked`),
 * as fast as the socket takes it, until the server answers or closes. Bounded by `total`.
 */
function send({ path: target, type, piece, total, chunked, prefix = "" }) {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = net.connect(port, "127.0.0.1");
    const block = Buffer.from(piece.repeat(Math.max(1, Math.floor(65536 / piece.length))));
    let sent = 0;
    let answer = "";
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      socket.destroy();
      resolve({
        status: answer.split("\r\n")[0]?.split(" ")[1] ?? "no answer",
        ms: performance.now() - started,
        sentMb: sent / 1024 / 1024,
      });
    };
    const frame = (bytes) =>
      chunked
        ? Buffer.concat([
            Buffer.from(`${bytes.length.toString(16)}\r\n`),
            bytes,
            Buffer.from("\r\n"),
          ])
        : bytes;
    const pump = () => {
      while (!finished && sent < total) {
        const bytes = block.subarray(0, Math.min(block.length, total - sent));
        sent += bytes.length;
        if (!socket.write(frame(bytes))) return void socket.once("drain", pump);
      }
      if (!finished && chunked && sent >= total) socket.write("0\r\n\r\n");
    };
    socket.on("connect", () => {
      const head = [
        `POST ${target} HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        `Content-Type: ${type}`,
        chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${prefix.length + total}`,
      ];
      socket.write(`${head.join("\r\n")}\r\n\r\n`);
      if (prefix) {
        socket.write(frame(Buffer.from(prefix)));
      }
      pump();
    });
    socket.on("data", (data) => {
      answer += data.toString("latin1");
      if (answer.includes("\r\n\r\n")) finish();
    });
    socket.on("error", finish);
    socket.on("close", finish);
    setTimeout(finish, 120_000);
  });
}

const FORM = "application/x-www-form-urlencoded";
const MB = 1024 * 1024;
const CASES = [
  {
    finding: "1",
    name: "POST /login email[100000000]=x",
    request: { path: "/login", type: FORM, piece: "email[100000000]=x&password=x", total: 29 },
  },
  {
    finding: "2",
    name: "POST /login 16,000 × x=1 (under 64 KB)",
    request: { path: "/login", type: FORM, piece: "x=1&", total: 16_000 * 4 - 1 },
  },
  {
    finding: "2",
    name: "POST /login 40,000 × x=1",
    request: { path: "/login", type: FORM, piece: "x=1&", total: 40_000 * 4 },
  },
  {
    finding: "2",
    name: "POST /login 2,000,000 × x=1, chunked",
    request: { path: "/login", type: FORM, piece: "x=1&", total: 2_000_000 * 4, chunked: true },
  },
  {
    finding: "3",
    name: "POST /login 200 MB form (Content-Length)",
    request: { path: "/login", type: FORM, piece: "a", total: 200 * MB },
  },
  {
    finding: "3",
    name: "POST /login 200 MB form, chunked",
    request: { path: "/login", type: FORM, piece: "a", total: 200 * MB, chunked: true },
  },
  {
    finding: "3",
    name: "POST /api/auth/login 600 MB JSON, chunked",
    request: {
      path: "/api/auth/login",
      type: "application/json",
      piece: "a",
      total: 600 * MB,
      chunked: true,
      prefix: '{"email":"',
    },
  },
];

const rows = [];
const baselineMb = peakMb();
for (const testCase of CASES) {
  const resettable = resetPeak();
  const result = await slowestHealth(() => send(testCase.request));
  rows.push({
    finding: testCase.finding,
    request: testCase.name,
    status: result.status,
    answerMs: Math.round(result.ms),
    sentMb: Number(result.sentMb.toFixed(2)),
    peakRssMb: resettable ? Math.round(peakMb()) : "n/a",
    slowestHealthzMs: Math.round(result.healthMs),
  });
}
const alive = (await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200;

console.log(`\nHostile input, worst cases (server RSS before: ${Math.round(baselineMb)} MB)\n`);
console.table(rows);
console.log(`server alive afterwards: ${alive ? "yes" : "NO"}`);
fs.mkdirSync("bench-results", { recursive: true });
fs.writeFileSync(
  "bench-results/hostile.json",
  `${JSON.stringify({ date: new Date().toISOString(), baselineMb, rows, alive }, null, 2)}\n`,
);
stop();
process.exit(alive ? 0 : 1);
