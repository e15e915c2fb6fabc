// A notice's attachments (첨부파일) over real HTTP: uploaded through the notice upload URL with
// the library's checks (type by content), named on POST/PATCH /api/announcements and the
// dashboard's form, listed on the notice's page and call for whoever may read the body, downloaded
// under the Korean name by members only, never at /objects/{id}, removed from disk when dropped
// or when the notice is deleted, and refused with Korean messages when the list is bad.
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { announcementAttachments, announcements, storedObjects, users } from "~db/schema";
import {
  createAdmin,
  type ErrorBody,
  expectKoreanMessages,
  get,
  json,
  type LoggedIn,
  postForm,
  postJson,
  putObject,
} from "../support/accounts";
import { EXE, HWPX, PDF } from "../support/library-files";
import { insertMember, type Member, page, sendJson } from "../support/members";
import { setupTestServer } from "../support/test-server";

type Attachment = {
  id: string;
  fileName: string;
  contentType: string;
  fileSize: number;
  url: string;
};
type Detail = { id: string; title: string; attachments: Attachment[] };

let admin: LoggedIn;
let member: Member;

const server = setupTestServer();
beforeAll(async () => {
  admin = await createAdmin(server);
  member = await insertMember(server, { name: "첨부읽는회원" });
});

/** An upload URL for a notice attachment, pointed at this server. */
async function grant(endpoint = "/api/announcements/upload", cookie = admin.cookie) {
  const res = await postJson(server, endpoint, undefined, { cookie });
  expect(res.status).toBe(200);
  const body = await json<{ uploadURL: string; objectPath: string }>(res);
  const url = new URL(body.uploadURL);
  return { ...body, uploadURL: `${server.baseUrl}${url.pathname}${url.search}` };
}

async function upload(body: Uint8Array, endpoint?: string) {
  const { uploadURL, objectPath } = await grant(endpoint);
  const res = await putObject(uploadURL, body, "application/octet-stream");
  expect(res.status, await res.clone().text()).toBe(200);
  return objectPath;
}

async function createNotice(attachments: unknown, title = "첨부가 있는 공지") {
  return postJson(
    server,
    "/api/announcements",
    { title, content: "<p>첨부파일을 확인해 주세요.</p>", category: "공지", attachments },
    { cookie: admin.cookie },
  );
}

async function detail(id: string, cookie = member.cookie) {
  const res = await get(server, `/api/announcements/${id}`, { cookie });
  expect(res.status).toBe(200);
  return json<Detail>(res);
}

const objectFile = (objectId: string) =>
  path.join(process.env.DATA_DIR!, "objects", objectId.slice(0, 2), objectId);

async function noticesTitled(title: string) {
  return server.db.select().from(announcements).where(eq(announcements.title, title));
}

async function attachmentRows(announcementId: string) {
  return server.db
    .select()
    .from(announcementAttachments)
    .where(eq(announcementAttachments.announcementId, announcementId));
}

