// The charter (/charter, SPEC.md §2 Charter, §6, §9): the lock notice for visitors and for
// a session whose account is no longer approved, with the charter text nowhere in their HTML; the
// full charter for approved members — 7 chapters, 19 articles, a table of contents, the society's
// configured name, and every number of SPEC.md §9.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { mainText, tags } from "../support/html";
import { insertMember, type Member, page, setApproved } from "../support/members";
import { setupTestServer } from "../support/test-server";

// A distinctive name, so the test sees the configured value substituted into the text.
const SOCIETY_NAME = "정관시험용대한학회";
const LOCK_TITLE = "회원 전용 콘텐츠입니다";
const LOCK_MESSAGE = "학회 정관은 승인된 회원만 열람할 수 있습니다.";
const CHAPTERS = ["총칙", "회원", "임원", "조직", "사업 및 재정", "포상 및 윤리", "부칙"];

/** Phrases that only the charter's body contains; none may reach a locked page. */
const CHARTER_ONLY = ["제1조", "제1장", "3분의 2", "회계연도", "20인 이내", "제명"];

let member: Member;
let previousName: string | undefined;

beforeAll(() => {
  previousName = process.env.SOCIETY_NAME;
});
afterAll(() => {
  if (previousName === undefined) delete process.env.SOCIETY_NAME;
  else process.env.SOCIETY_NAME = previousName;
});
const server = setupTestServer({ env: { SOCIETY_NAME } });
beforeAll(async () => {
  member = await insertMember(server);
});

function expectLocked(result: { status: number; html: string; headers: Headers }) {
  expect(result.status).toBe(200);
  const text = mainText(result.html);
  expect(text).toContain(LOCK_TITLE);
  expect(text).toContain(LOCK_MESSAGE);
  // The notice's buttons: log in and sign up.
  const hrefs = tags(result.html, "a").map((a) => a.href);
  expect(hrefs.some((href) => href === "/login" || href?.startsWith("/login?"))).toBe(true);
  expect(hrefs).toContain("/signup");
  // The charter text is nowhere in the document, serialised loader data included.
  for (const phrase of CHARTER_ONLY) expect(result.html, phrase).not.toContain(phrase);
  expect(result.html).not.toContain("#chapter-1");
  expect(result.headers.get("cache-control")).toMatch(/private|no-store/);
}

