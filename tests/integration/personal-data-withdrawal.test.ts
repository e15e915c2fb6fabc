// Withdrawal (회원 탈퇴): POST /mypage/security intent=withdraw with the password and the
// confirmation. A wrong password keeps the account; success deletes the account, ends every
// session at once, deletes the licence images from storage (file and row) and the application.
// The last administrator cannot withdraw; another administrator can.
import fs from "node:fs";
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, membershipApplications, storedObjects, users } from "~db/schema";
import {
  createAdmin,
  createMember,
  get,
  HANGUL,
  type LoggedIn,
  logIn,
  logInCookie,
  PASSWORD,
  postForm,
  sessionRows,
  uploadImage,
  userRow,
} from "../support/accounts";
import { ENGLISH_DEFAULTS, hydrationData } from "../support/admin";
import { mainText } from "../support/html";
import { waitForQueueDrained } from "../support/mail";
import { applicationPayload, applicationRows, sendJson } from "../support/members";
import { setupTestServer } from "../support/test-server";

const WRONG_PASSWORD = "비밀번호가 올바르지 않습니다.";
const LAST_ADMIN = /마지막 관리자는 탈퇴할 수 없습니다/;

let admin: LoggedIn;

const server = setupTestServer();
beforeAll(async () => {
  admin = await createAdmin(server);
});
afterAll(async () => {
  // Applications queue e-mails to the administrators; let them go out before the database closes.
  await waitForQueueDrained(server);
});

/** A page action's refusal (lib/refusal.ts). */
type Reply = {
  intent: string | null;
  result: { status?: string; error?: Record<string, string[] | null> } | null;
  toast?: { title: string; description?: string };
};

async function withdraw(fields: Record<string, string>, cookie?: string | null) {
  const res = await postForm(
    server,
    "/mypage/security",
    { intent: "withdraw", ...fields },
    { cookie },
  );
  const html = await res.text();
  const location = res.headers.get("location");
  const reply =
    res.status >= 300 && res.status < 400
      ? null
      : ((
          hydrationData(html).actionData?.["routes/mypage-security"] as
            | { refusal?: Reply }
            | undefined
        )?.refusal ?? null);
  return { status: res.status, location, html, reply, headers: res.headers };
}

/** Where the local storage keeps an object: DATA_DIR/objects/<first two>/<id>. */
function objectFile(objectPath: string) {
  const id = objectPath.replace(/^\/objects\//, "");
  return path.join(process.env.DATA_DIR!, "objects", id.slice(0, 2), id);
}

async function objectRow(objectPath: string) {
  const id = objectPath.replace(/^\/objects\//, "");
  const [row] = await server.db.select().from(storedObjects).where(eq(storedObjects.id, id));
  return row;
}

async function meStatus(cookie: string) {
  return (await get(server, "/api/auth/me", { cookie })).status;
}

async function approvedAdmins() {
  const [row] = await server.db
    .select({ value: count() })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.isApproved, true)));
  return row?.value ?? 0;
}

/**
 * A member with a sign-up licence image, a full-membership application with its own uploaded
 * licence image, and a second session.
 */
async function memberWithEverything() {
  const member = await createMember(server);
  const applicationImage = await uploadImage(server, { cookie: member.cookie });
  const res = await sendJson(
    server,
    "POST",
    "/api/membership-applications",
    applicationPayload({ licenseImageUrl: applicationImage }),
    { cookie: member.cookie },
  );
  expect(res.status).toBe(201);
  const [application] = await applicationRows(server, member.id);
  expect(application?.licenseImageUrl).toBe(applicationImage);
  const second = await logInCookie(server, member.email, PASSWORD);
  return { member, second, applicationImage, applicationId: application!.id };
}

