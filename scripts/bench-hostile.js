// `npm run bench:hostile`: the worst cases of the hostile-input reviews, sent to the production
// build, with the time to the answer, the bytes the client got to send before it, the server's
// peak memory during the request, and the slowest /healthz answer meanwhile: bodies (findings 1-3
// of docs/security.md), then an administrator's hostile bank statements
// (tests/support/hostile-statements.js) and honest ones of a busy year.
//
//   npm run bench:hostile                 build if needed, measure, print, write bench-results/hostile.json
//   npm run bench:hostile -- --no-build   measure the build/ that is already there
//   npm run bench:hostile -- --check      exit 1 when a hostile statement's slowest /healthz
//                                         reaches 200 ms, an answer is a 5xx, or the server died
//
// Everything runs on 127.0.0.1 against a server started here on a fresh temporary DATA_DIR; it is
// stopped at the end. Peak memory is the process's VmHWM, reset before each case through
// /proc/PID/clear_refs (Linux; "n/a" where that is not allowed).
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { HOSTILE_STATEMENTS, largeStatement } from "../tests/support/hostile-statements.js";

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
    // The demo administrator uploads the statements.
    SEED_DEMO: "1",
    DEMO_ADMIN_PASSWORD: "bench-hostile-admin-9",
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
  if (i > 1200) throw new Error("the server did not start");
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
// What /healthz takes with nothing else sent: on a busy machine the figures below are read
// against it.
{
  const idle = await slowestHealth(async () => {
    await sleep(3_000);
    return { status: "-", ms: 3_000, sentMb: 0 };
  });
  rows.push({
    finding: "-",
    request: "nothing (3 s idle)",
    status: "-",
    answerMs: 0,
    sentMb: 0,
    peakRssMb: Math.round(peakMb()),
    slowestHealthzMs: Math.round(idle.healthMs),
  });
}
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

// Bank statements, uploaded by the demo administrator to a dues year set up for them.
const base = `http://127.0.0.1:${port}`;
const loggedIn = await fetch(`${base}/api/auth/login`, {
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify({ email: "admin@example.org", password: "bench-hostile-admin-9" }),
});
const cookie = loggedIn.headers
  .getSetCookie()
  .find((value) => value.startsWith("sid="))
  ?.split(";")[0];
if (!cookie) throw new Error(`the demo administrator could not log in (${loggedIn.status})`);
const year = await fetch(`${base}/api/admin/dues/2026`, {
  method: "PUT",
  headers: { "Content-Type": "application/json", Cookie: cookie },
  body: JSON.stringify({
    regularFee: 100_000,
    lifetimeFee: 1_000_000,
    dueDate: "2026-03-31",
    bankAccount: "대구은행 123-45-678901 학회",
  }),
});
if (!year.ok) throw new Error(`the dues year was not set up (${year.status})`);

async function uploadStatement(bytes, name) {
  const form = new FormData();
  form.set("file", new Blob([bytes]), name);
  const started = performance.now();
  const res = await fetch(`${base}/api/admin/dues/2026/imports`, {
    method: "POST",
    body: form,
    headers: { Cookie: cookie },
  });
  await res.arrayBuffer();
  return { status: String(res.status), ms: performance.now() - started, sentMb: bytes.length / MB };
}

const STATEMENTS = [
  ...HOSTILE_STATEMENTS.map((item) => ({ name: item.name, file: item.file, bytes: item.bytes })),
  ...["xlsx", "xls", "csv"].map((format) => ({
    name: `honest, 5,000 deposits (.${format})`,
    file: `large.${format}`,
    bytes: () => largeStatement(format, 5_000),
  })),
];
for (const statement of STATEMENTS) {
  const bytes = await statement.bytes();
  const resettable = resetPeak();
  const result = await slowestHealth(() => uploadStatement(bytes, statement.file));
  rows.push({
    finding: "statements",
    request: `statement: ${statement.name}`,
    status: result.status,
    answerMs: Math.round(result.ms),
    sentMb: Number(result.sentMb.toFixed(2)),
    peakRssMb: resettable ? Math.round(peakMb()) : "n/a",
    slowestHealthzMs: Math.round(result.healthMs),
  });
}

const alive = (await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200;

/** The target of the statements' reading off the serving thread: /healthz under 200 ms. */
const HEALTHZ_TARGET_MS = 200;
const missed = rows.filter(
  (row) =>
    String(row.status).startsWith("5") ||
    (row.finding === "statements" &&
      row.request.includes("honest") === false &&
      row.slowestHealthzMs >= HEALTHZ_TARGET_MS),
);

console.log(`\nHostile input, worst cases (server RSS before: ${Math.round(baselineMb)} MB)\n`);
console.table(rows);
console.log(`server alive afterwards: ${alive ? "yes" : "NO"}`);
for (const row of missed) {
  console.log(
    `missed: ${row.request}: ${row.status}, slowest /healthz ${row.slowestHealthzMs} ms (target < ${HEALTHZ_TARGET_MS} ms)`,
  );
}
fs.mkdirSync("bench-results", { recursive: true });
fs.writeFileSync(
  "bench-results/hostile.json",
  `${JSON.stringify({ date: new Date().toISOString(), baselineMb, rows, alive }, null, 2)}\n`,
);
stop();
const checking = process.argv.includes("--check");
process.exit(alive && !(checking && missed.length > 0) ? 0 : 1);
