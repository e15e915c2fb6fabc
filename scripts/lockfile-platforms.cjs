// The registry this project is developed against serves only linux-x64 builds of packages with
// platform binaries, so npm leaves the other platforms out of package-lock.json and `npm ci`
// then refuses the lock. This adds the missing optional entries (npm skips them on install).
// Run after `npm install` changes the lock: node scripts/lockfile-platforms.cjs
const fs = require("node:fs");
const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8"));
const pk = lock.packages;
let added = 0;
for (const [key, entry] of Object.entries(pk)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = key ? `${key}/node_modules/${name}` : `node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (pk[base] || pk[hoisted]) continue;
    pk[hoisted] = {
      version: range.replace(/^[\^~=]/, ""),
      optional: true,
      ...(entry.dev ? { dev: true } : {}),
    };
    added++;
  }
}
fs.writeFileSync("package-lock.json", `${JSON.stringify(lock, null, 2)}\n`);
console.log("added", added);
