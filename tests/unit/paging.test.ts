import { describe, expect, test } from "vitest";
import { pageQuerySchema } from "~/lib/page-query";
import {
  hrefForPage,
  isCanonicalLaterPage,
  pageCount,
  pageFromUrl,
  pagerNumbers,
} from "~/lib/paging";

describe("pagerNumbers", () => {
  test("a short list shows every page", () => {
    expect(pagerNumbers(1, 1)).toEqual([1]);
    expect(pagerNumbers(1, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  test("a long list shows the ends and a window, with gaps", () => {
    expect(pagerNumbers(6, 400)).toEqual([1, null, 4, 5, 6, 7, 8, null, 400]);
    expect(pagerNumbers(400, 400)).toEqual([1, null, 398, 399, 400]);
    expect(pagerNumbers(4, 9)).toEqual([1, 2, 3, 4, 5, 6, null, 9]);
  });
});

describe("page numbers from URLs and queries", () => {
  test("a page's URL with a bad page number shows the first page", () => {
    for (const raw of ["", "0", "-1", "abc", "1e3", "01", "2.5", "99999999"])
      expect(pageFromUrl(new URLSearchParams({ page: raw }))).toBe(1);
    expect(pageFromUrl(new URLSearchParams({ page: "12" }))).toBe(12);
  });
  test("a later page's URL is spelled one way: 2 or more, no leading zero", () => {
    for (const raw of ["2", "10", "400", "9999999"]) expect(isCanonicalLaterPage(raw)).toBe(true);
    for (const raw of ["", "1", "0", "02", "-2", "2.0", "2 ", "+2", "%32", "99999999"])
      expect(isCanonicalLaterPage(raw)).toBe(false);
    // Every canonical page is one that a page's URL reads as itself.
    expect(pageFromUrl(new URLSearchParams({ page: "9999999" }))).toBe(9999999);
  });
  test("a call's page query is bounded with Korean messages", () => {
    const schema = pageQuerySchema(20);
    expect(schema.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(schema.parse({ page: "3", pageSize: "100" })).toEqual({ page: 3, pageSize: 100 });
    const tooBig = schema.safeParse({ pageSize: "101" });
    expect(tooBig.success).toBe(false);
    expect(tooBig.error?.issues[0]?.message).toBe("페이지 크기는 100 이하여야 합니다.");
    expect(schema.safeParse({ page: "0" }).success).toBe(false);
    expect(schema.safeParse({ page: "x" }).success).toBe(false);
  });
  test("links keep the other parameters and give page 1 one URL", () => {
    const query = new URLSearchParams({ q: "김", page: "3" });
    expect(hrefForPage(query, 4, "/admin/members")).toBe("/admin/members?q=%EA%B9%80&page=4");
    expect(hrefForPage(query, 1, "/admin/members")).toBe("/admin/members?q=%EA%B9%80");
    expect(hrefForPage(new URLSearchParams(), 1, "/announcements")).toBe("/announcements");
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
  });
});
