// `npm run bench`: measures the production build on this machine and prints one table.
//
//   npm run bench                  build, start, measure, print, write bench-results/latest.json
//   npm run bench -- --no-build    measure the build/ that is already there
//   npm run bench -- --check       exit 1 when a target of docs/performance.md is missed
//
// Further options, for quick looks while working: --duration=SECONDS (load test per URL, default
// 10), --lighthouse-runs=N (default 3), --lighthouse-pages=/,/about, --no-load, --no-lighthouse.
//
//   DATABASE_URL=postgres://… npm run bench   also measures the server on PostgreSQL (a fresh
//                                            database, dropped at the end) with one serving
//                                            process and with one per core (WEB_CONCURRENCY)
//
// Everything runs on 127.0.0.1: the production server (fresh temporary DATA_DIR with demo
// content), a plain node:http server serving the same home-page bytes (the ceiling), autocannon
// and Lighthouse with Debian's Chromium. Everything started here is stopped at the end.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import autocannon from "autocannon";
import {
  cleanup,
  cleanups,
  cpuMs,
  createPostgresDatabase,
  deadline,
  freePort,
  gzipSize,
  kb,
  otherLoad,
  reportTargets,
  serverArgs,
  startChild,
  table,
  waitFor,
} from "./bench-support.js";
import { extraTool, LIGHTHOUSE as LIGHTHOUSE_TOOL } from "./extra-tools.js";

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
const BUILD = !flag("no-build");
const LOAD = !flag("no-load");
const LIGHTHOUSE = !flag("no-lighthouse");
const DURATION = option("duration", 10); // seconds of measured load per URL
// --only=TEXT: only the rows whose key holds TEXT (and the ceiling), to profile one page.
const ONLY = args.find((a) => a.startsWith("--only="))?.slice(7);
const WARMUP = 2; // seconds of unmeasured load before each measured run
// A fresh server process runs its code unoptimised until V8 has seen it often enough. With one
// process per core each sees only its share of the warm-up, and two fresh processes measured
// after 2 s used 10–50 % more CPU per request than one warm one (docs/performance-log.md, eleventh
// session): the second process looked like it gained little. Both PostgreSQL runs warm each URL
// this long, so each process has served a thousand or more requests before the measured ones.
const CLUSTER_WARMUP = 10;
const CONNECTIONS = 50;
const LH_RUNS = Math.round(option("lighthouse-runs", 3));
const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
];

// A visitor's pages come from the page cache (server-rendered once per content version); the last
// row sends a session cookie (a forged one, so it is a visitor's page), which bypasses the cache
// and renders the home page on every request as a member's page would be.
const LOAD_PATHS = [
  { key: "/", name: "home page (SSR, page cache)", path: "/" },
  { key: "/announcements", name: "announcement list (SSR, page cache)", path: "/announcements" },
  { key: "/api/announcements", name: "GET /api/announcements", path: "/api/announcements" },
  {
    key: "/ rendered",
    name: "home page rendered per request",
    path: "/",
    headers: { cookie: "sid=bench" },
  },
];
// Logged-in rows: each spreads its requests over SESSIONS different sessions (members' for the
// member pages, the administrator's for the dashboard). `announcement` is filled in at run time.
const SESSIONS = 200;
const MEMBER_PATHS = [
  { key: "/ member", name: "home page, logged-in member", path: "/", who: "member" },
  {
    key: "/announcements member",
    name: "announcement list, logged-in member",
    path: "/announcements",
    who: "member",
  },
  {
    key: "announcement member",
    name: "an announcement, logged-in member",
    path: "",
    who: "member",
  },
  { key: "/mypage member", name: "/mypage, logged-in member", path: "/mypage", who: "member" },
  { key: "seminar member", name: "a seminar's page, logged-in member", path: "", who: "member" },
  // The members of this row have registered for the seminar (confirmed or in line): their page
  // shows their registration, so it is rendered for each; the row above is filled in from the
  // template drawn for members without one (decision 031).
  {
    key: "seminar registered member",
    name: "a seminar's page, registered member",
    path: "",
    who: "member",
    registers: true,
  },
  {
    key: "/admin/dashboard admin",
    name: "admin dashboard, administrator",
    path: "/admin/dashboard",
    who: "admin",
  },
  {
    key: "/admin/members admin",
    name: "the roster, administrator",
    path: "/admin/members",
    who: "admin",
  },
  { key: "member record admin", name: "a member record, administrator", path: "", who: "admin" },
];
/** The pages rendered per request, each held to TARGETS.renderCpuMs of server CPU (issue 41). */
const RENDERED_ROWS = [
  "announcement member",
  "/mypage member",
  "seminar member",
  "seminar registered member",
  "/admin/dashboard admin",
  "/admin/members admin",
  "member record admin",
];
const BENCH_PASSWORD = "quiet-lantern-orchard-42";
const BENCH_ADMIN = { email: "admin@example.org", password: "bench-admin-password-9" };
const JS_PAGES = ["/", "/announcements", "/about", "/activities"];
const LH_PAGES = (
  args.find((a) => a.startsWith("--lighthouse-pages="))?.slice(19) ?? "/,/announcements,/about"
).split(",");
const LH_CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

