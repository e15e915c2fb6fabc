// Runs after `npm install` and `npm ci`: patch-package applies patches/ (see the README there)
// when the development dependencies are installed; an install without them (--omit=dev) has
// nothing to patch.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const patchPackage = path.join(root, "node_modules/patch-package/index.js");
if (fs.existsSync(patchPackage)) {
  const run = spawnSync(process.execPath, [patchPackage, "--error-on-fail"], {
    cwd: root,
    stdio: "inherit",
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
