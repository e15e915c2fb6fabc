// /about's greeting is signed by the current president from the executives table, so
// the two pages can never disagree; an executive without a photo gets the initial placeholder.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { executives } from "~db/schema";
import { createAdmin, type LoggedIn } from "../support/accounts";
import { mainText } from "../support/html";
import { sendJson } from "../support/members";
import { setupTestServer } from "../support/test-server";

let admin: LoggedIn;

const server = setupTestServer({ seed: false });
beforeAll(async () => {
  admin = await createAdmin(server);
});

const about = async () => {
  const res = await server.fetch("/about");
  expect(res.status).toBe(200);
  return res.text();
};

describe("the greeting's signature", () => {
  it("names no one while there is no 회장, then the 회장 of the executives table", async () => {
    expect(mainText(await about())).toContain("임원 일동");
    const [row] = await server.db
      .insert(executives)
      .values([
        { name: "박부회", position: "부회장", title: "부회장", credentials: "-", order: 1 },
        { name: "정회장", position: "회장", title: "정내과 원장", credentials: "-", order: 2 },
      ])
      .returning();
    expect(row).toBeTruthy();
    const html = await about();
    expect(mainText(html)).toContain("회장 정회장");
    expect(mainText(html)).not.toContain("박부회");
    // No photo: the initial on the society's colours, named for assistive technology.
    expect(html).toMatch(/role="img" aria-label="사진 없음"[^>]*>[\s\S]*?>정<\/span>/);
  });

  it("follows a change on the executives table at once (the visitors' page cache too)", async () => {
    await about();
    const [president] = await server.db
      .select()
      .from(executives)
      .where(eq(executives.position, "회장"));
    const res = await sendJson(
      server,
      "PATCH",
      `/api/executives/${president!.id}`,
      { name: "새회장", imageUrl: "https://example.org/photo.jpg" },
      { cookie: admin.cookie },
    );
    expect(res.status).toBe(200);
    const html = await about();
    expect(mainText(html)).toContain("회장 새회장");
    expect(html).toContain('alt="새회장 사진"');
  });
});
