// One serving process: the React Router app on Express, with Vite's dev server in development and
// the production build otherwise (the Express app itself lives in server/app.ts). server.js runs
// it directly, or in each cluster worker (server/primary.js).
import process from "node:process";

const dev = process.argv.includes("--dev");
if (!dev) process.env.NODE_ENV ??= "production";
// Development logs are for a person to read (app/logger.server.ts); production's stay JSON lines.
if (dev && !process.env.LOG_FORMAT) process.env.LOG_FORMAT = "pretty";
const port = Number.parseInt(process.env.PORT || "3000", 10);
const host = process.env.HOST || undefined;

let entry;
let handler;
try {
  entry = dev ? undefined : await import("../build/server/index.js");
} catch (error) {
  // An invalid environment (env.server.ts validates it on import) is told in plain words.
  const message = error instanceof Error ? error.message : String(error);
  if (message.startsWith("Invalid environment configuration")) {
    console.error(`\nThe server did not start: ${message}\n`);
  } else console.error("\nThe server did not start:", error);
  process.exit(1);
}
if (dev) {
  const { default: express } = await import("express");
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  entry = await viteServer.ssrLoadModule("./server/app.ts");
  const devApp = express();
  devApp.use(viteServer.middlewares);
  devApp.use(async (req, res, next) => {
    try {
      const current = await viteServer.ssrLoadModule("./server/app.ts");
      return current.app(req, res, next);
    } catch (error) {
      if (typeof error === "object" && error instanceof Error) viteServer.ssrFixStacktrace(error);
      next(error);
    }
  });
  handler = devApp;
} else {
  handler = entry.app;
}

try {
  await entry.ready;
} catch (error) {
  console.error(`\nThe server did not start: ${error instanceof Error ? error.message : error}\n`);
  if (error?.cause) console.error(error.cause);
  process.exit(1);
}

// Room for the connections of a rush (a popular seminar opening, docs/performance.md): Node's
// default of 511 waiting connections dropped thousands of new ones while a render ran, and each
// browser tried again only after one, three, seven seconds. The kernel caps it (somaxconn).
const LISTEN_BACKLOG = 4096;
const server = handler.listen({ port, host, backlog: LISTEN_BACKLOG }, () => {
  const address = server.address();
  const shown = typeof address === "object" && address ? address.port : port;
  entry.logger.info(`Server listening on http://localhost:${shown}`);
});

// Idle keep-alive connections stay open longer than the idle timeout of the proxies, load
// balancers and HTTP clients in front (commonly 60 s). With Node's default of 5 s the server closes
// first, and a client sending its next request on that socket at the same moment gets ECONNRESET.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

// Responses in flight, so a shutdown can tell kept-alive clients to reconnect elsewhere.
const inFlight = new Set();
let stopping = false;
server.on("request", (_req, res) => {
  if (stopping) res.setHeader("Connection", "close");
  inFlight.add(res);
  res.on("close", () => inFlight.delete(res));
});

async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
  entry.logger.info({ signal }, "Shutting down: finishing requests in flight");
  // Stop accepting, let in-flight requests finish, then close the database cleanly.
  const closed = new Promise((resolve) => server.close(resolve));
  server.closeIdleConnections?.();
  const force = setTimeout(() => server.closeAllConnections?.(), 10_000);
  await closed;
  clearTimeout(force);
  await entry.shutdown();
  entry.logger.info("Shutdown complete");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
