// POST /api/auth/register over HTTP: what a sign-up stores, every field's Korean message, the
// e-mail uniqueness rules, the licence image that must come from the sign-up upload flow, and a
// rejected doctor signing up again.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { storedObjects, users } from "~db/schema";
import {
  approveInDb,
  createAdmin,
  createMember,
  type ErrorBody,
  expectKoreanMessages,
  get,
  json,
  type LoggedIn,
  logIn,
  logInCookie,
  postForm,
  postJson,
  type Registration,
  register,
  registration,
  requestUpload,
  signUp,
  uniqueEmail,
  uploadImage,
  userRow,
} from "../support/accounts";
import { applicationPayload, applicationRows } from "../support/members";
import { setupTestServer } from "../support/test-server";

let admin: LoggedIn;
const server = setupTestServer();
beforeAll(async () => {
  admin = await createAdmin(server);
});

/** A valid payload with a freshly uploaded licence image. */
async function validPayload(overrides: Partial<Registration> = {}) {
  return registration({ licenseImageUrl: await uploadImage(server), ...overrides });
}

async function expectInvalid(payload: unknown, field: string, message: string) {
  const res = await register(server, payload);
  expect(res.status, `${field} → 400`).toBe(400);
  const body = await json<ErrorBody>(res);
  expect(body.errors?.[field], `errors.${field}`).toBe(message);
  expectKoreanMessages(body);
  return body;
}

async function countUsers(email: string) {
  const rows = await server.db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return rows.length;
}

describe("a valid sign-up", () => {
  it("answers 201 and stores a pending member with the consent version and time", async () => {
    const before = Date.now();
    const payload = await validPayload();
    const res = await register(server, payload);
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toContain("application/json");
    const body = await json<{ id: string; email: string; message: string }>(res);
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.message).toMatch(/[\uAC00-\uD7A3]/);
    expect(JSON.stringify(body)).not.toContain("passwordHash");
    expect(JSON.stringify(body)).not.toContain(payload.password);
    // No session is started by a sign-up.
    expect(res.headers.getSetCookie().some((c) => c.startsWith("sid="))).toBe(false);

    const row = await userRow(server, body.id);
    expect(row).toBeDefined();
    expect(row?.email).toBe(payload.email);
    expect(row?.isApproved).toBe(false);
    expect(row?.role).toBe("member");
    expect(row?.rejectedAt).toBeNull();
    expect(row?.name).toBe(payload.name);
    expect(row?.phone).toBe(payload.phone);
    expect(row?.licenseNumber).toBe(payload.licenseNumber);
    expect(row?.hospitalName).toBe(payload.hospitalName);
    expect(row?.department).toBe(payload.department);
    expect(row?.address).toBe(payload.address);
    expect(row?.licenseImageUrl).toBe(payload.licenseImageUrl);
    expect(row?.privacyConsentVersion).toBeTruthy();
    const consentAt = row?.privacyConsentAt?.getTime() ?? 0;
    expect(consentAt).toBeGreaterThanOrEqual(before - 1000);
    expect(consentAt).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("stores the consent version that the privacy policy page shows", async () => {
    const { id } = await signUp(server);
    const version = (await userRow(server, id))?.privacyConsentVersion;
    expect(version).toBeTruthy();
    const html = (await (await server.fetch("/privacy")).text()).replaceAll("<!-- -->", "");
    expect(html).toContain(`버전 ${version}`);
  });

  it("hashes the password with argon2id (m=19456, t=2, p=1), never storing it in clear", async () => {
    const { id, password } = await signUp(server);
    const row = await userRow(server, id);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.passwordHash).not.toContain(password);
  });

  it("hands the uploaded licence image to the new account", async () => {
    const { id, licenseImageUrl } = await signUp(server);
    const objectId = licenseImageUrl.replace("/objects/", "");
    const [object] = await server.db
      .select()
      .from(storedObjects)
      .where(eq(storedObjects.id, objectId));
    expect(object?.ownerId).toBe(id);
    expect(object?.claimedAt).toBeInstanceOf(Date);
    expect(object?.visibility).toBe("private");
  });

  it("ignores fields a client may not set (role, isApproved) instead of obeying them", async () => {
    const payload = { ...(await validPayload()), role: "admin", isApproved: true };
    const res = await register(server, payload);
    expect(res.status).toBe(201);
    const { id } = await json<{ id: string }>(res);
    const row = await userRow(server, id);
    expect(row?.role).toBe("member");
    expect(row?.isApproved).toBe(false);
  });

  it("appears in the administrator's pending list", async () => {
    const { id } = await signUp(server);
    const res = await server.fetch("/api/users/pending", { headers: { Cookie: admin.cookie } });
    const list = await json<Array<{ id: string }>>(res);
    expect(list.map((u) => u.id)).toContain(id);
  });
});

