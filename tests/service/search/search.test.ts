// The site search decides itself what each reader may find: a visitor finds notices by their
// title only, never by a word of the body, and never a library item or a board post; an approved
// member finds all of them. One-syllable Korean terms work, % and _ are taken literally, and the
// list is paged without overlap.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import type { SessionActor } from "~/features/accounts/actor.server";
import { type SearchHit, searchSite } from "~/features/search/search.server";
import { readSearchTerm, SEARCH_EMPTY, SEARCH_TOO_LONG } from "~/features/search/validation";
import { academicResources, announcements, communityPosts, seminars } from "~db/schema";
import { insertActor } from "../support/people";

const FIRST = { page: 1, pageSize: 20 };
let member: SessionActor;
let unapproved: SessionActor;

const days = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000);

beforeAll(async () => {
  member = await insertActor();
  unapproved = await insertActor({ isApproved: false });
  const db = await getDb();
  await db.insert(announcements).values([
    {
      title: "학술대회 안내",
      content: "<p>본문에만 있는 낱말 비밀계좌번호</p>",
      createdAt: days(1),
    },
    { title: "할인율 100% 적용 안내", content: "<p>가을 행사</p>", createdAt: days(2) },
    { title: "회원_명부 정비", content: "<p>명부</p>", createdAt: days(3) },
    { title: "회원 명부 정비 결과", content: "<p>결과</p>", createdAt: days(4) },
  ]);
  await db.insert(seminars).values({
    title: "봄 학술 세미나",
    description: "AI 활용 실무",
    speaker: "김연자",
    location: "대구 엑스코",
    date: days(10),
  });
  await db.insert(academicResources).values({
    title: "자료실전용 슬라이드",
    category: "강의자료",
    fileUrl: "/objects/none",
    fileName: "slides.pdf",
    fileSize: 10,
    createdAt: days(5),
  });
  await db.insert(communityPosts).values([
    { title: "게시판전용 질문", content: "본문", authorName: "회원", createdAt: days(6) },
    {
      title: "게시판전용 숨긴 글",
      content: "본문",
      authorName: "회원",
      hiddenAt: days(7),
      hiddenBy: "admin",
      createdAt: days(7),
    },
    {
      title: "게시판전용 지운 글",
      content: "본문",
      authorName: "회원",
      deletedAt: days(8),
      createdAt: days(8),
    },
  ]);
});

const titles = (hits: SearchHit[]) => hits.map((hit) => hit.title);

describe("what a visitor finds", () => {
  it("a notice by its title, never by a word of its body", async () => {
    const byTitle = await searchSite(null, "학술대회", FIRST);
    expect(titles(byTitle.items)).toEqual(["학술대회 안내"]);
    expect(byTitle.items[0]).toMatchObject({ kind: "notice", detail: "일반" });
    expect(byTitle.items[0]!.href).toMatch(/^\/announcements\/[0-9a-f-]{36}$/);
    const byBody = await searchSite(null, "비밀계좌번호", FIRST);
    expect(byBody).toMatchObject({ items: [], total: 0, membersIncluded: false });
  });

  it("no library item and no board post, not even as a count", async () => {
    expect((await searchSite(null, "자료실전용", FIRST)).total).toBe(0);
    expect((await searchSite(null, "게시판전용", FIRST)).total).toBe(0);
  });

  it("an account that is not approved searches as a visitor", async () => {
    const reader = unapproved.user;
    expect((await searchSite(reader, "비밀계좌번호", FIRST)).total).toBe(0);
    expect((await searchSite(reader, "게시판전용", FIRST)).total).toBe(0);
  });

  it("seminars by title, speaker, place and description, linked to their page", async () => {
    for (const term of ["봄 학술", "김연자", "엑스코", "실무"]) {
      const found = await searchSite(null, term, FIRST);
      expect(titles(found.items), term).toEqual(["봄 학술 세미나"]);
      expect(found.items[0]).toMatchObject({ kind: "seminar", detail: "대구 엑스코" });
    }
  });

  it("the society pages by title and fixed words, on the first page only", async () => {
    const found = await searchSite(null, "회칙", FIRST);
    expect(found.pages.map((page) => page.to)).toEqual(["/charter"]);
    expect(found.pages[0]!.title).toBe("학회 정관");
    const greeting = await searchSite(null, "인사말", FIRST);
    expect(greeting.pages.map((page) => page.to)).toContain("/about");
    expect((await searchSite(null, "회칙", { page: 2, pageSize: 20 })).pages).toEqual([]);
  });
});

