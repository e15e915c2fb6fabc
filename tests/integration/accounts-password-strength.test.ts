// Weak passwords are refused on the server (hostile input), with zxcvbn-ts: the
// common-password list and passwords built from the member's e-mail or name, on every path that
// sets a password (sign-up API and page, password reset, /mypage, admin:create), with a Korean
// message that says why; and the checker's dictionaries never reach the browser.
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  createMember,
  type ErrorBody,
  expectKoreanMessages,
  json,
  logIn,
  postForm,
  type Registration,
  register,
  registration,
  uploadImage,
  userRow,
} from "../support/accounts";
import { queueRowsTo } from "../support/mail";
import { cleanUp, runScript, tempDir } from "../support/process";
import { setupTestServer } from "../support/test-server";

const WEAK =
  "너무 쉬운 비밀번호입니다. 흔한 비밀번호나 이메일·이름이 들어간 비밀번호는 사용할 수 없습니다.";
const COMMON = ["12345678", "password", "qwerty123", "password1!", "iloveyou", "abcd1234"];

afterAll(async () => {
  await cleanUp();
});
const server = setupTestServer();

async function payload(overrides: Partial<Registration> = {}) {
  return registration({ licenseImageUrl: await uploadImage(server), ...overrides });
}

async function expectWeak(res: Response) {
  expect(res.status).toBe(400);
  const body = await json<ErrorBody>(res);
  expect(body.errors?.password).toBe(WEAK);
  expectKoreanMessages(body);
}

describe("POST /api/auth/register", () => {
  it.each(COMMON)("refuses the common password %s with 400 and a field error", async (password) => {
    await expectWeak(await register(server, await payload({ password })));
  });

  it("refuses passwords built from the e-mail or the name", async () => {
    const email = `hong.gildong@clinic${Date.now()}.example`;
    for (const password of ["hong.gildong1", "gildong-2024", "hongGildong!", email]) {
      await expectWeak(await register(server, await payload({ email, password, name: "홍길동" })));
    }
    await expectWeak(
      await register(server, await payload({ password: "홍길동1234!", name: "홍길동" })),
    );
  });

  it("stores nothing and leaves the image unclaimed, so the corrected form can be sent again", async () => {
    const first = await payload({ password: "12345678" });
    await expectWeak(await register(server, first));
    const res = await register(server, { ...first, password: "steady-harbor-lamp-5" });
    expect(res.status).toBe(201);
  });

  it("accepts a password zxcvbn cannot guess, including 8 random characters", async () => {
    for (const password of ["k7#Vq9!z", "correct-horse-9", "Seoul2024!Clinic"]) {
      expect((await register(server, await payload({ password }))).status).toBe(201);
    }
  });
});

describe("the /signup page", () => {
  it("shows the message on the password field with 400", async () => {
    const p = await payload({ password: "qwerty123" });
    const res = await postForm(server, "/signup", {
      ...Object.fromEntries(Object.entries(p).map(([k, v]) => [k, String(v)])),
      confirmPassword: p.password,
      termsConsent: "on",
      privacyConsent: "on",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(WEAK);
    expect(html).toMatch(
      /aria-invalid="true"[^>]*name="password"|name="password"[^>]*aria-invalid="true"/,
    );
  });
});

describe("/mypage/security password change", () => {
  it("refuses a weak new password and keeps the old one", async () => {
    const member = await createMember(server);
    const res = await postForm(
      server,
      "/mypage/security",
      {
        intent: "password",
        currentPassword: member.password,
        password: "password1!",
        confirmPassword: "password1!",
      },
      { cookie: member.cookie },
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(WEAK);
    expect((await logIn(server, member.email, member.password)).status).toBe(200);
  });
});

describe("password reset", () => {
  it("refuses a weak password and leaves the link usable for a strong one", async () => {
    const member = await createMember(server);
    expect((await postForm(server, "/forgot-password", { email: member.email })).status).toBe(200);
    const mail = (await queueRowsTo(server, member.email)).find((row) =>
      row.text.includes("/reset-password?token="),
    );
    const token = decodeURIComponent(/token=([^\s&]+)/.exec(mail?.text ?? "")?.[1] ?? "");
    const weak = await postForm(server, "/reset-password", {
      token,
      password: "12345678",
      confirmPassword: "12345678",
    });
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain(WEAK);
    const before = await userRow(server, member.id);
    const strong = await postForm(server, "/reset-password", {
      token,
      password: "fresh-kettle-sunrise-4",
      confirmPassword: "fresh-kettle-sunrise-4",
    });
    expect(strong.status).toBe(302);
    expect((await userRow(server, member.id))?.passwordHash).not.toBe(before?.passwordHash);
  });
});

describe("npm run admin:create", () => {
  it("refuses a weak password with a clear message and creates nothing", async () => {
    const result = await runScript(
      "admin-create.ts",
      ["--email", "boss@example.org", "--password", "password123", "--name", "관리자"],
      tempDir(),
    );
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/too easy to guess/);
    expect(result.stdout).not.toMatch(/Created administrator/);
  });
});

describe("the checker stays on the server", () => {
  it("no browser asset carries zxcvbn or its dictionaries", () => {
    const dir = path.resolve("build/client/assets");
    const scripts = fs.readdirSync(dir).filter((name) => name.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const name of scripts) {
      const text = fs.readFileSync(path.join(dir, name), "utf8");
      expect(text, name).not.toMatch(/zxcvbn|adjacencyGraphs|너무 쉬운 비밀번호/);
    }
  });
});
