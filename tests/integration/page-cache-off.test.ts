// PAGE_CACHE_SECONDS=0 turns the page cache off: every visitor's page is rendered for them, with
// its own nonce, and so is a seminar's page (no template, decision 031).
import { expect, it } from "vitest";
import { insertSeminar } from "../support/admin";
import { setupTestServer } from "../support/test-server";

const server = setupTestServer({ env: { PAGE_CACHE_SECONDS: "0" } });

it("renders every visit and keeps a fresh nonce per response", async () => {
  const nonces = new Set<string>();
  for (let i = 0; i < 2; i++) {
    const res = await server.fetch("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-page-cache")).toBeNull();
    const nonce = res.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(await res.text()).toContain(`nonce="${nonce}"`);
    nonces.add(String(nonce));
  }
  expect(nonces.size).toBe(2);
});

it("renders a seminar's page on every visit, without a template", async () => {
  const seminar = await insertSeminar(server);
  for (let i = 0; i < 2; i++) {
    const res = await server.fetch(`/activities/${seminar.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-page-cache")).toBeNull();
    expect(await res.text()).toContain(seminar.title);
  }
});
