// Issue 39, item 3: a doctor whose sign-up waits or was rejected is not left at a wall. Over HTTP:
// the login's 403 `{ status, reason?, message }` and its short-lived applicant cookie (never a
// session, decision 022); the status page on /login; a new licence image while pending; after a
// rejection the corrected image and a new request, once per rejection, first in the office's
// list; the received mail to the applicant; and the office's reject forms that require a reason.
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { advanceClock, resetClock } from "~/lib/clock.server";
import { auditLog, storedObjects } from "~db/schema";
import {
  createAdmin,
  get,
  json,
  type LoggedIn,
  logIn,
  PNG,
  postForm,
  postJson,
  sessionRows,
  signUp,
  uploadImage,
  userRow,
} from "../support/accounts";
import { dashboardAction, expectFailure, expectSuccess } from "../support/admin";
import { waitForOutboxMessagesTo } from "../support/mail";
import { setupTestServer } from "../support/test-server";

const PENDING = "관리자 승인 후 로그인할 수 있습니다. 승인까지 잠시 기다려주세요.";
const REASON = "면허증 사진이 흐려 번호를 읽을 수 없습니다.";
const MINUTE = 60_000;

const server = setupTestServer();
let admin: LoggedIn;
beforeAll(async () => {
  admin = await createAdmin(server);
});
afterEach(() => resetClock());

/** `applicant=…` from a login's answer, for the Cookie header. */
function applicantCookie(res: Response) {
  const header = res.headers.getSetCookie().find((h) => h.startsWith("applicant="));
  return header?.split(";")[0] ?? null;
}

async function loginAsApplicant(email: string, password: string) {
  const res = await logIn(server, email, password);
  const body = await json<{ status?: string; reason?: string; message: string }>(res);
  return { res, body, cookie: applicantCookie(res) };
}

function reject(id: string, reason?: string) {
  return postJson(server, `/api/users/${id}/reject`, reason ? { reason } : undefined, {
    cookie: admin.cookie,
  });
}

async function pendingIds() {
  const res = await get(server, "/api/users/pending", { cookie: admin.cookie });
  expect(res.status).toBe(200);
  return (await json<Array<{ id: string }>>(res)).map((u) => u.id);
}

describe("POST /api/auth/login for a sign-up that waits or was rejected", () => {
  it("pending: 403 { status: 'pending', message: SPEC's 승인 대기 text }, no session, an applicant cookie", async () => {
    const doctor = await signUp(server);
    const { res, body, cookie } = await loginAsApplicant(doctor.email, doctor.password);
    expect(res.status).toBe(403);
    expect(body).toEqual({ status: "pending", message: PENDING });
    expect(res.headers.getSetCookie().some((h) => h.startsWith("sid="))).toBe(false);
    expect(await sessionRows(server, doctor.id)).toEqual([]);
    const header = res.headers.getSetCookie().find((h) => h.startsWith("applicant="))!;
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Strict/i);
    expect(header).toMatch(/Max-Age=1800/);
    expect(cookie).toBeTruthy();
    // The cookie opens nothing a session opens.
    expect((await get(server, "/api/auth/me", { cookie })).status).toBe(401);
    expect((await get(server, "/mypage", { cookie })).status).not.toBe(200);
  });

  it("rejected: 403 { status: 'rejected', reason, message } in Korean", async () => {
    const doctor = await signUp(server);
    expect((await reject(doctor.id, REASON)).status).toBe(200);
    const { res, body, cookie } = await loginAsApplicant(doctor.email, doctor.password);
    expect(res.status).toBe(403);
    expect(body.status).toBe("rejected");
    expect(body.reason).toBe(REASON);
    expect(body.message).toContain("승인되지 않았습니다");
    expect(cookie).toBeTruthy();
  });

  it("a wrong password is still 401 with no status and no applicant cookie", async () => {
    const doctor = await signUp(server);
    const { res, body, cookie } = await loginAsApplicant(doctor.email, "wrong-password-1");
    expect(res.status).toBe(401);
    expect(body.status).toBeUndefined();
    expect(cookie).toBeNull();
  });
});

