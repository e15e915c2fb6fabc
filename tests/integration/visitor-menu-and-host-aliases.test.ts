// Issue 39, items 10 and 11. The menu's 정회원 신청 leads a visitor to 회원 안내's sign-up steps
// (/membership#join) instead of the login-required page, and a member to /membership/apply. A
// request to another host name of the site (HOST_ALIASES) is redirected to the same path on
// PUBLIC_URL, so a page never runs on an origin its upload URLs do not share.
import http from "node:http";
import { describe, expect, it } from "vitest";
import { insertMember, page } from "../support/members";
import { setupTestServer } from "../support/test-server";

const ALIAS = "alias.society.test";
const server = setupTestServer({ env: { HOST_ALIASES: ` ${ALIAS.toUpperCase()} , other.test` } });

/** A request with its own Host header (fetch cannot set one). */
function requestWithHost(method: string, path: string, host: string) {
  return new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
    const headers: Record<string, string> = { Host: host };
    if (method !== "GET") headers["Content-Length"] = "0";
    const req = http.request(
      `${server.baseUrl}${path}`,
      { method, headers, agent: false },
      (res) => {
        res.resume();
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, location: res.headers.location }),
        );
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** The hrefs of the menu links labelled 정회원 신청 (desktop and phone menus). */
function applyLinks(html: string) {
  return Array.from(html.matchAll(/<a\b([^>]*)>\s*정회원 신청\s*<\/a>/g), ([, attributes]) =>
    decode(/href="([^"]*)"/.exec(attributes ?? "")?.[1] ?? ""),
  );
}

const decode = (value: string) => value.replaceAll("&amp;", "&");

describe("정회원 신청 in the menu", () => {
  it("points a visitor at 회원 안내's sign-up steps, in both menus", async () => {
    const { html } = await page(server, "/");
    const links = applyLinks(html);
    expect(links.length).toBeGreaterThanOrEqual(2);
    expect(new Set(links)).toEqual(new Set(["/membership#join"]));
    const membership = await page(server, "/membership");
    expect(membership.html).toMatch(/id="join"[^>]*>\s*가입 절차/);
  });

  it("points a member at /membership/apply", async () => {
    const member = await insertMember(server);
    const { html } = await page(server, "/", member.cookie);
    expect(new Set(applyLinks(html))).toEqual(new Set(["/membership/apply"]));
  });
});

describe("HOST_ALIASES", () => {
  it("redirects a page on an alias to the same path on PUBLIC_URL (301), any case", async () => {
    const answer = await requestWithHost("GET", "/signup?x=1", ALIAS);
    expect(answer.status).toBe(301);
    expect(answer.location).toBe(`${server.baseUrl}/signup?x=1`);
    const other = await requestWithHost("GET", "/login", "OTHER.test");
    expect(other.status).toBe(301);
    expect(other.location).toBe(`${server.baseUrl}/login`);
  });

  it("redirects a call on an alias with 308 (method and body kept), so uploads never cross origins", async () => {
    const answer = await requestWithHost("POST", "/api/objects/upload-public", ALIAS);
    expect(answer.status).toBe(308);
    expect(answer.location).toBe(`${server.baseUrl}/api/objects/upload-public`);
  });

  it("leaves PUBLIC_URL's own host and unknown hosts alone", async () => {
    const own = await requestWithHost("GET", "/signup", new URL(server.baseUrl).host);
    expect(own.status).toBe(200);
    const unknown = await requestWithHost("GET", "/signup", "unknown.example");
    expect(unknown.status).toBe(200);
  });
});
