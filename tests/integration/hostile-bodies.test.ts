// Findings 1-5 of the hostile-input review (docs/security.md), over real HTTP against the
// production build: bodies that used to kill or stall the process (bracket indices, repeated names,
// endless bodies), the page cache rendering a member's page for visitors, and redirect targets that
// leave the site.
import net from "node:net";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { seminars, users } from "~db/schema";
import {
  createAdmin,
  createMember,
  type ErrorBody,
  expectKoreanMessages,
  get,
  json,
  type LoggedIn,
  postForm,
} from "../support/accounts";
import { mainText } from "../support/html";
import { setupTestServer } from "../support/test-server";

let member: LoggedIn;
let admin: LoggedIn;
let port: number;
let seminarId: string;
let boardPostId: string;
let boardCommentId: string;
let statementImportId: string;

const server = setupTestServer();
beforeAll(async () => {
  port = Number(new URL(server.baseUrl).port);
  member = await createMember(server, { name: "홍길동" });
  admin = await createAdmin(server);
  const [seminar] = await server.db
    .insert(seminars)
    .values({
      title: "적대적 입력 세미나",
      description: "설명",
      speaker: "연자",
      date: new Date(Date.now() + 10 * 24 * 60 * 60 * 1000),
      location: "세미나실",
    })
    .returning();
  seminarId = seminar!.id;
  const post = await server.fetch("/api/community/posts", {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: member.cookie },
    body: JSON.stringify({ title: "게시판 글", body: "본문" }),
  });
  boardPostId = ((await post.json()) as { id: string }).id;
  // The member's own comment, on a post of its own (the board's walk checks the first stays bare).
  const other = await server.fetch("/api/community/posts", {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: member.cookie },
    body: JSON.stringify({ title: "댓글 달린 글", body: "본문" }),
  });
  const otherId = ((await other.json()) as { id: string }).id;
  const comment = await server.fetch(`/api/community/posts/${otherId}/comments`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: member.cookie },
    body: JSON.stringify({ body: "댓글" }),
  });
  boardCommentId = ((await comment.json()) as { id: string }).id;
  // A bank statement imported for the year, whose matching page is a form of its own.
  const year = new Date().getFullYear();
  const dues = await server.fetch(`/api/admin/dues/${year}`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Cookie: admin.cookie },
    body: JSON.stringify({
      regularFee: 100_000,
      lifetimeFee: 1_000_000,
      dueDate: `${year}-03-31`,
      bankAccount: "국민은행 123-456-789012 (예금주: 학회)",
    }),
  });
  expect(dues.status, await dues.clone().text()).toBe(200);
  const statement = new FormData();
  statement.set(
    "file",
    new Blob(["거래일시,적요,입금액,잔액\n2026-03-12 10:00,홍길동,100000,1\n"]),
    "statement.csv",
  );
  const imported = await server.fetch(`/api/admin/dues/${year}/imports`, {
    method: "POST",
    body: statement,
    headers: { Cookie: admin.cookie },
  });
  expect(imported.status, await imported.clone().text()).toBe(201);
  statementImportId = ((await imported.json()) as { id: string }).id;
});

