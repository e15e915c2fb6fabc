// What the benchmarks (bench.js, bench-scale.js, bench-rush.js) share: child processes that are
// stopped on every way out, ports, readiness, the server's CPU time across its processes, what
// else keeps the machine busy, a throwaway PostgreSQL database, the fills run with tsx, and the
// printed tables.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import pg from "pg";

/** Stops, in reverse order, everything registered; also on Ctrl-C and SIGTERM. */
export const cleanups = [];
let cleaningUp;
export function cleanup() {
  cleaningUp ??= (async () => {
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (error) {
        console.error(`cleanup: ${error instanceof Error ? error.message : error}`);
      }
    }
  })();
  return cleaningUp;
}
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping everything the benchmark started…`);
    cleanup().finally(() => process.exit(130));
  });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Resolves with "timeout" after `ms` without keeping the process alive. */
export const deadline = (ms) =>
  new Promise((resolve) => setTimeout(resolve, ms, "timeout").unref());

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {net.AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

/** Starts a child process; its output is kept (last lines) unless `show` passes stderr through. */
export function startChild(label, command, argv, options, show = false) {
  const child = spawn(command, argv, {
    ...options,
    stdio: ["ignore", "pipe", show ? "inherit" : "pipe"],
  });
  const lines = [];
  let stdout = "";
  let abortedRenders = 0;
  const keep = (chunk) => {
    // React's streaming render cut off by entry.server.tsx's timeout: the page sent was incomplete.
    abortedRenders += chunk.toString().split("The render was aborted").length - 1;
    lines.push(...chunk.toString().split("\n"));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout.on("data", (chunk) => {
    stdout += chunk.toString();
    keep(chunk);
  });
  child.stderr?.on("data", keep);
  const exited = new Promise((resolve) => child.once("exit", (code, sig) => resolve(code ?? sig)));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const result = await Promise.race([exited, deadline(15_000)]);
    if (result === "timeout") {
      child.kill("SIGKILL");
      await exited;
    }
  };
  cleanups.push(stop);
  return {
    child,
    exited,
    stop,
    stdout: () => stdout,
    output: () => lines.join("\n"),
    abortedRenders: () => abortedRenders,
    label,
  };
}

/** Polls a URL until it answers 200; bounded by `seconds`. */
export async function waitFor(url, seconds, proc) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) {
      throw new Error(`${proc.label} exited before it was ready:\n${proc.output()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`${proc.label} did not answer ${url} within ${seconds} s:\n${proc.output()}`);
}

/** A process and its children: on PostgreSQL the server runs one serving process per core. */
export function processTree(pid) {
  try {
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
    return [pid, ...children.split(/\s+/).filter(Boolean).map(Number)];
  } catch {
    return [pid];
  }
}