describe("validation messages (SPEC.md §5), all in Korean", () => {
  it("password shorter than 8 characters", async () => {
    await expectInvalid(
      await validPayload({ password: "1234567" }),
      "password",
      "비밀번호는 최소 8자 이상이어야 합니다",
    );
  });

  it("password of exactly 8 characters is accepted", async () => {
    // Eight characters with no pattern zxcvbn knows (a common password is refused instead).
    const res = await register(server, await validPayload({ password: "k7#Vq9!z" }));
    expect(res.status).toBe(201);
  });

  it("missing or empty licence image", async () => {
    const payload = registration();
    await expectInvalid(payload, "licenseImageUrl", "의사 면허증 이미지를 업로드해주세요");
    const { licenseImageUrl: _omit, ...withoutImage } = payload;
    await expectInvalid(withoutImage, "licenseImageUrl", "의사 면허증 이미지를 업로드해주세요");
  });

  it("invalid, missing or non-string e-mail", async () => {
    for (const email of ["not-an-email", "a@b", "", "  ", "doctor@@example.com"]) {
      await expectInvalid(
        await validPayload({ email }),
        "email",
        "올바른 이메일 주소를 입력해주세요",
      );
    }
    const { email: _omit, ...withoutEmail } = await validPayload();
    await expectInvalid(withoutEmail, "email", "올바른 이메일 주소를 입력해주세요");
    await expectInvalid(
      { ...(await validPayload()), email: 12345 },
      "email",
      "올바른 이메일 주소를 입력해주세요",
    );
  });

  it("missing terms consent, or anything but true, is a 400 in Korean and saves nothing", async () => {
    const { termsConsent: _omit, ...withoutConsent } = await validPayload();
    await expectInvalid(withoutConsent, "termsConsent", "이용약관에 동의해주세요");
    for (const termsConsent of [false, "true", "on", 1, null]) {
      await expectInvalid(
        { ...(await validPayload()), termsConsent },
        "termsConsent",
        "이용약관에 동의해주세요",
      );
    }
    const [{ n } = { n: -1 }] = await server.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.email, withoutConsent.email));
    expect(n).toBe(0);
  });

  it("records the 이용약관 version in force, the one /terms shows, with the time", async () => {
    const before = Date.now();
    const { id } = await signUp(server);
    const row = await userRow(server, id);
    const terms = (await (await server.fetch("/api/terms")).json()) as { version: number };
    expect(terms.version).toBeGreaterThanOrEqual(1);
    expect(row?.termsConsentVersion).toBe(terms.version);
    expect(row?.termsConsentAt?.getTime() ?? 0).toBeGreaterThanOrEqual(before - 1000);
    const html = (await (await server.fetch("/terms")).text()).replaceAll("<!-- -->", "");
    expect(html).toContain(`버전 ${terms.version}`);
    expect(html).toContain("제1조 (목적)");
  });

  it("missing privacy consent, or anything but true, is refused", async () => {
    const { privacyConsent: _omit, ...withoutConsent } = await validPayload();
    const body = await expectInvalid(
      withoutConsent,
      "privacyConsent",
      "개인정보 수집·이용에 동의해주세요",
    );
    expect(body.message).toBeTruthy();
    for (const privacyConsent of [false, "true", "on", 1, null]) {
      await expectInvalid(
        { ...(await validPayload()), privacyConsent },
        "privacyConsent",
        "개인정보 수집·이용에 동의해주세요",
      );
    }
    const [{ n } = { n: -1 }] = await server.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.email, withoutConsent.email));
    expect(n).toBe(0);
  });

  it("every required field has its own Korean message", async () => {
    const expected: Record<string, string> = {
      email: "올바른 이메일 주소를 입력해주세요",
      password: "비밀번호는 최소 8자 이상이어야 합니다",
      name: "이름을 입력해주세요",
      phone: "휴대전화번호를 입력해주세요",
      licenseNumber: "의사 면허번호를 입력해주세요",
      hospitalName: "병원명을 입력해주세요",
      department: "진료과목을 입력해주세요",
      address: "병원 주소를 입력해주세요",
      licenseImageUrl: "의사 면허증 이미지를 업로드해주세요",
      termsConsent: "이용약관에 동의해주세요",
      privacyConsent: "개인정보 수집·이용에 동의해주세요",
    };
    const res = await register(server, {});
    expect(res.status).toBe(400);
    const body = await json<ErrorBody>(res);
    expect(body.errors).toEqual(expected);
    expectKoreanMessages(body);

    // Blank strings are missing values too.
    for (const field of [
      "name",
      "phone",
      "licenseNumber",
      "hospitalName",
      "department",
      "address",
    ]) {
      await expectInvalid(
        { ...registration({ licenseImageUrl: "/objects/x" }), [field]: "   " },
        field,
        expected[field] ?? "",
      );
    }
  });

  it("an impossible phone number", async () => {
    await expectInvalid(
      await validPayload({ phone: "call me maybe" }),
      "phone",
      "올바른 휴대전화번호를 입력해주세요",
    );
  });

  it("overlong values are refused with a Korean message", async () => {
    const body = await expectInvalid(
      await validPayload({ name: "가".repeat(51) }),
      "name",
      "50자 이하로 입력해주세요",
    );
    expectKoreanMessages(body);
    await expectInvalid(
      await validPayload({ password: "x".repeat(129) }),
      "password",
      "비밀번호는 128자 이하로 입력해주세요",
    );
  });

  it("wrong types and wrong shapes get 400 with Korean messages, never 500", async () => {
    const wrong: unknown[] = [
      [],
      null,
      "a string",
      42,
      { ...registration(), name: 5, phone: {}, licenseNumber: [], department: true },
      { ...registration(), password: 12345678 },
    ];
    for (const payload of wrong) {
      const res = await register(server, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expectKoreanMessages(await json<ErrorBody>(res));
    }
  });

  it("no 400 answer carries a library's English default message", async () => {
    const payloads: unknown[] = [
      {},
      { email: "x" },
      { email: null, password: null, privacyConsent: null },
      { ...registration(), licenseImageUrl: 7 },
      { ...registration(), licenseImageUrl: "x".repeat(301) },
      { ...registration(), extra: { nested: [1, 2, 3] } },
    ];
    for (const payload of payloads) {
      const res = await register(server, payload);
      expect(res.status).toBe(400);
      const body = await json<ErrorBody>(res);
      expectKoreanMessages(body);
      expect(JSON.stringify(body)).not.toMatch(/Required|Invalid|Expected/);
    }
  });
});

