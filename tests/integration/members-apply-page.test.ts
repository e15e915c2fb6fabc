// The full-membership pages (SPEC.md §2 Membership information and Membership application, §4,
// §8): /membership's apply button, /membership/apply for a visitor, the form, a
// browser-like form post, the completion screen, the status card through each decision, the 정회원
// mark in the header, and the /api/login entry that sends visitors to log in.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { membershipApplications, storedObjects } from "~db/schema";
import {
  createAdmin,
  get,
  HTML,
  type LoggedIn,
  PNG,
  postForm,
  uploadImage,
} from "../support/accounts";
import { mainText, tags } from "../support/html";
import {
  applicationPayload,
  applicationRows,
  insertMember,
  type Member,
  page,
  sendJson,
} from "../support/members";
import { setupTestServer } from "../support/test-server";

const LOGIN_FIRST = "회원 가입 신청을 위해서는 먼저 로그인해야 합니다.";
const EMAIL_NOTE = /결과는 이메일로/;
const FORM_FIELDS = ["phone", "licenseNumber", "hospitalName", "department", "address"];

let admin: LoggedIn;

const server = setupTestServer();
beforeAll(async () => {
  admin = await createAdmin(server);
});

/** The form as a browser without JavaScript sends it: multipart, the licence image inside. */
function submitWithFile(fields: Record<string, string>, cookie: string, image: Uint8Array) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append("licenseImage", new Blob([Uint8Array.from(image)]), "licence.png");
  return server.fetch("/membership/apply", { method: "POST", body, headers: { Cookie: cookie } });
}

function submit(fields: Record<string, string>, cookie?: string) {
  return postForm(server, "/membership/apply", fields, { cookie });
}

function decide(id: string, body: unknown) {
  return sendJson(server, "PATCH", `/api/membership-applications/${id}`, body, {
    cookie: admin.cookie,
  });
}

/** The named inputs of a page: name → attributes. */
function inputs(html: string) {
  return new Map(tags(html, "input").map((input) => [input.name ?? input.id, input]));
}

function hasForm(html: string) {
  return FORM_FIELDS.some((field) => inputs(html).has(field));
}

/** The header's account area shows the 정회원 mark right before the member's name. */
function fullMemberMark(name: string) {
  return new RegExp(`<b>정회원</b>\\s*<a[^>]*>${name}</a>`);
}

async function countApplications() {
  return (await server.db.select().from(membershipApplications)).length;
}

describe("/membership: the apply button", () => {
  it("asks a visitor to sign up first", async () => {
    const { status, html } = await page(server, "/membership");
    expect(status).toBe(200);
    const signup = html.match(/<a\b[^>]*href="\/signup"[^>]*>([\s\S]*?)<\/a>/g) ?? [];
    expect(signup.map((a) => mainText(a)).some((text) => text.includes("회원가입 먼저"))).toBe(
      true,
    );
  });

  it("gives a logged-in member the apply button; as served, its questions unfold before the form's link", async () => {
    const member = await insertMember(server);
    const { status, html } = await page(server, "/membership", member.cookie);
    expect(status).toBe(200);
    // Without the page's JavaScript the dialog cannot open (members.spec has it): SPEC.md §2's
    // questions come in a disclosure, and only its 계속 goes to the form.
    const disclosure =
      (html.match(/<details\b[^>]*>[\s\S]*?<\/details>/g) ?? []).find((d) =>
        d.includes("연회비를 납부하셨습니까?"),
      ) ?? "";
    expect(disclosure).toMatch(/<summary\b[^>]*>\s*정회원 가입 신청\s*<\/summary>/);
    expect(mainText(disclosure)).toContain("연회비를 납부하셨습니까?");
    expect(mainText(disclosure)).toContain("계속 진행하시겠습니까?");
    expect(disclosure).toMatch(/<a\b[^>]*href="\/membership\/apply"[^>]*>계속<\/a>/);
    expect(mainText(html)).not.toContain("회원가입 먼저");
  });
});

