// My page: GET /mypage shows the account, the application and the consent record, and each of
// 마이페이지's other pages only its own part; POST /mypage (intent=profile) and /mypage/security
// (intent=password) (form-encoded, as the page's forms send it without
// JavaScript) edits only phone, hospital, specialty and address of the poster's own account, and
// changes the password (current one required; every other session ends, this one stays).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createMember,
  get,
  HANGUL,
  type LoggedIn,
  logIn,
  logInCookie,
  PASSWORD,
  postForm,
  sessionIdOf,
  sessionRows,
  userRow,
} from "../support/accounts";
import { applyOverHttp, ENGLISH_DEFAULTS, hydrationData } from "../support/admin";
import { mainText, tags } from "../support/html";
import { waitForQueueDrained } from "../support/mail";
import { setupTestServer } from "../support/test-server";

const WRONG_PASSWORD = "비밀번호가 올바르지 않습니다.";
const LOGIN_REDIRECT = "/login?redirectTo=%2Fmypage";

const server = setupTestServer();
afterAll(async () => {
  // Applications queue e-mails to the administrators; let them go out before the database closes.
  await waitForQueueDrained(server);
});

/** A page action's refusal (lib/refusal.ts), or the toast a finished form flashes. */
type Reply = {
  intent: string | null;
  result: { status?: string; error?: Record<string, string[] | null> } | null;
  toast?: { title: string; description?: string };
};

/** The toast a redirect carries to the next page (lib/flash.server.ts). */
function flashedToast(res: Response) {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("flash_toast="));
  if (!cookie) return undefined;
  return JSON.parse(decodeURIComponent(cookie.slice("flash_toast=".length).split(";")[0]!));
}

/**
 * POSTs a 마이페이지 form as a browser without JavaScript does, to the page that has it (the
 * profile on /mypage, the password on /mypage/security), and reads the action's answer: a
 * refusal from the page's data, or a finished form's redirect back to the page and its toast.
 */
async function postMyPage(fields: Record<string, string>, cookie?: string | null) {
  const security = fields.intent === "password";
  const path = security ? "/mypage/security" : "/mypage";
  const res = await postForm(server, path, fields, { cookie });
  const location = res.headers.get("location");
  const toast = flashedToast(res);
  const html = await res.text();
  if (res.status >= 300 && res.status < 400) {
    const reply = toast ? { intent: fields.intent ?? null, result: null, toast } : null;
    return { status: res.status, location, html, reply };
  }
  const answer = hydrationData(html).actionData?.[
    security ? "routes/mypage-security" : "routes/mypage"
  ] as { refusal?: Reply } | undefined;
  return { status: res.status, location, html, reply: answer?.refusal ?? null };
}

function profileFields(overrides: Record<string, string> = {}) {
  return {
    intent: "profile",
    phone: "010-7777-8888",
    hospitalName: "수성연세내과의원",
    department: "소화기내과",
    address: "대구광역시 수성구 범어로 10",
    ...overrides,
  };
}

/** Every message of the reply is Korean, never a library's English default. */
function expectKoreanErrors(reply: Reply | null) {
  const messages = Object.values(reply?.result?.error ?? {}).flatMap((list) => list ?? []);
  expect(messages.length).toBeGreaterThan(0);
  for (const message of messages) {
    expect(message, message).toMatch(HANGUL);
    expect(message).not.toMatch(ENGLISH_DEFAULTS);
  }
  return messages;
}

async function meStatus(cookie: string) {
  return (await get(server, "/api/auth/me", { cookie })).status;
}