describe("locked", () => {
  it("a visitor gets 200 with the lock notice and none of the charter", async () => {
    expectLocked(await page(server, "/charter"));
  });

  it("a session whose account is no longer approved gets the lock notice", async () => {
    const revoked = await insertMember(server);
    const before = await page(server, "/charter", revoked.cookie);
    expect(mainText(before.html)).toContain("제1조");
    await setApproved(server, revoked.id, false);
    expectLocked(await page(server, "/charter", revoked.cookie));
  });

  it("no JavaScript asset a visitor can download carries the charter text", async () => {
    const dir = path.resolve("build/client/assets");
    const scripts = fs.readdirSync(dir).filter((name) => name.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    let lockNoticeSeen = false;
    for (const name of scripts) {
      const res = await server.fetch(`/assets/${name}`);
      expect(res.status, name).toBe(200);
      const source = await res.text();
      // Control: the page's own client code (the lock notice) is among what was read.
      if (source.includes(LOCK_TITLE)) lockNoticeSeen = true;
      for (const phrase of ["재적회원 3분의 2", "출석 임원 과반수", "회원자격 정지", "경과조치"]) {
        expect(source, `${name} contains ${phrase}`).not.toContain(phrase);
      }
    }
    expect(lockNoticeSeen).toBe(true);
  });

  it("a forged or stale cookie is a visitor", async () => {
    expectLocked(await page(server, "/charter", "sid=not-a-signed-session"));
  });
});

describe("open to approved members", () => {
  let html: string;
  let text: string;
  beforeAll(async () => {
    const result = await page(server, "/charter", member.cookie);
    expect(result.status).toBe(200);
    expect(result.headers.get("cache-control")).toMatch(/private|no-store/);
    html = result.html;
    text = mainText(html);
  });

  it("shows no lock notice", () => {
    expect(text).not.toContain(LOCK_TITLE);
    expect(text).not.toContain(LOCK_MESSAGE);
  });

  it("has 7 chapters, in order, with the spec's titles", () => {
    const headings = Array.from(
      html.matchAll(/<h2\b[^>]*id="chapter-(\d+)-title"[^>]*>([\s\S]*?)<\/h2>/g),
      ([, n, inner]) => ({ n: Number(n), title: mainText(inner!) }),
    );
    expect(headings.map((h) => h.n)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(headings.map((h) => h.title)).toEqual(CHAPTERS.map((t, i) => `제${i + 1}장 ${t}`));
    for (let n = 1; n <= 7; n++) {
      expect(tags(html, "section").some((s) => s.id === `chapter-${n}`)).toBe(true);
    }
    expect(text).not.toContain("제8장");
  });

  it("has articles 제1조 to 제19조, each once, in order", () => {
    // React separates text parts with <!-- --> comments: read each heading's text.
    const articles = Array.from(html.matchAll(/<h3\b[^>]*>([\s\S]*?)<\/h3>/g), ([, inner]) =>
      mainText(inner!),
    )
      .map((heading) => heading.match(/^제(\d+)조\(.+\)$/)?.[1])
      .filter((n) => n !== undefined)
      .map(Number);
    expect(articles).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));
    expect(text).not.toMatch(/제20조/);
  });

  it("has a table of contents linking to each chapter", () => {
    const toc = html.match(/<nav\b[^>]*aria-labelledby="charter-toc"[^>]*>([\s\S]*?)<\/nav>/)?.[1];
    expect(toc, "the table of contents").toBeDefined();
    expect(mainText(toc!)).toContain("목차");
    const links = tags(toc!, "a").map((a) => a.href);
    expect(links).toEqual(Array.from({ length: 7 }, (_, i) => `#chapter-${i + 1}`));
    for (const [i, title] of CHAPTERS.entries()) {
      expect(mainText(toc!)).toContain(`제${i + 1}장 ${title}`);
    }
  });

  it("names the society as configured, with no placeholder left", () => {
    expect(html).not.toContain("{societyName}");
    expect(html).not.toMatch(/\{[a-zA-Z]+\}/);
    expect(text).toContain(`본 학회의 명칭은 ${SOCIETY_NAME}`);
  });

  it("names the four member types of SPEC.md §1", () => {
    for (const type of ["정회원", "준회원", "명예회원", "평생회원"]) expect(text).toContain(type);
    expect(text).toContain("평생회비");
    expect(text).toContain("총회의 승인");
  });

  it("agrees with every number of SPEC.md §9", () => {
    // Officers: advisers ≤ 5, president 1, vice-presidents ≤ 5, directors ≤ 20, auditor 1.
    expect(text).toMatch(/고문\s*:\s*5인 이내/);
    expect(text).toMatch(/회장\s*:\s*1인/);
    expect(text).toMatch(/부회장\s*:\s*5인 이내/);
    expect(text).toMatch(/이사\s*:\s*20인 이내/);
    expect(text).toMatch(/감사\s*:\s*1인/);
    // Terms of 2 years, re-election allowed.
    expect(text).toContain("임기는 2년");
    expect(text).toContain("연임할 수 있다");
    // General assembly once a year; board at least twice a year.
    expect(text).toContain("매년 1회");
    expect(text).toContain("연 2회 이상");
    // Fiscal year.
    expect(text).toContain("1월 1일부터 12월 31일까지");
    // Amendments: two-thirds of registered members at the general assembly.
    expect(text).toMatch(/정관의 개정은 총회에서 재적회원 3분의 2 이상/);
    // Assembly decisions: a majority of attending officers.
    expect(text).toContain("출석 임원 과반수");
    // Standing committees.
    for (const committee of ["학술", "교육", "홍보", "재무", "윤리", "디지털콘텐츠"]) {
      expect(text).toContain(`${committee}위원회`);
    }
    // Sanctions: warning, suspension, expulsion.
    expect(text).toMatch(/징계의 종류는 경고, 회원자격 정지, 제명/);
  });
});
