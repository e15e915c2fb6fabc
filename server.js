// Launcher: `node server.js` (npm start) serves the site. On PostgreSQL it runs WEB_CONCURRENCY
// serving processes (default: one per core) under Node's cluster module, so every core serves
// (docs/decisions/007-one-process-per-core.md); on the embedded database, which belongs to one
// process, it serves from this process alone.
import cluster from "node:cluster";
import fs from "node:fs";
import os from "node:os";
import process from "node:process";

// Everything the server creates (the embedded database, uploads, the app secret, mail files) is
// readable by the server's user alone. Set before anything is opened; DATA_DIR's existing
// contents are corrected at start (server/app.ts).
process.umask(0o077);

// A .env file fills in what the real environment does not set (see .env.example).
if (fs.existsSync(".env")) process.loadEnvFile(".env");

function serverProcesses() {
  if (process.argv.includes("--dev") || !process.env.DATABASE_URL) return 1;
  const wanted = process.env.WEB_CONCURRENCY;
  if (wanted === undefined || wanted === "") return os.availableParallelism();
  const count = Number(wanted);
  if (!Number.isInteger(count) || count < 1) {
    console.error(`\nThe server did not start: WEB_CONCURRENCY must be a whole number ≥ 1.\n`);
    process.exit(1);
  }
  return count;
}

const processes = cluster.isPrimary ? serverProcesses() : 1;
if (cluster.isPrimary && processes > 1) {
  const { runPrimary } = await import("./server/primary.js");
  runPrimary(processes);
} else {
  await import("./server/serve.js");
}
