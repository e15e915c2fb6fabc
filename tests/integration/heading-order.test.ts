// Headings in order on every page an administrator or a member works in: one h1, and no level
// skipped on the way down (a screen reader's list of headings is how its user finds a page's parts;
// an h3 straight under the h1 reads as a part of something that is not there).
import { beforeAll, describe, expect, it } from "vitest";
import { createAdmin, json, type LoggedIn } from "../support/accounts";
import { insertMember, type Member, page, sendJson } from "../support/members";
import { setupTestServer } from "../support/test-server";

const server = setupTestServer({
  env: {
    PAYMENTS_PROVIDER: "test",
    PORTONE_WEBHOOK_SECRET: `whsec_${Buffer.from("heading-order-webhook-secret-0123456789").toString("base64")}`,
  },
});
const YEAR = new Date(Date.now() + 9 * 3600_000).getUTCFullYear();
let admin: LoggedIn;
let member: Member;
let seminarId: string;
let paymentId: string;

beforeAll(async () => {
  admin = await createAdmin(server);
  member = await insertMember(server, { memberType: "regular", name: "제목순서" });
  const dues = await sendJson(
    server,
    "PUT",
    `/api/admin/dues/${YEAR}`,
    {
      regularFee: 100_000,
      lifetimeFee: 1_000_000,
      dueDate: `${YEAR}-12-31`,
      bankAccount: "대구은행 123-45-678901 학회",
    },
    { cookie: admin.cookie },
  );
  expect(dues.status, await dues.clone().text()).toBe(200);
  // An invoice, so the payment lists have their rows' headings.
  const invoice = await sendJson(server, "POST", `/api/me/dues/${YEAR}/payments`, undefined, {
    cookie: member.cookie,
  });
  expect(invoice.status, await invoice.clone().text()).toBe(201);
  ({ paymentId } = await json<{ paymentId: string }>(invoice));
  const chosen = await sendJson(
    server,
    "POST",
    `/api/me/payments/${paymentId}/checkout`,
    { method: "card" },
    { cookie: member.cookie },
  );
  expect(chosen.status, await chosen.clone().text()).toBe(200);
  const created = await sendJson(
    server,
    "POST",
    "/api/seminars",
    {
      title: "제목 순서 세미나",
      description: "평점이 있는 세미나",
      speaker: "연자",
      date: new Date(Date.now() + 20 * 24 * 3600_000).toISOString(),
      location: "대구",
      capacity: 30,
      cmeCredits: 2,
    },
    { cookie: admin.cookie },
  );
  expect(created.status, await created.clone().text()).toBe(201);
  seminarId = (await json<{ id: string }>(created)).id;
});

/** The page's headings, in document order, as [level, text]. */
function headingsOf(html: string) {
  return [...html.matchAll(/<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/g)].map(
    ([, level, inner]) => [Number(level), inner!.replace(/<[^>]+>/g, "").trim()] as const,
  );
}

/** Each page answers, with one h1 and no level skipped on the way down. */
async function expectHeadingsInOrder(paths: string[], cookie: string) {
  for (const path of paths) {
    const { status, html } = await page(server, path, cookie);
    expect(status, path).toBe(200);
    const headings = headingsOf(html);
    expect(
      headings.filter(([level]) => level === 1),
      path,
    ).toHaveLength(1);
    const skips: string[] = [];
    headings.forEach(([level, text], i) => {
      const before = headings[i - 1]?.[0];
      if (before !== undefined && level > before + 1) skips.push(`h${before} → h${level} ${text}`);
    });
    expect(skips, path).toEqual([]);
  }
}

describe("heading order", () => {
  it("the office's pages: one h1, no level skipped", async () => {
    const paths = [
      "/admin/dashboard",
      "/admin/dashboard?tab=applications",
      "/admin/dashboard?tab=announcements",
      "/admin/dashboard?tab=seminars",
      "/admin/members",
      `/admin/members/${member.id}`,
      "/admin/audit",
      "/admin/seminars",
      `/admin/seminars/${seminarId}`,
      `/admin/seminars/${seminarId}/credits`,
      "/admin/security",
      "/admin/community",
      "/admin/dues",
      "/admin/payments",
      "/admin/messages",
      "/admin/library",
      "/admin/votes",
      "/admin/settings",
    ];
    await expectHeadingsInOrder(paths, admin.cookie);
    // The two pages whose rows or rules have h3s: the h2 between is there.
    const payments = headingsOf((await page(server, "/admin/payments", admin.cookie)).html);
    expect(payments.some(([level]) => level === 3)).toBe(true);
    const credits = headingsOf(
      (await page(server, `/admin/seminars/${seminarId}/credits`, admin.cookie)).html,
    );
    expect(credits.some(([level, text]) => level === 3 && text.includes("평점 구간"))).toBe(true);
  });

  it("a member's pages: one h1, no level skipped", async () => {
    await expectHeadingsInOrder(
      [
        "/mypage",
        "/mypage/dues",
        "/mypage/seminars",
        `/mypage/payments/${paymentId}`,
        "/mypage/security",
        "/mypage/board",
        `/activities/${seminarId}`,
      ],
      member.cookie,
    );
  });
});