describe("e-mail taken", () => {
  it("answers 409 with a Korean message, comparing e-mails case-insensitively", async () => {
    const email = uniqueEmail("taken");
    await signUp(server, { email });
    for (const variant of [email, email.toUpperCase(), ` ${email} `]) {
      const res = await register(server, await validPayload({ email: variant }));
      expect(res.status, variant).toBe(409);
      const body = await json<ErrorBody>(res);
      expect(body.message).toBe("이미 가입된 이메일입니다.");
      expectKoreanMessages(body);
    }
    expect(await countUsers(email)).toBe(1);
  });

  it("stores the e-mail in lower case, so a mixed-case sign-up blocks the lower-case one", async () => {
    const email = uniqueEmail("Mixed.Case").replace("@example.com", "@Example.COM");
    const { id } = await signUp(server, { email });
    expect((await userRow(server, id))?.email).toBe(email.toLowerCase());
    const res = await register(server, await validPayload({ email: email.toLowerCase() }));
    expect(res.status).toBe(409);
  });

  it("an administrator's e-mail is taken as well", async () => {
    const res = await register(server, await validPayload({ email: admin.email.toUpperCase() }));
    expect(res.status).toBe(409);
  });

  it("leaves the uploaded image unclaimed, so the corrected form can be sent again", async () => {
    const taken = uniqueEmail("taken2");
    await signUp(server, { email: taken });
    const payload = await validPayload({ email: taken });
    expect((await register(server, payload)).status).toBe(409);
    const res = await register(server, { ...payload, email: uniqueEmail("fixed") });
    expect(res.status).toBe(201);
  });
});

