// `npm run bench:rush`: registration day (issue 41). A paid seminar with 300 seats opens at a set
// time and 3,000 signed-in members rush for it; prints whether the seats held, the waitlist's
// order, the errors, the latencies and the server's cost (docs/performance.md).
//
//   npm run bench:rush                            PGlite in a fresh temporary DATA_DIR
//   DATABASE_URL=postgres://… npm run bench:rush  a fresh database on that PostgreSQL server
//                                                 (society_bench_<random>, dropped at the end),
//                                                 the server with WEB_CONCURRENCY=2
//   npm run bench:rush -- --no-build              measure the build/ that is already there
//   npm run bench:rush -- --check                 exit 1 when a target is missed
//   npm run bench:rush -- --samples               also write every request's time to bench-results/
//   npm run bench:rush -- --steps                 no rush: each step of a member's day timed alone
//                                                 (fresh members, 4 at a time), the server's CPU per
//                                                 request, the work each leaves behind included
//   --members=3000 --seats=300 --ramp=60 --burst=5 --burst-share=0.4 --hold=30 --seed=1
//
// 1. Fill: scripts/bench-rush-fill.ts (tsx) applies the migrations and makes, with set-based SQL,
//    the members (approved, 70 % 정회원) with a session each (signed cookies, so no login is part
//    of the load), an administrator with a session, and the seminar (300 seats, 50,000/80,000 won),
//    not open yet.
// 2. The production server (`node server.js`) with the test gateway (PAYMENTS_PROVIDER=test) and
//    PAYMENT_HOLD_SECONDS=--hold, so unpaid holds run out within the run; the page cache as in
//    production. On PostgreSQL one serving process per core (WEB_CONCURRENCY=2).
// 3. The administrator sets the opening (PATCH /api/seminars/{id}) a few seconds ahead. From then
//    the members arrive, open loop (each at its own time, whatever the server's pace): --burst-share
//    of them spread evenly over the first --burst seconds, the rest over the --ramp seconds with a
//    rate falling to nothing. Each member, over keep-alive connections as a browser has them:
//      GET /activities/{id} (the seminar page; reloaded after 2 s if it fails, twice at most),
//      POST /api/seminars/{id}/registrations; held a seat (payment_pending), by the member's
//      number: 80 % pay at once (GET /mypage/payments/{pid}, POST …/checkout {card}, the
//      provider's POST /api/payments/test/{pid} {paid}, which reaches the site as a signed webhook
//      and confirms the seat, then POST …/complete); 10 % open the checkout but pay only after
//      their hold ran out and they saw it released (the money comes back, "refunded"; only if the
//      seat is still free, nobody waiting, is it confirmed again); 10 % never pay.
// 4. When every unpaid hold has been released, the waitlist is checked against the office's
//    registrant list (the server's queue order): the seats offered are the head of the queue, every
//    seat is accounted for (held at registration + offered − released = 300), the queue's order
//    agrees with what the members saw (a member whose registration was answered before another's
//    was sent stands ahead of them), and the place each was told lies between its place in the
//    queue less the seats offered and that place. Then the members offered a seat pay, and the end
//    state must be 300 confirmed and paid.
//
// Seats taken at every instant: on PostgreSQL the benchmark reads the database itself, on its own
// connection, every 20 ms: one statement counting confirmed + payment_pending and waitlisted. The
// embedded database belongs to the server process and cannot be opened beside it, and nothing new
// is exposed for the benchmark: there it reads the office dashboard (/admin/dashboard as the
// administrator, on a connection of its own) every 250 ms, whose "다가오는 세미나 · 신청 N / 300석"
// is one statement counting the confirmed + payment_pending seats of the coming seminars (this is
// the only one); it does not say who waits, so a reading counts as "someone waits" when more
// members had been answered "waitlisted" before it started than seats were ever offered. Every
// reading must find at most 300 seats taken, and 300 while anyone waits. Each reading is a
// consistent snapshot, but between readings nothing is seen (and on PGlite the dashboard waits its
// turn behind the rush): the seat accounting and the end state above are the other half of the
// check. The dashboard's own CPU is measured before the rush and shown beside the CPU figure.
//
// The CPU figure is the server processes' CPU time (all threads, PGlite's included; not
// PostgreSQL's) from the opening until every member's day is over, divided by the registrations.
//
// Everything runs on 127.0.0.1 and everything started here is stopped (the temporary directory and
// database removed) at the end, also on Ctrl-C.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import pg from "pg";
import {
  cleanup,
  cleanups,
  cpuMs,
  createPostgresDatabase,
  freePort,
  loadAverage,
  mb,
  otherLoad,
  reportTargets,
  rssBytes,
  runFill,
  serverArgs,
  settle,
  sleep,
  startChild,
  table,
  waitFor,
} from "./bench-support.js";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const option = (name, fallback) => {
  const found = args.find((a) => a.startsWith(`--${name}=`));
  const value = found ? Number(found.slice(name.length + 3)) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} needs a positive number`);
  return value;
};

const CHECK = flag("check");
const SAMPLES = flag("samples"); // also write every timed request, reading and error
const BUILD = !flag("no-build") || !fs.existsSync(path.join(root, "build/server"));
const MEMBERS = Math.round(option("members", 3000));
const SEATS = Math.round(option("seats", 300));
const RAMP_S = option("ramp", 60);
const BURST_S = option("burst", 5);
const BURST_SHARE = option("burst-share", 0.4);
const STEPS = flag("steps");
// The steps run for minutes: the holds must not run out meanwhile.
const HOLD_S = Math.round(option("hold", STEPS ? 1800 : 30));
const SEED = Math.round(option("seed", 1));
const DATABASE_URL = process.env.DATABASE_URL || undefined;
const PROCESSES = 2; // WEB_CONCURRENCY on PostgreSQL: one per core of the machine the issue names
const OPEN_AHEAD_MS = 3000; // the opening is set this far ahead of now
const SAMPLE_MS = DATABASE_URL ? 20 : 250;
// As long as a browser waits for an answer (Chromium: 300 s); longer counts as an error.
const REQUEST_TIMEOUT_MS = 300_000;

const TARGETS = { pageP99Ms: 200, registrationP99Ms: 500 };

if (BURST_S >= RAMP_S || BURST_SHARE >= 1) {
  throw new Error("--burst must be shorter than --ramp, and --burst-share below 1");
}

// ---------------------------------------------------------------------------------------------
// HTTP as browsers do it: keep-alive connections, gzip, the session cookie, Origin on POSTs.

const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
let base = "";
let retries = 0;

/** The seat sampler's own connection, so that it never waits for a new one to be accepted. */
const samplerAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One request on a kept-alive connection; the body read whole (JSON decoded when `json`). */
function send(method, url, { cookie, body, json = true, via = agent } = {}) {
  const headers = { "accept-encoding": "gzip" };
  if (cookie) headers.cookie = cookie;
  if (method !== "GET") headers.origin = base;
  if (body !== undefined) headers["content-type"] = "application/json";
  if (!json) headers.accept = "text/html";
  const attempt = () =>
    new Promise((resolve, reject) => {
      const sent = performance.now();
      let connectMs;
      let firstByteMs;
      const req = http.request(
        `${base}${url}`,
        { method, headers, agent: via, timeout: REQUEST_TIMEOUT_MS },
        (res) => {
          firstByteMs = performance.now() - sent;
          const chunks = [];
          res.on("data", (chunk) => chunks.push(chunk));
          res.on("error", reject);
          res.on("end", () => {
            let data = null;
            if (json) {
              let raw = Buffer.concat(chunks);
              if (res.headers["content-encoding"] === "gzip") raw = zlib.gunzipSync(raw);
              try {
                data = JSON.parse(raw.toString("utf8"));
              } catch {
                data = { unparsed: raw.toString("utf8").slice(0, 200) };
              }
            }
            resolve({
              status: res.statusCode,
              headers: res.headers,
              data,
              chunks,
              connectMs,
              firstByteMs,
            });
          });
        },
      );
      // A new connection: how long the handshake took (a full accept queue drops it, and the
      // client tries again after 1, 3, 7 … seconds).
      req.on("socket", (socket) => {
        if (socket.connecting) {
          socket.once("connect", () => {
            connectMs = performance.now() - sent;
          });
        }
      });
      req.on("timeout", () => req.destroy(new Error(`no answer in ${REQUEST_TIMEOUT_MS} ms`)));
      req.on("error", (error) => {
        // A kept-alive connection the server closed just as this request went out: a browser
        // sends it again on a new connection, and so does this.
        if (req.reusedSocket && /** @type {any} */ (error).code === "ECONNRESET") {
          retries += 1;
          error.retry = true;
        }
        reject(error);
      });
      req.end(body === undefined ? undefined : JSON.stringify(body));
    });
  return attempt().catch((error) => (error.retry ? attempt() : Promise.reject(error)));
}

// ---------------------------------------------------------------------------------------------
// What each member does, and what is recorded of it

/** Every timed request: its class, when it started (ms after the opening), how long it took. */
const samples = [];
/** What went wrong: the class and a message. */
const errors = [];
let t0 = 0; // the opening, as performance.now()

/**
 * One timed request of a member; `expect` says whether the answer is right. Answers the response,
 * or null (recorded as an error) when the request failed or the answer was wrong.
 */
async function step(member, kind, method, url, options, expect) {
  const started = performance.now();
  let response;
  try {
    response = await send(method, url, { cookie: member.cookie, ...options });
  } catch (error) {
    errors.push({ kind, at: started - t0, message: `${method} ${url}: ${error.message}` });
    return null;
  }
  const ms = performance.now() - started;
  samples.push({
    kind,
    at: started - t0,
    ms,
    burst: member.burst,
    firstByteMs: response.firstByteMs,
  });
  if (response.connectMs !== undefined) {
    samples.push({
      kind: "new connection (TCP handshake)",
      at: started - t0,
      ms: response.connectMs,
      burst: member.burst,
    });
  }
  const problem = expect(response);
  if (problem) {
    errors.push({
      kind,
      at: started - t0,
      message: `${method} ${url} → ${response.status} ${JSON.stringify(response.data ?? "").slice(0, 160)}: ${problem}`,
    });
    return null;
  }
  return { ...response, started, ended: started + ms };
}

const status = (wanted) => (r) => (r.status === wanted ? "" : `expected ${wanted}`);

/** Pays a held seat as a browser with PortOne does, the test gateway standing in for PortOne. */
async function pay(member, paymentId, expected, phase) {
  const id = encodeURIComponent(paymentId);
  const started = performance.now();
  const page = await step(
    member,
    `checkout page${phase}`,
    "GET",
    `/mypage/payments/${id}`,
    { json: false },
    status(200),
  );
  if (!page) return null;
  const opened = await step(
    member,
    `checkout${phase}`,
    "POST",
    `/api/me/payments/${id}/checkout`,
    { body: { method: "card" } },
    status(200),
  );
  if (!opened) return null;
  return payAtProvider(member, paymentId, expected, phase, started);
}

/** The provider's move (webhook and all), then the browser back from the window. */
async function payAtProvider(member, paymentId, expected, phase, started = performance.now()) {
  const id = encodeURIComponent(paymentId);
  const wanted = [expected].flat();
  const answered = (r) =>
    r.status !== 200
      ? "expected 200"
      : wanted.includes(r.data?.status)
        ? ""
        : `expected ${wanted.join(" or ")}`;
  const moved = await step(
    member,
    `gateway (webhook)${phase}`,
    "POST",
    `/api/payments/test/${id}`,
    { cookie: undefined, body: { outcome: "paid" } },
    answered,
  );
  if (!moved) return null;
  const done = await step(
    member,
    `payment completion${phase}`,
    "POST",
    `/api/me/payments/${id}/complete`,
    {},
    answered,
  );
  if (!done) return null;
  if (done.data.status !== moved.data.status) {
    errors.push({
      kind: `payment completion${phase}`,
      at: done.started - t0,
      message: `the provider's move answered ${moved.data.status}, the completion ${done.data.status}`,
    });
    return null;
  }
  samples.push({
    kind: `payment, whole${phase}`,
    at: started - t0,
    ms: performance.now() - started,
    burst: member.burst,
  });
  return done.data.status;
}

