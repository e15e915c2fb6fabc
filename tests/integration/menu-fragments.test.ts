// The header's two menus and the administrator's menu are drawn once per variant on the server
// and kept (app/lib/fragment-cache.tsx). A variant that forgot something it depends on would show
// one reader another's menu: the current page of the last request, a member's links to a
// visitor, the administrator's link to a member, yesterday's pending count. Each request here
// follows one that drew a different variant. The roster's rows are kept per member and version:
// a kept row that outlived an edit would show the member as they were.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "~db/schema";
import { createAdmin, type LoggedIn } from "../support/accounts";
import { insertPendingUser } from "../support/admin";
import { insertMember, type Member, page } from "../support/members";
import { setupTestServer } from "../support/test-server";

const server = setupTestServer();
let admin: LoggedIn;
let member: Member;
beforeAll(async () => {
  admin = await createAdmin(server);
  member = await insertMember(server);
});

/** One menu's markup, by its label. */
function menu(html: string, label: string) {
  const start = html.indexOf(`aria-label="${label}"`);
  expect(start, label).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf("</nav>", start));
}

/** The links a menu marks as current: "href=aria-current". */
function currentLinks(markup: string) {
  return Array.from(markup.matchAll(/<a\b[^>]*>/g), ([tag]) => {
    const current = /aria-current="([^"]+)"/.exec(tag)?.[1];
    return current ? `${/href="([^"]*)"/.exec(tag)?.[1]}=${current}` : null;
  }).filter(Boolean);
}

const hrefs = (markup: string) =>
  Array.from(markup.matchAll(/href="([^"]*)"/g), ([, href]) => href);

describe("the header's menus", () => {
  it("mark the page one is on, and only it, whatever page was drawn before", async () => {
    const pages = [
      { path: "/about", section: "학회소개" },
      { path: "/history", section: "학회소개" },
      { path: "/announcements", section: "소식" },
      { path: "/library", section: "학술활동" },
      { path: "/about", section: "학회소개" },
    ];
    for (const who of [null, member.cookie]) {
      for (const { path, section } of pages) {
        const { status, html } = await page(server, path, who);
        expect(status, path).toBeLessThan(400);
        const desktop = menu(html, "주 메뉴");
        const phone = menu(html, "모바일 메뉴");
        expect(currentLinks(desktop), path).toEqual([`${path}=page`]);
        expect(currentLinks(phone), path).toEqual([`${path}=page`]);
        // The section's drop-down is marked on a desktop, and its accordion open on a phone.
        expect(desktop.match(/<li data-here="true"[^>]*><a[^>]*>([^<]+)</)?.[1], path).toBe(
          section,
        );
        expect(phone.match(/<details open=""><summary>([^<]+)</)?.[1], path).toBe(section);
        expect(phone.match(/<details open="">/g), path).toHaveLength(1);
      }
    }
  });

  it("give a visitor, a member and the administrator each their own links, in any order", async () => {
    for (const round of [1, 2]) {
      for (const [who, cookie] of [
        ["member", member.cookie],
        ["visitor", null],
        ["admin", admin.cookie],
      ] as const) {
        const { html } = await page(server, "/membership", cookie);
        for (const label of ["주 메뉴", "모바일 메뉴"]) {
          const links = hrefs(menu(html, label));
          const context = `${who}, ${label}, round ${round}`;
          // A visitor cannot apply yet: 정회원 신청 leads to the sign-up steps.
          expect(links.includes("/membership/apply"), context).toBe(who !== "visitor");
          expect(links.includes("/membership#join"), context).toBe(who === "visitor");
          expect(links.includes("/admin/dashboard"), context).toBe(who === "admin");
        }
      }
    }
  });

  it("mark 관리자 as the current section on every administrator page", async () => {
    for (const [path, current] of [
      ["/admin/members", "true"],
      ["/admin/dashboard", "page"],
      ["/admin/seminars", "true"],
    ] as const) {
      const { html } = await page(server, path, admin.cookie);
      expect(currentLinks(menu(html, "주 메뉴")), path).toEqual([`/admin/dashboard=${current}`]);
      expect(currentLinks(menu(html, "모바일 메뉴")), path).toEqual([
        `/admin/dashboard=${current}`,
      ]);
    }
  });
});

describe("the administrator's menu", () => {
  it("marks the section one is in and shows the pending count as it is now", async () => {
    const badge = (html: string) =>
      menu(html, "관리자 메뉴").match(/(\d+)<span class="sr-only">명 승인 대기/)?.[1];
    const before = await page(server, "/admin/members", admin.cookie);
    expect(currentLinks(menu(before.html, "관리자 메뉴"))).toEqual(["/admin/members=page"]);
    const counted = Number(badge(before.html) ?? 0);

    const seminars = await page(server, "/admin/seminars", admin.cookie);
    expect(seminars.status).toBe(200);
    expect(currentLinks(menu(seminars.html, "관리자 메뉴"))).toEqual(["/admin/seminars=page"]);

    await insertPendingUser(server);
    const after = await page(server, "/admin/members", admin.cookie);
    expect(badge(after.html)).toBe(String(counted + 1));
    expect(currentLinks(menu(after.html, "관리자 메뉴"))).toEqual(["/admin/members=page"]);
  });
});

describe("the roster's rows", () => {
  /** The roster table's rows, as sent. */
  const rows = (html: string) => {
    const start = html.indexOf("<tbody");
    expect(start).toBeGreaterThan(-1);
    return html.slice(start, html.indexOf("</tbody>", start));
  };

  it("are drawn again when the member changes, and only the pending carry a checkbox", async () => {
    const pending = await insertPendingUser(server, { hospitalName: `행보관의원${Date.now()}` });
    const search = `/admin/members?q=${encodeURIComponent(pending.hospitalName)}`;
    const first = rows((await page(server, search, admin.cookie)).html);
    expect(first).toContain(pending.name);
    expect(first).toContain(`name="ids" value="${pending.id}"`);
    // The kept row is the row as drawn.
    expect(rows((await page(server, search, admin.cookie)).html)).toBe(first);

    const renamed = `${pending.name}개명`;
    await server.db
      .update(users)
      .set({ name: renamed, isApproved: true, approvedAt: new Date(), memberType: "regular" })
      .where(eq(users.id, pending.id));
    const after = rows((await page(server, search, admin.cookie)).html);
    expect(after).toContain(`>${renamed}</a>`);
    expect(after).not.toContain(`>${pending.name}</a>`);
    expect(after).not.toContain('name="ids"');
    expect(after).toContain("정회원");
  });
});