/** Every page form of the site, each with the session it needs (a guard would answer first). */
const PAGE_FORMS = () => [
  { path: "/login", cookie: undefined },
  { path: "/signup", cookie: undefined },
  { path: "/forgot-password", cookie: undefined },
  { path: "/reset-password", cookie: undefined },
  { path: "/mypage", cookie: member.cookie },
  { path: "/mypage/seminars", cookie: member.cookie },
  { path: "/mypage/dues", cookie: member.cookie },
  { path: "/mypage/security", cookie: member.cookie },
  { path: "/membership/apply", cookie: member.cookie },
  { path: "/admin/dashboard", cookie: admin.cookie },
  { path: "/admin/members", cookie: admin.cookie },
  { path: `/admin/members/${member.id}`, cookie: admin.cookie },
  { path: `/activities/${seminarId}`, cookie: member.cookie },
  { path: `/admin/seminars/${seminarId}`, cookie: admin.cookie },
  { path: "/community/new", cookie: member.cookie },
  { path: `/community/${boardPostId}`, cookie: member.cookie },
  { path: `/community/${boardPostId}/edit`, cookie: member.cookie },
  { path: "/community/settings", cookie: member.cookie },
  { path: "/admin/community", cookie: admin.cookie },
  { path: "/admin/dues", cookie: admin.cookie },
  { path: "/admin/library", cookie: admin.cookie },
  { path: "/admin/settings", cookie: admin.cookie },
  { path: "/admin/security", cookie: admin.cookie },
  { path: "/admin/payments", cookie: admin.cookie },
  { path: "/admin/messages", cookie: admin.cookie },
  { path: "/admin/votes", cookie: admin.cookie },
  { path: `/admin/seminars/${seminarId}/credits`, cookie: admin.cookie },
  { path: `/admin/dues/imports/${statementImportId}`, cookie: admin.cookie },
  // The form is read before the address's id is looked up: an unknown one walks the same way.
  { path: `/mypage/payments/${UNKNOWN}`, cookie: member.cookie },
  { path: `/votes/${UNKNOWN}`, cookie: member.cookie },
];

const UNKNOWN = "00000000-0000-4000-8000-000000000000";

/** The administrators' JSON calls (roster, seminars, dues, library), each with their session. */
const ADMIN_JSON_CALLS = () => [
  { method: "PATCH", path: `/api/admin/members/${member.id}` },
  { method: "POST", path: `/api/admin/members/${member.id}/suspend` },
  { method: "POST", path: "/api/admin/members/approve" },
  { method: "POST", path: `/api/users/${member.id}/reject` },
  { method: "POST", path: `/api/admin/seminars/${seminarId}/check-ins` },
  { method: "POST", path: `/api/admin/seminars/${seminarId}/registrations` },
  { method: "PATCH", path: `/api/seminars/${seminarId}` },
  { method: "PUT", path: "/api/admin/dues/2026" },
  { method: "POST", path: "/api/admin/dues/2026/exemptions" },
  { method: "POST", path: "/api/admin/payments" },
  { method: "POST", path: "/api/resources" },
  { method: "PUT", path: "/api/admin/settings" },
];

function postRaw(
  path: string,
  body: string,
  cookie?: string,
  type = "application/x-www-form-urlencoded",
) {
  return server.fetch(path, {
    method: "POST",
    headers: { "Content-Type": type, ...(cookie ? { Cookie: cookie } : {}) },
    body,
  });
}

/** The longest the event loop was blocked while `work` ran, in milliseconds. */
async function longestStall(work: () => Promise<unknown>) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  try {
    await work();
  } finally {
    histogram.disable();
  }
  return histogram.max / 1e6;
}

/**
 * Sends an endless chunked body over a raw socket until the server answers or closes. Answers the
 * status line (or "" if none came) and how many body bytes the client managed to hand over.
 */
