// `npm run dev` as the next engineer meets it: Vite's development server with the app's source.
// Production pages are covered everywhere else; this checks that the development build hydrates
// with React Router's patched <Scripts> (decision 012) and that React, which checks attributes only
// in development, finds nothing to report (a nonce the browser rendered differently did, on every
// page, until the browser rendered the nonce it was served: app/lib/nonce.ts).
import { expect, type Page, test } from "@playwright/test";
import { type ServerProcess, startServer, tempDir } from "../support/process";
import { waitForHydration } from "./fixtures";

test.describe.configure({ mode: "serial" });

let server: ServerProcess;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer({
    dataDir: tempDir(),
    seed: true,
    dev: true,
    readyTimeoutMs: 150_000,
  });
});

test.afterAll(async () => {
  await server?.stop();
});

/** Console errors and warnings, and uncaught errors, from now on. */
function recordProblems(page: Page) {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") {
      problems.push(`${message.type()}: ${message.text().slice(0, 2_000)}`);
    }
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

test("pages hydrate in development with nothing in the console", async ({ page }) => {
  test.setTimeout(180_000);
  // Vite bundles the browser's dependencies of every route when it starts (react-router.config.ts),
  // so even the first visits of a fresh checkout do not reload with a second copy of React.
  for (const path of ["/", "/about", "/announcements", "/login", "/signup"]) {
    const problems = recordProblems(page);
    const served = await page.goto(`${server.baseUrl}${path}`);
    expect(served?.status(), path).toBe(200);
    await waitForHydration(page);
    // The page was served with a nonce (development renders every page per request).
    expect(await page.locator("script[nonce]").count(), path).toBeGreaterThan(0);
    expect(problems, path).toEqual([]);
    page.removeAllListeners("console");
    page.removeAllListeners("pageerror");
  }
});
