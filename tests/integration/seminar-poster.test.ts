// A seminar's poster: the office uploads it with the seminar, the home page's next-seminar banner
// and the seminar's page show it, and without one the banner is the title and date alone. Only
// an image the office uploaded (public) is taken, never a member's private image or another site.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { seminars } from "~db/schema";
import {
  createAdmin,
  type ErrorBody,
  expectKoreanMessages,
  json,
  type LoggedIn,
  uploadImage,
} from "../support/accounts";
import { seminarInput } from "../support/admin";
import { insertMember, type Member, page, sendJson } from "../support/members";
import { setupTestServer } from "../support/test-server";

let admin: LoggedIn;
let member: Member;

const server = setupTestServer();
beforeAll(async () => {
  admin = await createAdmin(server);
  member = await insertMember(server, { name: "포스터본회원" });
});

/** A date soon enough to be the next seminar on the home page (none other is in this database). */
const soon = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();

async function create(overrides: Record<string, unknown>) {
  return sendJson(
    server,
    "POST",
    "/api/seminars",
    seminarInput({ registrationUrl: "", ...overrides }),
    { cookie: admin.cookie },
  );
}

async function posterOf(id: string) {
  const [row] = await server.db
    .select({ posterUrl: seminars.posterUrl })
    .from(seminars)
    .where(eq(seminars.id, id));
  return row?.posterUrl;
}

describe("a seminar's poster", () => {
  it("shows on the home page's banner and the seminar's page; a change without it keeps it", async () => {
    const poster = await uploadImage(server, { cookie: admin.cookie });
    const res = await create({ title: "포스터가 있는 세미나", date: soon(5), posterUrl: poster });
    expect(res.status, await res.clone().text()).toBe(201);
    const { id } = await json<{ id: string }>(res);

    const home = (await page(server, "/")).html;
    expect(home).toContain(`src="${poster}"`);
    expect(home).toContain('alt="포스터가 있는 세미나 포스터"');
    const detail = (await page(server, `/activities/${id}`)).html;
    expect(detail).toContain(`src="${poster}"`);

    const renamed = await sendJson(
      server,
      "PATCH",
      `/api/seminars/${id}`,
      { title: "이름만 바꾼 세미나" },
      { cookie: admin.cookie },
    );
    expect(renamed.status).toBe(200);
    expect(await posterOf(id)).toBe(poster);

    const cleared = await sendJson(
      server,
      "PATCH",
      `/api/seminars/${id}`,
      { posterUrl: "" },
      { cookie: admin.cookie },
    );
    expect(cleared.status).toBe(200);
    expect(await posterOf(id)).toBeNull();
    // Without a poster the banner still leads with the seminar: its title and date.
    const after = (await page(server, "/")).html;
    expect(after).toContain("다음 세미나");
    expect(after).toContain("이름만 바꾼 세미나");
    expect(after).not.toContain(`src="${poster}"`);
    await sendJson(server, "DELETE", `/api/seminars/${id}`, undefined, { cookie: admin.cookie });
  });

  it("refuses a member's private image, another site's image and a made-up path, saving nothing", async () => {
    const privateImage = await uploadImage(server, { cookie: member.cookie });
    for (const posterUrl of [
      privateImage,
      "https://evil.example/poster.png",
      "/objects/00000000-0000-4000-8000-000000000000",
      "javascript:alert(1)",
    ]) {
      const title = `거부될 포스터 ${posterUrl.slice(-12)}`;
      const res = await create({ title, date: soon(9), posterUrl });
      expect(res.status, posterUrl).toBe(400);
      const body = await json<ErrorBody>(res);
      expectKoreanMessages(body);
      expect(Object.keys(body.errors ?? {})).toEqual(["posterUrl"]);
      const rows = await server.db.select().from(seminars).where(eq(seminars.title, title));
      expect(rows).toEqual([]);
    }
  });

  it("a member's private image cannot be put on an existing seminar either", async () => {
    const res = await create({ title: "지켜질 세미나", date: soon(12) });
    const { id } = await json<{ id: string }>(res);
    const privateImage = await uploadImage(server, { cookie: member.cookie });
    const refused = await sendJson(
      server,
      "PATCH",
      `/api/seminars/${id}`,
      { posterUrl: privateImage },
      { cookie: admin.cookie },
    );
    expect(refused.status).toBe(400);
    expectKoreanMessages(await json<ErrorBody>(refused));
    expect(await posterOf(id)).toBeNull();
  });
});