describe("/membership/apply", () => {
  it("tells a visitor to log in first, with no form", async () => {
    const { status, html } = await page(server, "/membership/apply");
    expect(status).toBe(200);
    expect(mainText(html)).toContain(LOGIN_FIRST);
    expect(hasForm(html)).toBe(false);
    expect(tags(html, "a").map((a) => a.href)).toContain("/login?redirectTo=%2Fmembership%2Fapply");
  });

  it("shows a member without an application the form: name and e-mail read-only, required marks", async () => {
    const member = await insertMember(server, { name: "양식보기최" });
    const { status, html, headers } = await page(server, "/membership/apply", member.cookie);
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toMatch(/private|no-store/);
    const text = mainText(html);
    expect(text).not.toContain(LOGIN_FIRST);

    const all = tags(html, "input");
    const name = all.find((input) => input.value === "양식보기최");
    const email = all.find((input) => input.value === member.email);
    expect(name, "the name field").toBeDefined();
    expect(email, "the e-mail field").toBeDefined();
    expect(name).toHaveProperty("readonly");
    expect(email).toHaveProperty("readonly");

    const named = inputs(html);
    for (const field of FORM_FIELDS) {
      expect(named.get(field), field).toBeDefined();
      expect(named.get(field)).not.toHaveProperty("readonly");
      expect(named.get(field)?.["aria-required"], field).toBe("true");
    }
    // Required: name, e-mail and the five fields; the licence image is optional.
    expect(all.filter((input) => input["aria-required"] === "true")).toHaveLength(7);
    expect(named.has("licenseImageUrl")).toBe(true);
    expect(text).toContain("선택");

    expect(html).toMatch(/<button\b[^>]*type="submit"[^>]*>\s*신청하기\s*<\/button>/);
    // 취소 leads back to the membership page, with or without JavaScript.
    expect(html).toMatch(/<a\b[^>]*href="\/membership"[^>]*>\s*취소\s*<\/a>/);
  });

  it("a visitor's form post creates nothing", async () => {
    const before = await countApplications();
    const res = await submit(applicationPayload());
    // Sent to log in first, as every guarded page sends a visitor.
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?redirectTo=%2Fmembership%2Fapply");
    expect(await countApplications()).toBe(before);
  });

  it("a cross-site form post is refused with 403 and creates nothing", async () => {
    const member = await insertMember(server);
    const res = await postForm(server, "/membership/apply", applicationPayload(), {
      cookie: member.cookie,
      origin: "https://evil.example",
    });
    expect(res.status).toBe(403);
    expect(await applicationRows(server, member.id)).toEqual([]);
  });

  it("an incomplete form post answers 400 with Korean field messages and creates nothing", async () => {
    const member = await insertMember(server);
    const res = await submit(applicationPayload({ phone: "", hospitalName: "  " }), member.cookie);
    expect(res.status).toBe(400);
    const text = mainText(await res.text());
    expect(text).toContain("연락처를 입력해주세요");
    expect(text).toContain("병원명을 입력해주세요");
    expect(text).not.toMatch(/\b(Required|Invalid input)\b/);
    expect(await applicationRows(server, member.id)).toEqual([]);
  });

  describe("a member applies through the form, then an administrator decides", () => {
    let member: Member;
    beforeAll(async () => {
      member = await insertMember(server, { name: "거부될이" });
    });

    it("a browser-like form post shows the completion screen with 3-5 business days", async () => {
      // Name and e-mail are the account's: a tampered form that sends them is refused whole.
      const forged = await submit(
        { ...applicationPayload(), name: "위조된이름", email: "forged@evil.example" },
        member.cookie,
      );
      expect(forged.status).toBe(400);
      await forged.body?.cancel();
      expect(await applicationRows(server, member.id)).toHaveLength(0);

      const res = await submit(applicationPayload(), member.cookie);
      expect(res.status).toBe(200);
      const html = await res.text();
      const text = mainText(html);
      expect(text).toMatch(/3-5\s*영업일/);
      expect(tags(html, "a").map((a) => a.href)).toContain("/");
      expect(hasForm(html)).toBe(false);

      const rows = await applicationRows(server, member.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        name: "거부될이",
        email: member.email,
        status: "pending",
        ...applicationPayload(),
      });
    });

    it("the page then shows the status card '검토 중' with the date and the e-mail note", async () => {
      const { status, html } = await page(server, "/membership/apply", member.cookie);
      expect(status).toBe(200);
      const text = mainText(html);
      expect(text).toContain("검토 중");
      expect(text).toMatch(EMAIL_NOTE);
      expect(text).toContain("신청일");
      expect(text).toMatch(/\d{4}년 \d{1,2}월 \d{1,2}일/);
      expect(hasForm(html)).toBe(false);
      expect(text).not.toContain("승인됨");
      expect(text).not.toContain("거부됨");
    });

    it("a second form post is refused with 409 and creates nothing", async () => {
      const res = await submit(applicationPayload({ hospitalName: "두번째의원" }), member.cookie);
      expect(res.status).toBe(409);
      const text = mainText(await res.text());
      expect(text).not.toMatch(/3-5\s*영업일/);
      const rows = await applicationRows(server, member.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.hospitalName).toBe(applicationPayload().hospitalName);
    });

    it("after a rejection the card shows '거부됨' and the reason, and no 정회원 mark", async () => {
      const [row] = await applicationRows(server, member.id);
      // The reason is shown as text: markup in it is not interpreted.
      const reason = "연회비 납부가 확인되지 않았습니다. <img src=x onerror=alert(1)>";
      expect((await decide(row!.id, { status: "rejected", rejectionReason: reason })).status).toBe(
        200,
      );
      const { html } = await page(server, "/membership/apply", member.cookie);
      const text = mainText(html);
      expect(text).toContain("거부됨");
      expect(text).toContain(reason);
      expect(html).not.toContain("<img src=x onerror");
      expect(text).not.toContain("검토 중");
      expect(text).not.toMatch(EMAIL_NOTE);
      // A rejected applicant may apply again, below the card.
      expect(text).toContain("다시 신청하기");
      expect(hasForm(html)).toBe(true);
      expect(html).not.toMatch(fullMemberMark(member.name));
    });
  });

  describe("an approved application makes a full member (정회원)", () => {
    let member: Member;
    let applicationId: string;
    beforeAll(async () => {
      member = await insertMember(server, { name: "승인될김" });
      const res = await submit(applicationPayload(), member.cookie);
      expect(res.status).toBe(200);
      const [row] = await applicationRows(server, member.id);
      applicationId = row!.id;
    });

    it("before approval the header shows the name without the 정회원 mark", async () => {
      const { html } = await page(server, "/", member.cookie);
      expect(html).toMatch(new RegExp(`<a[^>]*href="/mypage"[^>]*>${member.name}</a>`));
      expect(html).not.toMatch(fullMemberMark(member.name));
    });

    it("after approval the card says '승인됨' and the header marks 정회원 on every page", async () => {
      expect((await decide(applicationId, { status: "approved" })).status).toBe(200);
      const { html } = await page(server, "/membership/apply", member.cookie);
      const text = mainText(html);
      expect(text).toContain("승인됨");
      // The status card names the member a full member (정회원).
      const card = text.slice(
        text.indexOf("정회원 가입 신청 현황") + "정회원 가입 신청 현황".length,
      );
      expect(card).toContain("정회원");
      expect(text).not.toContain("검토 중");
      expect(text).not.toContain("거부 사유");
      for (const path of ["/", "/about", "/announcements", "/charter", "/membership/apply"]) {
        const visited = await page(server, path, member.cookie);
        expect(visited.status, path).toBe(200);
        expect(visited.html, path).toMatch(fullMemberMark(member.name));
      }
      // Another logged-in member is not marked.
      const other = await insertMember(server, { name: "일반회원정" });
      expect((await page(server, "/", other.cookie)).html).not.toMatch(fullMemberMark(other.name));
    });
  });

  describe("the optional licence image", () => {
    it("a form post with the member's own upload attaches it", async () => {
      const member = await insertMember(server);
      const objectPath = await uploadImage(server, { cookie: member.cookie });
      const res = await submit(applicationPayload({ licenseImageUrl: objectPath }), member.cookie);
      expect(res.status).toBe(200);
      const [row] = await applicationRows(server, member.id);
      expect(row?.licenseImageUrl).toBe(objectPath);
    });

    it("without JavaScript the image comes with the form (multipart) and is attached, private", async () => {
      const member = await insertMember(server);
      const res = await submitWithFile(applicationPayload(), member.cookie, PNG);
      expect(res.status).toBe(200);
      expect(mainText(await res.text())).toMatch(/3-5\s*영업일/);
      const [row] = await applicationRows(server, member.id);
      expect(row?.licenseImageUrl).toMatch(/^\/objects\/[0-9a-f-]{36}$/);
      const id = row!.licenseImageUrl!.split("/").pop()!;
      const [object] = await server.db.select().from(storedObjects).where(eq(storedObjects.id, id));
      expect(object).toMatchObject({ visibility: "private", ownerId: member.id });
    });

    it("without JavaScript a file that is not an image is refused under its field; nothing is applied", async () => {
      const member = await insertMember(server);
      const res = await submitWithFile(applicationPayload(), member.cookie, HTML);
      expect(res.status).toBe(415);
      expect(mainText(await res.text())).toContain("이미지 파일만 업로드 가능합니다.");
      expect(await applicationRows(server, member.id)).toHaveLength(0);
    });

    it("without JavaScript an oversized image, a repeated file or an undeclared field is a 4xx; nothing is applied", async () => {
      const member = await insertMember(server);
      const big = await submitWithFile(
        applicationPayload(),
        member.cookie,
        new Uint8Array(5 * 1024 * 1024 + 1),
      );
      expect(big.status).toBe(413);
      await big.body?.cancel();
      for (const extra of [
        (body: FormData) => body.append("licenseImage", new Blob([PNG]), "second.png"),
        (body: FormData) => body.append("isAdmin", "1"),
      ]) {
        const body = new FormData();
        for (const [name, value] of Object.entries(applicationPayload())) body.append(name, value);
        body.append("licenseImage", new Blob([PNG]), "licence.png");
        extra(body);
        const res = await server.fetch("/membership/apply", {
          method: "POST",
          body,
          headers: { Cookie: member.cookie },
        });
        expect(res.status).toBe(400);
        expect(await res.text()).toMatch(/여러 번|허용되지 않은/);
      }
      expect(await applicationRows(server, member.id)).toHaveLength(0);
      expect((await get(server, "/healthz")).status).toBe(200);
    });

    it("when the image cannot be attached the application still stands", async () => {
      const owner = await insertMember(server);
      const objectPath = await uploadImage(server, { cookie: owner.cookie });
      const member = await insertMember(server);
      const res = await submit(applicationPayload({ licenseImageUrl: objectPath }), member.cookie);
      expect(res.status).toBe(200);
      expect(mainText(await res.text())).toMatch(/3-5\s*영업일/);
      const rows = await applicationRows(server, member.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.licenseImageUrl).toBeNull();
    });
  });
});

describe("GET /api/login", () => {
  it("sends the browser to /login, keeping a same-site redirectTo", async () => {
    const res = await get(server, "/api/login?redirectTo=/membership/apply");
    expect([302, 303]).toContain(res.status);
    expect(res.headers.get("location")).toBe("/login?redirectTo=%2Fmembership%2Fapply");
  });

  it("drops a foreign or missing redirectTo", async () => {
    for (const query of [
      "?redirectTo=//evil.example",
      "?redirectTo=https://evil.example/",
      "?redirectTo=/%5Cevil.example",
      "",
    ]) {
      const res = await get(server, `/api/login${query}`);
      expect([302, 303], query).toContain(res.status);
      expect(res.headers.get("location"), query).toBe("/login");
    }
  });
});
