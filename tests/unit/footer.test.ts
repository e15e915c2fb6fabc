// The footer's year is Seoul's, whatever the machine's time zone: the server and a browser in
// another zone would otherwise write different years on New Year's morning and fail hydration.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, expect, it, vi } from "vitest";
import { Footer } from "~/components/layout/footer";

process.env.TZ = "America/Los_Angeles";

afterEach(() => {
  vi.useRealTimers();
});

function renderFooter() {
  const Stub = createRoutesStub([{ id: "root", path: "/", Component: Footer }]);
  const society = { name: "테스트학회", address: "", building: "", phone: "", email: "" };
  return renderToStaticMarkup(
    createElement(Stub, {
      initialEntries: ["/"],
      hydrationData: {
        loaderData: { root: { society, footerLines: { address: "", links: "" }, user: null } },
      },
    }),
  );
}

it("writes the new year from midnight in Seoul, while it is still the old one elsewhere", () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-12-31T15:30:00Z")); // 00:30 on 1 January 2027 in Seoul
  expect(new Date().getFullYear()).toBe(2026);
  expect(renderFooter()).toContain("© 2027 테스트학회");
  vi.setSystemTime(new Date("2026-12-31T14:59:00Z")); // 23:59 on 31 December in Seoul
  expect(renderFooter()).toContain("© 2026 테스트학회");
});