/** CPU time (ms) a process and its children have used so far, all threads; Linux only. */
export function cpuMs(pid) {
  try {
    let ticks = 0;
    for (const one of processTree(pid)) {
      const stat = fs.readFileSync(`/proc/${one}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime + stime, in 1/100 s
    }
    return Number.isFinite(ticks) ? ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}

/** Resident memory (VmRSS) of a process and its children, in bytes; Linux only. */
export function rssBytes(pid) {
  let total = 0;
  for (const one of processTree(pid)) {
    const status = fs.readFileSync(`/proc/${one}/status`, "utf8");
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    if (!match) throw new Error(`no VmRSS in /proc/${one}/status`);
    total += Number(match[1]) * 1024;
  }
  return total;
}

/**
 * Waits until the server is idle (under 10 % of a core for 300 ms), at most 60 s: requests that
 * a load run abandoned at its end are still being answered, and would slow the next URL down.
 */
export async function settle(pid) {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const before = cpuMs(pid);
    await sleep(300);
    const after = cpuMs(pid);
    // Idle, or gone (the caller says so with its output).
    if (before === undefined || after === undefined || after - before <= 30) return;
  }
}

/** CPU ticks (1/100 s) used so far by every process on the machine. */
function processTicks() {
  const ticks = new Map();
  for (const pid of fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    const used = cpuMs(pid);
    if (used !== undefined) ticks.set(pid, used / 10);
  }
  return ticks;
}

/** What else is using the CPU (a shared machine): processes busy during one second. */
export async function otherLoad() {
  if (!fs.existsSync("/proc/self/stat")) return [];
  const before = processTicks();
  await sleep(1000);
  const busy = [];
  for (const [pid, ticks] of processTicks()) {
    const percent = ticks - (before.get(pid) ?? ticks); // ticks in one second = % of a core
    if (percent < 5 || Number(pid) === process.pid || Number(pid) === process.ppid) continue;
    let command = "";
    try {
      command = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim();
    } catch {
      continue;
    }
    busy.push({ cpuPercent: Math.round(percent), command: command.slice(0, 100) });
  }
  return busy.sort((a, b) => b.cpuPercent - a.cpuPercent).slice(0, 8);
}

export const loadAverage = () => os.loadavg().map((n) => Number(n.toFixed(2)));

/**
 * Runs a fill (scripts/bench-*-fill.ts) with tsx from the project's root; answers the JSON summary
 * it prints as its last line, with its wall time.
 */
export async function runFill(root, script, env) {
  const started = performance.now();
  const proc = startChild(
    `the fill (${script})`,
    path.join(root, "node_modules/.bin/tsx"),
    [script],
    { cwd: root, env: { ...process.env, ...env } },
    true,
  );
  const code = await proc.exited;
  if (code !== 0) throw new Error(`the fill failed (exit ${code})`);
  const last = proc.stdout().trim().split("\n").at(-1) ?? "";
  return { ...JSON.parse(last), wallMs: Math.round(performance.now() - started) };
}

/** A new database society_bench_<random> on the server of `serverUrl`, dropped at cleanup. */
export async function createPostgresDatabase(serverUrl) {
  const name = `society_bench_${Math.random().toString(16).slice(2, 10)}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await c.end();
    }
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.href };
}

export const gzipSize = (bytes) => zlib.gzipSync(bytes).length; // level 6, like `compression`

export function table(headers, rows) {
  const cells = [headers, ...rows].map((row) => row.map((cell) => String(cell ?? "–")));
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => row[i].length)));
  const line = (row) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  return [line(cells[0]), widths.map((w) => "-".repeat(w)).join("  "), ...cells.slice(1).map(line)]
    .map((l) => `  ${l}`)
    .join("\n");
}
/**
 * Ends a benchmark's report: the targets' table and how many were met, and every figure written
 * to bench-results/<file>. Answers the targets missed (the caller's --check exits 1 on any).
 */
export function reportTargets(results, file) {
  console.log("\nTargets\n");
  console.log(
    table(
      ["target", "wanted", "measured", "met"],
      results.targets.map((t) => [t.name, t.wanted, t.actual, t.met ? "yes" : "NO"]),
    ),
  );
  const missed = results.targets.filter((t) => !t.met);
  console.log(
    `\n${results.targets.length - missed.length} of ${results.targets.length} targets met · ${results.totalSeconds} s`,
  );
  const dir = path.resolve(import.meta.dirname, "..", "bench-results");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, file), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`Written to bench-results/${file}`);
  return missed;
}

export const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
export const mb = (bytes) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/**
 * The arguments that start the production server: `server.js`, after `--cpu-prof` when
 * BENCH_PROFILE_DIR names a directory, so a run's server writes a CPU profile there when it stops
 * (docs/performance.md, "Finding where the time goes").
 */
export function serverArgs() {
  const dir = process.env.BENCH_PROFILE_DIR;
  return dir ? ["--cpu-prof", `--cpu-prof-dir=${dir}`, "server.js"] : ["server.js"];
}
