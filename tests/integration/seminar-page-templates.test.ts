// The seminar's page filled in from a template (server/seminar-page-templates.ts, decision 031):
// the page each member gets is the page rendered for them, byte for byte but the nonce, whatever
// their name holds; members in another position (정회원 or not, an administrator, a visitor) get
// another template; what changes the page (seats taken, an edit, a registration of one's own)
// changes what is served on the next request.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { seminars } from "~db/schema";
import { createAdmin, type LoggedIn } from "../support/accounts";
import { hydrationData } from "../support/admin";
import { insertMember, type Member, sendJson, setApproved } from "../support/members";
import { setupTestServer } from "../support/test-server";

const DAY = 24 * 60 * 60 * 1000;

let admin: LoggedIn;
const server = setupTestServer({ env: { PAYMENTS_PROVIDER: "test" } });
beforeAll(async () => {
  admin = await createAdmin(server);
});

async function createSeminar(fields: Record<string, unknown> = {}) {
  const res = await sendJson(
    server,
    "POST",
    "/api/seminars",
    {
      title: "개원의 노무 실무 세미나",
      description: "직원 채용부터 퇴직까지",
      speaker: "박노무 노무사",
      date: new Date(Date.now() + 10 * DAY).toISOString(),
      location: "대구 엑스코 321호",
      capacity: 5,
      ...fields,
    },
    { cookie: admin.cookie },
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: string };
}

/**
 * The page as the normal handler renders it for `cookie`: a query string keeps it from the
 * template, and is then taken out of the one place the page repeats it (the form's action).
 */
async function rendered(path: string, cookie: string) {
  const page = await open(`${path}?as=rendered`, cookie);
  expect(page.state).toBeNull();
  return page.html.replaceAll("?as=rendered", "");
}

async function open(path: string, cookie: string | null) {
  const res = await server.fetch(path, { headers: cookie ? { cookie } : {} });
  expect(res.status, path).toBe(200);
  return { state: res.headers.get("x-page-cache"), html: await res.text(), res };
}

/** The page with its nonce taken out: the one thing two renders of it must not share. */
const withoutNonce = (html: string) => html.replaceAll(/nonce="[^"]*"/g, 'nonce=""');

type RootUser = { id: string; email: string; name: string; isFullMember: boolean };
const rootUser = (html: string) =>
  (hydrationData(html).loaderData?.root as { user: RootUser | null } | undefined)?.user;

