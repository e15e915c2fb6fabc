// Button renders a <button>, or with asChild its one child element (a link) with the button's look.
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button } from "~/components/ui/button";

describe("Button", () => {
  it("renders a button with the variant's and size's classes and the caller's additions", () => {
    const html = renderToStaticMarkup(
      h(Button, { type: "submit", variant: "destructive", className: "w-full" }, "회원 탈퇴"),
    );
    expect(html).toMatch(/^<button class="[^"]*bg-rose-700[^"]*h-11[^"]* w-full" type="submit">/);
    expect(html).not.toContain("bg-brand-700");
    expect(html).toContain(">회원 탈퇴</button>");
  });

  it("with asChild renders the child instead, with the button's classes before its own", () => {
    const html = renderToStaticMarkup(
      h(
        Button,
        { asChild: true, variant: "secondary", size: "sm", className: "mt-6" },
        h("a", { href: "/login", className: "extra" }, "로그인"),
      ),
    );
    expect(html).toMatch(
      /^<a href="\/login" class="inline-flex [^"]*border-slate-300[^"]*h-9 [^"]*mt-6 extra">로그인<\/a>$/,
    );
    expect(html).not.toContain("<button");
  });

  it("with asChild gives the child the button's other props, the child's own winning", () => {
    const html = renderToStaticMarkup(
      h(
        Button,
        { asChild: true, "aria-label": "버튼 이름", title: "버튼" },
        h("a", { href: "/", title: "링크" }, "홈"),
      ),
    );
    expect(html).toContain('aria-label="버튼 이름"');
    expect(html).toContain('title="링크"');
    expect(html).not.toContain('title="버튼"');
  });
});
