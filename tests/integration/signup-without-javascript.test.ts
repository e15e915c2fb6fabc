// Sign-up without JavaScript: the licence image is sent with the form itself
// (multipart/form-data) and goes through the same type and size checks as an upload; the rest of
// the form is held to its declared fields as a URL-encoded post is. With JavaScript the browser
// uploads first and the form carries the address (unchanged).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { storedObjects, users } from "~db/schema";
import { HTML, PNG, registration, uploadImage } from "../support/accounts";
import { mainText, tags } from "../support/html";
import { setupTestServer } from "../support/test-server";

const server = setupTestServer({ seed: false });

function fields(overrides: Record<string, string> = {}) {
  const payload = registration();
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
    licenseImageUrl: "",
    termsConsent: "on",
    privacyConsent: "on",
    ...overrides,
  };
}

function post(
  values: Record<string, string>,
  file?: { bytes: Uint8Array; type: string; name?: string },
  fileField = "licenseImage",
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(values)) body.append(name, value);
  if (file)
    body.append(
      fileField,
      new Blob([Uint8Array.from(file.bytes)], { type: file.type }),
      file.name ?? "licence.png",
    );
  return server.fetch("/signup", { method: "POST", body, redirect: "manual" });
}

const userOf = async (email: string) =>
  (await server.db.select().from(users).where(eq(users.email, email)))[0];

