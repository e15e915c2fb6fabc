// The Express application: security headers, logging, compression, static files, the health check
// and the React Router request handler. Bundled with the app by Vite (see vite.config.ts) so the
// server and the routes share one database client.
import crypto from "node:crypto";
import fs from "node:fs";
import type http from "node:http";
import { STATUS_CODES } from "node:http";
import path from "node:path";
import type { Duplex } from "node:stream";
import zlib from "node:zlib";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import { sql } from "drizzle-orm";
import express from "express";
import helmet from "helmet";
import onHeaders from "on-headers";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import { connect, disconnect } from "~/db.server";
import { env } from "~/env.server";
import { createAdministrator } from "~/features/accounts/accounts.server";
import { carriesSessionCookie } from "~/features/accounts/session.server";
import { seedDemoContent } from "~/features/demo/demo-content.server";
import { seedDemoSociety } from "~/features/demo/demo-society.server";
import { startDuesReminders, stopDuesReminders } from "~/features/dues/reminders.server";
import { paymentsMode, providerSettings } from "~/features/gateway/portone.server";
import { startMailWorker, stopMailWorker } from "~/features/mail/mail.server";
import { startMessageWorker, stopMessageWorker } from "~/features/messages/messages.server";
import { startSeminarReminders, stopSeminarReminders } from "~/features/seminars/reminders.server";
import { societyConfig } from "~/features/society/config.server";
import { startUploadSweep, stopUploadSweep } from "~/features/uploads/sweep.server";
import { startPaymentsJob, stopPaymentsJob } from "~/jobs/payments.server";
import { startRetentionJob, stopRetentionJob } from "~/jobs/retention.server";
import { startVotesJob, stopVotesJob } from "~/jobs/votes.server";
import { carriesFlash } from "~/lib/flash.server";
// Also sets umask 077 on import, for processes that start the app without server.js (the tests).
import { tightenDataDir } from "~/lib/private-files.server";
import { requestContext } from "~/lib/request-context.server";
import { errorWithoutValues, logger } from "~/logger.server";
import { chooseEncoding } from "./encoding";
import { pageCache } from "./page-cache";
import { seminarPageTemplates } from "./seminar-page-templates";

export { logger };

const production = env.NODE_ENV === "production";
const DEMO_ADMIN_EMAIL = "admin@example.org";
const secure = env.PUBLIC_URL.startsWith("https://");

/** An install made before umask 077 (or copied in) gets its modes corrected, said in one line. */
function tightenFileModes() {
  const corrected = tightenDataDir(env.DATA_DIR);
  if (corrected.directories + corrected.files + corrected.failed.length === 0) return;
  logger.warn(
    { dataDir: env.DATA_DIR, ...corrected, failed: corrected.failed.slice(0, 10) },
    `Corrected file modes under DATA_DIR: ${corrected.directories} directories to 0700, ${corrected.files} files to 0600` +
      (corrected.failed.length ? ` (${corrected.failed.length} could not be changed)` : ""),
  );
}

/**
 * Behind a proxy that terminates TLS, requests reach the app as http: without TRUST_PROXY the app
 * cannot tell, and page forms sent from https://… look cross-site and are refused.
 */
function warnAboutProxySettings() {
  if (secure && !env.TRUST_PROXY) {
    logger.warn(
      "PUBLIC_URL is https but TRUST_PROXY is unset: behind a TLS-terminating proxy every page form will be refused as cross-site; set TRUST_PROXY (docs/operations.md)",
    );
  }
  // Pages still work at any address without it, but what leaves the site (mail, share previews,
  // the sitemap, a certificate's 진위 확인 address) can only name the configured one.
  if (env.NODE_ENV === "production" && !env.PUBLIC_URL_CONFIGURED) {
    logger.warn(
      `PUBLIC_URL is unset: links in mail, share previews (og:url, og:image), the sitemap and certificates name ${env.PUBLIC_URL}; set PUBLIC_URL to the site's address before real use (docs/operations.md)`,
    );
  }
}

