// `node scripts/profile-summary.js PROFILE.cpuprofile [--last=SECONDS] [--top=N]`: where a
// server's CPU went, from a profile `node --cpu-prof` wrote (BENCH_PROFILE_DIR, docs/performance.md).
//
// Prints the busy time by part (React's server render, React Router, Drizzle, the database driver,
// our code, compression, garbage collection, Node itself) and the functions with the most time of
// their own. --last=SECONDS looks only at the profile's last seconds: with `npm run bench --
// --only=ROW --duration=20`, that is the one page under load.
import fs from "node:fs";

const [file, ...rest] = process.argv.slice(2);
if (!file) {
  console.error("usage: node scripts/profile-summary.js PROFILE.cpuprofile [--last=S] [--top=N]");
  process.exit(2);
}
const option = (name) => rest.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const last = Number(option("last") ?? 0);
const top = Number(option("top") ?? 25);

const profile = JSON.parse(fs.readFileSync(file, "utf8"));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));

// The part a frame belongs to, by its script's path; the first match wins.
const PARTS = [
  ["React server render", /react-dom[/\\].*server|react-dom-server/],
  ["React", /node_modules[/\\](react|scheduler)[/\\]/],
  ["React Router", /react-router/],
  ["Drizzle", /drizzle-orm/],
  ["PGlite", /@electric-sql[/\\]pglite/],
  ["pg driver", /node_modules[/\\](pg|pg-protocol|pg-pool|pg-types)[/\\]/],
  [
    "Express and middleware",
    /node_modules[/\\](express|router|compression|body-parser|send|finalhandler|helmet)/,
  ],
  ["other packages", /node_modules/],
  ["our server build", /build[/\\]server/],
  ["our server code", /[/\\](server|app|db)[/\\]/],
  ["Node itself", /^node:|^internal[/\\]/],
];
const partOf = (node) => {
  const { url, functionName } = node.callFrame;
  if (!url) {
    if (functionName === "(garbage collector)") return "garbage collection";
    if (functionName === "(idle)") return "idle";
    if (functionName === "(program)") return "V8 (program)";
    return "native code";
  }
  for (const [name, pattern] of PARTS) if (pattern.test(url)) return name;
  return "other";
};

// Samples with their times, kept when they fall in the window.
const times = [];
let t = profile.startTime;
for (const delta of profile.timeDeltas) {
  t += delta;
  times.push(t);
}
const from = last > 0 ? profile.endTime - last * 1e6 : profile.startTime;
const selfByNode = new Map();
let busy = 0;
let idle = 0;
profile.samples.forEach((id, i) => {
  if (times[i] < from) return;
  const next = times[i + 1] ?? profile.endTime;
  const duration = Math.max(0, next - times[i]);
  const node = nodes.get(id);
  if (node.callFrame.functionName === "(idle)") {
    idle += duration;
    return;
  }
  busy += duration;
  selfByNode.set(id, (selfByNode.get(id) ?? 0) + duration);
});

// Time with what a function called (each sample counted once per function however deep it
// recurses): where a request's time goes, by step.
const parents = new Map();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parents.set(child, node.id);
const nameOf = (node) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? `${url.replace(/^.*node_modules[/\\]/, "")}:${lineNumber + 1}` : "";
  return `${functionName || "(anonymous)"} ${where}`;
};
const inclusive = new Map();
for (const [id, micros] of selfByNode) {
  const seen = new Set();
  for (let at = id; at !== undefined; at = parents.get(at)) {
    const name = nameOf(nodes.get(at));
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + micros);
  }
}

const byPart = new Map();
const byFunction = new Map();
for (const [id, micros] of selfByNode) {
  const node = nodes.get(id);
  const part = partOf(node);
  byPart.set(part, (byPart.get(part) ?? 0) + micros);
  const key = nameOf(node);
  byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
}

const ms = (micros) => (micros / 1000).toFixed(0).padStart(7);
const share = (micros) => `${((micros / busy) * 100).toFixed(1).padStart(5)} %`;
console.log(`busy ${ms(busy)} ms, idle ${ms(idle)} ms${last ? ` (the last ${last} s)` : ""}`);
console.log("\nby part (own time)");
for (const [part, micros] of [...byPart].sort((a, b) => b[1] - a[1])) {
  console.log(`${ms(micros)} ms ${share(micros)}  ${part}`);
}
console.log(`\nthe ${top} functions with the most own time`);
for (const [name, micros] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`${ms(micros)} ms ${share(micros)}  ${name}`);
}
console.log(`\nthe ${top} functions with the most time, with what they called`);
const skip = /^\((root|program|anonymous)\)/;
for (const [name, micros] of [...inclusive]
  .filter(([name]) => !skip.test(name))
  .sort((a, b) => b[1] - a[1])
  .slice(0, top)) {
  console.log(`${ms(micros)} ms ${share(micros)}  ${name}`);
}
