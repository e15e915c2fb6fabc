// React Router is patched to keep each path's route matches (patches/README.md): a request must
// never see another request's parameters, nor what a caller did to the matches it was handed.
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";

const routes: RouteObject[] = [
  {
    path: "/",
    children: [
      { index: true },
      { path: "activities/:id" },
      { path: "admin/seminars/:id/credits" },
      { path: "*" },
    ],
  },
];

const paramsOf = (path: string) => matchRoutes(routes, path)?.map((match) => match.params);

describe("route matches kept per path", () => {
  it("answers each path with its own parameters, the same however often it is asked", () => {
    expect(paramsOf("/activities/a")?.at(-1)).toEqual({ id: "a" });
    expect(paramsOf("/activities/b")?.at(-1)).toEqual({ id: "b" });
    expect(paramsOf("/activities/a")?.at(-1)).toEqual({ id: "a" });
    expect(paramsOf("/admin/seminars/7/credits")?.at(-1)).toEqual({ id: "7" });
    expect(paramsOf("/nowhere/else")?.at(-1)).toEqual({ "*": "nowhere/else" });
  });

  it("hands out copies: changing one answer changes no later one", () => {
    const first = matchRoutes(routes, "/activities/c")!;
    (first[1]!.params as Record<string, string>).id = "changed";
    first.pop();
    const again = matchRoutes(routes, "/activities/c")!;
    expect(again).toHaveLength(2);
    expect(again[1]!.params).toEqual({ id: "c" });
    // Within one answer the parent and the child share their parameters, as React Router's do.
    expect(again[0]!.params).toBe(again[1]!.params);
  });

  it("stays bounded and correct past a thousand paths", () => {
    for (let i = 0; i < 1500; i++)
      expect(paramsOf(`/activities/${i}`)?.at(-1)).toEqual({ id: `${i}` });
    expect(paramsOf("/activities/5")?.at(-1)).toEqual({ id: "5" });
  });
});