/** Opens the database, applies migrations, and seeds demo content into a fresh embedded one. */
async function start() {
  warnAboutProxySettings();
  tightenFileModes();
  let handle: Awaited<ReturnType<typeof connect>>;
  try {
    handle = await connect();
  } catch (error) {
    throw new Error(`Could not open the database: ${(error as Error).message}`, { cause: error });
  }
  try {
    await handle.migrate();
  } catch (error) {
    throw new Error(
      `Database migration failed, so the server will not serve: ${(error as Error).message}`,
      { cause: error },
    );
  }
  if (handle.kind === "pglite" && handle.fresh && env.SEED_DEMO) {
    await seedDemoContent(handle.db);
    // The people and their activity, before the administrator: it seeds only a database
    // without a single account.
    const society = await seedDemoSociety(handle.db, {
      testGatewayStoreId: paymentsMode() === "test" ? providerSettings().storeId : null,
    });
    const password = env.DEMO_ADMIN_PASSWORD ?? crypto.randomBytes(12).toString("base64url");
    await createAdministrator({ email: DEMO_ADMIN_EMAIL, password, name: "관리자" });
    logger.info(
      { demoMembers: society?.members ?? 0 },
      "Seeded demo content and the demo society into the new embedded database",
    );
    // Shown once, on purpose not through the logger: it is the only copy of these passwords.
    console.log(
      `\n  Demo administrator created (shown only now):\n    e-mail:   ${DEMO_ADMIN_EMAIL}\n    password: ${password}\n` +
        (society
          ? `  Demo member (정회원; all ${society.members} demo members share this password):\n    e-mail:   ${society.login.email}\n    password: ${society.login.password}\n`
          : "") +
        `  Create your own with: npm run admin:create -- --email E --password P --name N\n` +
        `  For a real society, start with a new DATA_DIR (or SEED_DEMO=0): see docs/operations.md\n`,
    );
  }
}

export const ready = start().then(() => {
  startMailWorker();
  startMessageWorker();
  startRetentionJob();
  startUploadSweep();
  startSeminarReminders();
  startDuesReminders();
  startPaymentsJob();
  startVotesJob();
});

export async function shutdown() {
  await stopMailWorker();
  await stopMessageWorker();
  stopRetentionJob();
  stopUploadSweep();
  stopSeminarReminders();
  stopDuesReminders();
  stopPaymentsJob();
  stopVotesJob();
  await disconnect();
}

export const app = express();
app.disable("x-powered-by");
if (env.TRUST_PROXY) app.set("trust proxy", env.TRUST_PROXY);

const BAD_REQUEST = { message: "잘못된 요청입니다. 주소를 확인해주세요." };
const NOT_ALLOWED = { message: "허용되지 않은 요청 방식입니다." };
const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const ALLOW = ALLOWED_METHODS.join(", ");

/**
 * A request the app cannot represent is answered 4xx here, before anything else parses it: the
 * Fetch API refuses TRACE and WebDAV methods, an absolute-form or `//host` target would make the
 * request URL point at another host, and broken percent-encoding makes decoders throw, each of
 * which would otherwise end as a 500.
 */
function refuseMalformedRequests(
  req: express.Request,
  res: express.Response,
  next: express.NextFunction,
) {
  if (!ALLOWED_METHODS.includes(req.method)) {
    // TRACE, TRACK and WebDAV alike: 405 with the methods the site takes. (501 would also be
    // right for methods nobody here implements, but a client's mistake is a 4xx, never a 5xx.)
    res.status(405).set("Allow", ALLOW).json(NOT_ALLOWED);
    return;
  }
  const target = req.url;
  let valid = target.startsWith("/") && !target.startsWith("//");
  if (valid) {
    try {
      // Throws on broken escapes. Its result is used because the bundler takes the call for
      // pure and would drop it otherwise (the decoded target still starts with "/").
      // A NUL (%00) anywhere: PostgreSQL's text cannot hold it, and no address of ours has one.
      const decoded = decodeURIComponent(target);
      valid = decoded.startsWith("/") && !decoded.includes("\0");
      new URL(`http://${req.get("host") ?? "localhost"}${target}`);
    } catch {
      valid = false;
    }
  }
  if (!valid) {
    res.status(400).json(BAD_REQUEST);
    return;
  }
  next();
}