describe("GET /api/auth/applicant and the status page on /login", () => {
  it("answers the status with the cookie, 401 without it, after 30 minutes, or when forged", async () => {
    const doctor = await signUp(server, { name: "김대기" });
    const { cookie } = await loginAsApplicant(doctor.email, doctor.password);
    const res = await get(server, "/api/auth/applicant", { cookie });
    expect(res.status).toBe(200);
    // A doctor's own status (name, a rejection's reason): never kept by a shared cache.
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(await json(res)).toMatchObject({ status: "pending", name: "김대기", canReapply: false });

    expect((await get(server, "/api/auth/applicant")).status).toBe(401);
    const forged = `${cookie!.slice(0, -3)}abc`;
    expect((await get(server, "/api/auth/applicant", { cookie: forged })).status).toBe(401);
    advanceClock(31 * MINUTE);
    const late = await get(server, "/api/auth/applicant", { cookie });
    expect(late.status).toBe(401);
    expect((await json<{ message: string }>(late)).message).toContain("다시 로그인");
  });

  it("the login page shows 승인 대기 중 and what happens next; 반려 with the reason", async () => {
    const waiting = await signUp(server);
    const { cookie } = await loginAsApplicant(waiting.email, waiting.password);
    const answer = await get(server, "/login", { cookie });
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    const page = await answer.text();
    expect(page).toContain("승인 대기 중");
    expect(page).toContain("영업일");
    expect(page).toContain("새 이미지 제출");
    expect(page).not.toContain("다시 신청하기");

    const rejected = await signUp(server);
    await reject(rejected.id, REASON);
    const second = await loginAsApplicant(rejected.email, rejected.password);
    const rejectedPage = await (await get(server, "/login", { cookie: second.cookie })).text();
    expect(rejectedPage).toContain("반려");
    expect(rejectedPage).toContain(REASON);
    expect(rejectedPage).toContain("다시 신청하기");
  });

  it("the login form itself leads a pending doctor to the status page (no session)", async () => {
    const doctor = await signUp(server);
    const res = await postForm(server, "/login", {
      email: doctor.email,
      password: doctor.password,
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login");
    expect(applicantCookie(res)).toBeTruthy();
    expect(res.headers.getSetCookie().some((h) => h.startsWith("sid="))).toBe(false);
  });

  it("an approved account's cookie opens nothing any more", async () => {
    const doctor = await signUp(server);
    const { cookie } = await loginAsApplicant(doctor.email, doctor.password);
    await postJson(server, `/api/users/${doctor.id}/approve`, undefined, { cookie: admin.cookie });
    expect((await get(server, "/api/auth/applicant", { cookie })).status).toBe(401);
  });
});

describe("a new licence image while pending", () => {
  it("replaces the image, deletes the old one, keeps the place in line and is audited", async () => {
    const first = await signUp(server);
    const doctor = await signUp(server);
    const before = await userRow(server, doctor.id);
    const { cookie } = await loginAsApplicant(doctor.email, doctor.password);
    const image = await uploadImage(server, { body: PNG });
    const res = await postJson(
      server,
      "/api/auth/applicant",
      { licenseImageUrl: image },
      { cookie },
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const after = await userRow(server, doctor.id);
    expect(after?.licenseImageUrl).toBe(image);
    expect(after?.resubmittedAt).toBeNull();
    const oldId = before!.licenseImageUrl!.replace("/objects/", "");
    expect(await server.db.select().from(storedObjects).where(eq(storedObjects.id, oldId))).toEqual(
      [],
    );
    const ids = await pendingIds();
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(doctor.id));
    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "signup_licence_replace"), eq(auditLog.subjectId, doctor.id)));
    expect(entry?.actorId).toBe(doctor.id);
  });

  it("refuses an image that is not a fresh sign-up upload, or a missing one, in Korean", async () => {
    const doctor = await signUp(server);
    const other = await signUp(server);
    const { cookie } = await loginAsApplicant(doctor.email, doctor.password);
    // Another sign-up's (already claimed) image.
    const taken = await postJson(
      server,
      "/api/auth/applicant",
      { licenseImageUrl: other.licenseImageUrl },
      { cookie },
    );
    expect(taken.status).toBe(400);
    expect((await json<{ message: string }>(taken)).message).toBe(
      "의사 면허증 이미지를 다시 업로드해주세요.",
    );
    const missing = await postJson(server, "/api/auth/applicant", {}, { cookie });
    expect(missing.status).toBe(400);
    expect((await json<{ message: string }>(missing)).message).toMatch(/[가-힣]/);
    // Without the cookie: 401.
    const image = await uploadImage(server);
    expect((await postJson(server, "/api/auth/applicant", { licenseImageUrl: image })).status).toBe(
      401,
    );
    // A pending sign-up cannot "ask again".
    const again = await postJson(
      server,
      "/api/auth/applicant",
      { licenseImageUrl: image, reapply: true },
      { cookie },
    );
    expect(again.status).toBe(409);
  });

  it("takes the file itself with the form, as a browser without JavaScript sends it", async () => {
    const doctor = await signUp(server);
    const { cookie } = await loginAsApplicant(doctor.email, doctor.password);
    const form = new FormData();
    form.set("intent", "applicant-image");
    form.set("licenseImageUrl", "");
    form.set("licenseImage", new Blob([new Uint8Array(PNG)], { type: "image/png" }), "new.png");
    const res = await server.fetch("/login", {
      method: "POST",
      headers: { Cookie: cookie! },
      body: form,
    });
    expect(res.status).toBe(302);
    const row = await userRow(server, doctor.id);
    expect(row?.licenseImageUrl).toMatch(/^\/objects\//);
    expect(row?.licenseImageUrl).not.toBe(doctor.licenseImageUrl);
  });

  it("works from the status page's form too (the page action)", async () => {
    const doctor = await signUp(server);
    const { cookie } = await loginAsApplicant(doctor.email, doctor.password);
    const image = await uploadImage(server);
    const res = await postForm(
      server,
      "/login",
      { intent: "applicant-image", licenseImageUrl: image },
      { cookie },
    );
    expect(res.status).toBe(302);
    expect((await userRow(server, doctor.id))?.licenseImageUrl).toBe(image);
  });
});