function sendEndlessBody(path: string, headers: Record<string, string>, cookie?: string) {
  return new Promise<{ statusLine: string; sent: number }>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunk = Buffer.alloc(64 * 1024, "a");
    const frame = Buffer.concat([
      Buffer.from(`${chunk.length.toString(16)}\r\n`),
      chunk,
      Buffer.from("\r\n"),
    ]);
    let sent = 0;
    let answer = "";
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve({ statusLine: answer.split("\r\n")[0] ?? "", sent });
    };
    const pump = () => {
      // Bounded: 600 MB at most, as the review sent; the server should stop reading long before.
      while (!done && sent < 600 * 1024 * 1024) {
        sent += chunk.length;
        if (!socket.write(frame)) return void socket.once("drain", pump);
      }
    };
    socket.on("connect", () => {
      const lines = [
        `POST ${path} HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        "Transfer-Encoding: chunked",
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
        ...(cookie ? [`Cookie: ${cookie}`] : []),
      ];
      socket.write(`${lines.join("\r\n")}\r\n\r\n`);
      pump();
    });
    socket.on("data", (data) => {
      answer += data.toString("latin1");
      if (answer.includes("\r\n\r\n")) finish();
    });
    socket.on("error", finish);
    socket.on("close", finish);
    setTimeout(finish, 20_000);
  });
}

describe("finding 1: bracket and index syntax in form names", () => {
  it("POST /login with email[100000000]=x is a 400 in Korean, and the server lives on", async () => {
    const res = await postRaw("/login", "email[100000000]=x&password=x");
    expect(res.status).toBe(400);
    // The login page itself says what was wrong with the request, not "temporary error".
    const html = await res.text();
    expect(mainText(html)).toContain("허용되지 않은 입력 항목");
    expect(mainText(html)).toContain("로그인");
    expect(html).not.toContain("일시적인 오류");
    expect((await get(server, "/healthz")).status).toBe(200);
  });

  it("every page form refuses index syntax before Conform sees it", async () => {
    for (const { path, cookie } of PAGE_FORMS()) {
      const res = await postRaw(path, "intent=profile&email[100000000]=x&a.b[3]=y", cookie);
      expect(res.status, path).toBe(400);
      await res.body?.cancel();
    }
    expect((await get(server, "/healthz")).status).toBe(200);
  });

  it("fields a form does not declare are refused, declared ones still work", async () => {
    const refused = await postRaw("/forgot-password", "email=a%40example.com&isAdmin=1");
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("허용되지 않은 입력 항목");
    const accepted = await postForm(server, "/forgot-password", { email: "a@example.com" });
    expect(accepted.status).toBe(200);
    await accepted.body?.cancel();
  });
});

describe("the roster's calls take only bounded, well-formed JSON", () => {
  it("malformed JSON, a non-JSON type and a body past the limit are 4xx, and nothing changes", async () => {
    for (const { method, path } of ADMIN_JSON_CALLS()) {
      for (const [type, body, status] of [
        ["application/json", "{not json", 400],
        ["text/plain", '{"reason":"x"}', 415],
        ["application/json", JSON.stringify({ reason: "가".repeat(40_000) }), 413],
      ] as const) {
        const res = await server.fetch(path, {
          method,
          headers: { "Content-Type": type, Cookie: admin.cookie },
          body,
        });
        expect(res.status, `${method} ${path} ${type} ${body.length}`).toBe(status);
        expect((await res.json()).message).toMatch(/[가-힣]/);
      }
    }
    const row = await server.db.select().from(users).where(eq(users.id, member.id));
    expect(row[0]?.suspendedAt).toBeNull();
    expect(row[0]?.rejectedAt).toBeNull();
    expect((await get(server, "/healthz")).status).toBe(200);
  });

  it("the terms call takes a long text (512 KB) but no more, and a malformed one is a 400", async () => {
    for (const [body, status] of [
      ["{not json", 400],
      [JSON.stringify({ body: "가".repeat(200_000) }), 413],
      [JSON.stringify({ body: ["제1조", "제2조"] }), 400],
    ] as const) {
      const res = await server.fetch("/api/admin/terms", {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: admin.cookie },
        body,
      });
      expect(res.status, `${body.length}`).toBe(status);
      expect((await res.json()).message).toMatch(/[가-힣]/);
    }
    const terms = (await (await get(server, "/api/terms")).json()) as { version: number };
    expect(terms.version).toBe(1);
  });
});

/** The members' board's JSON calls, each with the session it needs. */
const BOARD_CALLS = () => [
  { method: "POST", path: "/api/community/posts", cookie: member.cookie },
  { method: "PATCH", path: `/api/community/posts/${boardPostId}`, cookie: member.cookie },
  { method: "POST", path: `/api/community/posts/${boardPostId}/comments`, cookie: member.cookie },
  { method: "PATCH", path: `/api/community/comments/${boardCommentId}`, cookie: member.cookie },
  { method: "POST", path: `/api/community/posts/${boardPostId}/report`, cookie: admin.cookie },
  { method: "POST", path: `/api/admin/community/posts/${boardPostId}/hide`, cookie: admin.cookie },
  { method: "POST", path: `/api/admin/community/posts/${boardPostId}/pin`, cookie: admin.cookie },
];

describe("the board's calls take only bounded, well-formed JSON", () => {
  it("malformed JSON, a non-JSON type, a wrong type and a body past the limit are 4xx", async () => {
    for (const { method, path, cookie } of BOARD_CALLS()) {
      for (const [type, body, status] of [
        ["application/json", "{not json", 400],
        ["text/plain", '{"title":"x","body":"x","reason":"x"}', 415],
        [
          "application/json",
          JSON.stringify({ title: ["x"], body: { a: 1 }, reason: 7, pinned: "yes" }),
          400,
        ],
        // Past every limit, posts' 256 KB included.
        ["application/json", JSON.stringify({ body: "가".repeat(100_000) }), 413],
      ] as const) {
        const res = await server.fetch(path, {
          method,
          headers: { "Content-Type": type, Cookie: cookie },
          body,
        });
        expect(res.status, `${method} ${path} ${type} ${body.length}`).toBe(status);
        expect((await res.json()).message).toMatch(/[가-힣]/);
      }
    }
    const post = await server.fetch(`/api/community/posts/${boardPostId}`, {
      headers: { Cookie: member.cookie },
    });
    expect(await post.json()).toMatchObject({
      title: "게시판 글",
      pinned: false,
      hidden: null,
      comments: [],
    });
    expect((await get(server, "/healthz")).status).toBe(200);
  });
});

describe("finding 2: repeated field names", () => {
  it("40,000 fields `x=1` are refused without blocking the event loop", async () => {
    const body = Array.from({ length: 40_000 }, () => "x=1").join("&");
    let status = 0;
    const stall = await longestStall(async () => {
      const res = await postRaw("/login", body);
      status = res.status;
      await res.body?.cancel();
    });
    expect([400, 413]).toContain(status);
    // Before the fix this blocked for 8.6 s; a generous ceiling keeps the quadratic parse out.
    expect(stall).toBeLessThan(500);
  });

  it("a declared field sent twice is a 400 in Korean", async () => {
    const res = await postRaw("/login", "email=a%40example.com&email=b%40example.com&password=x");
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("여러 번");
  });

  it("16,000 repeated declared fields within 64 KB are refused at once", async () => {
    const body = Array.from({ length: 16_000 }, () => "email=a")
      .join("&")
      .slice(0, 64 * 1024 - 10);
    const stall = await longestStall(async () => {
      const res = await postRaw("/signup", body);
      expect(res.status).toBe(400);
      await res.body?.cancel();
    });
    expect(stall).toBeLessThan(500);
  });
});

describe("finding 3: bodies are read only up to their limit", () => {
  it("a page form past 64 KB (declared length) is a 413 before it is read", async () => {
    const res = await postRaw("/login", `email=${"a".repeat(70 * 1024)}&password=x`);
    expect(res.status).toBe(413);
    expect(await res.text()).toContain("너무 큽니다");
  });

  it("an endless chunked page form is cut off at the limit", async () => {
    const before = process.memoryUsage().rss;
    const { statusLine, sent } = await sendEndlessBody("/login", {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect(statusLine).toContain("413");
    // Socket buffers let the client hand over a few MB at most before the server closes.
    expect(sent).toBeLessThan(64 * 1024 * 1024);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    expect((await get(server, "/healthz")).status).toBe(200);
  });

  it("an endless chunked JSON body is a 413 after at most the limit, not a 500", async () => {
    const { statusLine, sent } = await sendEndlessBody("/api/auth/login", {
      "Content-Type": "application/json",
    });
    expect(statusLine).toContain("413");
    expect(sent).toBeLessThan(64 * 1024 * 1024);
    expect((await get(server, "/healthz")).status).toBe(200);
  });

  it("a form value past its field's maximum gets the field's Korean message", async () => {
    const res = await postForm(server, "/forgot-password", {
      email: `${"a".repeat(5000)}@example.com`,
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("올바른 이메일 주소를 입력해주세요");
  });

  it("a form in a type no page uses is a 415", async () => {
    const res = await postRaw("/login", '{"email":"a@example.com"}', undefined, "application/json");
    expect(res.status).toBe(415);
    await res.body?.cancel();
  });

  it("JSON calls require application/json (415 for text/plain)", async () => {
    const res = await server.fetch("/api/auth/login", {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: JSON.stringify({ email: member.email, password: member.password }),
    });
    expect(res.status).toBe(415);
    expectKoreanMessages(await json<ErrorBody>(res));
  });

  it("a long announcement still fits the dashboard's and the API's larger limit", async () => {
    const content = `<p>${"가".repeat(150_000)}</p>`;
    const res = await server.fetch("/api/announcements", {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: admin.cookie },
      body: JSON.stringify({ title: "긴 공지", content, category: "공지" }),
    });
    expect(res.status).toBe(201);
    const page = await postForm(
      server,
      "/admin/dashboard",
      { intent: "save-announcement", title: "긴 공지 2", content, category: "공지" },
      { cookie: admin.cookie },
    );
    // Saved: back to the dashboard with the toast.
    expect(page.status).toBe(302);
    await page.body?.cancel();
  });
});

describe("finding 4: the page cache never renders or serves a member's page to visitors", () => {
  const sidValue = () => member.cookie.slice(member.cookie.indexOf("=") + 1);

  for (const spelled of [
    (value: string) => `sid =${value}`,
    (value: string) => `a=1; sid\t=${value}`,
    (value: string) => ` sid=${value}`,
  ]) {
    it(`a session cookie spelled ${JSON.stringify(spelled("…"))} never shapes the visitors' page`, async () => {
      for (const path of ["/", "/announcements", "/about"]) {
        // The member's own page (from the page cache's members' store), never the visitors'.
        const asMember = await server.fetch(path, { headers: { Cookie: spelled(sidValue()) } });
        expect(asMember.headers.get("cache-control"), path).toBe("private, no-store");
        expect(await asMember.text(), path).toContain("홍길동");
        const visitor = await get(server, path);
        const html = await visitor.text();
        expect(html, path).not.toContain(member.email);
        expect(html, path).not.toContain("홍길동");
      }
    });
  }
});

describe("finding 5: one redirect check", () => {
  for (const target of [
    "/\t/evil.example",
    "/\n/evil.example",
    "/\\evil.example",
    "//evil.example",
    "/\\/evil.example",
    "https://evil.example/",
  ]) {
    it(`redirectTo ${JSON.stringify(target)} stays on the site`, async () => {
      const res = await postForm(server, "/login", {
        email: member.email,
        password: member.password,
        redirectTo: target,
      });
      expect(res.status).toBe(302);
      const location = res.headers.get("location") ?? "";
      expect(new URL(location, server.baseUrl).origin).toBe(server.baseUrl);
    });
  }

  it("a logged-in member sent to /login?redirectTo=%2F%ED%95%9C is redirected, not a 500", async () => {
    const res = await get(server, "/login?redirectTo=%2F%ED%95%9C", { cookie: member.cookie });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/%ED%95%9C");
  });

  it("/api/login keeps the same rule", async () => {
    const res = await get(
      server,
      `/api/login?redirectTo=${encodeURIComponent("/\t/evil.example")}`,
    );
    const location = res.headers.get("location") ?? "";
    expect(location).not.toContain("evil.example");
  });
});