describe("attaching files to a notice", () => {
  it("takes a PDF and an HWPX, typed by content, in order, and shows them to a member", async () => {
    const pdf = await upload(PDF);
    const hwpx = await upload(HWPX);
    const res = await createNotice([
      { objectPath: pdf, fileName: "2027년 정기총회 안내.pdf" },
      { objectPath: hwpx, fileName: "참가 신청서.hwpx" },
    ]);
    expect(res.status, await res.clone().text()).toBe(201);
    const { id } = await json<{ id: string }>(res);
    const notice = await detail(id);
    expect(notice.attachments.map((file) => [file.fileName, file.contentType])).toEqual([
      ["2027년 정기총회 안내.pdf", "application/pdf"],
      ["참가 신청서.hwpx", "application/hwp+zip"],
    ]);
    expect(notice.attachments[0]!.fileSize).toBe(PDF.length);

    // The page lists them with the type and size, and the board marks the row.
    const html = (await page(server, `/announcements/${id}`, member.cookie)).html;
    expect(html).toContain("첨부파일 2개");
    expect(html).toContain("2027년 정기총회 안내.pdf");
    expect(html).toContain(notice.attachments[1]!.url);
    const board = (await page(server, "/announcements", member.cookie)).html;
    expect(board).toContain("첨부파일 있음");
  });

  it("downloads under the Korean name for a member; 401 for a visitor, and never at /objects", async () => {
    const pdf = await upload(PDF);
    const { id } = await json<{ id: string }>(
      await createNotice([{ objectPath: pdf, fileName: "회비 안내.pdf" }]),
    );
    const [file] = (await detail(id)).attachments;
    const res = await get(server, file!.url, { cookie: member.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toContain(
      `filename*=UTF-8''${encodeURIComponent("회비 안내.pdf")}`,
    );
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(PDF))).toBe(true);

    const visitor = await get(server, file!.url);
    expect(visitor.status).toBe(401);
    expectKoreanMessages(await json<ErrorBody>(visitor));
    // The visitor's page names neither the file nor its address.
    const visitorPage = (await page(server, `/announcements/${id}`)).html;
    expect(visitorPage).not.toContain("회비 안내.pdf");
    expect(visitorPage).not.toContain(file!.url);
    // The stored object is not served by the public object route, not even to an administrator.
    for (const cookie of [null, member.cookie, admin.cookie]) {
      const direct = await get(server, pdf, cookie ? { cookie } : {});
      expect(direct.status).toBe(404);
      await direct.body?.cancel();
    }
  });

  it("a member whose approval was withdrawn cannot download", async () => {
    const pdf = await upload(PDF);
    const { id } = await json<{ id: string }>(
      await createNotice([{ objectPath: pdf, fileName: "회원 전용.pdf" }]),
    );
    const [file] = (await detail(id)).attachments;
    const pending = await insertMember(server, { name: "승인대기" });
    await server.db.update(users).set({ isApproved: false }).where(eq(users.id, pending.id));
    const res = await get(server, file!.url, { cookie: pending.cookie });
    expect([401, 403]).toContain(res.status);
    await res.body?.cancel();
  });

  it("answers 404 for an unknown attachment, a malformed id, or one of another notice", async () => {
    const pdf = await upload(PDF);
    const first = await json<{ id: string }>(
      await createNotice([{ objectPath: pdf, fileName: "a.pdf" }]),
    );
    const second = await json<{ id: string }>(await createNotice([], "첨부 없는 공지"));
    const [file] = (await detail(first.id)).attachments;
    for (const url of [
      `/api/announcements/${second.id}/attachments/${file!.id}`,
      `/api/announcements/${first.id}/attachments/00000000-0000-4000-8000-000000000000`,
      `/api/announcements/${first.id}/attachments/not-an-id`,
    ]) {
      const res = await get(server, url, { cookie: member.cookie });
      expect(res.status, url).toBe(404);
      expectKoreanMessages(await json<ErrorBody>(res));
    }
  });
});

describe("changing and deleting", () => {
  it("PATCH names the whole list: kept by id, new ones added, dropped ones leave the disk", async () => {
    const first = await upload(PDF);
    const second = await upload(HWPX);
    const { id } = await json<{ id: string }>(
      await createNotice([
        { objectPath: first, fileName: "첫째.pdf" },
        { objectPath: second, fileName: "둘째.hwpx" },
      ]),
    );
    const before = await detail(id);
    const dropped = (await attachmentRows(id)).find((row) => row.fileName === "첫째.pdf")!;
    expect(fs.existsSync(objectFile(dropped.objectId))).toBe(true);

    const third = await upload(PDF);
    const res = await sendJson(
      server,
      "PATCH",
      `/api/announcements/${id}`,
      {
        attachments: [
          { objectPath: third, fileName: "셋째.pdf" },
          { id: before.attachments[1]!.id },
        ],
      },
      { cookie: admin.cookie },
    );
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await detail(id)).attachments.map((file) => file.fileName)).toEqual([
      "셋째.pdf",
      "둘째.hwpx",
    ]);
    expect(fs.existsSync(objectFile(dropped.objectId))).toBe(false);
    const [row] = await server.db
      .select()
      .from(storedObjects)
      .where(eq(storedObjects.id, dropped.objectId));
    expect(row).toBeUndefined();

    // A PATCH that does not name the list leaves the files alone.
    const titleOnly = await sendJson(
      server,
      "PATCH",
      `/api/announcements/${id}`,
      { title: "제목만 바꾼 공지" },
      { cookie: admin.cookie },
    );
    expect(titleOnly.status).toBe(200);
    expect((await detail(id)).attachments).toHaveLength(2);
  });

  it("deleting the notice deletes its files", async () => {
    const pdf = await upload(PDF);
    const { id } = await json<{ id: string }>(
      await createNotice([{ objectPath: pdf, fileName: "지울 공지.pdf" }]),
    );
    const [row] = await attachmentRows(id);
    expect(fs.existsSync(objectFile(row!.objectId))).toBe(true);
    const res = await sendJson(server, "DELETE", `/api/announcements/${id}`, undefined, {
      cookie: admin.cookie,
    });
    expect(res.status).toBe(204);
    expect(await attachmentRows(id)).toEqual([]);
    expect(fs.existsSync(objectFile(row!.objectId))).toBe(false);
  });

  it("the dashboard's form carries the list as JSON and keeps it on a later save", async () => {
    const pdf = await upload(PDF);
    const save = await postForm(
      server,
      "/admin/dashboard.data",
      {
        intent: "save-announcement",
        title: "대시보드에서 쓴 공지",
        content: "<p>본문</p>",
        category: "공지",
        attachments: JSON.stringify([{ objectPath: pdf, fileName: "양식.pdf" }]),
      },
      { cookie: admin.cookie },
    );
    // The page action answers its redirect back to the dashboard (202 in single-fetch form).
    expect(save.status, await save.clone().text()).toBe(202);
    const [created] = await noticesTitled("대시보드에서 쓴 공지");
    const id = created!.id;
    const [file] = (await detail(id)).attachments;
    expect(file!.fileName).toBe("양식.pdf");
    const edit = await postForm(
      server,
      "/admin/dashboard.data",
      {
        intent: "save-announcement",
        id,
        title: "대시보드에서 고친 공지",
        content: "<p>본문</p>",
        category: "공지",
        attachments: JSON.stringify([{ id: file!.id }]),
      },
      { cookie: admin.cookie },
    );
    expect(edit.status).toBe(202);
    expect((await detail(id)).attachments.map((item) => item.id)).toEqual([file!.id]);
  });
});