/** A whole HTTP/1.1 answer written straight to a socket, for requests that never reach Express. */
const rawAnswer = (status: number, body: object, extra = "") => {
  const text = JSON.stringify(body);
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${extra}Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`;
};
/** How long an unparsable request's sender may go on sending before its connection is cut. */
const LINGER_MS = 5_000;

// CONNECT never reaches Express: Node hands it to the server's 'connect' listeners, and without
// one drops the connection unanswered. Every server made by app.listen answers it 405.
//
// A request Node cannot parse (its request line and headers over 16 KB, a broken request line)
// is answered as Node's own handler would (431, 408 or 400, no body, and the connection closes),
// but the connection is cut only once the client has stopped sending, or after LINGER_MS: Node's
// handler destroys it at once, and a client still sending a long address then gets a reset
// instead of the answer (seen in the hostile-input suite, 65 KB of query string). No body,
// because the method may not be known: a body after a HEAD's answer breaks the client's parser.
const listen = app.listen.bind(app) as (...args: unknown[]) => http.Server;
app.listen = ((...args: unknown[]) => {
  const server = listen(...args);
  server.on("connect", (_req: http.IncomingMessage, socket: Duplex) => {
    socket.end(rawAnswer(405, NOT_ALLOWED, `Allow: ${ALLOW}\r\n`));
  });
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    const answering = (socket as Duplex & { _httpMessage?: http.ServerResponse })._httpMessage;
    if (error.code === "ECONNRESET" || !socket.writable || answering?.headersSent) {
      socket.destroy();
      return;
    }
    const status =
      error.code === "HPE_HEADER_OVERFLOW"
        ? 431
        : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
          ? 408
          : 400;
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    );
    // Read and drop the rest of what the client sends, so closing does not reset the connection.
    socket.on("data", () => undefined);
    socket.resume();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  });
  return server;
}) as typeof app.listen;

/** Whether a request came with a body that nobody has read to its end. */
function bodyLeftUnread(req: http.IncomingMessage) {
  const hasBody =
    req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"]) > 0;
  return hasBody && !req.readableEnded;
}

/**
 * An answer sent before its request's body was read to the end (a refusal: too large, a type no
 * form takes, a guard, a bad upload address) closes the connection. The unread rest would hold it,
 * paused: the client's next request on a kept-alive connection would never be answered. Whoever
 * was reading the body has given up on it, so the rest is read and dropped while the answer goes
 * out, for the client still sending to receive the answer rather than a reset. Set when the
 * headers are written, so it holds for every route and every way an answer is made.
 */
function closeAfterUnreadBody(
  req: express.Request,
  res: express.Response,
  next: express.NextFunction,
) {
  onHeaders(res, function (this: express.Response) {
    if (!bodyLeftUnread(req)) return;
    this.setHeader("Connection", "close");
    req.removeAllListeners("data");
    req.on("data", () => undefined);
    req.resume();
  });
  next();
}
app.use(closeAfterUnreadBody);

app.use(
  pinoHttp({
    logger,
    autoLogging: { ignore: (req) => req.url === "/healthz" || req.url?.startsWith("/assets/") },
    // Never log cookies or authorisation headers, nor a vote's receipt (docs/votes.md): the path
    // of a receipt check keeps only that it was one.
    serializers: {
      req: (req) => ({
        method: req.method,
        url: req.url?.split("?")[0]?.replace(/(\/receipts\/)[^/]+/, "$1…"),
      }),
      res: (res) => ({ statusCode: res.statusCode }),
      err: errorWithoutValues,
    },
  }),
);
app.use((_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  next();
});

const mapOrigin = (() => {
  try {
    return new URL(societyConfig.mapEmbedUrl).origin;
  } catch {
    return undefined;
  }
})();

// PortOne's payment window: its script (loaded by our nonced one, so 'strict-dynamic' admits it),
// its frames and the card companies' and easy-pay pages it opens (docs/payments.md).
const paymentOrigins =
  env.PAYMENTS_PROVIDER === "portone"
    ? [
        "https://*.portone.io",
        "https://*.iamport.co",
        "https://*.inicis.com",
        "https://*.kcp.co.kr",
        "https://*.tosspayments.com",
        "https://*.kakao.com",
        "https://*.kakaopay.com",
        "https://*.naver.com",
        "https://*.toss.im",
      ]
    : [];

app.use(
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": [
          "'self'",
          (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`,
          "'strict-dynamic'",
        ],
        // 'unsafe-inline' stays: stored announcement HTML keeps the editor's text-align and
        // colour as style attributes, and the editor and Radix's dialogs add style elements at
        // run time whose hashes vary (checked in Chromium: the dashboard breaks without it).
        "style-src": ["'self'", "'unsafe-inline'"],
        // https: stays: announcements may embed images by https URL (the sanitiser allows it).
        "img-src": ["'self'", "data:", "blob:", "https:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'", ...(production ? [] : ["ws:", "wss:"]), ...paymentOrigins],
        "frame-src":
          mapOrigin || paymentOrigins.length > 0
            ? [...(mapOrigin ? [mapOrigin] : []), ...paymentOrigins]
            : ["'none'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'", ...paymentOrigins],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
        "upgrade-insecure-requests": secure ? [] : null,
      },
    },
    strictTransportSecurity: production && secure ? { maxAge: 31536000 } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  }),
);