/** The targets of docs/performance.md (1 KB = 1000 bytes, as DevTools and Lighthouse count). */
const TARGETS = {
  lighthousePerformance: 100,
  lighthouseBlockingMs: 50,
  lighthouseOther: 100,
  homeJsGzipBytes: 120_000,
  homeShareOfCeiling: 0.1,
  homeP99Ms: 100,
  memberRequestsPerSecond: 600,
  memberP99Ms: 100,
  memberCpuMsPerRequest: 2,
  memberBytesVsVisitor: 1.5,
  // One process per core on PostgreSQL against one. On two cores one process keeps 1.1–1.2 of
  // them busy and PostgreSQL and autocannon about 0.3, so two processes can have ≈ 1.45× its CPU,
  // less the 0–15 % more CPU per request a saturated machine costs: measured 1.23–1.56×
  // (docs/performance-log.md, eleventh session). More cores leave more to gain.
  clusterGain: 1.2,
  // Every page rendered per request (RENDERED_ROWS): its server CPU per request (issue 41).
  renderCpuMs: 3,
};

/** The session cookie ("sid=…") a login answer sets. */
function sessionCookieOf(response) {
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith("sid=") || c.startsWith("__Host-sid="));
  if (!cookie) throw new Error(`no session cookie in the login answer (${response.status})`);
  return cookie.split(";")[0];
}

async function logIn(base, account) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(account),
  });
  if (response.status !== 200) {
    throw new Error(
      `login of ${account.email} answered ${response.status}: ${await response.text()}`,
    );
  }
  return sessionCookieOf(response);
}

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/**
 * SESSIONS members signed up the way doctors do (a licence image, the sign-up call), approved in
 * bulk by the administrator, each logged in once; and SESSIONS sessions of the administrator.
 */