describe("refusals", () => {
  it("hands notice upload URLs to administrators only", async () => {
    for (const cookie of [undefined, member.cookie]) {
      const res = await postJson(server, "/api/announcements/upload", undefined, { cookie });
      expect(res.status).toBe(cookie ? 403 : 401);
      expectKoreanMessages(await json<ErrorBody>(res));
    }
  });

  it("refuses an executable with 415 and a Korean message, as the library does", async () => {
    const { uploadURL } = await grant();
    const res = await putObject(uploadURL, EXE, "application/pdf");
    expect(res.status).toBe(415);
    expectKoreanMessages(await json<ErrorBody>(res));
  });

  it("refuses a library upload, an image upload, a used file and a bad list, saving nothing", async () => {
    const library = await upload(PDF, "/api/resources/upload");
    const used = await upload(PDF);
    expect((await createNotice([{ objectPath: used, fileName: "a.pdf" }])).status).toBe(201);
    const tooMany = await Promise.all(
      Array.from({ length: 11 }, async () => ({
        objectPath: await upload(PDF),
        fileName: "x.pdf",
      })),
    );
    const bad: unknown[] = [
      [{ objectPath: library, fileName: "자료실 파일.pdf" }],
      [{ objectPath: used, fileName: "다시 쓴 파일.pdf" }],
      [{ objectPath: "/objects/00000000-0000-4000-8000-000000000000", fileName: "없는.pdf" }],
      [{ objectPath: "https://evil.example/x.pdf", fileName: "밖.pdf" }],
      [{ objectPath: (await upload(PDF)).toString(), fileName: "" }],
      [{ id: "00000000-0000-4000-8000-000000000000" }],
      "이건 목록이 아닙니다",
      [{ objectPath: library }],
      tooMany,
    ];
    for (const attachments of bad) {
      const title = `거부될 공지 ${Math.random()}`;
      const res = await createNotice(attachments, title);
      expect(res.status, JSON.stringify(attachments).slice(0, 120)).toBe(400);
      const body = await json<ErrorBody>(res);
      expectKoreanMessages(body);
      // Told under the field the form shows it beside, not under an item's index.
      expect(Object.keys(body.errors ?? {})).toEqual(["attachments"]);
      expect(await noticesTitled(title)).toEqual([]);
    }
  });

  it("a refused change keeps the notice's files as they were", async () => {
    const pdf = await upload(PDF);
    const { id } = await json<{ id: string }>(
      await createNotice([{ objectPath: pdf, fileName: "지켜질 파일.pdf" }]),
    );
    const res = await sendJson(
      server,
      "PATCH",
      `/api/announcements/${id}`,
      {
        title: "바뀌면 안 되는 제목",
        attachments: [
          { objectPath: "/objects/00000000-0000-4000-8000-000000000000", fileName: "x.pdf" },
        ],
      },
      { cookie: admin.cookie },
    );
    expect(res.status).toBe(400);
    const notice = await detail(id);
    expect(notice.title).toBe("첨부가 있는 공지");
    expect(notice.attachments.map((file) => file.fileName)).toEqual(["지켜질 파일.pdf"]);
    const [row] = await attachmentRows(id);
    expect(fs.existsSync(objectFile(row!.objectId))).toBe(true);
  });
});