describe("a member's page from the template", () => {
  it("is the page rendered for that member, whatever their name holds", async () => {
    const seminar = await createSeminar();
    const path = `/activities/${seminar.id}`;
    // Names that each escaping must get right: HTML's entities, a script's end, JSON's quotes and
    // backslashes, the line separators JavaScript once refused, and a character beyond the BMP.
    const names = [
      "김학회",
      `이"따옴표'<b>굵게</b>&amp;`,
      "박</script><script>alert(1)</script>",
      "최\u2028줄\u2029바꿈\\백슬래시",
      "정😀 \\u0026",
    ];
    const members: Member[] = [];
    for (const name of names) members.push(await insertMember(server, { name }));

    const states: (string | null)[] = [];
    for (const member of members) {
      const served = await open(path, member.cookie);
      states.push(served.state);
      expect(withoutNonce(served.html)).toBe(withoutNonce(await rendered(path, member.cookie)));
      // What the browser reads: the header's name and the hydration data's user.
      expect(rootUser(served.html)).toMatchObject({
        id: member.id,
        email: member.email,
        name: member.name,
      });
      for (const other of members) {
        if (other !== member) expect(served.html).not.toContain(other.email);
      }
      const nonce = served.res.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/);
      expect(nonce?.[1]).toBeTruthy();
      expect(served.html).toContain(`nonce="${nonce?.[1]}"`);
      expect(served.res.headers.get("cache-control")).toBe("private, no-store");
    }
    // The first member's view drew the template; everyone after them was filled in from it.
    expect(states).toEqual([
      "template-miss",
      "template-hit",
      "template-hit",
      "template-hit",
      "template-hit",
    ]);
  });

  it("draws another template for another position, and never shows one reader's name to another", async () => {
    const seminar = await createSeminar({ feeFull: 50_000, feeOther: 80_000, capacity: 30 });
    const path = `/activities/${seminar.id}`;
    const full = await insertMember(server, { name: "정회원갑", memberType: "regular" });
    const associate = await insertMember(server, { name: "준회원을", memberType: "associate" });

    const visitor = await open(path, null);
    expect(visitor.state).toBe("template-miss");
    expect(rootUser(visitor.html)).toBeNull();
    expect(visitor.html).toContain("로그인");

    const asFull = await open(path, full.cookie);
    expect(asFull.state).toBe("template-miss");
    const asAssociate = await open(path, associate.cookie);
    expect(asAssociate.state).toBe("template-miss");
    // Each is the page rendered for them: their own fee, their own name.
    for (const [member, served] of [
      [full, asFull],
      [associate, asAssociate],
    ] as const) {
      expect(withoutNonce(served.html)).toBe(withoutNonce(await rendered(path, member.cookie)));
      expect(served.html).toContain(member.name);
    }
    expect(asFull.html).not.toContain(associate.name);
    expect(asAssociate.html).not.toContain(full.name);
    expect(rootUser(asFull.html)?.name).toBe(full.name);

    const again = await open(path, null);
    expect(again.state).toBe("template-hit");
    expect(again.html).not.toContain(full.name);
    expect(again.html).not.toContain(associate.name);
    expect(again.html).not.toContain(full.email);
  });

  it("follows the seats taken, an edit, and the member's own registration", async () => {
    const seminar = await createSeminar({ capacity: 3 });
    const path = `/activities/${seminar.id}`;
    const [first, second] = [await insertMember(server), await insertMember(server)];
    const seatsShown = (html: string) =>
      (
        hydrationData(html).loaderData?.["routes/activity-detail"] as
          | { seatsLeft: number }
          | undefined
      )?.seatsLeft;

    expect(seatsShown((await open(path, second.cookie)).html)).toBe(3);
    const registered = await sendJson(
      server,
      "POST",
      `/api/seminars/${seminar.id}/registrations`,
      undefined,
      { cookie: first.cookie },
    );
    expect(registered.status).toBe(201);
    // The seats taken are the template's key: the next view draws a new one.
    const after = await open(path, second.cookie);
    expect(after.state).toBe("template-miss");
    expect(seatsShown(after.html)).toBe(2);

    // A member with a registration gets the page rendered for them, with it.
    const own = await open(path, first.cookie);
    expect(own.state).toBeNull();
    expect(own.html).toContain("신청이 확정되었습니다");

    // An edit, even straight into the database, is on the next view.
    await server.db
      .update(seminars)
      .set({ title: "제목을 바꾼 노무 세미나" })
      .where(eq(seminars.id, seminar.id));
    const edited = await open(path, second.cookie);
    expect(edited.state).toBe("template-miss");
    expect(edited.html).toContain("제목을 바꾼 노무 세미나");
  });

  it("shows the e-mail address of a member without a name, as the rendered page does", async () => {
    const seminar = await createSeminar();
    const path = `/activities/${seminar.id}`;
    await open(path, (await insertMember(server, { name: "이름있음" })).cookie);
    const nameless = await insertMember(server, { name: "" });
    const served = await open(path, nameless.cookie);
    expect(served.state).toMatch(/^template-/);
    expect(withoutNonce(served.html)).toBe(withoutNonce(await rendered(path, nameless.cookie)));
    expect(served.html).toContain(`>${nameless.email}</a>`);
    expect(served.html).not.toContain("이름있음");
  });

  it("draws an administrator's page from their own template", async () => {
    const seminar = await createSeminar();
    const path = `/activities/${seminar.id}`;
    const member = await insertMember(server);
    const asMember = await open(path, member.cookie);
    const asAdmin = await server.fetch(path, { headers: { cookie: admin.cookie } });
    const adminHtml = await asAdmin.text();
    // Another position (the role), so another template: drawn for the administrator.
    expect(asAdmin.headers.get("x-page-cache")).toBe("template-miss");
    expect(withoutNonce(adminHtml)).toBe(withoutNonce(await rendered(path, admin.cookie)));
    expect(adminHtml).toContain(admin.email);
    expect(asMember.html).not.toContain(admin.email);
  });

  it("gives a member whose approval was withdrawn neither a template nor the approved members' page", async () => {
    const seminar = await createSeminar();
    const path = `/activities/${seminar.id}`;
    const approved = await insertMember(server, { name: "승인회원" });
    const withdrawn = await insertMember(server, { name: "승인취소회원" });
    await setApproved(server, withdrawn.id, false);
    expect((await open(path, approved.cookie)).state).toBe("template-miss");
    const served = await server.fetch(path, { headers: { cookie: withdrawn.cookie } });
    const html = await served.text();
    // Withdrawing the approval ends the session: the normal handler answers, as to a visitor.
    expect(served.status).toBe(200);
    expect(served.headers.get("x-page-cache")).toBeNull();
    expect(rootUser(html)).toBeNull();
    expect(html).not.toContain("승인회원<");
    expect(html).not.toContain(approved.email);
  });

  it("answers HEAD without a body, and leaves a flash to the normal handler", async () => {
    const seminar = await createSeminar();
    const path = `/activities/${seminar.id}`;
    const member = await insertMember(server);
    await open(path, member.cookie);
    const head = await server.fetch(path, { method: "HEAD", headers: { cookie: member.cookie } });
    expect(head.status).toBe(200);
    expect(head.headers.get("x-page-cache")).toBe("template-hit");
    expect(await head.text()).toBe("");
    // A finished form's message is this member's, shown once: the normal handler draws it.
    const flash = encodeURIComponent(JSON.stringify({ title: "신청을 취소했습니다" }));
    const withFlash = await server.fetch(path, {
      headers: { cookie: `${member.cookie}; flash_toast=${flash}` },
    });
    expect(withFlash.status).toBe(200);
    expect(withFlash.headers.get("x-page-cache")).toBeNull();
  });

  it("leaves to the normal handler what is not a seminar's page", async () => {
    const member = await insertMember(server);
    const missing = await server.fetch("/activities/00000000-0000-4000-8000-000000000000", {
      headers: { cookie: member.cookie },
    });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-page-cache")).toBeNull();
    const notAnId = await server.fetch("/activities/not-a-seminar", {
      headers: { cookie: member.cookie },
    });
    expect(notAnId.status).toBe(404);
    // A session that has ended: the page as a visitor's, from the normal handler.
    const ended = await server.fetch(`/activities/${(await createSeminar()).id}`, {
      headers: { cookie: "sid=s%3Aended.session" },
    });
    expect(ended.status).toBe(200);
    expect(ended.headers.get("x-page-cache")).toBeNull();
    expect(rootUser(await ended.text())).toBeNull();
  });
});