async function createSessions(base) {
  const admin = [];
  for (let i = 0; i < SESSIONS; i++) admin.push(await logIn(base, BENCH_ADMIN));
  const ids = [];
  const accounts = [];
  for (let i = 0; i < SESSIONS; i++) {
    const grant = await fetch(`${base}/api/objects/upload-public`, { method: "POST" });
    const { uploadURL, objectPath } = await grant.json();
    const put = await fetch(uploadURL, {
      method: "PUT",
      headers: { "content-type": "image/png" },
      body: PNG,
    });
    if (!put.ok) throw new Error(`licence upload answered ${put.status}`);
    const account = {
      email: `bench-member-${i}@example.kr`,
      password: BENCH_PASSWORD,
    };
    const registered = await fetch(`${base}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        ...account,
        name: `벤치회원${i}`,
        phone: "010-1234-5678",
        licenseNumber: `B${100000 + i}`,
        hospitalName: `벤치의원 ${i}`,
        department: "내과",
        address: "대구광역시 수성구 동대구로 1",
        licenseImageUrl: objectPath,
        termsConsent: true,
        privacyConsent: true,
      }),
    });
    if (registered.status !== 201) {
      throw new Error(`sign-up answered ${registered.status}: ${await registered.text()}`);
    }
    ids.push((await registered.json()).id);
    accounts.push(account);
  }
  for (let i = 0; i < ids.length; i += 100) {
    const approved = await fetch(`${base}/api/admin/members/approve`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: admin[0] },
      body: JSON.stringify({ ids: ids.slice(i, i + 100) }),
    });
    if (!approved.ok) throw new Error(`bulk approval answered ${approved.status}`);
  }
  const member = [];
  for (const account of accounts) member.push(await logIn(base, account));
  return { member, admin };
}

/** Registers each session's member for the seminar whose page is `pathname` (or puts them in line). */
async function registerAll(base, pathname, cookies) {
  const id = pathname.split("/").pop();
  for (const cookie of cookies) {
    const response = await fetch(`${base}/api/seminars/${id}/registrations`, {
      method: "POST",
      headers: { cookie },
    });
    if (response.status !== 201) {
      throw new Error(`registration answered ${response.status}: ${await response.text()}`);
    }
  }
}

/**
 * The rows whose path is found at run time: an announcement, the demo's next paid seminar (a
 * member's view of it shows their registration and fee), and the first member on the roster.
 */
async function renderedPaths(base, adminCookie, announcementPath) {
  const seminars = await (await fetch(`${base}/api/seminars`)).json();
  const upcoming = seminars.filter((s) => s.phase === "upcoming");
  const seminar = upcoming.find((s) => s.fees) ?? upcoming[0];
  const roster = await fetch(`${base}/api/admin/members?pageSize=1`, {
    headers: { cookie: adminCookie },
  });
  if (!seminar || !roster.ok) throw new Error("the demo content has no upcoming seminar or member");
  // A free seminar taking registrations on the site from every member, open now.
  const free = upcoming.find(
    (s) =>
      !s.fees &&
      !s.registrationUrl &&
      s.status === "open" &&
      s.audience !== "regular" &&
      (!s.registrationOpensAt || new Date(s.registrationOpensAt) <= new Date()),
  );
  if (!free) throw new Error("the demo content has no free seminar open for registration");
  const [member] = (await roster.json()).items;
  return {
    "announcement member": announcementPath,
    "seminar member": `/activities/${seminar.id}`,
    "seminar registered member": `/activities/${free.id}`,
    "member record admin": `/admin/members/${member.id}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Fetching

async function getBytes(url) {
  // identity: the bytes as the app renders them, before the compression middleware.
  const response = await fetch(url, { headers: { "accept-encoding": "identity" } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

// ---------------------------------------------------------------------------------------------
// Measurements

/** One GET with node:http: the status, headers and the body's bytes as they came over the wire. */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on("error", reject);
  });
}

/**
 * Load on one URL, after `warmupSeconds` of the same load unmeasured. With `cookies`, each
 * request carries the next of them in turn, so a logged-in row spreads its requests over many
 * members' sessions as real traffic does.
 */
async function loadTest(url, pid, headers = {}, cookies = [], warmupSeconds = WARMUP) {
  let next = 0;
  const options = {
    url,
    connections: CONNECTIONS,
    headers: { "accept-encoding": "gzip", accept: "text/html,application/json", ...headers },
    ...(cookies.length > 0
      ? {
          requests: [
            {
              setupRequest: (request) => {
                request.headers = { ...request.headers, cookie: cookies[next++ % cookies.length] };
                return request;
              },
            },
          ],
        }
      : {}),
  };
  const probe = await rawGet(url, {
    ...options.headers,
    ...(cookies[0] ? { cookie: cookies[0] } : {}),
  });
  // Every session visits once before the warm-up: a member's first visit renders their page,
  // later ones are served from the store, and the measured run should show the steady state
  // (the cost of a first visit is the "rendered per request" row).
  for (const cookie of cookies.slice(1)) await rawGet(url, { ...options.headers, cookie });
  await autocannon({ ...options, duration: warmupSeconds });
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({ ...options, duration: DURATION });
  const cpuAfter = cpuMs(pid);
  const cpu = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
  return {
    url,
    pageCache: probe.headers["x-page-cache"] ?? "not used",
    status: probe.status,
    // As sent (fetch would hand back the decompressed bytes).
    gzipBytes: probe.body.length,
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
    non2xx: result.non2xx,
    // The server's own CPU time per answered request: less noisy than requests/s on a busy machine.
    serverCpuMsPerRequest:
      cpu === undefined || result.requests.total === 0
        ? undefined
        : Number((cpu / result.requests.total).toFixed(3)),
    // How many cores the server kept busy: one process stays near one (its main thread) plus
    // what garbage collection and compression take on other threads.
    serverCores: cpu === undefined ? undefined : Number((cpu / (DURATION * 1000)).toFixed(2)),
  };
}

/**
 * JavaScript URLs a page's HTML loads: module preloads and script sources, the imports of an
 * inline module, and the list of React Router's start script (patched: it starts the JavaScript
 * after the first paint, and preloads the modules of this list then).
 */
function scriptUrlsInHtml(html, base) {
  const urls = new Set();
  for (const m of html.matchAll(/<link\b[^>]*>/g)) {
    if (!/\brel=["']?modulepreload/.test(m[0])) continue;
    const href = m[0].match(/\bhref=["']([^"']+)["']/);
    if (href) urls.add(new URL(href[1], base).href);
  }
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const src = m[1].match(/\bsrc=["']([^"']+)["']/);
    if (src) urls.add(new URL(src[1], base).href);
    // Inline module: `import * as route0 from "/assets/…"` and `import("/assets/entry…")`.
    for (const i of m[2].matchAll(
      /\bimport\s*(?:[^"'();]*?\bfrom\s*)?\(?\s*["']([^"']+\.m?js)["']/g,
    )) {
      urls.add(new URL(i[1], base).href);
    }
    // The start script's arguments: the modules it preloads, and the module it adds then, whose
    // imports are the route modules and the entry.
    const [preloads, , , code] = startScriptArguments(m[2]);
    for (const href of preloads ?? []) urls.add(new URL(href, base).href);
    for (const i of (code ?? "").matchAll(
      /\bimport\s*(?:[^"'();]*?\bfrom\s*)?\(?\s*["']([^"']+\.m?js)["']/g,
    )) {
      urls.add(new URL(i[1], base).href);
    }
  }
  return urls;
}

/**
 * The arguments of React Router's start script (patched, decision 012): preloads, integrity,
 * crossOrigin and the module's code; [] for any other script.
 */
function startScriptArguments(body) {
  if (!body.startsWith("(function startJavaScript")) return [];
  const call = body.indexOf("})(");
  return call < 0 ? [] : JSON.parse(`[${body.slice(call + 3, body.lastIndexOf(")"))}]`);
}

/** Static imports inside a built chunk (`import"./x.js"`, `from"./x.js"`; not `import()`). */
function staticImports(code, base) {
  const urls = [];
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.m?js)["']/g)) {
    urls.push(new URL(m[1], base).href);
  }
  return urls;
}

async function pageJavaScript(base, pagePath) {
  const html = (await getBytes(new URL(pagePath, base))).toString("utf8");
  const queue = [...scriptUrlsInHtml(html, new URL(pagePath, base))];
  const seen = new Set(queue);
  const files = [];
  while (queue.length > 0 && seen.size < 500) {
    const url = /** @type {string} */ (queue.shift());
    if (new URL(url).origin !== new URL(base).origin) continue;
    const bytes = await getBytes(url);
    files.push({ file: new URL(url).pathname, bytes: bytes.length, gzipBytes: gzipSize(bytes) });
    for (const next of staticImports(bytes.toString("utf8"), url)) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    page: pagePath,
    files: files.length,
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
    fileList: files,
  };
}

/** Lighthouse, fetched into .bench-tools/ the first time (it is not a dependency: 225 MB). */
const fromLighthouse = LIGHTHOUSE
  ? createRequire(
      path.join(
        extraTool(LIGHTHOUSE_TOOL.folder, LIGHTHOUSE_TOOL.name, LIGHTHOUSE_TOOL.range),
        "x.js",
      ),
    )
  : undefined;

async function launchChrome() {
  // chrome-launcher comes with lighthouse; resolve it from there rather than naming it ourselves.
  const chromeLauncher = await import(
    pathToFileURL(fromLighthouse.resolve("chrome-launcher")).href
  );
  process.env.CHROME_PATH = CHROME_PATH;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: "silent",
    handleSIGINT: false,
  });
  cleanups.push(async () => chrome.kill());
  return chrome;
}

/** What an audit's details point at: elements, URLs or text, in a line each. */
function auditItems(details) {
  const out = [];
  const visit = (item) => {
    if (!item || typeof item !== "object" || out.length >= 4) return;
    if (item.type === "table" || item.type === "list" || item.type === "opportunity") {
      for (const child of item.items ?? []) visit(child);
      return;
    }
    const node = item.node ?? item.element;
    const text = node?.snippet
      ? `${node.snippet} ${node.nodeLabel ? `(${node.nodeLabel.replaceAll("\n", " ")})` : ""}`
      : (item.url ?? item.source?.url ?? item.text ?? item.href);
    if (typeof text === "string" && text) out.push(text.replace(/http:\/\/127\.0\.0\.1:\d+/g, ""));
  };
  visit(details);
  return out;
}

/** Audits that cost a category points, with enough detail to find the cause. */
function failingAudits(lhr, categoryId) {
  const failing = [];
  for (const ref of lhr.categories[categoryId].auditRefs) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || ref.weight === 0) continue;
    if (audit.score >= (categoryId === "performance" ? 0.9 : 1)) continue;
    failing.push({
      id: ref.id,
      score: audit.score,
      displayValue: audit.displayValue,
      items: auditItems(audit.details),
    });
  }
  if (categoryId === "performance" && failing.length > 0) {
    // Metrics alone do not say why: add the LCP element and what blocked the first paint.
    for (const id of [
      "largest-contentful-paint-element",
      "render-blocking-insight",
      "lcp-breakdown-insight",
      "server-response-time",
      "total-byte-weight",
    ]) {
      const audit = lhr.audits[id];
      if (audit) {
        failing.push({
          id,
          score: audit.score,
          displayValue: audit.displayValue,
          items: auditItems(audit.details).slice(0, 2),
        });
      }
    }
  }
  return failing;
}

async function lighthousePage(port, url) {
  const runs = [];
  let failures = 0;
  // A run that fails to record (NO_NAVSTART and the like happen on a busy machine) is repeated,
  // at most twice per page.
  while (runs.length < LH_RUNS) {
    const { default: lighthouse } = await import(
      pathToFileURL(fromLighthouse.resolve("lighthouse")).href
    );
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: LH_CATEGORIES,
    });
    const error = result ? result.lhr.runtimeError?.message : "no result";
    if (!result || error) {
      failures += 1;
      console.log(`  ${new URL(url).pathname}: a Lighthouse run failed (${error}), repeating it`);
      if (failures > 2) throw new Error(`Lighthouse failed on ${url}: ${error}`);
      continue;
    }
    runs.push(result.lhr);
  }
  const perf = (lhr) => lhr.categories.performance.score ?? 0;
  const sorted = [...runs].sort((a, b) => perf(a) - perf(b));
  const median = /** @type {any} */ (sorted[Math.floor(sorted.length / 2)]);
  const score = (id) => Math.round((median.categories[id].score ?? 0) * 100);
  const metric = (id) => median.audits[id]?.numericValue;
  return {
    url: new URL(url).pathname,
    runs: runs.length,
    performanceScores: runs.map((lhr) => Math.round(perf(lhr) * 100)),
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    metricsMs: {
      firstContentfulPaint: Math.round(metric("first-contentful-paint")),
      largestContentfulPaint: Math.round(metric("largest-contentful-paint")),
      totalBlockingTime: Math.round(metric("total-blocking-time")),
      speedIndex: Math.round(metric("speed-index")),
    },
    cumulativeLayoutShift: Number((metric("cumulative-layout-shift") ?? 0).toFixed(3)),
    failing: Object.fromEntries(
      LH_CATEGORIES.map((id) => [id, failingAudits(median, id)]).filter(([, f]) => f.length > 0),
    ),
    lhr: median,
  };
}

