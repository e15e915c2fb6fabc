// The rich-text editor (TipTap/ProseMirror) is loaded only on the administrator's
// announcement form; public pages ship none of its code.
import { expect, type Page, test } from "@playwright/test";
import { DEMO_ADMIN, loginAs, openDashboard, waitForHydration } from "./fixtures";

/** What the editor's code looks like in a JavaScript file. */
const EDITOR_CODE = /ProseMirror|@tiptap|tiptap/i;

type Script = { url: string; body: string };

/** Records every JavaScript response of the page from now on; `read()` answers URLs and bodies. */
function recordScripts(page: Page) {
  const pending: Array<Promise<Script>> = [];
  page.on("response", (response) => {
    const type = response.headers()["content-type"] ?? "";
    const url = response.url();
    if (!/javascript/.test(type) && !/\.m?js$/.test(new URL(url).pathname)) return;
    pending.push(
      response.body().then(
        (body) => ({ url, body: body.toString("utf8") }),
        () => ({ url, body: "" }), // a body the browser did not keep (e.g. a redirect)
      ),
    );
  });
  return { read: () => Promise.all(pending) };
}

async function settle(page: Page) {
  await waitForHydration(page);
  // Every chunk the page asks for, including lazily imported ones, has arrived.
  await page.waitForLoadState("networkidle");
}

function editorScripts(scripts: Script[]) {
  return scripts.filter((s) => EDITOR_CODE.test(s.body) || s.url.includes("rich-text-editor"));
}

test("the home page loads no editor code", async ({ page }) => {
  const recorder = recordScripts(page);
  await page.goto("/");
  await settle(page);
  const scripts = await recorder.read();

  expect(scripts.length, "the home page loads JavaScript").toBeGreaterThan(0);
  expect(scripts.some((s) => s.body.length > 0)).toBe(true);
  expect(scripts.filter((s) => s.url.includes("rich-text-editor")).map((s) => s.url)).toEqual([]);
  expect(
    scripts.filter((s) => EDITOR_CODE.test(s.body)).map((s) => s.url),
    "JavaScript of the home page containing TipTap/ProseMirror code",
  ).toEqual([]);
});

test("no public page loads editor code, not even for a logged-in administrator", async ({
  page,
}) => {
  await loginAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const recorder = recordScripts(page);
  for (const path of ["/", "/announcements", "/activities", "/charter", "/membership"]) {
    await page.goto(path);
    await settle(page);
  }
  const scripts = await recorder.read();
  expect(scripts.length).toBeGreaterThan(0);
  expect(editorScripts(scripts).map((s) => s.url)).toEqual([]);
});

test("the announcement form loads the rich-text-editor chunk (the check can fail)", async ({
  page,
}) => {
  await loginAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const recorder = recordScripts(page);
  await openDashboard(page, "공지사항");
  await page.waitForLoadState("networkidle");
  // The dashboard itself does not load it either: only opening the form does.
  expect(editorScripts(await recorder.read()).map((s) => s.url)).toEqual([]);

  await page.getByRole("button", { name: "공지사항 작성" }).click();
  await expect(
    page
      .getByRole("dialog", { name: "공지사항 작성" })
      .getByRole("textbox", { name: "공지사항 내용" }),
  ).toBeVisible();
  await page.waitForLoadState("networkidle");

  const scripts = await recorder.read();
  const chunk = scripts.find((s) => s.url.includes("rich-text-editor"));
  expect(chunk, "the rich-text-editor chunk is loaded for the form").toBeTruthy();
  expect(
    editorScripts(scripts).some((s) => EDITOR_CODE.test(s.body)),
    "the editor's code is recognised by the same search",
  ).toBe(true);
});