describe("withdrawal", () => {
  it("keeps the account on a wrong password (400, Korean message)", async () => {
    const { member, second, applicationImage } = await memberWithEverything();
    const answer = await withdraw({ password: "wrong-password-1", confirm: "on" }, member.cookie);
    expect(answer.status).toBe(400);
    expect(answer.reply?.intent).toBe("withdraw");
    expect(answer.reply?.toast?.description).toBe(WRONG_PASSWORD);
    expect(mainText(answer.html)).toContain(WRONG_PASSWORD);
    expect(answer.html).not.toContain("wrong-password-1");

    expect(await userRow(server, member.id)).toBeDefined();
    expect(await sessionRows(server, member.id)).toHaveLength(2);
    expect(await meStatus(member.cookie)).toBe(200);
    expect(await meStatus(second)).toBe(200);
    expect(await applicationRows(server, member.id)).toHaveLength(1);
    for (const image of [member.licenseImageUrl, applicationImage]) {
      expect(fs.existsSync(objectFile(image))).toBe(true);
      expect(await objectRow(image)).toBeDefined();
    }
  });

  it.each([
    [{ password: PASSWORD }, "confirm", "탈퇴 안내를 확인하고 동의해주세요"],
    [{ password: "", confirm: "on" }, "password", "비밀번호를 입력해주세요"],
  ])(
    "refuses %j with 400 and a Korean message, keeping the account",
    async (fields, field, message) => {
      const member = await createMember(server);
      const answer = await withdraw(fields, member.cookie);
      expect(answer.status).toBe(400);
      expect(answer.reply?.result?.error?.[field]).toContain(message);
      for (const list of Object.values(answer.reply?.result?.error ?? {})) {
        for (const text of list ?? []) {
          expect(text).toMatch(HANGUL);
          expect(text).not.toMatch(ENGLISH_DEFAULTS);
        }
      }
      expect(await userRow(server, member.id)).toBeDefined();
      expect(await meStatus(member.cookie)).toBe(200);
    },
  );

  it("sends a visitor to the login page", async () => {
    const answer = await withdraw({ password: PASSWORD, confirm: "on" });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/login?redirectTo=%2Fmypage%2Fsecurity");
  });

  it("deletes the account, every session, the licence images and the application", async () => {
    const { member, second, applicationImage, applicationId } = await memberWithEverything();
    for (const image of [member.licenseImageUrl, applicationImage]) {
      expect(fs.existsSync(objectFile(image))).toBe(true);
      // Before: the owner and an administrator can open the images.
      expect((await get(server, image, { cookie: member.cookie })).status).toBe(200);
      expect((await get(server, image, { cookie: admin.cookie })).status).toBe(200);
    }

    const answer = await withdraw({ password: PASSWORD, confirm: "on" }, member.cookie);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/");
    // The browser's session cookie is cleared.
    const cleared = answer.headers.getSetCookie().find((c) => c.startsWith("sid="));
    expect(cleared).toBeDefined();
    expect(cleared).toMatch(/^sid=;|Max-Age=0|Expires=Thu, 01 Jan 1970/i);

    // The account is gone.
    expect(await userRow(server, member.id)).toBeUndefined();
    // Every session ended at once, this one and the other.
    expect(await sessionRows(server, member.id)).toHaveLength(0);
    expect(await meStatus(member.cookie)).toBe(401);
    expect(await meStatus(second)).toBe(401);
    expect((await get(server, "/mypage", { cookie: second })).status).toBe(302);
    // The application is gone.
    expect(await applicationRows(server, member.id)).toHaveLength(0);
    const [byId] = await server.db
      .select()
      .from(membershipApplications)
      .where(eq(membershipApplications.id, applicationId));
    expect(byId).toBeUndefined();
    expect(
      (await get(server, `/api/membership-applications/${applicationId}`, { cookie: admin.cookie }))
        .status,
    ).toBe(404);
    // The licence images are deleted from storage: file and row; not even an admin can open them.
    for (const image of [member.licenseImageUrl, applicationImage]) {
      expect(fs.existsSync(objectFile(image))).toBe(false);
      expect(await objectRow(image)).toBeUndefined();
      expect((await get(server, image, { cookie: admin.cookie })).status).toBe(404);
    }
    // The withdrawn member cannot log in again.
    expect((await logIn(server, member.email, PASSWORD)).status).toBe(401);
  });

  it("deletes other private files the member uploaded", async () => {
    const member = await createMember(server);
    const extra = await uploadImage(server, { cookie: member.cookie });
    expect(fs.existsSync(objectFile(extra))).toBe(true);
    const answer = await withdraw({ password: PASSWORD, confirm: "on" }, member.cookie);
    expect(answer.status).toBe(302);
    expect(fs.existsSync(objectFile(extra))).toBe(false);
    expect(await objectRow(extra)).toBeUndefined();
  });

  it("leaves other members untouched", async () => {
    const staying = await createMember(server);
    const leaving = await createMember(server);
    const before = await userRow(server, staying.id);
    // An id sent with the form is not a field of the form: refused, and nobody leaves.
    const forged = await withdraw(
      { password: PASSWORD, confirm: "on", id: staying.id, userId: staying.id },
      leaving.cookie,
    );
    expect(forged.status).toBe(400);
    expect(await userRow(server, leaving.id)).toBeDefined();
    const answer = await withdraw({ password: PASSWORD, confirm: "on" }, leaving.cookie);
    expect(answer.status).toBe(302);
    expect(await userRow(server, leaving.id)).toBeUndefined();
    expect(await userRow(server, staying.id)).toEqual(before);
    expect(await meStatus(staying.cookie)).toBe(200);
    expect(fs.existsSync(objectFile(staying.licenseImageUrl))).toBe(true);
  });
});

