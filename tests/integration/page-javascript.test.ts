// The JavaScript the home page loads before it is interactive, counted from the production build
// the way `npm run bench` counts it: the modules React Router's start script preloads and imports
// (decision 012; modulepreload links, script sources and inline module imports too, should the
// HTML name any), plus the static imports inside those files, each gzip-compressed at level 6.
// It must stay within the budget of docs/performance.md, and code that was taken off the home page
// on purpose must not come back: the Radix toast (loaded when a toast is shown), tailwind-merge,
// Radix Slot and DismissableLayer.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { scriptsInHtml } from "../support/html";
import { setupTestServer } from "../support/test-server";

/** docs/performance.md: gzip JavaScript the home page loads, 1 KB = 1000 bytes. */
const HOME_BUDGET_BYTES = 120_000;

/** Strings that the built code of each package contains, and nothing else of ours does. */
const UNWANTED: ReadonlyArray<{ what: string; code: RegExp }> = [
  { what: "Radix toast", code: /toast\.swipeStart|toast\.viewportPause/ },
  { what: "Radix DismissableLayer", code: /dismissableLayer\.pointerDownOutside/ },
  { what: "Radix Slot", code: /radix\.slottable/ },
  // Class-group ids from tailwind-merge's configuration.
  { what: "tailwind-merge", code: /fvn-normal|container-named/ },
];

type Script = { path: string; code: string; gzipBytes: number };

const server = setupTestServer({ seed: true });

async function text(path: string) {
  const response = await server.fetch(path);
  expect(response.status, `GET ${path}`).toBe(200);
  return response.text();
}

/** Static imports inside a built chunk (`import"./x.js"`, `from"./x.js"`; not `import()`). */
function staticImports(code: string, from: string) {
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.m?js)["']/g)].map(
    ([, path]) => new URL(path ?? "", `http://site${from}`).pathname,
  );
}

/** Every script a path loads before it runs: the HTML's, and what they import statically. */
async function initialScripts(pagePath: string): Promise<Script[]> {
  const queue = [...scriptsInHtml(await text(pagePath))].map(
    (path) => new URL(path, `http://site${pagePath}`).pathname,
  );
  return loadWithStaticImports(queue);
}

async function loadWithStaticImports(start: string[]): Promise<Script[]> {
  const queue = [...start];
  const seen = new Set(queue);
  const scripts: Script[] = [];
  while (queue.length > 0) {
    const path = queue.shift() as string;
    const code = await text(path);
    scripts.push({ path, code, gzipBytes: zlib.gzipSync(code).length });
    for (const next of staticImports(code, path)) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return scripts;
}

describe("the home page's JavaScript", () => {
  it(`is within the budget of ${HOME_BUDGET_BYTES / 1000} KB gzip`, async () => {
    const scripts = await initialScripts("/");
    expect(scripts.length).toBeGreaterThan(1);
    const total = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
    const list = scripts
      .toSorted((a, b) => b.gzipBytes - a.gzipBytes)
      .map((s) => `${s.path} ${s.gzipBytes}`)
      .join("\n");
    expect(total, `gzip bytes of the home page's JavaScript:\n${list}`).toBeLessThanOrEqual(
      HOME_BUDGET_BYTES,
    );
  });

  it("has no Radix toast, DismissableLayer, Slot or tailwind-merge code", async () => {
    const scripts = await initialScripts("/");
    const found = UNWANTED.flatMap(({ what, code }) =>
      scripts.filter((s) => code.test(s.code)).map((s) => `${what} in ${s.path}`),
    );
    expect(found).toEqual([]);
  });

  it("can still load the Radix toast on demand, where the same check finds it", async () => {
    const scripts = await initialScripts("/");
    const lazy = scripts
      .flatMap((s) =>
        [...s.code.matchAll(/\bimport\(\s*["'`]([^"'`]*toast-view[^"'`]*\.js)["'`]/g)].map(
          ([, path]) => new URL(path ?? "", `http://site${s.path}`).pathname,
        ),
      )
      .filter((path, index, all) => all.indexOf(path) === index);
    expect(lazy, "a dynamic import of the toast-view chunk in the home page's code").toHaveLength(
      1,
    );
    const toastScripts = await loadWithStaticImports(lazy);
    const radixToast = UNWANTED.find((u) => u.what === "Radix toast")?.code as RegExp;
    expect(toastScripts.some((s) => radixToast.test(s.code))).toBe(true);
  });
});

describe("the public pages' JavaScript", () => {
  // zod is 5 KB gzip, and its eval probe is refused by a stored page's script policy: the
  // visitors' pages validate nothing in the browser, so they must not load it.
  it.each(["/", "/announcements", "/about", "/activities"])("%s loads no zod", async (path) => {
    const scripts = await initialScripts(path);
    expect(scripts.length).toBeGreaterThan(1);
    const withZod = scripts.filter((s) => /\$ZodType|\._zod\b/.test(s.code)).map((s) => s.path);
    expect(withZod).toEqual([]);
  });
});

describe("the public pages' first paint", () => {
  // The stylesheet blocks the first paint; the JavaScript must not share the connection with it.
  // Asked for with the page, 120 KB of scripts went down a slow phone connection before anything
  // was drawn; React Router's start script (patches/README.md) now asks for them after the first
  // contentful paint, so the HTML names no script file to fetch, only the start script's list.
  it.each(["/", "/announcements", "/about"])(
    "%s asks for its stylesheet and no script before the first paint",
    async (path) => {
      const html = await text(path);
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head).toMatch(/<link[^>]+rel="stylesheet"/);
      expect(html).not.toMatch(/<link[^>]+rel="modulepreload"/);
      expect(html).not.toMatch(/<script[^>]+\bsrc=/);
      expect(html).not.toMatch(/<script[^>]+type="module"/);
      const start = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)]
        .map((m) => m[1]!)
        .find((body) => body.includes("first-contentful-paint"));
      expect(start, "the start script").toBeDefined();
      expect(start).toMatch(/\/assets\/entry\.client-[\w-]+\.js/);
    },
  );
});

describe("the public pages' fonts", () => {
  // Decision 011: the system's Korean fonts. A web font's subsets arriving after the first paint
  // laid the page out again each time (the main cost of the home page's blocking time).
  it.each(["/", "/announcements", "/about"])("%s loads no web font", async (path) => {
    const html = await text(path);
    const stylesheets = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map(
      (m) => m[1]!,
    );
    expect(stylesheets.length).toBeGreaterThan(0);
    for (const href of stylesheets) {
      const css = await text(href);
      expect(css, href).not.toMatch(/@font-face|\.woff2?\b/);
      expect(css, href).toMatch(/--font-sans:[^;]*"Apple SD Gothic Neo"[^;]*"Malgun Gothic"/);
    }
    expect(html).not.toMatch(/\.woff2?\b|fonts\.googleapis/);
  });

  it("none is in the build, to be added by a script after hydration", () => {
    const assets = fs.readdirSync(path.resolve("build/client/assets"));
    expect(assets.some((file) => file.endsWith(".css"))).toBe(true);
    expect(assets.filter((file) => /\.(woff2?|ttf|otf)$/.test(file))).toEqual([]);
  });
});