describe("what an approved member finds", () => {
  it("notice bodies, library items and board posts, but no hidden or deleted post", async () => {
    const reader = member.user;
    const body = await searchSite(reader, "비밀계좌번호", FIRST);
    expect(titles(body.items)).toEqual(["학술대회 안내"]);
    expect(body.membersIncluded).toBe(true);
    const library = await searchSite(reader, "자료실전용", FIRST);
    expect(library.items).toEqual([
      expect.objectContaining({ kind: "library", detail: "강의자료" }),
    ]);
    expect(library.items[0]!.href).toBe(`/library?q=${encodeURIComponent("자료실전용 슬라이드")}`);
    const board = await searchSite(reader, "게시판전용", FIRST);
    expect(titles(board.items)).toEqual(["게시판전용 질문"]);
  });

  it("never matches the markup of a notice's body", async () => {
    expect((await searchSite(member.user, "<p>", FIRST)).total).toBe(0);
  });
});

describe("the term", () => {
  it("finds one Korean syllable anywhere in a title", async () => {
    const found = await searchSite(null, "봄", FIRST);
    expect(titles(found.items)).toContain("봄 학술 세미나");
    const middle = await searchSite(null, "율", FIRST);
    expect(titles(middle.items)).toEqual(["할인율 100% 적용 안내"]);
  });

  it("finds every word wherever it stands, however the title is spaced", async () => {
    // "회원 명부" (one phrase in a title) and "명부 회원" alike; "정비결과" spaced otherwise.
    expect(titles((await searchSite(null, "명부 결과", FIRST)).items)).toEqual([
      "회원 명부 정비 결과",
    ]);
    expect(titles((await searchSite(null, "결과   정비", FIRST)).items)).toEqual([
      "회원 명부 정비 결과",
    ]);
    // A word in the title and another in the body, for a member; never for a visitor.
    expect(titles((await searchSite(member.user, "학술대회 비밀계좌번호", FIRST)).items)).toEqual([
      "학술대회 안내",
    ]);
    expect((await searchSite(null, "학술대회 비밀계좌번호", FIRST)).total).toBe(0);
    // A seminar's words in different fields; a word found nowhere finds nothing.
    expect(titles((await searchSite(null, "세미나 김연자", FIRST)).items)).toEqual([
      "봄 학술 세미나",
    ]);
    expect((await searchSite(null, "세미나 없는말", FIRST)).total).toBe(0);
    expect((await searchSite(null, "오시는 길", FIRST)).pages.map((page) => page.to)).toContain(
      "/location",
    );
  });

  it("takes % and _ literally", async () => {
    expect(titles((await searchSite(null, "%", FIRST)).items)).toEqual(["할인율 100% 적용 안내"]);
    expect(titles((await searchSite(null, "_", FIRST)).items)).toEqual(["회원_명부 정비"]);
    expect(titles((await searchSite(null, "원_명", FIRST)).items)).toEqual(["회원_명부 정비"]);
    expect((await searchSite(null, "\\", FIRST)).total).toBe(0);
  });

  it("refuses an empty or too long term with a Korean message", () => {
    expect(readSearchTerm("")).toMatchObject({ ok: false, message: SEARCH_EMPTY });
    expect(readSearchTerm("   ")).toMatchObject({ ok: false, reason: "empty" });
    expect(readSearchTerm(null)).toMatchObject({ ok: false, reason: "empty" });
    expect(readSearchTerm("가".repeat(101))).toMatchObject({ ok: false, message: SEARCH_TOO_LONG });
    expect(readSearchTerm(` ${"가".repeat(100)} `)).toEqual({ ok: true, term: "가".repeat(100) });
  });
});

describe("paging", () => {
  it("pages newest first without overlap, with the whole count", async () => {
    const db = await getDb();
    await db.insert(announcements).values(
      Array.from({ length: 25 }, (_, i) => ({
        title: `페이징용 공지 ${i + 1}`,
        content: "<p>x</p>",
        createdAt: days(100 + i),
      })),
    );
    const first = await searchSite(null, "페이징용", { page: 1, pageSize: 10 });
    const second = await searchSite(null, "페이징용", { page: 2, pageSize: 10 });
    const third = await searchSite(null, "페이징용", { page: 3, pageSize: 10 });
    expect(first.total).toBe(25);
    expect(titles(first.items)[0]).toBe("페이징용 공지 25");
    expect(third.items).toHaveLength(5);
    const all = [...first.items, ...second.items, ...third.items].map((hit) => hit.id);
    expect(new Set(all).size).toBe(25);
    const dates = [...first.items, ...second.items, ...third.items].map((hit) =>
      hit.date.getTime(),
    );
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });
});