// The society's emblem as other sites show it: the mails' logo in a webmail's page, a link
// preview's image. Every other answer stays same-origin; these hold nothing but the emblem.
const SHOWN_ELSEWHERE = new Set(["/apple-touch-icon.png", "/og-image.png", "/favicon.ico"]);
app.use((req, res, next) => {
  if (SHOWN_ELSEWHERE.has(req.path)) res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
  next();
});

// The site uses none of these browser features, but for the camera of the seminar door's
// check-in page; a script injected despite the CSP gets none.
const PERMISSIONS_POLICY_REST = [
  "accelerometer=()",
  "autoplay=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "interest-cohort=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "publickey-credentials-get=()",
  "serial=()",
  "usb=()",
  "xr-spatial-tracking=()",
].join(", ");
const PERMISSIONS_POLICY = `camera=(), ${PERMISSIONS_POLICY_REST}`;
const CHECK_IN_PAGE = /^\/admin\/seminars\/[^/]+\/check-in\/?$/;
const CHECK_IN_PERMISSIONS_POLICY = `camera=(self), ${PERMISSIONS_POLICY_REST}`;
app.use((req, res, next) => {
  res.setHeader(
    "Permissions-Policy",
    CHECK_IN_PAGE.test(req.path) ? CHECK_IN_PERMISSIONS_POLICY : PERMISSIONS_POLICY,
  );
  next();
});

// After logging and the security headers (so refusals are logged and carry them), before
// anything reads the URL.
app.use(refuseMalformedRequests);

// Another host name of the site (HOST_ALIASES): the same path on PUBLIC_URL instead, 301 for a
// page, 308 for a form or call (which keeps its method and body). A page served on an alias would
// get upload URLs, cookies and redirects for PUBLIC_URL, another origin ("Failed to fetch").
const hostAliases = new Set(
  env.HOST_ALIASES.filter((host) => host !== new URL(env.PUBLIC_URL).hostname),
);
if (hostAliases.size > 0) {
  app.use((req, res, next) => {
    if (!hostAliases.has(req.hostname.toLowerCase())) return next();
    const safe = req.method === "GET" || req.method === "HEAD";
    res.redirect(safe ? 301 : 308, `${env.PUBLIC_URL}${req.originalUrl}`);
  });
}