describe("after a rejection: correct the image and ask again, once per rejection", () => {
  it("puts the sign-up back in line, first, audited; a second request is 409", async () => {
    const older = await signUp(server);
    const doctor = await signUp(server, { name: "이반려" });
    await reject(doctor.id, REASON);
    const { cookie } = await loginAsApplicant(doctor.email, doctor.password);
    const image = await uploadImage(server);
    const res = await postJson(
      server,
      "/api/auth/applicant",
      { licenseImageUrl: image, reapply: true },
      { cookie },
    );
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await json(res)).toMatchObject({ status: "pending" });
    const row = await userRow(server, doctor.id);
    expect(row?.rejectedAt).toBeNull();
    expect(row?.resubmittedAt).toBeInstanceOf(Date);
    expect(row?.licenseImageUrl).toBe(image);

    // First in the office's list, before older sign-ups; the dashboard marks it.
    const ids = await pendingIds();
    expect(ids[0]).toBe(doctor.id);
    expect(ids).toContain(older.id);
    const dashboard = await (
      await get(server, "/admin/dashboard?tab=members", { cookie: admin.cookie })
    ).text();
    expect(dashboard.indexOf("이반려")).toBeLessThan(dashboard.indexOf(older.email));
    expect(dashboard).toContain("재신청");

    // Asking again without a new rejection: 409.
    const twice = await postJson(
      server,
      "/api/auth/applicant",
      { licenseImageUrl: await uploadImage(server), reapply: true },
      { cookie },
    );
    expect(twice.status).toBe(409);
    expect((await json<{ message: string }>(twice)).message).toMatch(/[가-힣]/);

    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "signup_resubmit"), eq(auditLog.subjectId, doctor.id)));
    expect(entry?.detail).toMatchObject({ previousReason: REASON });

    // Rejected once more, the doctor may ask once more.
    await reject(doctor.id, "다시 확인이 필요합니다.");
    const again = await loginAsApplicant(doctor.email, doctor.password);
    expect(again.body).toMatchObject({ status: "rejected", reason: "다시 확인이 필요합니다." });
    const third = await postJson(
      server,
      "/api/auth/applicant",
      { licenseImageUrl: await uploadImage(server), reapply: true },
      { cookie: again.cookie },
    );
    expect(third.status).toBe(200);
  });

  it("a rejected image alone (without asking again) is refused", async () => {
    const doctor = await signUp(server);
    await reject(doctor.id, REASON);
    const { cookie } = await loginAsApplicant(doctor.email, doctor.password);
    const res = await postJson(
      server,
      "/api/auth/applicant",
      { licenseImageUrl: await uploadImage(server) },
      { cookie },
    );
    expect(res.status).toBe(409);
  });

  it("not while a newer sign-up holds the e-mail", async () => {
    const doctor = await signUp(server);
    await reject(doctor.id, REASON);
    const { cookie } = await loginAsApplicant(doctor.email, doctor.password);
    await signUp(server, { email: doctor.email, password: "another-pass-42" });
    const status = await json<{ canReapply: boolean }>(
      await get(server, "/api/auth/applicant", { cookie }),
    );
    expect(status.canReapply).toBe(false);
    const res = await postJson(
      server,
      "/api/auth/applicant",
      { licenseImageUrl: await uploadImage(server), reapply: true },
      { cookie },
    );
    expect(res.status).toBe(409);
  });
});

