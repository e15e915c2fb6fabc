// `npm start`: builds the production bundle when it is missing or older than the sources, then
// serves it (migrations and first-start demo content happen as the server starts).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

// Like server.js (imported below): files created from here on are the server user's alone.
process.umask(0o077);

const root = path.resolve(import.meta.dirname, "..");
const output = path.join(root, "build/server/index.js");
const sources = [
  "app",
  "server",
  "db",
  "public",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
];

function newestChange(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(full))
    newest = Math.max(newest, newestChange(path.join(entry, child)));
  return newest;
}

const builtAt = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
if (builtAt < Math.max(...sources.map(newestChange))) {
  console.log("Building the production bundle…");
  execFileSync(
    process.execPath,
    [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"],
    {
      cwd: root,
      stdio: "inherit",
    },
  );
}

// The embedded demo takes payments through the test gateway (nothing is charged; every page that
// takes money says so). A site on its own database chooses for itself: docs/payments.md.
if (fs.existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));
if (process.env.PAYMENTS_PROVIDER === undefined && !process.env.DATABASE_URL) {
  process.env.PAYMENTS_PROVIDER = "test";
}

process.env.NODE_ENV = "production";
process.chdir(root);
await import("../server.js");
