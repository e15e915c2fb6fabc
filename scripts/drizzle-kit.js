// `npm run db:generate` (and `node scripts/drizzle-kit.js <command>`): drizzle-kit, fetched from
// the npm registry into .dev-tools/ the first time, run on drizzle.config.ts. Only whoever changes
// db/schema.ts needs it, so it is not a dependency of every install (decision 017).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { DRIZZLE_KIT, extraTool } from "./extra-tools.js";

const folder = extraTool(DRIZZLE_KIT.folder, DRIZZLE_KIT.name, DRIZZLE_KIT.range);
const bin = path.join(folder, "node_modules/drizzle-kit/bin.cjs");
const run = spawnSync(process.execPath, [bin, ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(run.status ?? 1);