// In production the build is loaded once: given a function, React Router would rebuild its route
// table on every request (meant for development, where the build changes under it).
const loadBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;
const build = production ? await loadBuild() : loadBuild;

// Before compression and the static files: stored pages are already compressed, and none of
// their paths is a file.
if (production && env.PAGE_CACHE_SECONDS > 0) {
  app.use(
    pageCache({
      build,
      mode: env.NODE_ENV,
      maxAgeSeconds: env.PAGE_CACHE_SECONDS,
      memberBytes: env.MEMBER_PAGE_CACHE_MB * 1024 * 1024,
    }),
  );
  // A seminar's page, rendered once per state of the seminar and kind of reader (decision 031).
  app.use(
    seminarPageTemplates({
      build,
      mode: env.NODE_ENV,
      maxAgeSeconds: env.PAGE_CACHE_SECONDS,
      members: env.MEMBER_PAGE_CACHE_MB > 0,
    }),
  );
}

// Library downloads (binary attachments: PDF, Office, HWP, ZIP, images) are sent as stored, with
// their Content-Length: they are compressed already, or gain little, and streaming them through
// gzip would only cost CPU. Text (CSV exports) is still compressed.
//
// API answers and pages' data are compressed anew on every request, so gzip runs at level 4 for
// them: as fast as the brotli (quality 4) the middleware would otherwise choose, for 3–5 % more
// bytes than level 6 (docs/performance.md). Rendered documents arrive compressed already
// (app/entry.server.tsx, decision 029).
// The built scripts and styles keep gzip's default level, which the JavaScript budget measures.
const compressAt = (level: number) =>
  compression({
    level,
    filter: (req, res) => {
      const disposition = String(res.getHeader("Content-Disposition") ?? "");
      const type = String(res.getHeader("Content-Type") ?? "");
      if (disposition.startsWith("attachment") && !type.startsWith("text/")) return false;
      return compression.filter(req, res);
    },
  });
const compressBuiltFiles = compressAt(zlib.constants.Z_DEFAULT_COMPRESSION);
const compressAnswers = compressAt(4);
app.use((req, res, next) =>
  (req.path.startsWith("/assets/") ? compressBuiltFiles : compressAnswers)(req, res, next),
);

if (production) {
  const client = path.resolve("build/client");
  // Hashed file names never change content, so browsers may keep them for a year.
  app.use(
    "/assets",
    express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y", index: false }),
  );
  // The other public files (public/ as built: favicon.svg, emblem.svg, and any folder added
  // there later) are listed once: only their paths go to the static server. Asking the disk for
  // every page's path cost a failed stat and an error object per request (5 % of a small page's
  // CPU, profiled).
  const publicFiles = new Set(
    (fs.readdirSync(client, { recursive: true }) as string[])
      .filter((name) => !name.startsWith(`assets${path.sep}`) && name !== "assets")
      .filter((name) => fs.statSync(path.join(client, name)).isFile())
      .map((name) => `/${name.split(path.sep).join("/")}`),
  );
  const publicFile = express.static(client, { maxAge: "1h", index: false });
  app.use((req, res, next) => (publicFiles.has(req.path) ? publicFile(req, res, next) : next()));
}