// ---------------------------------------------------------------------------------------------
// Output

function chromiumVersion() {
  try {
    return execFileSync(CHROME_PATH, ["--version"], { encoding: "utf8", stdio: "pipe" }).trim();
  } catch {
    return "unknown";
  }
}

// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// PostgreSQL: one serving process against one per core (decision 007)

const POSTGRES_URL = process.env.DATABASE_URL || undefined;
/** Pages rendered on every request, where a second core can help: the member's page cache
 * serves the home page and the list at well under a millisecond of CPU either way. */
const CLUSTER_PATHS = [
  { key: "announcement member", name: "an announcement, logged-in member", who: "member" },
  { key: "/mypage member", name: "/mypage, logged-in member", path: "/mypage", who: "member" },
  {
    key: "/admin/dashboard admin",
    name: "admin dashboard, administrator",
    path: "/admin/dashboard",
    who: "admin",
  },
];

/**
 * The same rows on PostgreSQL twice, on one database: the server with WEB_CONCURRENCY=1, then
 * with one process per core. Sessions live in the database, so the second server takes the
 * first one's cookies.
 */
async function measureCluster() {
  const database = await createPostgresDatabase(/** @type {string} */ (POSTGRES_URL));
  const perCore = os.cpus().length;
  /** @type {Record<string, any>} */
  const runs = {};
  let sessions;
  let announcementPath = "";
  for (const processes of [1, perCore]) {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    console.log(`PostgreSQL (${database.name}), ${processes} serving process(es) on ${base}…`);
    const server = startChild(
      `the server on PostgreSQL (${processes})`,
      process.execPath,
      serverArgs(),
      {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: "production",
          HOST: "127.0.0.1",
          PORT: String(port),
          PUBLIC_URL: base,
          DATABASE_URL: database.url,
          WEB_CONCURRENCY: String(processes),
          SEED_DEMO: "1",
          LOG_LEVEL: "warn",
          ADMIN_MFA_REQUIRED: "0",
          AUTH_MAX_REQUESTS_PER_IP: "1000000",
          LOGIN_MAX_FAILURES_PER_ACCOUNT: "1000000",
          SIGNUP_UPLOADS_PER_IP_PER_HOUR: "1000000",
          DEMO_ADMIN_PASSWORD: BENCH_ADMIN.password,
        },
      },
    );
    await waitFor(`${base}/healthz`, 120, server);
    if (!sessions) {
      // Demo content is only seeded into a new embedded database: here the administrator comes
      // from admin:create and the announcement from the API, as an operator's would.
      const created = startChild(
        "npm run admin:create",
        path.join(root, "node_modules/.bin/tsx"),
        [
          "scripts/admin-create.ts",
          "--email",
          BENCH_ADMIN.email,
          "--password",
          BENCH_ADMIN.password,
          "--name",
          "관리자",
        ],
        { cwd: root, env: { ...process.env, DATABASE_URL: database.url } },
      );
      if ((await created.exited) !== 0)
        throw new Error(`admin:create failed:\n${created.output()}`);
      sessions = await createSessions(base);
      const posted = await fetch(`${base}/api/announcements`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: sessions.admin[0] },
        body: JSON.stringify({
          title: "추계 학술대회 사전등록 안내",
          content: `<p>${"회원 여러분께 학술대회 일정과 등록 방법을 알려드립니다. ".repeat(30)}</p>`,
          category: "학술",
          imageUrl: "",
          linkUrl: "",
        }),
      });
      if (posted.status !== 201) throw new Error(`the announcement answered ${posted.status}`);
      announcementPath = `/announcements/${(await posted.json()).id}`;
    }
    runs[processes] = {};
    for (const target of CLUSTER_PATHS) {
      runs[processes][target.key] = {
        name: target.name,
        ...(await loadTest(
          `${base}${target.path ?? announcementPath}`,
          server.child.pid,
          {},
          sessions[target.who],
          CLUSTER_WARMUP,
        )),
      };
    }
    await server.stop();
  }
  return { processes: perCore, runs };
}