describe("the licence image must come from the sign-up upload flow", () => {
  async function expectImageRefused(licenseImageUrl: string) {
    const payload = registration({ licenseImageUrl });
    const res = await register(server, payload);
    expect(res.status, licenseImageUrl).toBe(400);
    const body = await json<ErrorBody>(res);
    expect(body.errors?.licenseImageUrl).toBeTruthy();
    expectKoreanMessages(body);
    // Nothing is stored when the image is refused.
    expect(await countUsers(payload.email)).toBe(0);
  }

  it("refuses paths and URLs that name no uploaded object", async () => {
    for (const url of [
      "/objects/00000000-0000-4000-8000-000000000000",
      `/objects/${crypto.randomUUID()}`,
      "https://evil.example/licence.png",
      "/objects/../../etc/passwd",
      "/objects/not-a-uuid",
      "licence.png",
    ]) {
      await expectImageRefused(url);
    }
  });

  it("refuses an upload URL that was issued but never used (no file PUT)", async () => {
    const { objectPath } = await requestUpload(server);
    await expectImageRefused(objectPath);
  });

  it("refuses an image that another sign-up already claimed", async () => {
    const { licenseImageUrl } = await signUp(server);
    await expectImageRefused(licenseImageUrl);
  });

  it("refuses an image a member uploaded through /api/objects/upload", async () => {
    const member = await createMember(server);
    const objectPath = await uploadImage(server, { cookie: member.cookie });
    await expectImageRefused(objectPath);
  });

  it("refuses an image an administrator uploaded (public object)", async () => {
    const objectPath = await uploadImage(server, { cookie: admin.cookie });
    await expectImageRefused(objectPath);
  });
});