/** Polls the member's own registration until `wanted` (at most `seconds`); answers the last. */
async function waitForStatus(member, seminarId, wanted, seconds) {
  const until = Date.now() + seconds * 1000;
  let last;
  while (Date.now() < until) {
    try {
      last = await send("GET", `/api/seminars/${seminarId}/registrations/me`, {
        cookie: member.cookie,
      });
      if (last.status === 200 && last.data.status === wanted) return last.data;
    } catch {
      // asked again below
    }
    await sleep(1000);
  }
  return last?.data ?? null;
}

/** A member's registration day: the page, 신청, and the payment their number says. */
async function journey(member, seminarId) {
  // A page that fails (an error counted) is reloaded after two seconds, twice at most, as a
  // member would: the rest of the day still happens.
  let page = null;
  for (let load = 0; load < 3 && !page; load++) {
    if (load > 0) await sleep(2000);
    page = await step(
      member,
      "seminar page",
      "GET",
      `/activities/${seminarId}`,
      { json: false },
      status(200),
    );
  }
  if (!page) return;
  member.pageCache = page.headers["x-page-cache"] ?? "none";
  const registered = await step(
    member,
    "registration",
    "POST",
    `/api/seminars/${seminarId}/registrations`,
    {},
    (r) =>
      r.status !== 201
        ? "expected 201"
        : ["payment_pending", "waitlisted"].includes(r.data?.status)
          ? ""
          : "expected payment_pending or waitlisted",
  );
  if (!registered) return;
  const answer = registered.data;
  member.answer = answer;
  member.sentAt = registered.started;
  member.answeredAt = registered.ended;
  if (answer.status !== "payment_pending") return;
  if (member.fate === "pay") {
    member.paid = await pay(member, answer.paymentId, "paid", "");
  } else if (member.fate === "late") {
    // The payment window opened in time and left open: the card goes through after the hold ran
    // out and the seat went to the waitlist.
    const page2 = await step(
      member,
      "checkout page",
      "GET",
      `/mypage/payments/${encodeURIComponent(answer.paymentId)}`,
      { json: false },
      status(200),
    );
    const opened =
      page2 &&
      (await step(
        member,
        "checkout",
        "POST",
        `/api/me/payments/${encodeURIComponent(answer.paymentId)}/checkout`,
        { body: { method: "card" } },
        status(200),
      ));
    if (!opened) return;
    await sleep(Math.max(0, new Date(answer.expiresAt).getTime() - Date.now()) + 500);
    const seen = await waitForStatus(member, seminarId, "cancelled", 150);
    if (seen?.status !== "cancelled") {
      errors.push({
        kind: "hold release",
        message: `a hold past its time was not released (still ${seen?.status})`,
      });
      return;
    }
    member.released = true;
    // The seat went to the first in line, so the money comes back; only when nobody was waiting
    // and the seat is still free is it confirmed again (docs/payments.md).
    member.latePayment = await payAtProvider(
      member,
      answer.paymentId,
      ["refunded", "paid"],
      " (late)",
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Seats taken, sampled

function sampler(kind, seminarId, adminCookie, databaseUrl) {
  const readings = [];
  let running = false;
  let loop;
  let client;
  let reads = 0;
  const read = async () => {
    if (kind === "postgres") {
      const { rows } = await client.query(
        `SELECT count(*) FILTER (WHERE status IN ('confirmed', 'payment_pending'))::int AS taken,
                count(*) FILTER (WHERE status = 'waitlisted')::int AS waitlisted
           FROM seminar_registrations WHERE seminar_id = $1`,
        [seminarId],
      );
      // Every tenth reading also looks at the server's connections: how many wait for a lock
      // (the seminar's row: registrations, releases and payments of one seminar go one at a
      // time), and how many sit in a transaction waiting for their Node process.
      reads += 1;
      if (reads % 10 !== 0) return rows[0];
      const { rows: activity } = await client.query(
        `SELECT count(*) FILTER (WHERE wait_event_type = 'Lock')::int AS "lockWaits",
                count(*) FILTER (WHERE state = 'idle in transaction')::int AS "idleInTransaction"
           FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      return { ...rows[0], ...activity[0] };
    }
    const r = await send("GET", "/admin/dashboard", {
      cookie: adminCookie,
      json: false,
      via: samplerAgent,
    });
    const html = zlib.gunzipSync(Buffer.concat(r.chunks)).toString("utf8");
    const match = /신청 ([\d,]+) \/ ([\d,]+)석/.exec(html);
    if (r.status !== 200 || !match) throw new Error(`the dashboard answered ${r.status}`);
    return { taken: Number(match[1].replaceAll(",", "")), waitlisted: undefined };
  };
  return {
    readings,
    read,
    /** Reads every SAMPLE_MS (the next reading after the last one answered) until stopped. */
    start() {
      running = true;
      loop = (async () => {
        if (kind === "postgres") {
          client = new pg.Client({ connectionString: databaseUrl });
          // The database is dropped at the end (WITH (FORCE)): that must not throw here.
          client.on("error", (error) =>
            errors.push({ kind: "seat sampler", message: error.message }),
          );
          await client.connect();
        }
        while (running) {
          const started = performance.now();
          try {
            readings.push({ at: started - t0, ...(await read()) });
          } catch (error) {
            errors.push({ kind: "seat sampler", message: error.message });
          }
          await sleep(Math.max(0, SAMPLE_MS - (performance.now() - started)));
        }
        await client?.end();
      })();
    },
    async stop() {
      running = false;
      await loop;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Figures

/**
 * Connections the kernel dropped because a listening socket's accept queue was full, machine-wide
 * (TcpExt ListenOverflows): a server too busy to accept shows here before anywhere else.
 */
function listenOverflows() {
  try {
    const lines = fs.readFileSync("/proc/net/netstat", "utf8").split("\n");
    const [names, values] = lines.filter((l) => l.startsWith("TcpExt:")).map((l) => l.split(/\s+/));
    const value = Number(values?.[names?.indexOf("ListenOverflows") ?? -1]);
    return Number.isFinite(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The server's connections during the rush (PostgreSQL): waiting for a lock, and idle inside a
 * transaction (the transaction's Node process busy with other requests), from the readings.
 */
function connectionFigures(readings, rushMs) {
  const looked = readings.filter((r) => r.lockWaits !== undefined && r.at <= rushMs);
  const share = (test) =>
    looked.length ? Math.round((100 * looked.filter(test).length) / looked.length) : undefined;
  return {
    readings: looked.length,
    lockWaitsP50: percentile(
      looked.map((r) => r.lockWaits),
      50,
    ),
    lockWaitsMax: Math.max(0, ...looked.map((r) => r.lockWaits)),
    percentWithLockWaits: share((r) => r.lockWaits > 0),
    percentWithIdleInTransaction: share((r) => r.idleInTransaction > 0),
  };
}

/** Nearest-rank percentile of a list of numbers. */
function percentile(values, p) {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const round = (n) => (n === undefined ? undefined : Math.round(n));

/** A repeatable shuffle (mulberry32). */
function shuffled(list, seed) {
  let s = seed >>> 0;
  const random = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * When each member arrives (ms after the opening): the burst's share evenly over the burst, the rest
 * over the remaining ramp with a rate falling linearly to nothing (density ∝ 1 − u).
 */
function arrivals(count) {
  const inBurst = Math.round(count * BURST_SHARE);
  const rest = count - inBurst;
  const times = [];
  for (let i = 0; i < inBurst; i++) times.push(((i + 0.5) / inBurst) * BURST_S * 1000);
  for (let i = 0; i < rest; i++) {
    const q = (i + 0.5) / rest;
    const u = 1 - Math.sqrt(1 - q);
    times.push((BURST_S + u * (RAMP_S - BURST_S)) * 1000);
  }
  return times;
}

/** The office's registrant list, whole, in the server's queue order. */
async function registrantList(seminarId, adminCookie) {
  const items = [];
  for (let page = 1; ; page++) {
    const started = performance.now();
    const r = await send(
      "GET",
      `/api/admin/seminars/${seminarId}/registrations?page=${page}&pageSize=100`,
      { cookie: adminCookie },
    );
    if (r.status !== 200) throw new Error(`the registrant list answered ${r.status}`);
    // Timed too: the office reads this list all morning, and each row tells a place in line.
    samples.push({
      kind: "registrant list (office), a page",
      at: started - t0,
      ms: performance.now() - started,
      burst: false,
    });
    items.push(...r.data.items);
    if (items.length >= r.data.total || r.data.items.length === 0) return items;
  }
}

// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// --steps: each step of a member's day alone

/** How many members each step takes, and how many at a time. */
const STEP_MEMBERS = 200;
const STEP_CONCURRENCY = 4;

/**
 * Runs `request` for each member, `STEP_CONCURRENCY` at a time, and answers the server's CPU per
 * request (from the first request until the server is idle again, so the mail and the rest each
 * request leaves behind are in it) and the median time of a request.
 */
async function timeStep(pid, name, members, request) {
  await settle(pid);
  const before = cpuMs(pid);
  const times = [];
  const queue = [...members];
  await Promise.all(
    Array.from({ length: STEP_CONCURRENCY }, async () => {
      for (let member = queue.shift(); member; member = queue.shift()) {
        const started = performance.now();
        const problem = await request(member);
        if (problem) throw new Error(`${name}: ${problem}`);
        times.push(performance.now() - started);
      }
    }),
  );
  await settle(pid);
  const cpuPerRequest = (cpuMs(pid) - before) / members.length;
  const row = {
    step: name,
    requests: members.length,
    cpuMsPerRequest: Number(cpuPerRequest.toFixed(2)),
    p50Ms: Math.round(percentile(times, 50)),
  };
  console.log(
    `  ${name.padEnd(46)} ${String(row.requests).padStart(5)}  ${row.cpuMsPerRequest.toFixed(2).padStart(7)} ms CPU  ${String(row.p50Ms).padStart(5)} ms p50`,
  );
  return row;
}

/** The steps of a member's day, each timed alone on members who have not done it before. */
async function timeSteps(pid, members, seminarId) {
  // Three groups timed (viewers, holders, those in line), and the rest of the seats filled untimed;
  // `members` are those who have not opened the page yet (200 did before the opening).
  if (members.length < 2 * STEP_MEMBERS + SEATS || SEATS < STEP_MEMBERS) {
    throw new Error(
      `--steps needs --seats=${STEP_MEMBERS} at least, and --members=${STEP_MEMBERS * 3} more than the seats`,
    );
  }
  const [viewers, holders, queued] = [0, 1, 2].map((i) =>
    members.slice(i * STEP_MEMBERS, (i + 1) * STEP_MEMBERS),
  );
  const ok = (wanted) => (r) => (r.status === wanted ? "" : `${r.status} (expected ${wanted})`);
  const page = (m) => send("GET", `/activities/${seminarId}`, { cookie: m.cookie, json: false });
  const register = (wanted) => async (m) => {
    const r = await send("POST", `/api/seminars/${seminarId}/registrations`, { cookie: m.cookie });
    if (r.status !== 201 || r.data?.status !== wanted) {
      return `registration answered ${r.status} ${r.data?.status} (expected ${wanted})`;
    }
    m.answer = r.data;
    return "";
  };
  const payment = (m) => encodeURIComponent(m.answer.paymentId);
  console.log(`Each step alone, ${STEP_CONCURRENCY} at a time:`);
  console.log(
    `  ${"step".padEnd(46)} ${"reqs".padStart(5)}  ${"CPU per request".padStart(15)}  ${"p50".padStart(8)}`,
  );
  const rows = [];
  rows.push(
    await timeStep(pid, "seminar page, a member's first view", viewers, async (m) =>
      ok(200)(await page(m)),
    ),
  );
  rows.push(
    await timeStep(pid, "seminar page, viewed again", viewers, async (m) => ok(200)(await page(m))),
  );
  rows.push(
    await timeStep(
      pid,
      "registration, a seat held for its fee",
      holders,
      register("payment_pending"),
    ),
  );
  // Fill what is left of the seats untimed, so the next members wait in line.
  const rest = members.slice(3 * STEP_MEMBERS, 2 * STEP_MEMBERS + SEATS);
  for (const m of rest) {
    const problem = await register("payment_pending")(m);
    if (problem) throw new Error(`filling the seats: ${problem}`);
  }
  rows.push(await timeStep(pid, "registration, a place in line", queued, register("waitlisted")));
  rows.push(
    await timeStep(pid, "checkout page", holders, async (m) =>
      ok(200)(
        await send("GET", `/mypage/payments/${payment(m)}`, { cookie: m.cookie, json: false }),
      ),
    ),
  );
  rows.push(
    await timeStep(pid, "checkout", holders, async (m) =>
      ok(200)(
        await send("POST", `/api/me/payments/${payment(m)}/checkout`, {
          cookie: m.cookie,
          body: { method: "card" },
        }),
      ),
    ),
  );
  rows.push(
    await timeStep(pid, "the test gateway's call, with its webhook", holders, async (m) =>
      ok(200)(
        await send("POST", `/api/payments/test/${payment(m)}`, { body: { outcome: "paid" } }),
      ),
    ),
  );
  rows.push(
    await timeStep(pid, "payment completion", holders, async (m) =>
      ok(200)(await send("POST", `/api/me/payments/${payment(m)}/complete`, { cookie: m.cookie })),
    ),
  );
  return rows;
}

async function main() {
  const started = Date.now();
  const kind = DATABASE_URL ? "postgres" : "pglite";
  const results = {
    date: new Date().toISOString(),
    database: kind,
    settings: {
      members: MEMBERS,
      seats: SEATS,
      rampSeconds: RAMP_S,
      burstSeconds: BURST_S,
      burstShare: BURST_SHARE,
      holdSeconds: HOLD_S,
      seed: SEED,
      processes: DATABASE_URL ? PROCESSES : 1,
    },
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      loadAverageAtStart: loadAverage(),
      busyProcessesAtStart: await otherLoad(),
    },
    targets: [],
  };
  process.chdir(root);

  if (BUILD) {
    console.log("Building (react-router build)…");
    execFileSync(path.join(root, "node_modules/.bin/react-router"), ["build"], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
    });
  }

  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "society-bench-rush-"));
  cleanups.push(async () => fs.rmSync(workDir, { recursive: true, force: true }));
  const dataDir = path.join(workDir, "data");
  const database = DATABASE_URL ? await createPostgresDatabase(DATABASE_URL) : undefined;
  const dbEnv = database ? { DATABASE_URL: database.url } : { DATABASE_URL: "", DATA_DIR: dataDir };
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // The fill signs the session cookies with the server's secret and cookie name.
  const shared = { APP_SECRET: crypto.randomBytes(36).toString("base64url"), PUBLIC_URL: base };

  console.log(
    `Filling a new ${database ? `PostgreSQL database ${database.name}` : `PGlite database in ${dataDir}`}: ${MEMBERS} members with sessions, a seminar of ${SEATS} seats…`,
  );
  const filled = await runFill(root, "scripts/bench-rush-fill.ts", {
    ...dbEnv,
    ...shared,
    BENCH_MEMBERS: String(MEMBERS),
    BENCH_SEATS: String(SEATS),
  });
  results.fill = { fillMs: filled.fillMs, wallMs: filled.wallMs };
  const seminarId = filled.seminarId;
  const adminCookie = filled.admin.cookie;
  console.log(`Filled in ${(filled.wallMs / 1000).toFixed(1)} s (SQL ${filled.fillMs} ms)`);

  const server = startChild("the production server", process.execPath, serverArgs(), {
    cwd: root,
    env: {
      ...process.env,
      ...dbEnv,
      ...shared,
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      SEED_DEMO: "0",
      LOG_LEVEL: "warn",
      ADMIN_MFA_REQUIRED: "0",
      PAYMENTS_PROVIDER: "test",
      PAYMENT_HOLD_SECONDS: String(HOLD_S),
      ...(database ? { WEB_CONCURRENCY: String(PROCESSES) } : {}),
    },
  });
  await waitFor(`${base}/healthz`, 120, server);
  const pid = /** @type {number} */ (server.child.pid);
  const startRss = rssBytes(pid);
  let peakRss = startRss;
  const rssTimer = setInterval(() => {
    try {
      peakRss = Math.max(peakRss, rssBytes(pid));
    } catch {
      // the server is gone; the run says so
    }
  }, 100);
  cleanups.push(async () => clearInterval(rssTimer));

  // The members, each with an arrival time and what they will do with a held seat.
  const times = arrivals(MEMBERS);
  const members = shuffled(
    filled.members.map((m, i) => ({
      ...m,
      number: i,
      fate: i % 10 === 0 ? "never" : i % 10 === 1 ? "late" : "pay",
    })),
    SEED,
  ).map((m, i) => ({ ...m, arrival: times[i], burst: times[i] < BURST_S * 1000 }));

  // Before the opening: a member's session answers as a member's (not registered yet), and the
  // seminar's page says 신청 예정. Then 200 members look at the page, as they do while they wait.
  const check = await send("GET", `/api/seminars/${seminarId}/registrations/me`, {
    cookie: members[0].cookie,
  });
  if (check.status !== 404) {
    throw new Error(`a member's session did not answer as a member's (${check.status})`);
  }
  const before = await send("GET", `/activities/${seminarId}`, {
    cookie: members[0].cookie,
    json: false,
  });
  const beforeHtml = zlib.gunzipSync(Buffer.concat(before.chunks)).toString("utf8");
  if (before.status !== 200 || !beforeHtml.includes("신청 예정")) {
    throw new Error(`the seminar's page before the opening answered ${before.status}`);
  }
  const warm = shuffled(members, SEED + 1).slice(0, 200);
  for (let i = 0; i < warm.length; i += 10) {
    await Promise.all(
      warm
        .slice(i, i + 10)
        .map((m) => send("GET", `/activities/${seminarId}`, { cookie: m.cookie, json: false })),
    );
  }
  await settle(pid);

  // The sampler's own cost on the server (the dashboard, on PGlite), measured alone.
  const seats = sampler(kind, seminarId, adminCookie, database?.url);
  cleanups.push(() => seats.stop());
  let samplerCpuMs = 0;
  if (kind === "pglite") {
    await seats.read();
    const before = cpuMs(pid);
    for (let i = 0; i < 20; i++) await seats.read();
    samplerCpuMs = (cpuMs(pid) - before) / 20;
  }

  // The office opens registration a few seconds from now; the members arrive from then on.
  const opensAt = new Date(Date.now() + OPEN_AHEAD_MS);
  const patched = await send("PATCH", `/api/seminars/${seminarId}`, {
    cookie: adminCookie,
    body: { registrationOpensAt: opensAt.toISOString() },
  });
  if (patched.status !== 200) {
    throw new Error(
      `opening the seminar answered ${patched.status}: ${JSON.stringify(patched.data)}`,
    );
  }
  t0 = performance.now() + (opensAt.getTime() - Date.now());
  await sleep(Math.max(0, t0 - performance.now() - 1000));
  if (!STEPS) seats.start();
  console.log(
    STEPS
      ? `Registration opens at ${opensAt.toISOString()}; holds of ${HOLD_S} s.`
      : `Registration opens at ${opensAt.toISOString()}: ${MEMBERS} members over ${RAMP_S} s (${Math.round(BURST_SHARE * 100)} % in the first ${BURST_S} s), holds of ${HOLD_S} s…`,
  );
  await sleep(Math.max(0, t0 - performance.now()));
  if (STEPS) {
    // The members who looked at the page before the opening have had their first view.
    const fresh = members.filter((m) => !warm.includes(m));
    const steps = await timeSteps(pid, fresh, seminarId);
    const file = path.join(root, "bench-results", `rush-steps-${kind}.json`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify({ ...results, steps }, null, 2)}\n`);
    console.log(`Written to ${path.relative(root, file)}`);
    return;
  }
  const cpuBefore = cpuMs(pid);
  const abortedBefore = server.abortedRenders();
  const overflowsBefore = listenOverflows();
  const journeys = members.map(
    (member) =>
      new Promise((resolve) => {
        setTimeout(
          () => {
            journey(member, seminarId).then(resolve, (error) => {
              errors.push({ kind: "journey", message: error.message });
              resolve();
            });
          },
          Math.max(0, t0 + member.arrival - performance.now()),
        );
      }),
  );
  const progress = setInterval(() => {
    const s = Math.round((performance.now() - t0) / 1000);
    const registered = members.filter((m) => m.answer).length;
    console.log(`  ${s} s: ${registered} registered, ${errors.length} errors`);
  }, 10_000);
  // A server that stops during the rush ends the benchmark, with what it said last (unless it was
  // stopped by Ctrl-C, which bench-support.js handles).
  let interrupted = false;
  for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => (interrupted = true));
  const stopped = await Promise.race([Promise.all(journeys).then(() => null), server.exited]);
  clearInterval(progress);
  if (interrupted) await new Promise(() => {}); // the signal's cleanup ends the process
  if (stopped !== null) {
    throw new Error(`the server exited during the rush (${stopped}):\n${server.output()}`);
  }
  const rushMs = performance.now() - t0;
  const rushCpuMs = cpuMs(pid) - cpuBefore;
  const abortedRenders = server.abortedRenders() - abortedBefore;
  const overflowsAfter = listenOverflows();
  const overflows =
    overflowsBefore === undefined || overflowsAfter === undefined
      ? undefined
      : overflowsAfter - overflowsBefore;
  console.log(`The rush ended after ${(rushMs / 1000).toFixed(1)} s.`);

  // Every hold that was not paid at once must run out and be released (by a registration or the
  // minute job): those who never paid, and those whose payment did not go through, are looked at
  // through their own status (the late payers saw it before paying).
  const holders = members.filter((m) => m.answer?.status === "payment_pending");
  const unpaid = holders.filter((m) => m.fate === "never");
  const notPaidAtOnce = holders.filter((m) => !m.paid);
  await Promise.all(
    notPaidAtOnce
      .filter((m) => !m.released)
      .map(async (member) => {
        const seen = await waitForStatus(member, seminarId, "cancelled", HOLD_S + 150);
        member.released = seen?.status === "cancelled";
        if (!member.released) {
          errors.push({
            kind: "hold release",
            message: `an unpaid hold was not released (${seen?.status})`,
          });
        }
      }),
  );

  // The waitlist: who was offered the released seats, against the server's queue and what the
  // members saw.
  const list = await registrantList(seminarId, adminCookie);
  const byUser = new Map(members.map((m) => [m.id, m]));
  const queue = list.filter((row) => byUser.get(row.userId)?.answer?.status === "waitlisted");
  // Released: the holds whose registration the server has cancelled (none was cancelled by hand);
  // a late payer whose seat was still free has it confirmed again, and is not among them.
  const releasedIds = new Set(
    list.filter((row) => row.status === "cancelled").map((row) => row.userId),
  );
  const released = holders.filter((m) => releasedIds.has(m.id)).length;
  const seenReleased = notPaidAtOnce.filter((m) => m.released).length;
  const offered = queue.filter((row) => row.status === "payment_pending");
  // A released seat goes to the first in line; only when nobody waits (early in a slow rush) does
  // it go to the next to register. So: the offers are the head of the queue, and every seat is
  // accounted for (held at registration + offered − released = the seats).
  const offeredInOrder = queue
    .slice(0, offered.length)
    .every((row) => row.status === "payment_pending");
  const accounted = holders.length + offered.length - released;
  // The server's order against the members' view: no one whose registration was answered before
  // another's was sent may stand behind them.
  let latestSent = Number.NEGATIVE_INFINITY;
  let inversions = 0;
  for (const row of queue) {
    const member = byUser.get(row.userId);
    if (member.answeredAt < latestSent) inversions += 1;
    latestSent = Math.max(latestSent, member.sentAt);
  }
  const positions = offered.map((row) => byUser.get(row.userId).answer.waitlistPosition);
  // The place each was told when registering: those ahead in the queue then, less those of them
  // already offered a seat, so between (place in the queue − seats offered) and the place itself.
  const misplaced = queue.filter((row, i) => {
    const told = byUser.get(row.userId).answer.waitlistPosition;
    return !(told <= i + 1 && told >= i + 1 - offered.length);
  }).length;
  console.log(
    `Released ${released} holds; ${offered.length} seats offered from a waitlist of ${queue.length}${offeredInOrder ? ", to the first in line" : ", NOT to the first in line"}; ${inversions} order inversions.`,
  );

  // The members offered a seat pay (the mail says so), at once.
  const offeredMembers = offered.map((row) => byUser.get(row.userId));
  await Promise.all(
    offeredMembers.map(async (member) => {
      const mine = await send("GET", `/api/seminars/${seminarId}/registrations/me`, {
        cookie: member.cookie,
      });
      if (mine.status !== 200 || mine.data.status !== "payment_pending") {
        errors.push({
          kind: "offer",
          message: `an offered seat reads ${mine.status} ${mine.data?.status}`,
        });
        return;
      }
      member.paid = await pay(member, mine.data.paymentId, "paid", " (offered seat)");
    }),
  );
  await seats.stop();
  clearInterval(rssTimer);

  // The end state, as the office sees it.
  const end = await registrantList(seminarId, adminCookie);
  const count = (s) => end.filter((row) => row.status === s).length;
  const paymentsOf = async (s) => {
    const r = await send("GET", `/api/admin/payments?purpose=seminar&status=${s}`, {
      cookie: adminCookie,
    });
    return r.data.total;
  };
  const final = {
    confirmed: count("confirmed"),
    paymentPending: count("payment_pending"),
    waitlisted: count("waitlisted"),
    cancelled: count("cancelled"),
    paid: await paymentsOf("paid"),
    refunded: await paymentsOf("refunded"),
  };
  const lateHolders = holders.filter((m) => m.fate === "late");
  await cleanup();
  results.machine.loadAverageAtEnd = loadAverage();
  results.machine.busyProcessesAtEnd = await otherLoad();
  results.totalSeconds = Math.round((Date.now() - started) / 1000);

  // Seats over time: never more than the seats; while anyone waits, all of them at every reading.
  const readings = seats.readings.filter((r) => r.at >= 0);
  const fullAt = readings.find((r) => r.taken >= SEATS)?.at;
  // While anyone waits, a seat freed is filled in the same transaction, so such a reading must find
  // every seat taken. On PostgreSQL the reading counts who waits; the dashboard does not, so there a
  // reading counts as "someone waits" when more members had been answered "waitlisted" before it
  // started than seats were ever offered from the queue (nobody leaves it otherwise).
  const waitedAt = members
    .filter((x) => x.answer?.status === "waitlisted")
    .map((x) => x.answeredAt - t0)
    .sort((a, b) => a - b);
  let answeredBefore = 0;
  const whileWaiting = readings.filter((r) => {
    if (r.waitlisted !== undefined) return r.waitlisted > 0;
    while (answeredBefore < waitedAt.length && waitedAt[answeredBefore] < r.at) answeredBefore += 1;
    return answeredBefore > offered.length;
  });
  const maxTaken = Math.max(0, ...readings.map((r) => r.taken));
  const minWhileWaiting = whileWaiting.length
    ? Math.min(...whileWaiting.map((r) => r.taken))
    : undefined;
  let maxGap = 0;
  for (let i = 1; i < readings.length; i++) {
    maxGap = Math.max(maxGap, readings[i].at - readings[i - 1].at);
  }

  // Latencies by class.
  const kinds = [...new Set(samples.map((s) => s.kind))];
  const classes = kinds.map((k) => {
    const all = samples.filter((s) => s.kind === k);
    const burst = all.filter((s) => s.burst);
    return {
      kind: k,
      requests: all.length,
      errors: errors.filter((e) => e.kind === k).length,
      p50Ms: round(
        percentile(
          all.map((s) => s.ms),
          50,
        ),
      ),
      p99BurstMs: round(
        percentile(
          burst.map((s) => s.ms),
          99,
        ),
      ),
      p99Ms: round(
        percentile(
          all.map((s) => s.ms),
          99,
        ),
      ),
      maxMs: round(Math.max(...all.map((s) => s.ms))),
    };
  });
  const byKind = Object.fromEntries(classes.map((c) => [c.kind, c]));
  const registrations = samples.filter((s) => s.kind === "registration").length;
  const pageCache = {};
  for (const m of members)
    if (m.pageCache) pageCache[m.pageCache] = (pageCache[m.pageCache] ?? 0) + 1;

  Object.assign(results, {
    rushSeconds: Number((rushMs / 1000).toFixed(1)),
    registrations,
    holds: holders.length,
    fates: {
      paidAtOnce: holders.filter((m) => m.fate === "pay" && m.paid).length,
      late: lateHolders.length,
      lateRefunded: lateHolders.filter((m) => m.latePayment === "refunded").length,
      lateConfirmedAgain: lateHolders.filter((m) => m.latePayment === "paid").length,
      never: unpaid.length,
    },
    waitlist: {
      joined: queue.length,
      released,
      seenReleased,
      offered: offered.length,
      offeredInOrder,
      orderInversions: inversions,
      placesToldWrong: misplaced,
      positionsAtRegistration: positions.length
        ? `${Math.min(...positions)}–${Math.max(...positions)}`
        : "none",
      offeredPaid: offeredMembers.filter((m) => m.paid).length,
    },
    seatsTaken: {
      readings: readings.length,
      everyMs: SAMPLE_MS,
      longestGapMs: Math.round(maxGap),
      fullAfterMs: fullAt === undefined ? undefined : Math.round(fullAt),
      max: maxTaken,
      readingsWhileWaiting: whileWaiting.length,
      minWhileWaiting: minWhileWaiting,
      via: kind === "postgres" ? "the database (own connection)" : "the office dashboard",
    },
    ...(kind === "postgres" ? { connections: connectionFigures(readings, rushMs) } : {}),
    final,
    classes,
    errors: {
      total: errors.length,
      byKind: Object.fromEntries(
        [...new Set(errors.map((e) => e.kind))].map((k) => [
          k,
          errors.filter((e) => e.kind === k).length,
        ]),
      ),
      // What went wrong, without the addresses: "read ECONNRESET", "→ 409 …: expected 200" …
      causes: errors.reduce((all, e) => {
        const cause = e.message
          .replace(/^\S+ \S+:? /, "")
          .replaceAll(/pay-[\w-]+/g, "pay-…")
          .slice(0, 100);
        all[cause] = (all[cause] ?? 0) + 1;
        return all;
      }, {}),
      firstAtMs: errors.length ? round(Math.min(...errors.map((e) => e.at ?? 0))) : undefined,
      lastAtMs: errors.length ? round(Math.max(...errors.map((e) => e.at ?? 0))) : undefined,
      retriedConnections: retries,
      abortedRenders,
      listenOverflows: overflows,
      first: errors.slice(0, 10),
    },
    pageCache,
    server: {
      cpuMsDuringRush: rushCpuMs,
      cpuMsPerRegistration: Number((rushCpuMs / Math.max(1, registrations)).toFixed(1)),
      samplerCpuMsEach: Number(samplerCpuMs.toFixed(1)),
      samplerReadingsDuringRush: readings.filter((r) => r.at <= rushMs).length,
      rssAtStartBytes: startRss,
      peakRssBytes: peakRss,
    },
  });

  // Targets.
  const target = (name, wanted, actual, met) => results.targets.push({ name, wanted, actual, met });
  const page = byKind["seminar page"];
  const reg = byKind.registration;
  target(
    "seminar page p99, arrivals in the burst",
    `< ${TARGETS.pageP99Ms} ms`,
    `${page?.p99BurstMs} ms`,
    page?.p99BurstMs !== undefined && page.p99BurstMs < TARGETS.pageP99Ms,
  );
  target(
    "registration p99, arrivals in the burst",
    `< ${TARGETS.registrationP99Ms} ms`,
    `${reg?.p99BurstMs} ms`,
    reg?.p99BurstMs !== undefined && reg.p99BurstMs < TARGETS.registrationP99Ms,
  );
  target("registrations answered", `${MEMBERS}`, registrations, registrations === MEMBERS);
  target(
    "seats: held at registration + offered − released",
    `${SEATS}`,
    `${holders.length} + ${offered.length} − ${released} = ${accounted}`,
    accounted === SEATS,
  );
  target(
    "seats taken, at every reading",
    `≤ ${SEATS}; ${SEATS} while anyone waits`,
    `max ${maxTaken}; min ${minWhileWaiting ?? "–"} in ${whileWaiting.length} of ${readings.length} readings`,
    maxTaken <= SEATS && minWhileWaiting === SEATS,
  );
  target(
    "holds not paid at once, released when their time ran out",
    `${notPaidAtOnce.length}`,
    seenReleased,
    seenReleased === notPaidAtOnce.length,
  );
  target(
    "released seats offered to the first in line",
    "the head of the queue; no inversions; places told right",
    `${offered.length} offered${offeredInOrder ? ", the head" : ", NOT the head"}; ${inversions} inversions; ${misplaced} places wrong`,
    offeredInOrder && inversions === 0 && misplaced === 0,
  );
  const f = results.fates;
  target(
    "late payments: refunded (or confirmed again, a seat being free)",
    `${lateHolders.length}`,
    `${f.lateRefunded} + ${f.lateConfirmedAgain}`,
    f.lateRefunded + f.lateConfirmedAgain === lateHolders.length,
  );
  target(
    "end: confirmed and paid",
    `${SEATS} and ${SEATS}, none held`,
    `${final.confirmed} and ${final.paid}, ${final.paymentPending} held`,
    final.confirmed === SEATS && final.paid === SEATS && final.paymentPending === 0,
  );
  target("errors", "0", errors.length + abortedRenders, errors.length + abortedRenders === 0);

  // Report.
  const m = results.machine;
  console.log(
    `\nRegistration day ${results.date} · ${kind === "postgres" ? `PostgreSQL, ${PROCESSES} serving processes` : "PGlite"} · ${m.cpus} cores (${m.cpuModel}) · Node ${m.node}`,
  );
  console.log(
    `Load average at start ${m.loadAverageAtStart.join(" ")}, at end ${m.loadAverageAtEnd.join(" ")}`,
  );
  for (const [when, busy] of [
    ["start", m.busyProcessesAtStart],
    ["end", m.busyProcessesAtEnd],
  ]) {
    if (busy.length) {
      console.log(
        `Other busy processes at the ${when}: ${busy.map((b) => `${b.cpuPercent} % ${b.command.slice(0, 50)}`).join("; ")}`,
      );
    }
  }
  console.log(
    `\n${MEMBERS} members over ${RAMP_S} s (${Math.round(BURST_SHARE * 100)} % in the first ${BURST_S} s) for ${SEATS} seats; holds of ${HOLD_S} s; fill ${(filled.wallMs / 1000).toFixed(1)} s; the rush took ${results.rushSeconds} s\n`,
  );
  console.log(
    table(
      ["", "requests", "errors", "p50 ms", "p99 burst", "p99 ms", "max ms"],
      classes.map((c) => [c.kind, c.requests, c.errors, c.p50Ms, c.p99BurstMs, c.p99Ms, c.maxMs]),
    ),
  );
  console.log(
    "\n  p99 burst: requests of the members who arrived in the burst; payment, whole: from the checkout\n  page to the completion; the gateway's call includes the signed webhook that confirms the seat",
  );
  const st = results.seatsTaken;
  console.log(
    `\nSeats taken (${st.via}, every ${st.everyMs} ms, ${st.readings} readings, longest gap ${st.longestGapMs} ms): first full at ${st.fullAfterMs} ms, at most ${st.max}; while anyone waited (${st.readingsWhileWaiting} readings) never below ${st.minWhileWaiting}`,
  );
  const cf = results.connections;
  if (cf) {
    console.log(
      `PostgreSQL connections during the rush (${cf.readings} looks): some waited for a lock in ${cf.percentWithLockWaits} % (median ${cf.lockWaitsP50}, at most ${cf.lockWaitsMax}); one sat idle inside a transaction, waiting for its Node process, in ${cf.percentWithIdleInTransaction} %`,
    );
  }
  console.log(
    `Holds: ${holders.length} at registration; paid at once ${results.fates.paidAtOnce}, late ${lateHolders.length} (refunded ${results.fates.lateRefunded}, confirmed again ${results.fates.lateConfirmedAgain}), never ${unpaid.length}`,
  );
  const w = results.waitlist;
  console.log(
    `Waitlist: ${w.joined} joined; ${w.seenReleased} holds released, ${w.released} of them still cancelled → ${w.offered} offered (${w.offeredInOrder ? "the first in line" : "NOT the first in line"}; their places when registering: ${w.positionsAtRegistration}); ${w.orderInversions} inversions against what the members saw; ${w.offeredPaid} paid`,
  );
  console.log(
    `End: ${final.confirmed} confirmed, ${final.paymentPending} held, ${final.waitlisted} waitlisted, ${final.cancelled} cancelled; seminar payments ${final.paid} paid, ${final.refunded} refunded`,
  );
  const sv = results.server;
  console.log(
    `Server: ${(sv.cpuMsDuringRush / 1000).toFixed(1)} s of CPU during the rush = ${sv.cpuMsPerRegistration} ms per registration (the page, the call and the payment)${kind === "pglite" ? `, of which the seat sampler's ${sv.samplerReadingsDuringRush} dashboard readings ≈ ${Math.round(sv.samplerReadingsDuringRush * sv.samplerCpuMsEach)} ms` : "; PostgreSQL's own CPU is not in it"}; RSS ${mb(sv.rssAtStartBytes)} when started, ${mb(sv.peakRssBytes)} at the peak`,
  );
  console.log(
    `Seminar page answers by page cache: ${Object.entries(pageCache)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}`,
  );
  if (errors.length) {
    const e = results.errors;
    console.log(
      `\nErrors: ${errors.length} (${Object.entries(e.byKind)
        .map(([k, n]) => `${k} ${n}`)
        .join(", ")}), from ${e.firstAtMs} ms to ${e.lastAtMs} ms after the opening; by cause:`,
    );
    for (const [cause, n] of Object.entries(e.causes)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)) {
      console.log(`  ${n} × ${cause}`);
    }
  }
  if (retries)
    console.log(`Kept-alive connections closed under a request and sent again: ${retries}`);
  if (overflows) {
    console.log(
      `Connections dropped by a full accept queue during the rush (TcpExt ListenOverflows, whole machine): ${overflows}`,
    );
  }
  const missed = reportTargets(results, `rush-${kind}.json`);
  if (SAMPLES) {
    const every = path.join(root, "bench-results", `rush-${kind}-samples.json`);
    const rows = samples.map((x) => ({ ...x, at: Math.round(x.at), ms: Math.round(x.ms) }));
    fs.writeFileSync(every, `${JSON.stringify({ samples: rows, readings, errors })}\n`);
    console.log(`Every request, seat reading and error: ${path.relative(root, every)}`);
  }
  if (CHECK && missed.length > 0) process.exitCode = 1;
}

try {
  await main();
} catch (error) {
  console.error(`\nThe rush benchmark failed: ${error instanceof Error ? error.stack : error}`);
  process.exitCode = 2;
} finally {
  agent.destroy();
  samplerAgent.destroy();
  await cleanup();
  // Members still waiting on their timers when the benchmark failed would keep it alive.
  process.exit(process.exitCode ?? 0);
}
