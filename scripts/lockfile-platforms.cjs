// The registry this project is developed against serves only linux-x64 builds of packages with
// platform binaries, so npm leaves the other platforms out of package-lock.json and `npm ci`
// then refuses the lock. This adds the missing optional entries with the `os`, `cpu` and `libc`
// fields the registry's metadata gives them: without those fields npm would take each entry for
// every platform and install all of them (Biome alone ships 740 MB of other platforms' binaries).
// Run after `npm install` changes the lock: node scripts/lockfile-platforms.cjs
const fs = require("node:fs");
const { execFileSync } = require("node:child_process");

const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8"));
const pk = lock.packages;

/** os, cpu, libc and integrity of one published version, from the registry's metadata. */
function platformOf(name, version) {
  const out = execFileSync(
    "npm",
    ["view", "--json", `${name}@${version}`, "os", "cpu", "libc", "dist.integrity"],
    { encoding: "utf8" },
  );
  const meta = JSON.parse(out || "{}");
  const fields = {};
  if (meta["dist.integrity"]) fields.integrity = meta["dist.integrity"];
  for (const key of ["cpu", "libc", "os"]) if (meta[key]) fields[key] = [meta[key]].flat();
  return fields;
}

let added = 0;
let completed = 0;
for (const [key, entry] of Object.entries({ ...pk })) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = key ? `${key}/node_modules/${name}` : `node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (pk[base] || pk[hoisted]) continue;
    const version = range.replace(/^[\^~=]/, "");
    pk[hoisted] = { version, optional: true, ...(entry.dev ? { dev: true } : {}) };
    added++;
  }
}
// Every optional entry without a platform (added above, or by an earlier run of this script).
for (const [key, entry] of Object.entries(pk)) {
  if (!entry.optional || entry.os || entry.cpu || entry.integrity) continue;
  const name = key.slice(key.lastIndexOf("node_modules/") + "node_modules/".length);
  Object.assign(entry, platformOf(name, entry.version));
  completed++;
}
fs.writeFileSync("package-lock.json", `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added}, platform fields read for ${completed}`);
