// The page cache (server/page-cache.ts, docs/decisions/005): a visitor's public pages are stored
// and served again only while the database's content version is unchanged, so every write, through
// the API or straight into the database, shows on the very next request; members get their own
// pages; a stored page carries a policy with its scripts' hashes and no nonce.
import crypto from "node:crypto";
import zlib from "node:zlib";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  announcements,
  contentVersion,
  executives,
  historyEvents,
  seminars,
  sessions,
  users,
} from "~db/schema";

import { announcementInput, executiveInput, historyInput, seminarInput } from "../support/admin";
import { applyOverHttp } from "../support/http";
import { insertMember, type Member, sendJson } from "../support/members";
import { setupTestServer } from "../support/test-server";

let admin: Member;

const server = setupTestServer({ seed: true });
beforeAll(async () => {
  admin = await insertMember(server, { role: "admin", name: "캐시관리자" });
});

async function visit(path: string, headers: Record<string, string> = {}) {
  const res = await server.fetch(path, { headers });
  return { res, state: res.headers.get("x-page-cache"), html: await res.text() };
}

/** Visits until the page is served from the store (the first visit after a change renders it). */
async function stored(path: string) {
  await visit(path);
  const second = await visit(path);
  expect(second.state, path).toBe("hit");
  return second.html;
}

const unique = (label: string) => `${label} ${crypto.randomBytes(4).toString("hex")}`;