describe("POST /signup as multipart/form-data", () => {
  it("stores the image sent with the form, private to the new account, and ends on the lasting page", async () => {
    const values = fields();
    const res = await post(values, { bytes: PNG, type: "image/png" });
    expect([302, 303]).toContain(res.status);
    expect(res.headers.get("location")).toBe("/login?signup=received");
    const user = await userOf(values.email);
    expect(user?.isApproved).toBe(false);
    expect(user?.licenseImageUrl).toMatch(/^\/objects\/[0-9a-f-]{36}$/);
    const id = user!.licenseImageUrl!.split("/").pop()!;
    const [object] = await server.db.select().from(storedObjects).where(eq(storedObjects.id, id));
    expect(object).toMatchObject({
      visibility: "private",
      contentType: "image/png",
      ownerId: user!.id,
    });
    // The note stays on the login page.
    const login = await server.fetch("/login?signup=received");
    expect(mainText(await login.text())).toContain("회원가입 신청이 접수되었습니다");
  });

  it("refuses a file that is not an image by its content (even named .png): 415, no account", async () => {
    const values = fields();
    const res = await post(values, { bytes: HTML, type: "image/png" });
    expect(res.status).toBe(415);
    expect(mainText(await res.text())).toContain("이미지 파일만 업로드 가능합니다.");
    expect(await userOf(values.email)).toBeUndefined();
  });

  it("refuses an image over 5 MB: 413, no account", async () => {
    const values = fields();
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set(PNG);
    const res = await post(values, { bytes: big, type: "image/png" });
    expect(res.status).toBe(413);
    expect(await userOf(values.email)).toBeUndefined();
  });

  it("a phone's 12 MB photo is refused at its field, and the form comes back whole", async () => {
    const values = fields({ marketingConsent: "on" });
    const photo = new Uint8Array(12 * 1024 * 1024);
    photo.set(PNG);
    // As the page sends it: the fields before the licence, the file, then the consents.
    const body = new FormData();
    const after = ["termsConsent", "privacyConsent", "marketingConsent"];
    for (const [name, value] of Object.entries(values)) {
      if (!after.includes(name)) body.append(name, value);
    }
    body.append("licenseImage", new Blob([photo], { type: "image/jpeg" }), "IMG_0001.jpg");
    for (const name of after) body.append(name, values[name as keyof typeof values]!);
    const res = await server.fetch("/signup", { method: "POST", body, redirect: "manual" });
    expect(res.status).toBe(413);
    const html = await res.text();
    expect(mainText(html)).toContain("파일 크기는 5MB를 초과할 수 없습니다.");
    expect(html).toContain(`value="${values.hospitalName}"`);
    expect(html).toContain(`value="${values.email}"`);
    for (const name of after) {
      expect(html, name).toMatch(new RegExp(`<input[^>]*name="${name}"[^>]*checked=""`));
    }
    expect(await userOf(values.email)).toBeUndefined();
  });

  it("a body past 40 MB is refused unread (413)", async () => {
    const huge = new Uint8Array(41 * 1024 * 1024);
    const res = await post(fields(), { bytes: huge, type: "image/png" });
    expect(res.status).toBe(413);
  });

  it("without any image asks for one, in Korean, and keeps no account", async () => {
    const values = fields();
    const res = await post(values);
    expect(res.status).toBe(400);
    expect(mainText(await res.text())).toContain("의사 면허증 이미지를 업로드해주세요");
    expect(await userOf(values.email)).toBeUndefined();
  });

  it("a refused sign-up comes back with what was typed and the boxes as they were ticked", async () => {
    const values = fields({ phone: "010-12", marketingConsent: "on" });
    const res = await post(values, { bytes: PNG, type: "image/png" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(`value="${values.hospitalName}"`);
    for (const name of ["termsConsent", "privacyConsent", "marketingConsent"]) {
      expect(html, name).toMatch(new RegExp(`<input[^>]*name="${name}"[^>]*checked=""`));
    }
    // Unticked stays unticked.
    const unticked = await post(fields({ phone: "010-12", privacyConsent: "" }), {
      bytes: PNG,
      type: "image/png",
    });
    const again = await unticked.text();
    expect(again).toMatch(/<input[^>]*name="termsConsent"[^>]*checked=""/);
    expect(again).not.toMatch(/<input[^>]*name="privacyConsent"[^>]*checked=""/);
    expect(again).not.toMatch(/<input[^>]*name="marketingConsent"[^>]*checked=""/);
  });

  it("a sign-up refused for another field keeps its licence: sent again without the file, it goes through", async () => {
    const values = fields({ confirmPassword: "다른-비밀번호-1234" });
    const res = await post(values, { bytes: PNG, type: "image/png" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(mainText(html)).toContain("비밀번호가 일치하지 않습니다");
    const kept = tags(html, "input").find((input) => input.name === "licenseImageUrl")?.value;
    expect(kept).toMatch(/^\/objects\/[0-9a-f-]{36}$/);
    expect(mainText(html)).toContain("업로드됨");
    // The doctor corrects the password only; the page's hidden field carries the licence.
    const again = await post({
      ...values,
      confirmPassword: values.password,
      licenseImageUrl: kept!,
    });
    expect([302, 303]).toContain(again.status);
    expect((await userOf(values.email))?.licenseImageUrl).toBe(kept);
  });

  it("a file chosen again after a refusal replaces the kept one; a refused new file keeps the old", async () => {
    const values = fields({ confirmPassword: "다른-비밀번호-1234" });
    const first = await post(values, { bytes: PNG, type: "image/png" });
    expect(first.status).toBe(400);
    const keptOf = (html: string) =>
      tags(html, "input").find((input) => input.name === "licenseImageUrl")?.value;
    const kept = keptOf(await first.text());
    expect(kept).toMatch(/^\/objects\/[0-9a-f-]{36}$/);

    // Another image with a mistake still in the form: the page now carries the new one.
    const second = await post(
      { ...values, licenseImageUrl: kept! },
      { bytes: PNG, type: "image/png" },
    );
    expect(second.status).toBe(400);
    const replaced = keptOf(await second.text());
    expect(replaced).toMatch(/^\/objects\/[0-9a-f-]{36}$/);
    expect(replaced).not.toBe(kept);

    // A file that is no image is refused at its field; the kept image stays in the form.
    const refused = await post(
      { ...values, licenseImageUrl: replaced! },
      { bytes: HTML, type: "image/png" },
    );
    expect(refused.status).toBe(415);
    const refusedHtml = await refused.text();
    expect(mainText(refusedHtml)).toContain("이미지 파일만 업로드 가능합니다.");
    expect(keptOf(refusedHtml)).toBe(replaced);

    // Corrected and sent with yet another image: the account holds the last one chosen.
    const done = await post(
      { ...values, confirmPassword: values.password, licenseImageUrl: replaced! },
      { bytes: PNG, type: "image/png" },
    );
    expect([302, 303]).toContain(done.status);
    const licence = (await userOf(values.email))?.licenseImageUrl;
    expect(licence).toMatch(/^\/objects\/[0-9a-f-]{36}$/);
    expect([kept, replaced]).not.toContain(licence);
  });

  it("a file refused with other mistakes says both at once, and keeps what was typed", async () => {
    const values = fields({ phone: "010-12" });
    const res = await post(values, { bytes: HTML, type: "image/png" });
    expect(res.status).toBe(415);
    const text = mainText(await res.clone().text());
    expect(text).toContain("이미지 파일만 업로드 가능합니다.");
    expect(text).toContain("올바른 휴대전화번호를 입력해주세요");
    expect(await res.text()).toContain(`value="${values.hospitalName}"`);
    expect(await userOf(values.email)).toBeUndefined();
  });

  it("refuses a field the form does not declare, and a file under another name", async () => {
    expect(
      (await post({ ...fields(), role: "admin" }, { bytes: PNG, type: "image/png" })).status,
    ).toBe(400);
    expect((await post(fields(), { bytes: PNG, type: "image/png" }, "avatar")).status).toBe(400);
  });

  it("with JavaScript the address of the image uploaded first is used, and nothing more is stored", async () => {
    const values = fields({ licenseImageUrl: await uploadImage(server) });
    const before = (await server.db.select().from(storedObjects)).length;
    const res = await post(values);
    expect([302, 303]).toContain(res.status);
    expect((await userOf(values.email))?.licenseImageUrl).toBe(values.licenseImageUrl);
    expect((await server.db.select().from(storedObjects)).length).toBe(before);
  });
});