describe("the mail to the applicant", () => {
  it("sign-up mails the doctor a 접수 confirmation with what happens next", async () => {
    const doctor = await signUp(server, { name: "정접수" });
    const [mail] = await waitForOutboxMessagesTo(doctor.email);
    expect(mail!.subject).toContain("회원가입 신청이 접수되었습니다");
    expect(mail!.text).toContain("정접수님");
    expect(mail!.text).toContain("영업일");
    expect(mail!.text).not.toContain(doctor.password);
  });
});

describe("the office's reject forms require a reason", () => {
  it("the dashboard's reject-member without a reason is 400 and changes nothing", async () => {
    const doctor = await signUp(server);
    expectFailure(
      await dashboardAction(server, { intent: "reject-member", id: doctor.id }, admin.cookie),
      400,
      "거부 실패",
    );
    expect((await userRow(server, doctor.id))?.rejectedAt).toBeNull();
    expectSuccess(
      await dashboardAction(
        server,
        { intent: "reject-member", id: doctor.id, reason: REASON },
        admin.cookie,
      ),
      "거부 완료",
    );
    expect((await userRow(server, doctor.id))?.rejectionReason).toBe(REASON);
  });

  it("the member record's reject without a reason is refused", async () => {
    const doctor = await signUp(server);
    const res = await postForm(
      server,
      `/admin/members/${doctor.id}`,
      { intent: "reject", reason: "" },
      { cookie: admin.cookie },
    );
    expect(res.status).toBe(400);
    expect((await userRow(server, doctor.id))?.rejectedAt).toBeNull();
  });

  it("the dashboard's dialog says the reason is required", async () => {
    await signUp(server);
    const html = await (
      await get(server, "/admin/dashboard?tab=members", { cookie: admin.cookie })
    ).text();
    expect(html).toContain("거부 사유 (필수");
  });
});
