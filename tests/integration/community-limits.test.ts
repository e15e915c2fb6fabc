// The members' board's limits against abuse: posts and comments per member per hour
// from COMMUNITY_POSTS_PER_HOUR and COMMUNITY_COMMENTS_PER_HOUR (set low here), answered 429 with
// a Korean message by the calls and the page forms alike; each member has their own budget, and
// deleting a post does not give its attempt back.
import { beforeAll, describe, expect, it } from "vitest";
import { communityPosts } from "~db/schema";
import { type ErrorBody, expectKoreanMessages, json, postForm } from "../support/accounts";
import { mainText } from "../support/html";
import { insertMember, type Member, sendJson } from "../support/members";
import { setupTestServer } from "../support/test-server";

let writer: Member;
let neighbour: Member;

const server = setupTestServer({
  env: { COMMUNITY_POSTS_PER_HOUR: "3", COMMUNITY_COMMENTS_PER_HOUR: "4" },
});
beforeAll(async () => {
  writer = await insertMember(server, { name: "부지런한회원" });
  neighbour = await insertMember(server, { name: "이웃회원" });
});

const post = (member: Member, title: string) =>
  sendJson(
    server,
    "POST",
    "/api/community/posts",
    { title, body: "본문" },
    { cookie: member.cookie },
  );

describe("posts per member per hour", () => {
  it("the fourth post in an hour is a 429 in Korean; deleting one does not give it back", async () => {
    const first = await post(writer, "하나");
    expect(first.status).toBe(201);
    const { id } = await json<{ id: string }>(first);
    expect(
      (
        await sendJson(server, "DELETE", `/api/community/posts/${id}`, undefined, {
          cookie: writer.cookie,
        })
      ).status,
    ).toBe(204);
    expect((await post(writer, "둘")).status).toBe(201);
    expect((await post(writer, "셋")).status).toBe(201);
    const refused = await post(writer, "넷");
    expect(refused.status).toBe(429);
    const body = await json<ErrorBody>(refused);
    expectKoreanMessages(body);
    expect(body.message).toBe(
      "게시물은 1시간에 3개까지 작성할 수 있습니다. 잠시 후 다시 시도해주세요.",
    );
    // The page form says the same, and nothing was written.
    const form = await postForm(
      server,
      "/community/new",
      { title: "다섯", body: "본문" },
      { cookie: writer.cookie },
    );
    expect(form.status).toBe(429);
    expect(mainText(await form.text())).toContain("게시물은 1시간에 3개까지 작성할 수 있습니다.");
    const titles = (
      await server.db.select({ title: communityPosts.title }).from(communityPosts)
    ).map((r) => r.title);
    expect(titles).not.toContain("넷");
    expect(titles).not.toContain("다섯");
    // Another member has their own budget.
    expect((await post(neighbour, "이웃의 글")).status).toBe(201);
  });
});

describe("comments per member per hour", () => {
  it("the fifth comment in an hour is a 429 in Korean", async () => {
    const { id } = await json<{ id: string }>(await post(neighbour, "댓글 받을 글"));
    const comment = (member: Member, body: string) =>
      sendJson(
        server,
        "POST",
        `/api/community/posts/${id}/comments`,
        { body },
        { cookie: member.cookie },
      );
    for (let i = 0; i < 4; i++) expect((await comment(writer, `댓글 ${i}`)).status).toBe(201);
    const refused = await comment(writer, "다섯째");
    expect(refused.status).toBe(429);
    const body = await json<ErrorBody>(refused);
    expectKoreanMessages(body);
    expect(body.message).toBe(
      "댓글은 1시간에 4개까지 작성할 수 있습니다. 잠시 후 다시 시도해주세요.",
    );
    const form = await postForm(
      server,
      `/community/${id}`,
      { intent: "comment", body: "폼 댓글" },
      { cookie: writer.cookie },
    );
    expect(form.status).toBe(429);
    await form.body?.cancel();
    expect((await comment(neighbour, "작성자 댓글")).status).toBe(201);
    const thread = await json<{ comments: unknown[] }>(
      await sendJson(server, "GET", `/api/community/posts/${id}`, undefined, {
        cookie: neighbour.cookie,
      }),
    );
    expect(thread.comments).toHaveLength(5);
  });
});