describe("GET /mypage", () => {
  it("sends a visitor to the login page", async () => {
    const res = await get(server, "/mypage");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(LOGIN_REDIRECT);
  });

  it("sends a visitor who arrives by client-side navigation (/mypage.data) to the same login page", async () => {
    // The request reaches the loader as it came, .data and all (future.v8_passThroughRequests):
    // the way back after login is the page's address, never the data request's.
    const res = await get(server, "/mypage.data");
    expect(res.status).toBe(202);
    const body = await res.text();
    expect(body).toContain(LOGIN_REDIRECT);
    expect(body).not.toContain(".data");
  });

  it("shows the member's account, approval, application state and consent record", async () => {
    const member = await createMember(server, {
      name: "마이페이지의사",
      phone: "010-2222-3333",
      licenseNumber: "MY-24680",
      hospitalName: "범어내과의원",
      department: "가정의학과",
      address: "대구광역시 수성구 달구벌대로 100",
    });
    const res = await get(server, "/mypage", { cookie: member.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/no-store/);
    const html = await res.text();
    const text = mainText(html);
    expect(text).toContain("마이페이지의사");
    expect(text).toContain(member.email);
    expect(text).toContain("MY-24680");
    expect(text).toContain("승인된 회원");
    expect(text).toContain("아직 정회원 가입을 신청하지 않았습니다.");

    // The editable fields are shown in the profile form, filled with the stored values.
    const inputs = tags(html, "input");
    const value = (name: string) => inputs.find((input) => input.name === name)?.value;
    expect(value("phone")).toBe("010-2222-3333");
    expect(value("hospitalName")).toBe("범어내과의원");
    expect(value("department")).toBe("가정의학과");
    expect(value("address")).toBe("대구광역시 수성구 달구벌대로 100");
    // Nothing else of the account is an input of the page.
    for (const name of ["email", "licenseNumber", "name", "role", "isApproved"]) {
      expect(inputs.some((input) => input.name === name)).toBe(false);
    }

    // The consent record with its version and date, the same as stored.
    const row = await userRow(server, member.id);
    expect(row?.privacyConsentVersion).toBe("v1");
    expect(row?.privacyConsentAt).toBeInstanceOf(Date);
    expect(text).toMatch(/개인정보 수집·이용 동의 \(v1\)/);
    const times = tags(html, "time").map((t) => t.datetime);
    expect(times).toContain(row!.privacyConsentAt!.toISOString());
    expect(text).toMatch(/\d{4}[.\-년 ]+\d{1,2}[.\-월 ]+\d{1,2}/);
  });

  it("shows the state of the member's full-membership application", async () => {
    const member = await createMember(server);
    await applyOverHttp(server, member.cookie);
    const text = mainText(await (await get(server, "/mypage", { cookie: member.cookie })).text());
    expect(text).toContain("정회원 가입 신청 현황");
    expect(text).toContain("검토 중");
    expect(text).not.toContain("아직 정회원 가입을 신청하지 않았습니다.");
  });
});

describe("POST /mypage intent=profile", () => {
  let member: LoggedIn;
  let other: LoggedIn;

  beforeAll(async () => {
    member = await createMember(server, { name: "수정하는의사", licenseNumber: "EDIT-1" });
    other = await createMember(server, { name: "다른의사", licenseNumber: "OTHER-1" });
  });

  it("changes phone, hospital, specialty and address, and nothing else", async () => {
    const before = await userRow(server, member.id);
    const answer = await postMyPage(profileFields(), member.cookie);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/mypage");
    expect(answer.reply?.toast?.title).toBe("회원 정보 수정 완료");
    const after = await userRow(server, member.id);
    expect(after).toEqual({
      ...before,
      phone: "010-7777-8888",
      hospitalName: "수성연세내과의원",
      department: "소화기내과",
      address: "대구광역시 수성구 범어로 10",
      updatedAt: after?.updatedAt,
    });

    // The page shows the new values afterwards.
    const html = await (await get(server, "/mypage", { cookie: member.cookie })).text();
    const inputs = tags(html, "input");
    expect(inputs.find((i) => i.name === "hospitalName")?.value).toBe("수성연세내과의원");
    expect(inputs.find((i) => i.name === "address")?.value).toBe("대구광역시 수성구 범어로 10");
  });

  it("keeps a number typed any way as 010-1234-5678", async () => {
    for (const typed of ["01055556666", "+82 10 5555 6666", "010 5555 6666"]) {
      const answer = await postMyPage({ ...profileFields(), phone: typed }, member.cookie);
      expect(answer.status, typed).toBe(302);
      expect((await userRow(server, member.id))?.phone).toBe("010-5555-6666");
    }
  });

  // The form reader refuses names the form does not declare (hostile input), so a
  // forged field is a 400 that changes nothing, not a silently ignored extra.
  it("refuses e-mail, licence number, role, approval and name sent with the form", async () => {
    const before = await userRow(server, member.id);
    const answer = await postMyPage(
      profileFields({
        phone: "010-1111-2222",
        email: "hijack@example.com",
        licenseNumber: "FORGED-999",
        role: "admin",
        isApproved: "false",
        name: "바뀐이름",
        rejectedAt: new Date().toISOString(),
        passwordHash: "x",
      }),
      member.cookie,
    );
    expect(answer.status).toBe(400);
    const after = await userRow(server, member.id);
    expect(after?.phone).toBe(before?.phone);
    expect(after?.email).toBe(before?.email);
    expect(after?.licenseNumber).toBe("EDIT-1");
    expect(after?.role).toBe("member");
    expect(after?.isApproved).toBe(true);
    expect(after?.rejectedAt).toBeNull();
    expect(after?.name).toBe("수정하는의사");
    expect(after?.passwordHash).toBe(before?.passwordHash);
    // Still an ordinary, approved member with the same e-mail.
    const me = await get(server, "/api/auth/me", { cookie: member.cookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: before?.email, role: "member" });
  });

  it("refuses an id sent with the form and changes no row", async () => {
    const otherBefore = await userRow(server, other.id);
    const ownBefore = await userRow(server, member.id);
    const answer = await postMyPage(
      profileFields({
        id: other.id,
        userId: other.id,
        hospitalName: "남의병원을바꾸려는시도",
      }),
      member.cookie,
    );
    expect(answer.status).toBe(400);
    expect(await userRow(server, other.id)).toEqual(otherBefore);
    expect((await userRow(server, member.id))?.hospitalName).toBe(ownBefore?.hospitalName);
  });

  it("sends a visitor to the login page and changes nothing", async () => {
    const before = await userRow(server, member.id);
    const answer = await postMyPage(profileFields({ id: member.id, hospitalName: "방문자" }));
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(LOGIN_REDIRECT);
    expect(await userRow(server, member.id)).toEqual(before);
  });

  it("sends a bogus session cookie to the login page and changes nothing", async () => {
    const before = await userRow(server, member.id);
    const answer = await postMyPage(profileFields({ hospitalName: "위조" }), "sid=forged.value");
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(LOGIN_REDIRECT);
    expect(await userRow(server, member.id)).toEqual(before);
  });

  it.each([
    ["phone", "abc", "올바른 휴대전화번호를 입력해주세요"],
    ["phone", "", "휴대전화번호를 입력해주세요"],
    ["hospitalName", "", "병원명을 입력해주세요"],
    ["department", "   ", "진료과목을 입력해주세요"],
    ["address", "", "병원 주소를 입력해주세요"],
    ["address", "가".repeat(201), "200자 이하로 입력해주세요"],
  ])(
    "refuses %s=%j with 400 and a Korean message, changing nothing",
    async (field, value, message) => {
      const before = await userRow(server, member.id);
      const answer = await postMyPage(profileFields({ [field]: value }), member.cookie);
      expect(answer.status).toBe(400);
      expect(answer.reply?.intent).toBe("profile");
      const messages = expectKoreanErrors(answer.reply);
      expect(answer.reply?.result?.error?.[field]).toContain(message);
      expect(messages).toContain(message);
      expect(mainText(answer.html)).toContain(message);
      expect(await userRow(server, member.id)).toEqual(before);
    },
  );

  it("refuses a form without the fields with Korean messages for each", async () => {
    const before = await userRow(server, member.id);
    const answer = await postMyPage({ intent: "profile" }, member.cookie);
    expect(answer.status).toBe(400);
    const errors = answer.reply?.result?.error ?? {};
    expect(Object.keys(errors)).toEqual(
      expect.arrayContaining(["phone", "hospitalName", "department", "address"]),
    );
    expectKoreanErrors(answer.reply);
    expect(await userRow(server, member.id)).toEqual(before);
  });
});

describe("POST /mypage/security intent=password", () => {
  const NEW_PASSWORD = "new-horse-battery-7";

  it("refuses a wrong current password with 400 and keeps the password", async () => {
    const member = await createMember(server);
    const before = await userRow(server, member.id);
    const answer = await postMyPage(
      {
        intent: "password",
        currentPassword: "not-my-password",
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      },
      member.cookie,
    );
    expect(answer.status).toBe(400);
    expect(answer.reply?.toast?.description).toBe(WRONG_PASSWORD);
    expect(answer.reply?.result?.error?.currentPassword).toContain(WRONG_PASSWORD);
    // Under the current-password field only: the new password was not what was wrong.
    expect(answer.reply?.result?.error?.password).toBeUndefined();
    expect(mainText(answer.html)).toContain(WRONG_PASSWORD);
    expect((await userRow(server, member.id))?.passwordHash).toBe(before?.passwordHash);
    // The passwords typed are not echoed back into the page.
    expect(answer.html).not.toContain("not-my-password");
    expect(answer.html).not.toContain(NEW_PASSWORD);
    expect((await logIn(server, member.email, PASSWORD)).status).toBe(200);
  });

  it.each([
    [
      { password: "short", confirmPassword: "short" },
      "password",
      "비밀번호는 최소 8자 이상이어야 합니다",
    ],
    [
      { password: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}x` },
      "confirmPassword",
      "비밀번호가 일치하지 않습니다",
    ],
    [
      { currentPassword: "", password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      "currentPassword",
      "현재 비밀번호를 입력해주세요",
    ],
  ])("refuses %j with 400 and a Korean message", async (fields, field, message) => {
    const member = await createMember(server);
    const before = await userRow(server, member.id);
    const answer = await postMyPage(
      { intent: "password", currentPassword: PASSWORD, ...fields },
      member.cookie,
    );
    expect(answer.status).toBe(400);
    expectKoreanErrors(answer.reply);
    expect(answer.reply?.result?.error?.[field]).toContain(message);
    expect((await userRow(server, member.id))?.passwordHash).toBe(before?.passwordHash);
  });

  it("changes the password, keeps this session and ends every other session", async () => {
    const member = await createMember(server);
    const second = await logInCookie(server, member.email, PASSWORD);
    const third = await logInCookie(server, member.email, PASSWORD);
    expect(await sessionRows(server, member.id)).toHaveLength(3);
    for (const cookie of [member.cookie, second, third]) expect(await meStatus(cookie)).toBe(200);

    const answer = await postMyPage(
      {
        intent: "password",
        currentPassword: PASSWORD,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      },
      member.cookie,
    );
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/mypage/security");
    expect(answer.reply?.toast?.title).toBe("비밀번호 변경 완료");
    expect(answer.html).not.toContain(NEW_PASSWORD);

    // This session stays; the others end at once.
    expect(await meStatus(member.cookie)).toBe(200);
    expect(await meStatus(second)).toBe(401);
    expect(await meStatus(third)).toBe(401);
    const remaining = await sessionRows(server, member.id);
    expect(remaining.map((s) => s.sid)).toEqual([sessionIdOf(member.cookie)]);
    expect((await get(server, "/mypage", { cookie: member.cookie })).status).toBe(200);

    // The new password logs in; the old one does not.
    expect((await logIn(server, member.email, PASSWORD)).status).toBe(401);
    const fresh = await logIn(server, member.email, NEW_PASSWORD);
    expect(fresh.status).toBe(200);
  });

  it("sends a visitor to the login page", async () => {
    const answer = await postMyPage({
      intent: "password",
      currentPassword: PASSWORD,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/login?redirectTo=%2Fmypage%2Fsecurity");
  });
});

describe("마이페이지's pages", () => {
  const PAGES = [
    ["/mypage", "회원 정보"],
    ["/mypage/seminars", "세미나·평점"],
    ["/mypage/dues", "회비·결제"],
    ["/mypage/board", "게시판"],
    ["/mypage/security", "보안·탈퇴"],
  ] as const;

  it.each(PAGES)("%s sends a visitor to the login page and back", async (path) => {
    const res = await get(server, path);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    if (path !== "/mypage/board") {
      const post = await postForm(server, path, { intent: "profile" });
      expect(post.status).toBe(302);
      expect(post.headers.get("location")).toContain("/login");
    }
  });

  it.each(PAGES)("%s marks its own tab in the tab row", async (path, label) => {
    const member = await createMember(server);
    const res = await get(server, path, { cookie: member.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/no-store/);
    const html = await res.text();
    const tabs = html.slice(html.indexOf('aria-label="마이페이지 메뉴"'));
    const current = tags(tabs.slice(0, tabs.indexOf("</nav>")), "a").filter(
      (a) => a["aria-current"] === "page",
    );
    expect(current.map((a) => a.href)).toEqual([path]);
    expect(html).toContain(`>${label}</a>`);
  });

  it("each page shows only its own part", async () => {
    const member = await createMember(server);
    const text = async (path: string) =>
      mainText(await (await get(server, path, { cookie: member.cookie })).text());
    const profile = await text("/mypage");
    expect(profile).toContain("정회원 가입 신청");
    expect(profile).not.toContain("로그인된 기기");
    expect(profile).not.toContain("회원 탈퇴");
    const security = await text("/mypage/security");
    expect(security).toContain("로그인된 기기");
    expect(security).toContain("비밀번호 변경");
    expect(security).toContain("회원 탈퇴");
    expect(security).not.toContain("의사 면허번호");
    const seminars = await text("/mypage/seminars");
    expect(seminars).toContain("연수평점");
    expect(seminars).not.toContain("로그인된 기기");
    const board = await text("/mypage/board");
    expect(board).toContain("내가 쓴 글");
    expect(board).toContain("아직 쓴 글이 없습니다.");
    expect(board).toContain("댓글 알림 메일");
    const dues = await text("/mypage/dues");
    expect(dues).toContain("결제 내역");
    expect(dues).not.toContain("댓글 알림 메일");
  });

  it("a form sent to a page that does not own it is refused in Korean, and nothing changes", async () => {
    const member = await createMember(server);
    const before = await userRow(server, member.id);
    const res = await postForm(
      server,
      "/mypage",
      {
        intent: "password",
        currentPassword: PASSWORD,
        password: "new-horse-battery-7",
        confirmPassword: "new-horse-battery-7",
      },
      { cookie: member.cookie },
    );
    expect(res.status).toBe(400);
    expect(mainText(await res.text())).toMatch(HANGUL);
    expect((await userRow(server, member.id))?.passwordHash).toBe(before?.passwordHash);
    const profile = await postForm(server, "/mypage/security", profileFields(), {
      cookie: member.cookie,
    });
    expect(profile.status).toBe(400);
    expect((await userRow(server, member.id))?.phone).toBe(before?.phone);
  });

  it("/mypage sends a link from an old mail (/mypage#seminars) on to the page that has it", async () => {
    const member = await createMember(server);
    const html = await (await get(server, "/mypage", { cookie: member.cookie })).text();
    expect(html).toMatch(/<script nonce="[^"]+">\(function\(m\)\{[^<]*location\.replace/);
    expect(html).toContain('"seminars":"/mypage/seminars"');
    expect(html).toContain('"payments":"/mypage/dues#payments"');
    expect(html).toContain('"credits":"/mypage/seminars#credits"');
  });
});
