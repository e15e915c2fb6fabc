// The page side's one pattern (decision 013), kept by reading the route modules: every page action
// is `pageAction(…)`, every call `api(…)`, and no route writes its own `catch` around a service
// call (a refusal is the service's AppError, answered by pageAction, api or asPage).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const routes = path.resolve("app/routes");

function routeFiles(dir = routes): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith("+") ? [] : routeFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

const read = (file: string) => fs.readFileSync(file, "utf8");
const name = (file: string) => path.relative(process.cwd(), file);
/** The source without comments, so a comment about `catch` is not a catch. */
const code = (file: string) =>
  read(file)
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:])\/\/.*$/gm, "$1");

describe("route modules", () => {
  const files = routeFiles();

  it("are found (the check reads real files)", () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it("write no catch of their own", () => {
    const offenders = files.filter((file) => /\bcatch\s*\(|\.catch\s*\(/.test(code(file)));
    expect(offenders.map(name)).toEqual([]);
  });

  it("declare every page action with pageAction", () => {
    const pages = files.filter((file) => !file.includes(`${path.sep}api${path.sep}`));
    const offenders = pages.filter((file) => {
      const source = code(file);
      if (!/export\s+(async\s+)?(function|const)\s+action\b/.test(source)) return false;
      return !/export\s+const\s+action\s*=\s*(pageAction|methodNotAllowed)\b/.test(source);
    });
    expect(offenders.map(name)).toEqual([]);
  });

  it("wrap every JSON call in api()", () => {
    const calls = files.filter((file) => file.includes(`${path.sep}api${path.sep}`));
    const offenders = calls.filter((file) => {
      const source = code(file);
      return /export\s+async\s+function\s+(loader|action)\b/.test(source);
    });
    expect(offenders.map(name)).toEqual([]);
  });
});
