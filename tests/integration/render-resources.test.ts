// A finished render leaves nothing behind. entry.server.tsx arms a timer that aborts a render
// stuck past the stream timeout; left pending after the page was sent, it held the whole render
// for six seconds, and under load hundreds of them reached the old generation and stalled every
// request in flight at each full collection (docs/performance-log.md, bench:scale, seventh
// session).
import { beforeAll, describe, expect, it } from "vitest";
import { insertMember, type Member } from "../support/members";
import { setupTestServer } from "../support/test-server";

let admin: Member;
let member: Member;

const server = setupTestServer({ seed: true });
beforeAll(async () => {
  admin = await insertMember(server, { role: "admin", name: "렌더관리자" });
  member = await insertMember(server, { name: "렌더회원" });
});

const KAKAOTALK = "facebookexternalhit/1.1; kakaotalk-scrap/1.0; +https://devtalk.kakao.com/";

function pendingTimers() {
  return process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;
}

describe("a rendered page", () => {
  it("leaves no timer pending once it is sent, to a browser or a crawler", async () => {
    // Warm up first: the first render of each page starts the server's own periodic work.
    const renders: [string, Record<string, string>][] = [
      ["/admin/dashboard?tab=seminars", { Cookie: admin.cookie }],
      ["/mypage", { Cookie: member.cookie }],
      ["/admin/dashboard?tab=history", { Cookie: admin.cookie, "User-Agent": KAKAOTALK }],
    ];
    const render = async (path: string, headers: Record<string, string>) => {
      const res = await server.fetch(path, { headers });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("</html>");
    };
    for (const [path, headers] of renders) await render(path, headers);
    const before = pendingTimers();
    for (let round = 0; round < 10; round++) {
      for (const [path, headers] of renders) await render(path, headers);
    }
    // 30 renders; with a timer left per render this grows by 30 for six seconds.
    expect(pendingTimers() - before).toBeLessThan(5);
  });
});