describe("what is stored", () => {
  it("serves a visitor's public page from the store with the same bytes", async () => {
    const first = await visit("/about");
    const second = await visit("/about");
    expect(second.state).toBe("hit");
    expect(second.res.status).toBe(200);
    expect(second.html).toBe(first.html);
    expect(second.res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(second.res.headers.get("vary")).toContain("Accept-Encoding");
  });

  it("gives the same page in brotli, gzip and uncompressed", async () => {
    await stored("/history");
    const raw = async (encoding: string) => {
      const res = await server.fetch("/history", { headers: { "Accept-Encoding": encoding } });
      return { res, body: Buffer.from(await res.arrayBuffer()) };
    };
    // Node's fetch decodes what it receives, so compare the decoded pages and the headers.
    const [br, gz, plain] = [await raw("br"), await raw("gzip"), await raw("identity")];
    expect(br.res.headers.get("x-page-cache")).toBe("hit");
    expect(br.body.equals(plain.body)).toBe(true);
    expect(gz.body.equals(plain.body)).toBe(true);
  });

  it("sends compressed bytes that decode to the page", async () => {
    await stored("/membership");
    const { default: http } = await import("node:http");
    const { port } = new URL(server.baseUrl);
    const fetchRaw = (encoding: string) =>
      new Promise<{ headers: import("node:http").IncomingHttpHeaders; body: Buffer }>(
        (resolve, reject) => {
          http
            .get(
              {
                host: "127.0.0.1",
                port,
                path: "/membership",
                headers: { "Accept-Encoding": encoding },
              },
              (res) => {
                const chunks: Buffer[] = [];
                res.on("data", (c: Buffer) => chunks.push(c));
                res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
              },
            )
            .on("error", reject);
        },
      );
    const plain = await fetchRaw("identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const gz = await fetchRaw("gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(Number(gz.headers["content-length"])).toBe(gz.body.length);
    expect(zlib.gunzipSync(gz.body).equals(plain.body)).toBe(true);
    const br = await fetchRaw("gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
  });

  it("answers HEAD with the headers and no body", async () => {
    await stored("/location");
    const res = await server.fetch("/location", { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-page-cache")).toBe("hit");
    expect(await res.text()).toBe("");
  });

  it("lists the hash of every inline script and no nonce in a stored page's policy", async () => {
    for (const path of ["/", "/announcements"]) {
      const { res, html } = await visit(path);
      const csp = String(res.headers.get("content-security-policy"));
      const scriptSrc = csp.match(/script-src ([^;]+)/)?.[1]?.split(" ") ?? [];
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc.some((s) => s.startsWith("'nonce-"))).toBe(false);
      expect(html).not.toMatch(/\snonce=/);
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, attrs]) => !/\ssrc=/.test(attrs ?? ""),
      );
      expect(inline.length).toBeGreaterThan(0);
      for (const [, , content] of inline) {
        const hash = crypto
          .createHash("sha256")
          .update(content ?? "")
          .digest("base64");
        expect(scriptSrc, path).toContain(`'sha256-${hash}'`);
      }
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });
});

describe("who gets a stored page", () => {
  it("never serves a member the visitor's page, nor a visitor the member's", async () => {
    await stored("/");
    const member = await visit("/", { Cookie: admin.cookie });
    expect(member.state).not.toBeNull();
    expect(member.html).toContain("캐시관리자");
    expect(member.res.headers.get("cache-control")).toBe("private, no-store");
    const visitor = await visit("/");
    expect(visitor.state).toBe("hit");
    expect(visitor.html).not.toContain("캐시관리자");
    expect(visitor.html).toContain('href="/login"');
    expect(visitor.res.headers.get("cache-control") ?? "").not.toContain("private");
    // A member's stored page lists its scripts' hashes, as a visitor's does.
    const csp = String(member.res.headers.get("content-security-policy"));
    expect(csp).toContain("'sha256-");
    expect(csp).not.toMatch(/'nonce-/);
  });

  it("does not store pages with a query string, other pages or other methods", async () => {
    for (const path of [
      "/?utm_source=kakao",
      "/login",
      "/signup",
      "/charter",
      "/announcements.data",
    ]) {
      await visit(path);
      const again = await visit(path);
      expect(again.state, path).toBeNull();
    }
    const post = await server.fetch("/", { method: "POST" });
    expect(post.headers.get("x-page-cache")).toBeNull();
    await post.arrayBuffer();
  });

  it("a page handed a flash draws its message once, for that request alone", async () => {
    await stored("/");
    const flash = (toast: unknown) => `flash_toast=${encodeURIComponent(JSON.stringify(toast))}`;
    for (const cookie of [
      flash({ title: "로그아웃" }),
      `${admin.cookie}; ${flash({ title: "로그아웃" })}`,
    ]) {
      const handed = await visit("/", { Cookie: cookie });
      expect(handed.state, cookie).toBeNull();
      expect(handed.html).toMatch(
        /role="status"[^>]*data-flash[^>]*><strong[^>]*>로그아웃<\/strong>/,
      );
      expect(handed.res.headers.get("cache-control")).toBe("private, no-store");
      // Spent in the same answer: the next page has no message.
      expect(handed.res.headers.getSetCookie()).toContainEqual(
        expect.stringMatching(/^flash_toast=; Path=\/; Max-Age=0/),
      );
    }
    const visitor = await visit("/");
    expect(visitor.state).toBe("hit");
    expect(visitor.html).not.toContain("data-flash");
    // A damaged or forged flash draws nothing, and is spent all the same.
    for (const cookie of ["flash_toast=%E0%A4%A", "flash_toast=%7B%7D", flash({ title: ["x"] })]) {
      const damaged = await visit("/", { Cookie: cookie });
      expect(damaged.res.status, cookie).toBe(200);
      expect(damaged.html).not.toContain("data-flash");
      expect(damaged.res.headers.getSetCookie().join("\n")).toContain("flash_toast=;");
    }
  });

  it("a stale or forged session cookie gets a freshly rendered visitor page", async () => {
    const res = await visit("/", { Cookie: "sid=forged.value" });
    expect(res.state).toBeNull();
    expect(res.res.status).toBe(200);
    expect(res.html).toContain('href="/login"');
  });
});

describe("members' stored pages", () => {
  it("each member gets their own page, interleaved over several pages, from the second visit", async () => {
    const one = await insertMember(server, { name: "첫째회원가" });
    const two = await insertMember(server, { name: "둘째회원나" });
    for (const path of ["/", "/announcements", "/about", "/activities", "/membership"]) {
      for (let round = 0; round < 2; round++) {
        for (const [me, other] of [
          [one, two],
          [two, one],
        ] as const) {
          const page = await visit(path, { Cookie: me.cookie });
          expect(page.res.status, path).toBe(200);
          expect(page.state, path).toBe(round === 0 ? "miss" : "hit");
          expect(page.html, path).toContain(me.name);
          expect(page.html, path).not.toContain(other.name);
          expect(page.html, path).not.toContain(other.email);
          expect(page.html, path).not.toContain('href="/login"');
          expect(page.res.headers.get("cache-control"), path).toBe("private, no-store");
        }
      }
    }
  });

  it("a change to the member shows on their next request", async () => {
    const member = await insertMember(server, { name: "이름바꿀회원" });
    await visit("/", { Cookie: member.cookie });
    expect((await visit("/", { Cookie: member.cookie })).state).toBe("hit");
    await server.db.update(users).set({ name: "바뀐이름회원" }).where(eq(users.id, member.id));
    const renamed = await visit("/", { Cookie: member.cookie });
    expect(renamed.state).toBe("miss");
    expect(renamed.html).toContain("바뀐이름회원");
    expect(renamed.html).not.toContain("이름바꿀회원");

    await server.db.update(users).set({ memberType: "honorary" }).where(eq(users.id, member.id));
    expect((await visit("/", { Cookie: member.cookie })).html).toContain("명예회원");
    await server.db.update(users).set({ role: "admin" }).where(eq(users.id, member.id));
    expect((await visit("/", { Cookie: member.cookie })).html).toContain('href="/admin/dashboard"');
  });

  it("a member's own application shows on 회원 안내 at once, not the 신청 button again", async () => {
    const member = await insertMember(server, { name: "신청할회원" });
    await visit("/membership", { Cookie: member.cookie });
    expect((await visit("/membership", { Cookie: member.cookie })).state).toBe("hit");
    await applyOverHttp(server, member.cookie);
    const after = await visit("/membership", { Cookie: member.cookie });
    expect(after.state).toBe("miss");
    expect(after.html).toContain("정회원 가입 신청을 검토하고 있습니다");
  });

  it("a content write shows on the member's next request", async () => {
    const member = await insertMember(server);
    await visit("/announcements", { Cookie: member.cookie });
    expect((await visit("/announcements", { Cookie: member.cookie })).state).toBe("hit");
    const title = unique("회원에게 바로 보일 공지");
    await server.db.insert(announcements).values({ title, content: "<p>본문</p>" });
    const after = await visit("/announcements", { Cookie: member.cookie });
    expect(after.state).toBe("miss");
    expect(after.html).toContain(title);
  });

  it("an ended session is not served a stored page: the next request is a visitor's", async () => {
    const member = await insertMember(server, { name: "세션끝날회원" });
    await visit("/", { Cookie: member.cookie });
    expect((await visit("/", { Cookie: member.cookie })).state).toBe("hit");
    await server.db.delete(sessions).where(eq(sessions.userId, member.id));
    const ended = await visit("/", { Cookie: member.cookie });
    expect(ended.state).toBeNull();
    expect(ended.html).not.toContain("세션끝날회원");
    expect(ended.html).toContain('href="/login"');

    const suspended = await insertMember(server, { name: "정지될캐시회원" });
    await visit("/", { Cookie: suspended.cookie });
    await server.db
      .update(users)
      .set({ suspendedAt: new Date() })
      .where(eq(users.id, suspended.id));
    const refused = await visit("/", { Cookie: suspended.cookie });
    expect(refused.state).toBeNull();
    expect(refused.html).not.toContain("정지될캐시회원");
  });
});

describe("every write shows on the next request", () => {
  it("an announcement created, edited and deleted through the API", async () => {
    await stored("/");
    await stored("/announcements");
    const title = unique("캐시 확인 공지");
    const created = await sendJson(
      server,
      "POST",
      "/api/announcements",
      announcementInput({ title }),
      {
        cookie: admin.cookie,
      },
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    for (const path of ["/", "/announcements"]) {
      const next = await visit(path);
      expect(next.state, path).toBe("miss");
      expect(next.html, path).toContain(title);
    }

    const renamed = unique("고친 공지");
    const patched = await sendJson(
      server,
      "PATCH",
      `/api/announcements/${id}`,
      { title: renamed },
      {
        cookie: admin.cookie,
      },
    );
    expect(patched.status).toBe(200);
    const afterEdit = await visit("/announcements");
    expect(afterEdit.html).toContain(renamed);
    expect(afterEdit.html).not.toContain(title);

    await stored("/announcements");
    const deleted = await sendJson(server, "DELETE", `/api/announcements/${id}`, undefined, {
      cookie: admin.cookie,
    });
    expect(deleted.status).toBeLessThan(300);
    expect((await visit("/announcements")).html).not.toContain(renamed);
  });

  it("a seminar, an executive and a history event through the API", async () => {
    const cases = [
      {
        path: "/activities",
        call: "/api/seminars",
        body: seminarInput({ title: unique("캐시 세미나") }),
        text: "title",
      },
      {
        path: "/executives",
        call: "/api/executives",
        body: executiveInput({ name: unique("캐시임원") }),
        text: "name",
      },
      {
        path: "/history",
        call: "/api/history",
        body: historyInput({ title: unique("캐시 연혁") }),
        text: "title",
      },
    ] as const;
    for (const { path, call, body, text } of cases) {
      await stored(path);
      const res = await sendJson(server, "POST", call, body, { cookie: admin.cookie });
      expect(res.status, call).toBe(201);
      const shown = (body as Record<string, unknown>)[text] as string;
      expect((await visit(path)).html, path).toContain(shown);
    }
  });

  it("the year's fee and account set on /admin/dues show on the next /membership", async () => {
    const year = Number(
      new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Seoul", year: "numeric" }).format(
        new Date(),
      ),
    );
    await stored("/membership");
    const account = unique("캐시은행 111-22-333333 학회");
    const res = await sendJson(
      server,
      "PUT",
      `/api/admin/dues/${year}`,
      {
        regularFee: 123_000,
        lifetimeFee: 1_000_000,
        dueDate: `${year}-03-31`,
        bankAccount: account,
      },
      { cookie: admin.cookie },
    );
    expect(res.status).toBe(200);
    const next = await visit("/membership");
    expect(next.state).toBe("miss");
    expect(next.html).toContain("123,000원");
    expect(next.html).toContain(account);
  });

  it("a write straight into the database (any code path) moves the version on", async () => {
    const read = async () =>
      (await server.db.select().from(contentVersion).where(eq(contentVersion.id, 1)))[0]!.version;
    const tables = [
      async () => {
        await server.db
          .insert(announcements)
          .values({ title: unique("직접 공지"), content: "<p>본문</p>" });
      },
      async () => {
        await server.db.update(seminars).set({ location: "대구 수성구 새 세미나실" });
      },
      async () => {
        await server.db.update(executives).set({ credentials: "바뀐 이력" });
      },
      async () => {
        await server.db.delete(historyEvents).where(eq(historyEvents.year, 1900));
      },
    ];
    for (const write of tables) {
      const before = await read();
      await write();
      expect(await read()).toBeGreaterThan(before);
    }

    await stored("/executives");
    await server.db.update(executives).set({ credentials: "캐시 무효화 확인 이력" });
    const next = await visit("/executives");
    expect(next.state).toBe("miss");
    expect(next.html).toContain("캐시 무효화 확인 이력");
  });

  it("a write that fails and rolls back leaves the stored page in use", async () => {
    await stored("/history");
    await expect(
      server.db.transaction(async (tx) => {
        await tx
          .insert(historyEvents)
          .values({ year: 2001, title: "되돌릴 연혁", description: "설명" });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    const next = await visit("/history");
    expect(next.state).toBe("hit");
    expect(next.html).not.toContain("되돌릴 연혁");
  });

  it("the triggers cover every table the cached pages read", async () => {
    const result = await server.db.execute(sql`
      select distinct event_object_table as "table" from information_schema.triggers
      where action_statement like '%bump_content_version%'`);
    const rows = (result as unknown as { rows: Array<{ table: string }> }).rows;
    const tablesWithTrigger = rows.map((r) => r.table).sort();
    expect(tablesWithTrigger).toEqual([
      "announcements",
      "dues_years",
      "executives",
      "history_events",
      "membership_applications",
      "seminars",
      "society_settings",
      "terms_versions",
    ]);
  });
});