describe("withdrawal of administrators", () => {
  it("refuses the last administrator (409, Korean message) and lets a second one go", async () => {
    expect(await approvedAdmins()).toBe(1);
    const refused = await withdraw({ password: PASSWORD, confirm: "on" }, admin.cookie);
    expect(refused.status).toBe(409);
    expect(refused.reply?.toast?.description).toMatch(LAST_ADMIN);
    expect(refused.reply?.toast?.description).toMatch(HANGUL);
    expect(mainText(refused.html)).toMatch(LAST_ADMIN);
    expect(await userRow(server, admin.id)).toBeDefined();
    expect(await meStatus(admin.cookie)).toBe(200);

    const second = await createAdmin(server);
    expect(await approvedAdmins()).toBe(2);
    // A public image the administrator uploaded for the site (e.g. an announcement's) stays.
    const publicImage = await uploadImage(server, { cookie: second.cookie });
    expect((await get(server, publicImage)).status).toBe(200);
    // What the second administrator did stays in the audit log after they leave.
    expect(
      (
        await get(server, "/admin/export/members.csv?purpose=탈퇴-전-확인", {
          cookie: second.cookie,
        })
      ).status,
    ).toBe(200);
    const allowed = await withdraw({ password: PASSWORD, confirm: "on" }, second.cookie);
    expect(allowed.status).toBe(302);
    expect(allowed.location).toBe("/");
    expect(await userRow(server, second.id)).toBeUndefined();
    expect(await meStatus(second.cookie)).toBe(401);
    expect((await get(server, publicImage)).status).toBe(200);
    expect(fs.existsSync(objectFile(publicImage))).toBe(true);
    const kept = await server.db.select().from(auditLog).where(eq(auditLog.actorId, second.id));
    expect(kept.map((r) => [r.action, r.actorEmail])).toEqual([["export_members", second.email]]);

    // The first is the last one again.
    expect(await approvedAdmins()).toBe(1);
    const again = await withdraw({ password: PASSWORD, confirm: "on" }, admin.cookie);
    expect(again.status).toBe(409);
    expect(await userRow(server, admin.id)).toBeDefined();
  });

  it("lets the first administrator go while another one remains", async () => {
    const first = await createAdmin(server);
    expect(await approvedAdmins()).toBe(2);
    const answer = await withdraw({ password: PASSWORD, confirm: "on" }, first.cookie);
    expect(answer.status).toBe(302);
    expect(await userRow(server, first.id)).toBeUndefined();
    expect(await meStatus(admin.cookie)).toBe(200);
  });
});