// Answers that may hold personal data are never stored by a browser's back/forward cache, a proxy
// or a CDN: everything answered to a request carrying the session cookie (pages, their .data
// requests, redirects, API calls), and the personal-data calls even when they answer an error to
// a visitor. Registered after the static files and the page cache, which serve the same bytes to
// everyone (hashed assets keep their year-long caching for signed-in users too). Set when the
// headers are written, so no route can forget it or override it. A page's `.data` request (its
// loader's data for client-side navigation) is the same page: `/library.data` matches as /library.
const PERSONAL_PATHS = [
  /^\/api\/auth\/me\/?$/,
  /^\/api\/users\//,
  /^\/api\/users\/?$/,
  /^\/api\/membership-applications(\/|$)/,
  /^\/admin\//,
  /^\/objects\//,
  // The members' board: its pages and calls (a visitor's locked notice included).
  /^\/community(\/|\.data$|$)/,
  /^\/api\/community\//,
  /^\/api\/admin\//,
  // A member's own dues, receipts and other /api/me calls.
  /^\/api\/me\//,
  /^\/mypage(\/|\.data$|$)/,
  // The members' library: its page and calls, downloads included.
  /^\/library(\/|\.data$|$)/,
  // The general meeting's votes: a member's place on the roll, a receipt shown once.
  /^\/votes(\/|\.data$|$)/,
  /^\/api\/votes(\/|$)/,
  /^\/api\/resources(\/|$)/,
  // A notice's page may carry a members-only body; a seminar's page its seats and the reader's
  // own registration, which change by the minute (and their .data requests).
  /^\/announcements\/[^/]+$/,
  /^\/api\/announcements\/[^/]+$/,
  /^\/activities\/[^/]+$/,
  /^\/api\/seminars\/[^/]+\/(registrations|credits)(\/|$)/,
  // Pages and calls that hold a person's answer: the charter for members, sign-in and its
  // second step, a password reset, the full-membership application.
  /^\/charter(\.data)?$/,
  /^\/api\/auth\/(login|mfa|applicant)$/,
  // With an applicant cookie, /login is that doctor's status page (name, rejection reason).
  /^\/login(\.data)?$/,
  /^\/reset-password(\.data)?$/,
  /^\/membership\/apply(\.data)?$/,
];
function keepPersonalAnswersPrivate(
  req: express.Request,
  res: express.Response,
  next: express.NextFunction,
) {
  const signedIn = carriesSessionCookie(req.get("cookie"));
  // A page handed a flash shows that person's message (a name, what they just did).
  // Any path's `.data` twin (React Router answers one for API routes too) is that path.
  const path = req.path.replace(/\.data$/, "");
  const personal =
    carriesFlash(req.get("cookie")) || PERSONAL_PATHS.some((pattern) => pattern.test(path));
  if (!signedIn && !personal) return next();
  // on-headers runs this once the route's own headers (writeHead arguments included) are set.
  onHeaders(res, function (this: express.Response) {
    // A public object (an administrator's image) keeps its own long caching for visitors.
    const publicObject =
      !signedIn &&
      req.path.startsWith("/objects/") &&
      String(this.getHeader("Cache-Control") ?? "").startsWith("public");
    if (!publicObject) this.setHeader("Cache-Control", "private, no-store");
  });
  next();
}
app.use(keepPersonalAnswersPrivate);

// Cross-site requests: a state-changing request from another origin is refused. Requests without
// an Origin header (not from a browser) pass; the session cookie is SameSite=Lax besides.
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
app.use((req, res, next) => {
  const origin = req.get("origin");
  if (SAFE_METHODS.has(req.method) || !origin) return next();
  const own = `${req.protocol}://${req.get("host")}`;
  if (origin === new URL(env.PUBLIC_URL).origin || origin === own) return next();
  res
    .status(403)
    .json({ message: "허용되지 않은 요청입니다. 학회 홈페이지에서 다시 시도해주세요." });
});

app.get("/healthz", async (_req, res) => {
  try {
    await ready;
    const db = (await connect()).db;
    await db.execute(sql`select 1`);
    res.json({ status: "ok" });
  } catch {
    res.status(503).json({ status: "unavailable" });
  }
});

app.all(
  "/{*path}",
  createRequestHandler({
    build,
    // The routes read these with context.get(…) (app/lib/request-context.server.ts).
    getLoadContext: (req, res) =>
      requestContext({
        cspNonce: res.locals.cspNonce as string,
        clientIp: req.ip,
        // A document is compressed whole by app/entry.server.tsx (decision 029).
        documentEncoding: chooseEncoding(req),
      }),
  }),
);
