// `npm test`: lint, typecheck, build, unit and integration tests, then the browser tests.
// Every step runs even when an earlier one failed, and the last line counts them all.
// With TEST_DATABASE_URL set, the integration tests also run against that PostgreSQL server, and
// the multi-instance tests run two production servers on it (npm run test:multi).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);
const results = path.join(root, "test-results");
fs.mkdirSync(results, { recursive: true });
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function ensureChromium() {
  if (fs.existsSync(chromium)) return true;
  if (process.getuid?.() === 0 && chromium === "/usr/bin/chromium") {
    console.log("Chromium is missing: installing Debian's chromium and a Korean font…");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    spawnSync("apt-get", ["install", "-y", "-qq", "chromium", "fonts-noto-cjk"], {
      stdio: "inherit",
      env,
    });
    if (fs.existsSync(chromium)) return true;
  }
  console.error(
    `\nThe browser tests need Chromium at ${chromium}. Install Debian's package (apt-get install chromium fonts-noto-cjk) or set CHROMIUM_PATH.\n`,
  );
  return false;
}

const bin = (name) => path.join(root, "node_modules/.bin", name);
let passed = 0;
let failed = 0;

function step(name, command, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const run = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return run.status === 0;
}

function check(name, command, args) {
  if (step(name, command, args)) passed += 1;
  else {
    failed += 1;
    console.error(`✗ ${name} failed`);
  }
}

/** Adds the counts of a Vitest or Playwright JSON report; a missing report counts as a failure. */
function count(file, ok) {
  const full = path.join(results, file);
  if (!fs.existsSync(full)) {
    failed += 1;
    return;
  }
  const report = JSON.parse(fs.readFileSync(full, "utf8"));
  if ("numPassedTests" in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    if (!ok && report.numFailedTests === 0) failed += 1; // the run itself failed (e.g. a crash)
  } else if (report.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    if (!ok && report.stats.unexpected === 0) failed += 1;
  }
}

for (const file of fs.readdirSync(results))
  if (file.endsWith(".json")) fs.rmSync(path.join(results, file));

check("lint (biome)", bin("biome"), ["check", "."]);
check("route types", bin("react-router"), ["typegen"]);
check("typecheck (tsc)", bin("tsc"), []);
const built = step("build", bin("react-router"), ["build"]);
if (!built) failed += 1;

const vitestOk = step(
  "unit and integration tests (PGlite)",
  bin("vitest"),
  ["run", "--reporter=default", "--reporter=json", "--outputFile=test-results/vitest.json"],
  { TEST_DATABASE_URL: "" },
);
count("vitest.json", vitestOk);

if (process.env.TEST_DATABASE_URL) {
  const pgOk = step("integration tests (PostgreSQL)", bin("vitest"), [
    "run",
    "--project",
    "integration",
    "--reporter=default",
    "--reporter=json",
    "--outputFile=test-results/vitest-postgres.json",
  ]);
  count("vitest-postgres.json", pgOk);

  const multiOk = step("two instances as one site (PostgreSQL, s3rver)", bin("vitest"), [
    "run",
    "--project",
    "multi-instance",
    "--reporter=default",
    "--reporter=json",
    "--outputFile=test-results/vitest-multi-instance.json",
  ]);
  count("vitest-multi-instance.json", multiOk);
}

// The fault tests (npm run test:faults): production servers killed, restarted and starved of their
// storage or database; backups restored. Their PostgreSQL part uses TEST_DATABASE_URL, else the
// local server at 127.0.0.1:5432.
const faultsOk = step("fault tests (SIGTERM, SIGKILL, locks, failures, backups)", bin("vitest"), [
  "run",
  "--config",
  "vitest.faults.config.ts",
  "--reporter=default",
  "--reporter=json",
  "--outputFile=test-results/vitest-faults.json",
]);
count("vitest-faults.json", faultsOk);

if (ensureChromium()) {
  const e2eOk = step(
    "browser tests (Playwright, Chromium)",
    bin("playwright"),
    ["test", "--reporter=list,json"],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: "test-results/e2e.json",
      CHROMIUM_PATH: chromium,
    },
  );
  count("e2e.json", e2eOk);
} else {
  failed += 1;
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
