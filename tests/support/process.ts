// Helpers for the fault tests: real production server processes (`node server.js`) on loopback,
// each with its own data directory, plus the operator scripts (admin:create, db:backup,
// db:restore) run the way an operator runs them. Every child is tracked so a failing test never
// leaves one behind: `killStrays()` ends the ones still running, by pid.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const DEMO_ADMIN = { email: "admin@example.org", password: "fault-test-admin-9" };

const running = new Set<ChildProcess>();
const temporary: string[] = [];

/** A new empty directory under the system's temporary directory, removed by `cleanUp()`. */
export function tempDir(prefix = "society-faults-") {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}

/**
 * Ports below the system's ephemeral range (32768 and up), 500 for each test worker: a port the
 * system hands out (`listen(0)`, a client's source port) could be taken by another file's server or
 * connection between the check and the child's own listen, and then another server's /healthz
 * answered for one still starting (its SIGTERM found no handler yet).
 */
const PORTS_PER_WORKER = 500;
const FIRST_PORT = 20_000 + (Number(process.env.VITEST_POOL_ID ?? 0) % 24) * PORTS_PER_WORKER;
let nextPort = 0;

/** A TCP port nobody listens on right now, on 127.0.0.1, from this worker's own range. */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < PORTS_PER_WORKER; tries++) {
    const port = FIRST_PORT + (nextPort++ % PORTS_PER_WORKER);
    if (await canListen(port)) return port;
  }
  throw new Error(`No free port between ${FIRST_PORT} and ${FIRST_PORT + PORTS_PER_WORKER}`);
}