describe("a rejected doctor signs up again", () => {
  /**
   * A rejected account that holds an application for full membership: one rejected after its
   * approval, as the office could until December 2026 (an approved member is now suspended, not
   * rejected), so its approval is taken back in the database before the rejection.
   */
  async function rejectedWithApplication() {
    const first = await signUp(server, { name: "이전이름" });
    await approveInDb(server, first.id);
    const cookie = await logInCookie(server, first.email, first.password);
    const applied = await postJson(server, "/api/membership-applications", applicationPayload(), {
      cookie,
    });
    expect(applied.status).toBe(201);
    await server.db.update(users).set({ isApproved: false }).where(eq(users.id, first.id));
    const reject = await postJson(server, `/api/users/${first.id}/reject`, undefined, {
      cookie: admin.cookie,
    });
    expect(reject.status).toBe(200);
    return first;
  }

  it("creates a new account; the rejected one is never revived and keeps its own data", async () => {
    const first = await rejectedWithApplication();
    const rejectedBefore = await userRow(server, first.id);
    expect(rejectedBefore?.rejectedAt).toBeInstanceOf(Date);

    const payload = await validPayload({
      email: first.email.toUpperCase(),
      name: "새이름",
      password: "another-password-1",
    });
    const res = await register(server, payload);
    expect(res.status).toBe(201);
    const created = await json<{ id: string }>(res);
    // A new account: a new id, so nothing keyed by the old one (its application, its licence
    // image, its sessions) belongs to the new sign-up.
    expect(created.id).not.toBe(first.id);
    expect(await countUsers(first.email)).toBe(2);

    const fresh = await userRow(server, created.id);
    expect(fresh?.name).toBe("새이름");
    expect(fresh?.rejectedAt).toBeNull();
    expect(fresh?.isApproved).toBe(false);
    expect(fresh?.licenseImageUrl).toBe(payload.licenseImageUrl);

    // The rejected account is untouched: still rejected since the same instant (so its licence
    // image leaves on the retention clock it already had), with its old image and application.
    const rejectedAfter = await userRow(server, first.id);
    expect(rejectedAfter?.rejectedAt?.getTime()).toBe(rejectedBefore?.rejectedAt?.getTime());
    expect(rejectedAfter?.name).toBe("이전이름");
    expect(rejectedAfter?.licenseImageUrl).toBe(first.licenseImageUrl);
    expect(await applicationRows(server, first.id)).toHaveLength(1);
    expect(await applicationRows(server, created.id)).toHaveLength(0);

    const pending = await json<Array<{ id: string; email: string }>>(
      await server.fetch("/api/users/pending", { headers: { Cookie: admin.cookie } }),
    );
    expect(pending.filter((u) => u.email === first.email).map((u) => u.id)).toEqual([created.id]);

    // The new password is the one that counts, and the account waits for approval again.
    const login = await postJson(server, "/api/auth/login", {
      email: first.email,
      password: "another-password-1",
    });
    expect(login.status).toBe(403);
    expect((await json<ErrorBody>(login)).message).toBe(
      "관리자 승인 후 로그인할 수 있습니다. 승인까지 잠시 기다려주세요.",
    );
    // The old password opens nothing.
    expect((await logIn(server, first.email, first.password)).status).toBe(401);

    // Once approved, the new account sees no application and not the old licence image.
    await approveInDb(server, created.id);
    const cookie = await logInCookie(server, first.email, "another-password-1");
    expect((await get(server, "/api/membership-applications/me", { cookie })).status).toBe(404);
    expect((await get(server, first.licenseImageUrl, { cookie })).status).toBe(404);
    expect((await get(server, payload.licenseImageUrl, { cookie })).status).toBe(200);
  });

  it("the rejected account cannot be approved back while the new one holds the e-mail: 409", async () => {
    const first = await rejectedWithApplication();
    expect((await register(server, await validPayload({ email: first.email }))).status).toBe(201);
    const res = await postJson(server, `/api/users/${first.id}/approve`, undefined, {
      cookie: admin.cookie,
    });
    expect(res.status).toBe(409);
    expectKoreanMessages(await json<ErrorBody>(res));
    expect((await userRow(server, first.id))?.rejectedAt).toBeInstanceOf(Date);
  });

  it("two sign-ups with the rejected e-mail at once: one account, the other 409", async () => {
    const first = await rejectedWithApplication();
    const answers = await Promise.all([
      register(server, await validPayload({ email: first.email })),
      register(server, await validPayload({ email: first.email })),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await countUsers(first.email)).toBe(2);
  });

  it("a pending (not rejected) account is not replaced: 409", async () => {
    const first = await signUp(server);
    const res = await register(server, await validPayload({ email: first.email }));
    expect(res.status).toBe(409);
  });
});

describe("the /signup page action (form post, no JavaScript)", () => {
  async function formFields(overrides: Record<string, string> = {}) {
    const payload = registration({ licenseImageUrl: await uploadImage(server) });
    return {
      email: payload.email,
      password: payload.password,
      confirmPassword: payload.password,
      name: payload.name,
      phone: payload.phone,
      licenseNumber: payload.licenseNumber,
      hospitalName: payload.hospitalName,
      department: payload.department,
      address: payload.address,
      licenseImageUrl: payload.licenseImageUrl,
      termsConsent: "on",
      privacyConsent: "on",
      ...overrides,
    };
  }

  /** The id of the element whose text is exactly `message`. */
  function idOfMessage(html: string, message: string) {
    const escaped = message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return html.match(new RegExp(`id="([^"]+)"[^>]*>${escaped}<`))?.[1];
  }

  it("stores a pending member and redirects to /login", async () => {
    const fields = await formFields();
    const res = await postForm(server, "/signup", fields);
    expect([302, 303]).toContain(res.status);
    expect(res.headers.get("location")).toBe("/login?signup=received");
    expect(res.headers.getSetCookie().some((c) => /^sid=[^;]/.test(c))).toBe(false);
    const [row] = await server.db.select().from(users).where(eq(users.email, fields.email));
    expect(row?.isApproved).toBe(false);
    expect(row?.role).toBe("member");
    expect(row?.privacyConsentVersion).toBeTruthy();
    expect(row?.privacyConsentAt).toBeInstanceOf(Date);
  });

  it("a confirmation that does not match: 400, message attached to confirmPassword", async () => {
    const fields = await formFields({ confirmPassword: "something-else" });
    const res = await postForm(server, "/signup", fields);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("비밀번호가 일치하지 않습니다");
    expect(idOfMessage(html, "비밀번호가 일치하지 않습니다")).toMatch(/confirmPassword/);
    expect(await countUsers(fields.email)).toBe(0);
  });

  it("short password, missing image, missing consent: 400 with the Korean messages", async () => {
    const fields = await formFields({ password: "short", confirmPassword: "short" });
    const { privacyConsent: _consent, licenseImageUrl: _image, ...rest } = fields;
    const res = await postForm(server, "/signup", { ...rest, licenseImageUrl: "" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("비밀번호는 최소 8자 이상이어야 합니다");
    expect(html).toContain("의사 면허증 이미지를 업로드해주세요");
    expect(html).toContain("개인정보 수집·이용에 동의해주세요");
    expect(await countUsers(fields.email)).toBe(0);
  });

  it("an e-mail taken: 409 with '회원가입 실패' and the server's message", async () => {
    const { email } = await signUp(server);
    const res = await postForm(server, "/signup", await formFields({ email: email.toUpperCase() }));
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain("회원가입 실패");
    expect(html).toContain("이미 가입된 이메일입니다.");
  });

  it("an image not uploaded through the flow: 400", async () => {
    const fields = await formFields({ licenseImageUrl: `/objects/${crypto.randomUUID()}` });
    const res = await postForm(server, "/signup", fields);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("회원가입 실패");
    expect(await countUsers(fields.email)).toBe(0);
  });
});