async function main() {
  const started = Date.now();
  const results = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      chromium: chromiumVersion(),
      loadAverageAtStart: os.loadavg().map((n) => Number(n.toFixed(2))),
      busyProcessesAtStart: await otherLoad(),
    },
    settings: { connections: CONNECTIONS, durationSeconds: DURATION, lighthouseRuns: LH_RUNS },
    load: /** @type {Record<string, any>} */ ({}),
    javascript: /** @type {any[]} */ ([]),
    lighthouse: /** @type {any[]} */ ([]),
    targets: /** @type {any[]} */ ([]),
  };

  if (BUILD) {
    console.log("Building the production bundle…");
    const t = Date.now();
    const build = startChild(
      "react-router build",
      process.execPath,
      [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"],
      { cwd: root, env: { ...process.env, NODE_ENV: "production" } },
    );
    const code = await Promise.race([build.exited, deadline(300_000)]);
    if (code !== 0) throw new Error(`The build failed (${code}):\n${build.output()}`);
    console.log(`  built in ${((Date.now() - t) / 1000).toFixed(0)} s`);
  }
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
    throw new Error("build/server/index.js is missing: run without --no-build");
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "society-bench-"));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(`Starting the production server on ${base} (fresh DATA_DIR with demo content)…`);
  const server = startChild("the production server", process.execPath, serverArgs(), {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: path.join(dataDir, "data"),
      DATABASE_URL: "",
      SEED_DEMO: "1",
      LOG_LEVEL: "warn",
      // Benchmarks log in as administrators with the password alone.
      ADMIN_MFA_REQUIRED: "0",
      AUTH_MAX_REQUESTS_PER_IP: "1000000",
      LOGIN_MAX_FAILURES_PER_ACCOUNT: "1000000",
      SIGNUP_UPLOADS_PER_IP_PER_HOUR: "1000000",
      DEMO_ADMIN_PASSWORD: BENCH_ADMIN.password,
    },
  });
  await waitFor(`${base}/healthz`, 120, server);

  if (LOAD) {
    const homeBytes = await getBytes(`${base}/`);
    const gzFile = path.join(dataDir, "home.html.gz");
    fs.writeFileSync(gzFile, zlib.gzipSync(homeBytes));
    const ceilingPort = await freePort();
    const ceiling = startChild(
      "the node:http ceiling server",
      process.execPath,
      ["--input-type=module", "-e", CEILING_SERVER],
      { env: { ...process.env, CEILING_FILE: gzFile, CEILING_PORT: String(ceilingPort) } },
    );
    await waitFor(`http://127.0.0.1:${ceilingPort}/`, 30, ceiling);

    console.log(
      `Load: ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per URL (autocannon)…`,
    );
    results.load.ceiling = {
      name: "node:http, same home-page bytes (ceiling)",
      ...(await loadTest(`http://127.0.0.1:${ceilingPort}/`, ceiling.child.pid)),
      htmlBytes: homeBytes.length,
      gzipBytes: fs.statSync(gzFile).size,
    };
    await ceiling.stop();
    for (const target of LOAD_PATHS) {
      if (ONLY && !target.key.includes(ONLY)) continue;
      results.load[target.key] = {
        name: target.name,
        ...(await loadTest(`${base}${target.path}`, server.child.pid, target.headers)),
      };
    }

    console.log(`Logged-in rows: signing up and logging in ${SESSIONS} members…`);
    const sessions = await createSessions(base);
    const [first] = await (await fetch(`${base}/api/announcements`)).json();
    const pathOf = await renderedPaths(base, sessions.admin[0], `/announcements/${first.id}`);
    for (const target of MEMBER_PATHS) {
      if (ONLY && !target.key.includes(ONLY)) continue;
      const pathname = pathOf[target.key] ?? target.path;
      if (target.registers) await registerAll(base, pathname, sessions[target.who]);
      results.load[target.key] = {
        name: target.name,
        ...(await loadTest(`${base}${pathname}`, server.child.pid, {}, sessions[target.who])),
      };
    }
  }

  if (LOAD && POSTGRES_URL) results.cluster = await measureCluster();

  console.log("JavaScript per public page (gzip)…");
  for (const page of JS_PAGES) results.javascript.push(await pageJavaScript(base, page));

  if (LIGHTHOUSE) {
    console.log(`Lighthouse: mobile, ${LH_RUNS} runs per page, median by performance score…`);
    const chrome = await launchChrome();
    fs.mkdirSync(path.join(root, "bench-results"), { recursive: true });
    for (const page of LH_PAGES) {
      const { lhr, ...summary } = await lighthousePage(chrome.port, `${base}${page}`);
      const name = page === "/" ? "home" : page.slice(1).replaceAll("/", "-");
      fs.writeFileSync(
        path.join(root, "bench-results", `lighthouse-${name}.json`),
        JSON.stringify(lhr),
      );
      results.lighthouse.push(summary);
      console.log(`  ${page}: performance ${summary.performanceScores.join(", ")}`);
    }
  }

  await cleanup();
  results.machine.loadAverageAtEnd = os.loadavg().map((n) => Number(n.toFixed(2)));
  results.machine.busyProcessesAtEnd = await otherLoad();
  results.totalSeconds = Math.round((Date.now() - started) / 1000);

  // Targets.
  const target = (name, wanted, actual, met) => results.targets.push({ name, wanted, actual, met });
  for (const page of results.lighthouse) {
    target(
      `Lighthouse performance ${page.url}`,
      `>= ${TARGETS.lighthousePerformance}`,
      page.performance,
      page.performance >= TARGETS.lighthousePerformance,
    );
    target(
      `Lighthouse total blocking time ${page.url}`,
      `< ${TARGETS.lighthouseBlockingMs} ms`,
      `${page.metricsMs.totalBlockingTime} ms`,
      page.metricsMs.totalBlockingTime < TARGETS.lighthouseBlockingMs,
    );
    for (const [key, label] of [
      ["accessibility", "accessibility"],
      ["bestPractices", "best practices"],
      ["seo", "SEO"],
    ]) {
      target(
        `Lighthouse ${label} ${page.url}`,
        `= ${TARGETS.lighthouseOther}`,
        page[key],
        page[key] >= TARGETS.lighthouseOther,
      );
    }
  }
  const homeJs = results.javascript.find((p) => p.page === "/");
  if (homeJs) {
    target(
      "home page JavaScript (gzip)",
      `<= ${kb(TARGETS.homeJsGzipBytes)}`,
      kb(homeJs.gzipBytes),
      homeJs.gzipBytes <= TARGETS.homeJsGzipBytes,
    );
  }
  const home = results.load["/"];
  const ceilingRps = results.load.ceiling?.requestsPerSecond;
  if (home && ceilingRps) {
    const share = home.requestsPerSecond / ceilingRps;
    target(
      "home page requests/s vs ceiling",
      `>= ${TARGETS.homeShareOfCeiling * 100}%`,
      `${(share * 100).toFixed(1)}%`,
      share >= TARGETS.homeShareOfCeiling,
    );
    target(
      "home page p99 latency",
      `< ${TARGETS.homeP99Ms} ms`,
      `${home.latencyP99Ms} ms`,
      home.latencyP99Ms < TARGETS.homeP99Ms,
    );
    target("home page errors", "0", home.errors, home.errors === 0);
  }
  for (const [key, visitorKey, label] of [
    ["/ member", "/", "member home page"],
    ["/announcements member", "/announcements", "member announcement list"],
  ]) {
    const row = results.load[key];
    if (!row) continue;
    target(
      `${label} requests/s (${SESSIONS} sessions)`,
      `>= ${TARGETS.memberRequestsPerSecond}`,
      row.requestsPerSecond,
      row.requestsPerSecond >= TARGETS.memberRequestsPerSecond,
    );
    target(
      `${label} p99 latency`,
      `< ${TARGETS.memberP99Ms} ms`,
      `${row.latencyP99Ms} ms`,
      row.latencyP99Ms < TARGETS.memberP99Ms,
    );
    target(
      `${label} server CPU per request`,
      `<= ${TARGETS.memberCpuMsPerRequest} ms`,
      `${row.serverCpuMsPerRequest} ms`,
      row.serverCpuMsPerRequest !== undefined &&
        row.serverCpuMsPerRequest <= TARGETS.memberCpuMsPerRequest,
    );
    const visitor = results.load[visitorKey];
    if (visitor) {
      const ratio = row.gzipBytes / visitor.gzipBytes;
      target(
        `${label} bytes vs visitor's (gzip)`,
        `<= ${TARGETS.memberBytesVsVisitor}×`,
        `${ratio.toFixed(2)}× (${row.gzipBytes} / ${visitor.gzipBytes})`,
        ratio <= TARGETS.memberBytesVsVisitor,
      );
    }
    target(`${label} errors`, "0", row.errors, row.errors === 0);
  }
  for (const key of RENDERED_ROWS) {
    const row = results.load[key];
    if (!row) continue;
    target(
      `${row.name}: server CPU per request (rendered)`,
      `<= ${TARGETS.renderCpuMs} ms`,
      `${row.serverCpuMsPerRequest} ms`,
      row.serverCpuMsPerRequest !== undefined && row.serverCpuMsPerRequest <= TARGETS.renderCpuMs,
    );
    target(`${row.name}: errors`, "0", row.errors, row.errors === 0);
  }

  if (results.cluster && results.cluster.processes > 1) {
    const { processes, runs } = results.cluster;
    for (const row of CLUSTER_PATHS) {
      const one = runs[1][row.key];
      const many = runs[processes][row.key];
      // No answers from one process (a run cut short on a busy machine) shows no gain.
      const gain = one.requestsPerSecond > 0 ? many.requestsPerSecond / one.requestsPerSecond : 0;
      target(
        `PostgreSQL, ${processes} processes vs 1: ${row.name}`,
        `>= ${TARGETS.clusterGain}×`,
        `${gain.toFixed(2)}× (${one.requestsPerSecond} → ${many.requestsPerSecond} req/s)`,
        gain >= TARGETS.clusterGain && one.errors === 0 && many.errors === 0,
      );
    }
  }

  // Report.
  console.log(
    `\nBenchmark ${results.date} · ${results.machine.cpus} cores (${results.machine.cpuModel}) · Node ${process.version} · ${results.machine.chromium}`,
  );
  console.log(
    `Load average at start ${results.machine.loadAverageAtStart.join(" ")}, at end ${results.machine.loadAverageAtEnd.join(" ")}`,
  );
  for (const [when, list] of [
    ["start", results.machine.busyProcessesAtStart],
    ["end", results.machine.busyProcessesAtEnd],
  ]) {
    const shown = list.map((p) => `${p.cpuPercent}% ${p.command}`).join("\n    ");
    console.log(`Other processes busy at the ${when}: ${shown ? `\n    ${shown}` : "none"}`);
  }
  if (LOAD) {
    console.log(
      `\nThroughput: ${CONNECTIONS} connections, ${DURATION} s each, Accept-Encoding: gzip\n`,
    );
    console.log(
      table(
        ["", "req/s", "p50 ms", "p99 ms", "errors", "vs ceiling", "server CPU ms/req"],
        ["ceiling", ...LOAD_PATHS.map((p) => p.key), ...MEMBER_PATHS.map((p) => p.key)]
          // --only leaves rows out.
          .filter((key) => results.load[key])
          .map((key) => {
            const r = results.load[key];
            return [
              r.name,
              r.requestsPerSecond,
              r.latencyP50Ms,
              r.latencyP99Ms,
              r.errors,
              `${((r.requestsPerSecond / ceilingRps) * 100).toFixed(1)}%`,
              r.serverCpuMsPerRequest,
            ];
          }),
      ),
    );
  }
  if (results.cluster) {
    const { processes, runs } = results.cluster;
    console.log(
      `\nPostgreSQL: 1 serving process, then ${processes} (WEB_CONCURRENCY), ${CLUSTER_WARMUP} s warm-up per URL\n`,
    );
    console.log(
      table(
        [
          "",
          "processes",
          "req/s",
          "p50 ms",
          "p99 ms",
          "errors",
          "server CPU ms/req",
          "server cores busy",
        ],
        CLUSTER_PATHS.flatMap((p) =>
          [1, processes].map((n) => {
            const r = runs[n][p.key];
            return [
              r.name,
              n,
              r.requestsPerSecond,
              r.latencyP50Ms,
              r.latencyP99Ms,
              r.errors,
              r.serverCpuMsPerRequest,
              r.serverCores,
            ];
          }),
        ),
      ),
    );
  }
  console.log("\nJavaScript each page loads (gzip level 6, as served)\n");
  console.log(
    table(
      ["page", "files", "raw", "gzip", "largest files (gzip)"],
      results.javascript.map((p) => [
        p.page,
        p.files,
        kb(p.bytes),
        kb(p.gzipBytes),
        p.fileList
          .slice(0, 3)
          .map((f) => `${path.basename(f.file)} ${kb(f.gzipBytes)}`)
          .join(", "),
      ]),
    ),
  );
  if (LIGHTHOUSE) {
    console.log(`\nLighthouse (mobile, median of ${LH_RUNS} by performance)\n`);
    console.log(
      table(
        [
          "page",
          "perf",
          "a11y",
          "best pr.",
          "SEO",
          "FCP ms",
          "LCP ms",
          "TBT ms",
          "CLS",
          "perf runs",
        ],
        results.lighthouse.map((p) => [
          p.url,
          p.performance,
          p.accessibility,
          p.bestPractices,
          p.seo,
          p.metricsMs.firstContentfulPaint,
          p.metricsMs.largestContentfulPaint,
          p.metricsMs.totalBlockingTime,
          p.cumulativeLayoutShift,
          p.performanceScores.join("/"),
        ]),
      ),
    );
    for (const page of results.lighthouse) {
      for (const [category, audits] of Object.entries(page.failing)) {
        for (const a of audits) {
          console.log(
            `  ${page.url} ${category}: ${a.id} (${a.score})${a.displayValue ? ` ${a.displayValue}` : ""}${a.items.length ? `\n      ${a.items.join("\n      ")}` : ""}`,
          );
        }
      }
    }
  }
  const missed = reportTargets(results, "latest.json");
  if (CHECK && missed.length > 0) process.exitCode = 1;
}

// The ceiling: the least work a Node.js server can do to answer with the home page's bytes.
const CEILING_SERVER = `
import fs from "node:fs";
import http from "node:http";
const body = fs.readFileSync(process.env.CEILING_FILE);
const server = http.createServer((req, res) => {
  res.writeHead(200, {
    "content-type": "text/html; charset=utf-8",
    "content-encoding": "gzip",
    "content-length": body.length,
    vary: "Accept-Encoding",
  });
  res.end(body);
});
server.listen(Number(process.env.CEILING_PORT), "127.0.0.1");
process.on("SIGTERM", () => { server.close(() => process.exit(0)); server.closeAllConnections(); });
`;

try {
  await main();
} catch (error) {
  console.error(`\nThe benchmark failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 2;
} finally {
  await cleanup();
}