function canListen(port: number): Promise<boolean> {
  const server = net.createServer();
  return new Promise((resolve) => {
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** True when something accepts TCP connections on 127.0.0.1:port. */
export function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.setTimeout(2_000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Other sessions rebuild the app now and then: wait (bounded) for the server bundle to be there. */
async function waitForBuild() {
  const entry = path.join(ROOT, "build/server/index.js");
  for (let i = 0; i < 120 && !fs.existsSync(entry); i++) await sleep(500);
  if (!fs.existsSync(entry)) throw new Error("No production build: run `npm run build` first.");
}

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type ServerProcess = {
  port: number;
  baseUrl: string;
  dataDir: string;
  child: ChildProcess;
  pid: number;
  /** Everything the process wrote so far. */
  stdout: () => string;
  stderr: () => string;
  /** Resolves when the process has exited. */
  exited: Promise<Exit>;
  /** Sends `signal` and waits (at most `timeoutMs`) for the exit. */
  stop: (signal?: NodeJS.Signals, timeoutMs?: number) => Promise<Exit>;
};

export type StartOptions = {
  dataDir: string;
  /** Seed demo content and the demo administrator (DEMO_ADMIN) into a fresh database. */
  seed?: boolean;
  port?: number;
  env?: Record<string, string>;
  /** Wait until /healthz answers 200 (the default); false returns as soon as it is spawned. */
  waitReady?: boolean;
  readyTimeoutMs?: number;
  /** `npm run dev` instead: Vite's development server with the app's source, no build needed. */
  dev?: boolean;
};

/** The environment of a production server or an operator script on `dataDir`. */
function childEnv(dataDir: string, extra: Record<string, string> = {}) {
  return {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    APP_SECRET: "",
    PUBLIC_URL: "",
    SMTP_URL: "",
    TRUST_PROXY: "",
    STORAGE_DRIVER: "local",
    MIGRATIONS_DIR: path.join(ROOT, "db/migrations"),
    LOG_LEVEL: "warn",
    SEED_DEMO: "0",
    DEMO_ADMIN_PASSWORD: DEMO_ADMIN.password,
    AUTH_MAX_REQUESTS_PER_IP: "100000",
    SIGNUP_UPLOADS_PER_IP_PER_HOUR: "100000",
    // Administrators work with the password alone (the second factor has its own tests).
    ADMIN_MFA_REQUIRED: "0",
    // One serving process unless a test is about several (server.js forks one per core on
    // PostgreSQL otherwise).
    WEB_CONCURRENCY: "1",
    ...extra,
  };
}

function collect(child: ChildProcess) {
  let out = "";
  let err = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    out += chunk;
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    err += chunk;
  });
  const exited = new Promise<Exit>((resolve) => {
    child.once("exit", (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
  });
  return { stdout: () => out, stderr: () => err, exited };
}

/** Waits for `promise`, or throws after `ms` with `message`. */
export async function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Starts `node server.js` in production mode (or `--dev`) on 127.0.0.1 and a free port. */
export async function startServer(options: StartOptions): Promise<ServerProcess> {
  if (!options.dev) await waitForBuild();
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, options.dev ? ["server.js", "--dev"] : ["server.js"], {
    cwd: ROOT,
    env: childEnv(options.dataDir, {
      ...(options.dev ? { NODE_ENV: "development" } : {}),
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseUrl,
      SEED_DEMO: options.seed ? "1" : "0",
      ...options.env,
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  const { stdout, stderr, exited } = collect(child);
  let exit: Exit | undefined;
  void exited.then((value) => {
    exit = value;
  });
  const server: ServerProcess = {
    port,
    baseUrl,
    dataDir: options.dataDir,
    child,
    pid: child.pid ?? 0,
    stdout,
    stderr,
    exited,
    stop: async (signal = "SIGTERM", timeoutMs = 30_000) => {
      if (!exit) child.kill(signal);
      return within(
        exited,
        timeoutMs,
        `the server did not exit within ${timeoutMs} ms of ${signal}`,
      );
    },
  };
  if (options.waitReady === false) return server;

  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (exit) {
      throw new Error(
        `The server exited during start-up (code ${exit.code}, signal ${exit.signal}):\n${stderr()}`,
      );
    }
    try {
      const res = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return server;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  child.kill("SIGKILL");
  throw new Error(`The server did not become healthy in time:\n${stderr()}`);
}

export type ScriptResult = Exit & { stdout: string; stderr: string; ms: number };

/** Runs an operator script (`tsx scripts/NAME.ts ARGS`) on `dataDir`, as `npm run` does. */
export async function runScript(
  script: string,
  args: string[],
  dataDir: string,
  env: Record<string, string> = {},
  timeoutMs = 60_000,
): Promise<ScriptResult> {
  const started = Date.now();
  const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), [`scripts/${script}`, ...args], {
    cwd: ROOT,
    env: childEnv(dataDir, env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  const { stdout, stderr, exited } = collect(child);
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const exit = await exited;
  clearTimeout(timer);
  return { ...exit, stdout: stdout(), stderr: stderr(), ms: Date.now() - started };
}

/** Ends (SIGKILL, by pid) every child these helpers started that is still running. */
export async function killStrays() {
  const left = [...running];
  for (const child of left) child.kill("SIGKILL");
  await Promise.all(
    left.map(
      (child) =>
        new Promise((resolve) =>
          (child.exitCode ?? child.signalCode) ? resolve(null) : child.once("exit", resolve),
        ),
    ),
  );
}

/** killStrays(), then removes the temporary directories. */
export async function cleanUp() {
  await killStrays();
  for (const dir of temporary.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------
// HTTP

/** Logs in through POST /api/auth/login and answers the `sid=…` cookie. */
export async function login(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  const header = res.headers.getSetCookie().find((value) => value.startsWith("sid="));
  const cookie = header?.split(";")[0];
  if (!cookie || cookie === "sid=") throw new Error("login set no session cookie");
  return cookie;
}

/** A JSON request (POST by default) with an optional session cookie. */
export function sendJson(
  url: string,
  body: unknown,
  options: { cookie?: string; method?: string; timeoutMs?: number } = {},
) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (options.cookie) headers.Cookie = options.cookie;
  return fetch(url, {
    method: options.method ?? "POST",
    headers,
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
}

/** A GET with an optional session cookie. */
export function getWith(url: string, cookie?: string) {
  return fetch(url, {
    headers: cookie ? { Cookie: cookie } : {},
    signal: AbortSignal.timeout(30_000),
  });
}

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

export const HANGUL = /[\uAC00-\uD7A3]/;

export type UploadGrant = { uploadURL: string; objectPath: string };

/** POST /api/objects/upload-public: a signed URL for an anonymous sign-up upload. */
export async function requestSignupUpload(baseUrl: string): Promise<UploadGrant> {
  const res = await fetch(`${baseUrl}/api/objects/upload-public`, {
    method: "POST",
    signal: AbortSignal.timeout(30_000),
  });
  if (res.status !== 200)
    throw new Error(`upload-public answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as UploadGrant;
}

/** PUTs `body` to a signed upload URL. */
export function putObject(uploadURL: string, body: Uint8Array = PNG) {
  return fetch(uploadURL, {
    method: "PUT",
    headers: { "Content-Type": "image/png" },
    body: new Uint8Array(body),
    signal: AbortSignal.timeout(30_000),
  });
}

let counter = 0;
/** The fields of a valid POST /api/auth/register for a new doctor. */
export function signupFields(objectPath: string, email?: string) {
  counter += 1;
  return {
    email: email ?? `fault-${Date.now().toString(36)}-${counter}@example.com`,
    password: "correct-horse-9",
    name: "김결함",
    phone: "010-1234-5678",
    licenseNumber: `F-${Date.now()}-${counter}`,
    hospitalName: "결함내과의원",
    department: "내과",
    address: "서울특별시 중구 세종대로 110",
    licenseImageUrl: objectPath,
    termsConsent: true,
    privacyConsent: true,
  };
}

// ---------------------------------------------------------------------------------------------
// Write load

export type WriteStream = {
  /** Ids of the announcements the server acknowledged with 201. */
  acknowledged: string[];
  /** Requests that got no answer (connection refused or reset). */
  unanswered: number;
  /** Answers other than 201, by status. */
  otherStatuses: Record<number, number>;
  /** When each 201 arrived, relative to the stream's start. */
  ackTimes: number[];
  /** When each unanswered request failed, relative to the stream's start. */
  unansweredTimes: number[];
};

/**
 * Keeps `concurrency` POST /api/announcements in flight for `durationMs` (bounded), calls
 * `interrupt` once after `interruptAfterMs` — and, with `interruptAfterAcks`, not before that many
 * writes were acknowledged (a busy machine acknowledges fewer in the first second; waited for at
 * most 30 s) — and records every acknowledged id. Writing goes on for as long after the interrupt
 * as `durationMs` leaves after `interruptAfterMs`.
 */
export async function announcementStream(
  server: { baseUrl: string },
  cookie: string,
  options: {
    concurrency: number;
    durationMs: number;
    interruptAfterMs: number;
    interruptAfterAcks?: number;
    interrupt: () => void;
    tag: string;
  },
): Promise<WriteStream & { interruptedAt: number }> {
  const result: WriteStream = {
    acknowledged: [],
    unanswered: 0,
    otherStatuses: {},
    ackTimes: [],
    unansweredTimes: [],
  };
  const started = Date.now();
  let end = started + options.durationMs;
  let interruptedAt = -1;
  const timer = setInterval(() => {
    const elapsed = Date.now() - started;
    if (elapsed < options.interruptAfterMs) return;
    if (result.ackTimes.length < (options.interruptAfterAcks ?? 0) && elapsed < 30_000) return;
    clearInterval(timer);
    interruptedAt = elapsed;
    end = Math.max(end, Date.now() + options.durationMs - options.interruptAfterMs);
    options.interrupt();
  }, 10);
  let sequence = 0;

  async function worker() {
    while (Date.now() < end || interruptedAt < 0) {
      sequence += 1;
      try {
        const res = await sendJson(
          `${server.baseUrl}/api/announcements`,
          { title: `${options.tag} ${sequence}`, content: "<p>x</p>", category: "공지" },
          { cookie, timeoutMs: 20_000 },
        );
        if (res.status === 201) {
          const body = (await res.json()) as { id: string };
          result.acknowledged.push(body.id);
          result.ackTimes.push(Date.now() - started);
        } else {
          await res.body?.cancel();
          result.otherStatuses[res.status] = (result.otherStatuses[res.status] ?? 0) + 1;
        }
      } catch {
        result.unanswered += 1;
        result.unansweredTimes.push(Date.now() - started);
        await sleep(20);
      }
    }
  }

  await Promise.all(Array.from({ length: options.concurrency }, worker));
  clearInterval(timer);
  return { ...result, interruptedAt };
}

/** Every announcement id GET /api/announcements lists. */
export async function announcementIds(baseUrl: string): Promise<Set<string>> {
  const res = await getWith(`${baseUrl}/api/announcements`);
  if (res.status !== 200) throw new Error(`GET /api/announcements answered ${res.status}`);
  const list = (await res.json()) as { id: string }[];
  return new Set(list.map((item) => item.id));
}
