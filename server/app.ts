// The Express application: security headers, logging, compression, static files, the health check
// and the React Router request handler. Bundled with the app by Vite (see vite.config.ts) so the
// server and the routes share one database client.
import crypto from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import { sql } from "drizzle-orm";
import express from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import { connect, disconnect } from "~/db.server";
import { env } from "~/env.server";
import { createAdministrator } from "~/features/accounts/accounts.server";
import { startRetentionJob, stopRetentionJob } from "~/features/accounts/retention.server";
import { startMailWorker, stopMailWorker } from "~/features/mail/mail.server";
import { societyConfig } from "~/features/society/config.server";
import { seedDemoContent } from "~/features/society/demo-content.server";
import { logger } from "~/logger.server";
import { pageCache } from "./page-cache";

export { logger };

declare module "react-router" {
  interface AppLoadContext {
    /**
     * This response's CSP nonce; undefined when the page is rendered for the page cache, whose
     * policy lists the page's script hashes instead (server/page-cache.ts).
     */
    cspNonce: string | undefined;
    /** The client's address (behind a proxy only when TRUST_PROXY says so). */
    clientIp: string | undefined;
  }
}

const production = env.NODE_ENV === "production";
const DEMO_ADMIN_EMAIL = "admin@example.org";
const secure = env.PUBLIC_URL.startsWith("https://");

/** Opens the database, applies migrations, and seeds demo content into a fresh embedded one. */
async function start() {
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
    const password = env.DEMO_ADMIN_PASSWORD ?? crypto.randomBytes(12).toString("base64url");
    await createAdministrator({ email: DEMO_ADMIN_EMAIL, password, name: "관리자" });
    logger.info("Seeded demo content into the new embedded database");
    // Shown once, on purpose not through the logger: it is the only copy of this password.
    console.log(
      `\n  Demo administrator created (shown only now):\n    e-mail:   ${DEMO_ADMIN_EMAIL}\n    password: ${password}\n  Create your own with: npm run admin:create -- --email E --password P --name N\n`,
    );
  }
}

export const ready = start().then(() => {
  startMailWorker();
  startRetentionJob();
});

export async function shutdown() {
  await stopMailWorker();
  stopRetentionJob();
  await disconnect();
}

export const app = express();
app.disable("x-powered-by");
if (env.TRUST_PROXY) app.set("trust proxy", env.TRUST_PROXY);

app.use(
  pinoHttp({
    logger,
    autoLogging: { ignore: (req) => req.url === "/healthz" || req.url?.startsWith("/assets/") },
    // Never log cookies or authorisation headers.
    serializers: {
      req: (req) => ({ method: req.method, url: req.url?.split("?")[0] }),
      res: (res) => ({ statusCode: res.statusCode }),
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
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:", "https:"],
        "font-src": ["'self'", "data:"],
        "connect-src": production ? ["'self'"] : ["'self'", "ws:", "wss:"],
        "frame-src": mapOrigin ? [mapOrigin] : ["'none'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
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

// In production the build is loaded once: given a function, React Router would rebuild its route
// table on every request (meant for development, where the build changes under it).
const loadBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;
const build = production ? await loadBuild() : loadBuild;

// Before compression and the static files: stored pages are already compressed, and none of
// their paths is a file.
if (production && env.PAGE_CACHE_SECONDS > 0) {
  app.use(pageCache({ build, mode: env.NODE_ENV, maxAgeSeconds: env.PAGE_CACHE_SECONDS }));
}

app.use(compression());

if (production) {
  const client = path.resolve("build/client");
  // Hashed file names never change content, so browsers may keep them for a year.
  app.use(
    "/assets",
    express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y", index: false }),
  );
  app.use(express.static(client, { maxAge: "1h", index: false }));
}

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
    getLoadContext: (req, res) => ({
      cspNonce: res.locals.cspNonce as string,
      clientIp: req.ip,
    }),
  }),
);
