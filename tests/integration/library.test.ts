// The members' library over real HTTP on the local storage driver: every accepted file
// type and the refused ones (a renamed executable among them) judged by content, the 50 MB limit
// exactly and one byte over, the access rules (approved members, 정회원 only, a tied seminar's
// attendees), the Korean file name header, the count (once per member per item per Seoul day),
// replacing and deleting (the file leaves the disk), the audit trail, the locked page, and who may
// call what.
import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advanceClock, resetClock } from "~/lib/clock.server";
import {
  academicResources,
  auditLog,
  resourceDownloads,
  seminarCheckIns,
  seminarRegistrations,
  storedObjects,
} from "~db/schema";
import {
  createAdmin,
  type ErrorBody,
  expectKoreanMessages,
  GIF,
  get,
  HTML,
  JPEG,
  json,
  type LoggedIn,
  PNG,
  postForm,
  postJson,
  putObject,
  rawPut,
  SVG,
  uploadImage,
  WEBP,
} from "../support/accounts";
import { insertSeminar, UNKNOWN_ID } from "../support/admin";
import { mainText } from "../support/html";
import {
  DOC,
  DOCX,
  ELF,
  EXE,
  HWP,
  HWPX,
  MSI,
  PDF,
  PPT,
  PPTX,
  SHELL,
  XLS,
  XLSX,
  ZIP,
} from "../support/library-files";
import { insertMember, type Member, sendJson } from "../support/members";
import { setupTestServer } from "../support/test-server";

const MAX_BYTES = 50 * 1024 * 1024;
const WRONG_TYPE =
  "PDF, 파워포인트, 워드, 엑셀, 한글(HWP·HWPX), ZIP, 이미지(JPG·PNG·GIF·WebP) 파일만 올릴 수 있습니다.";
const TOO_LARGE = "파일 크기는 50MB를 초과할 수 없습니다.";

type Item = {
  id: string;
  title: string;
  description: string;
  category: string;
  access: "members" | "regular";
  seminarId: string | null;
  fileName: string;
  contentType: string;
  fileSize: number;
  downloads: number;
  createdAt: string;
  downloadUrl: string;
  canDownload: boolean;
};
type List = { items: Item[]; total: number; page: number; pageSize: number };

let admin: LoggedIn;
let associate: Member;
let regular: Member;
let other: Member;

const server = setupTestServer();
beforeAll(async () => {
  admin = await createAdmin(server);
  associate = await insertMember(server, { name: "준회원", memberType: "associate" });
  regular = await insertMember(server, { name: "정회원", memberType: "regular" });
  other = await insertMember(server, { name: "다른회원", memberType: "associate" });
});
afterAll(async () => {
  resetClock();
});

/** POST /api/resources/upload as the administrator, with the URL pointed at this server. */
async function grant(cookie = admin.cookie) {
  const res = await postJson(server, "/api/resources/upload", undefined, { cookie });
  expect(res.status).toBe(200);
  const body = await json<{ uploadURL: string; objectPath: string }>(res);
  const url = new URL(body.uploadURL);
  return { ...body, uploadURL: `${server.baseUrl}${url.pathname}${url.search}` };
}

async function uploadDocument(body: Uint8Array, contentType = "application/octet-stream") {
  const { uploadURL, objectPath } = await grant();
  const res = await putObject(uploadURL, body, contentType);
  return { res, objectPath };
}

async function addResource(
  fields: Partial<Record<string, unknown>> = {},
  file: { body: Uint8Array; name: string } = { body: PDF, name: "세미나 발표 자료.pdf" },
) {
  const { res, objectPath } = await uploadDocument(file.body);
  expect(res.status).toBe(200);
  const created = await postJson(
    server,
    "/api/resources",
    {
      title: "개원의를 위한 AI 마케팅",
      description: "2026년 추계 세미나 발표 자료",
      category: "세미나 자료",
      objectPath,
      fileName: file.name,
      ...fields,
    },
    { cookie: admin.cookie },
  );
  expect(created.status, await created.clone().text()).toBe(201);
  return json<Item>(created);
}

const objectFile = (objectPath: string) => {
  const id = objectPath.replace("/objects/", "");
  return path.join(process.env.DATA_DIR!, "objects", id.slice(0, 2), id);
};

async function resourceRow(id: string) {
  const [row] = await server.db
    .select()
    .from(academicResources)
    .where(eq(academicResources.id, id));
  return row;
}

describe("the upload: types by content, 50 MB", () => {
  const accepted: [string, Buffer, string][] = [
    ["PDF", PDF, "application/pdf"],
    ["PowerPoint (PPT)", PPT, "application/vnd.ms-powerpoint"],
    [
      "PowerPoint (PPTX)",
      PPTX,
      "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    ],
    ["Word (DOC)", DOC, "application/msword"],
    [
      "Word (DOCX)",
      DOCX,
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ],
    ["Excel (XLS)", XLS, "application/vnd.ms-excel"],
    ["Excel (XLSX)", XLSX, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    ["한글 (HWP, an OLE compound file)", HWP, "application/x-hwp"],
    ["한글 (HWPX, a ZIP with the HWPX manifest)", HWPX, "application/hwp+zip"],
    ["ZIP", ZIP, "application/zip"],
    ["PNG", PNG, "image/png"],
    ["JPEG", JPEG, "image/jpeg"],
    ["GIF", GIF, "image/gif"],
    ["WebP", WEBP, "image/webp"],
  ];
  for (const [label, body, mime] of accepted) {
    it(`accepts ${label}, typed by its content whatever the browser declared`, async () => {
      const { res, objectPath } = await uploadDocument(body, "text/plain");
      expect(res.status).toBe(200);
      expect(await json(res)).toEqual({ objectPath, contentType: mime, size: body.length });
      const [row] = await server.db
        .select()
        .from(storedObjects)
        .where(eq(storedObjects.id, objectPath.replace("/objects/", "")));
      expect(row).toMatchObject({ visibility: "library", origin: "library", contentType: mime });
      expect(fs.readFileSync(objectFile(objectPath)).equals(body)).toBe(true);
    });
  }

  const refused: [string, Buffer, string][] = [
    ["a Windows executable renamed to .pdf", EXE, "application/pdf"],
    ["a Linux executable", ELF, "application/pdf"],
    ["a shell script", SHELL, "application/x-hwp"],
    ["an installer (an OLE file that is no document)", MSI, "application/msword"],
    ["SVG", SVG, "image/svg+xml"],
    ["HTML", HTML, "text/html"],
  ];
  for (const [label, body, declared] of refused) {
    it(`refuses ${label} with 415 and a Korean message, storing nothing`, async () => {
      const { res, objectPath } = await uploadDocument(body, declared);
      expect(res.status).toBe(415);
      const answer = await json<ErrorBody>(res);
      expect(answer.message).toBe(WRONG_TYPE);
      expectKoreanMessages(answer);
      expect(fs.existsSync(objectFile(objectPath))).toBe(false);
      const rows = await server.db
        .select()
        .from(storedObjects)
        .where(eq(storedObjects.id, objectPath.replace("/objects/", "")));
      expect(rows).toEqual([]);
    });
  }

  it("refuses an empty body with 400", async () => {
    const { res } = await uploadDocument(new Uint8Array());
    expect(res.status).toBe(400);
    expectKoreanMessages(await json<ErrorBody>(res));
  });

  it("takes a file of exactly 50 MB", async () => {
    const body = Buffer.alloc(MAX_BYTES);
    PDF.copy(body);
    const { uploadURL, objectPath } = await grant();
    const res = await rawPut(uploadURL, [body], {
      contentType: "application/pdf",
      contentLength: body.length,
    });
    expect(res.status, res.body).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ objectPath, size: MAX_BYTES });
    expect(fs.statSync(objectFile(objectPath)).size).toBe(MAX_BYTES);
  });

  it("refuses one byte over 50 MB, declared or sent chunked, storing nothing", async () => {
    const body = Buffer.alloc(MAX_BYTES + 1);
    PDF.copy(body);
    const first = await grant();
    const declared = await rawPut(first.uploadURL, [body], {
      contentType: "application/pdf",
      contentLength: body.length,
    });
    expect(declared.status).toBe(413);
    expect((JSON.parse(declared.body) as ErrorBody).message).toBe(TOO_LARGE);

    const second = await grant();
    // The same 50 MB + 1 byte in eight pieces, sent chunked (no Content-Length).
    const piece = Math.ceil(body.length / 8);
    const chunks = Array.from({ length: 8 }, (_, i) => body.subarray(i * piece, (i + 1) * piece));
    const chunked = await rawPut(second.uploadURL, chunks, { contentType: "application/pdf" });
    expect(chunked.status).toBe(413);
    expect((JSON.parse(chunked.body) as ErrorBody).message).toBe(TOO_LARGE);
    for (const { objectPath } of [first, second]) {
      expect(fs.existsSync(objectFile(objectPath))).toBe(false);
    }
    // No temporary file is left behind either.
    const incoming = path.join(process.env.DATA_DIR!, "incoming");
    expect(fs.existsSync(incoming) ? fs.readdirSync(incoming) : []).toEqual([]);
  });

  it("hands upload URLs to administrators only", async () => {
    const visitor = await postJson(server, "/api/resources/upload");
    expect(visitor.status).toBe(401);
    const member = await postJson(server, "/api/resources/upload", undefined, {
      cookie: regular.cookie,
    });
    expect(member.status).toBe(403);
    expectKoreanMessages(await json<ErrorBody>(member));
  });

  it("sweeps a library file no item took within a day, and keeps claimed ones", async () => {
    const { sweepAbandonedUploads } = await import("~/features/uploads/sweep.server");
    const abandoned = await uploadDocument(PDF);
    const recent = await uploadDocument(PDF);
    const item = await addResource();
    const kept = (await resourceRow(item.id))!.fileUrl;
    const now = new Date();
    const day = 24 * 60 * 60 * 1000;
    for (const [objectPath, age] of [
      [abandoned.objectPath, day + 60_000],
      [recent.objectPath, day - 60_000],
      [kept, 2 * day],
    ] as const) {
      await server.db
        .update(storedObjects)
        .set({ createdAt: new Date(now.getTime() - age) })
        .where(eq(storedObjects.id, objectPath.replace("/objects/", "")));
    }
    const deleted = await sweepAbandonedUploads(now);
    expect(deleted).toEqual([abandoned.objectPath.replace("/objects/", "")]);
    expect(fs.existsSync(objectFile(abandoned.objectPath))).toBe(false);
    expect(fs.existsSync(objectFile(recent.objectPath))).toBe(true);
    expect(fs.existsSync(objectFile(kept))).toBe(true);
  });

  it("never serves a library file at /objects/{id}, not even to an administrator", async () => {
    const { objectPath } = await uploadDocument(PDF);
    expect((await get(server, objectPath, { cookie: admin.cookie })).status).toBe(404);
    expect((await get(server, objectPath, { cookie: regular.cookie })).status).toBe(404);
  });
});

describe("adding, editing, replacing and deleting (administrators, audited)", () => {
  it("adds an item: 201 with its details, the type from the content, the file claimed once", async () => {
    const { res, objectPath } = await uploadDocument(HWP);
    expect(res.status).toBe(200);
    const payload = {
      title: "회칙 개정안",
      category: "서식",
      access: "regular",
      objectPath,
      fileName: "회칙 개정안(최종).hwp",
    };
    const created = await postJson(server, "/api/resources", payload, { cookie: admin.cookie });
    expect(created.status).toBe(201);
    const item = await json<Item>(created);
    expect(item).toMatchObject({
      title: "회칙 개정안",
      description: "",
      category: "서식",
      access: "regular",
      fileName: "회칙 개정안(최종).hwp",
      contentType: "application/x-hwp",
      fileSize: HWP.length,
      downloads: 0,
      downloadUrl: `/api/resources/${item.id}/download`,
    });
    const again = await postJson(server, "/api/resources", payload, { cookie: admin.cookie });
    expect(again.status).toBe(400);
    expectKoreanMessages(await json<ErrorBody>(again));
    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "resource_create"), eq(auditLog.subjectId, item.id)));
    expect(entry).toMatchObject({ actorEmail: admin.email, subjectLabel: "회칙 개정안" });
  });

  it("strips Unicode direction controls from the stored name and the download header", async () => {
    // U+202E turns "slides‮fdp.exe.zip" into what looks like "slidespiz.exe.pdf" on screen.
    const controls = "\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C";
    const item = await addResource({}, { body: ZIP, name: `slides\u202Efdp.exe.zip${controls}` });
    expect(item.fileName).toBe("slidesfdp.exe.zip");
    expect((await resourceRow(item.id))?.fileName).toBe("slidesfdp.exe.zip");
    const download = await get(server, item.downloadUrl, { cookie: associate.cookie });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toBe(
      `attachment; filename="slidesfdp.exe.zip"; filename*=UTF-8''slidesfdp.exe.zip`,
    );

    // A name stored before the rule (written straight into the table) is cleaned when served.
    await server.db
      .update(academicResources)
      .set({ fileName: "report\u2067gpj.exe\u2069.zip" })
      .where(eq(academicResources.id, item.id));
    const again = await get(server, item.downloadUrl, { cookie: associate.cookie });
    expect(again.headers.get("content-disposition")).toBe(
      `attachment; filename="reportgpj.exe.zip"; filename*=UTF-8''reportgpj.exe.zip`,
    );
    const list = await get(server, "/api/resources", { cookie: associate.cookie });
    const listed = (await json<{ items: Item[] }>(list)).items.find((i) => i.id === item.id);
    expect(listed?.fileName).toBe("reportgpj.exe.zip");
  });

  it("refuses bad input with 400 and Korean messages per field", async () => {
    const { objectPath } = await uploadDocument(PDF);
    const res = await postJson(
      server,
      "/api/resources",
      { title: "", category: "가".repeat(51), access: "everyone", objectPath, fileName: "a.pdf" },
      { cookie: admin.cookie },
    );
    expect(res.status).toBe(400);
    const body = await json<ErrorBody>(res);
    expectKoreanMessages(body);
    expect(Object.keys(body.errors ?? {})).toEqual(
      expect.arrayContaining(["title", "category", "access"]),
    );
    const noFile = await postJson(
      server,
      "/api/resources",
      { title: "파일 없음", category: "기타" },
      { cookie: admin.cookie },
    );
    expect(noFile.status).toBe(400);
    expect((await json<ErrorBody>(noFile)).errors?.objectPath).toBeTruthy();
    // A member's board image is not a library file.
    const image = await uploadImage(server, { cookie: regular.cookie });
    const foreign = await postJson(
      server,
      "/api/resources",
      { title: "남의 파일", category: "기타", objectPath: image, fileName: "a.png" },
      { cookie: admin.cookie },
    );
    expect(foreign.status).toBe(400);
    const seminar = await postJson(
      server,
      "/api/resources",
      {
        title: "세미나 없음",
        category: "기타",
        objectPath,
        fileName: "a.pdf",
        seminarId: UNKNOWN_ID,
      },
      { cookie: admin.cookie },
    );
    expect(seminar.status).toBe(400);
    expectKoreanMessages(await json<ErrorBody>(seminar));
  });

  it("lets only administrators add, change or delete", async () => {
    const item = await addResource();
    const { objectPath } = await uploadDocument(PDF);
    const payload = { title: "x", category: "기타", objectPath, fileName: "x.pdf" };
    expect((await postJson(server, "/api/resources", payload)).status).toBe(401);
    expect(
      (await postJson(server, "/api/resources", payload, { cookie: regular.cookie })).status,
    ).toBe(403);
    const path = `/api/resources/${item.id}`;
    expect((await sendJson(server, "PATCH", path, { title: "y" })).status).toBe(401);
    expect(
      (await sendJson(server, "PATCH", path, { title: "y" }, { cookie: regular.cookie })).status,
    ).toBe(403);
    expect((await sendJson(server, "DELETE", path)).status).toBe(401);
    expect(
      (await sendJson(server, "DELETE", path, undefined, { cookie: regular.cookie })).status,
    ).toBe(403);
    expect((await resourceRow(item.id))?.title).toBe(item.title);
    expect(
      (
        await sendJson(server, "DELETE", `/api/resources/${UNKNOWN_ID}`, undefined, {
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await sendJson(
          server,
          "PATCH",
          "/api/resources/not-an-id",
          { title: "y" },
          { cookie: admin.cookie },
        )
      ).status,
    ).toBe(404);
    expect((await get(server, path, { cookie: admin.cookie })).status).toBe(405);
  });

  // Replacing the file and what leaves the disk: tests/service/library/admin.test.ts.
  it("answers a change with the changed item and a deletion with 204", async () => {
    const item = await addResource();
    const edited = await sendJson(
      server,
      "PATCH",
      `/api/resources/${item.id}`,
      { title: "수정된 제목", access: "regular" },
      { cookie: admin.cookie },
    );
    expect(edited.status).toBe(200);
    expect(await json<Item>(edited)).toMatchObject({
      id: item.id,
      title: "수정된 제목",
      access: "regular",
    });
    const deleted = await sendJson(server, "DELETE", `/api/resources/${item.id}`, undefined, {
      cookie: admin.cookie,
    });
    expect(deleted.status).toBe(204);
    expect(await resourceRow(item.id)).toBeUndefined();
  });
});

describe("downloads: who, the header, the count", () => {
  it("sends the file as an attachment under its Korean name (RFC 6266/5987), nosniff, private", async () => {
    const item = await addResource({}, { body: PDF, name: "2026 추계 세미나 (최종).pdf" });
    const res = await get(server, item.downloadUrl, { cookie: associate.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="2026 _ _ (_).pdf"; filename*=UTF-8''2026%20%EC%B6%94%EA%B3%84%20%EC%84%B8%EB%AF%B8%EB%82%98%20%28%EC%B5%9C%EC%A2%85%29.pdf`,
    );
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-length")).toBe(String(PDF.length));
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it("answers 401 logged out, 404 for an unknown or malformed id", async () => {
    const item = await addResource();
    const visitor = await get(server, item.downloadUrl);
    expect(visitor.status).toBe(401);
    expectKoreanMessages(await json<ErrorBody>(visitor));
    for (const id of [UNKNOWN_ID, "nope"]) {
      const res = await get(server, `/api/resources/${id}/download`, { cookie: regular.cookie });
      expect(res.status).toBe(404);
      expectKoreanMessages(await json<ErrorBody>(res));
    }
  });

  it("정회원 전용: 정회원 and administrators yes, 준회원 403", async () => {
    const item = await addResource({ access: "regular" });
    const refused = await get(server, item.downloadUrl, { cookie: associate.cookie });
    expect(refused.status).toBe(403);
    expectKoreanMessages(await json<ErrorBody>(refused));
    expect((await get(server, item.downloadUrl, { cookie: regular.cookie })).status).toBe(200);
    expect((await get(server, item.downloadUrl, { cookie: admin.cookie })).status).toBe(200);
    for (const type of ["honorary", "lifetime"]) {
      const member = await insertMember(server, { memberType: type });
      expect((await get(server, item.downloadUrl, { cookie: member.cookie })).status).toBe(200);
    }
  });

  it("a tied seminar's attendees download its 정회원 전용 slides without full standing", async () => {
    const seminar = await insertSeminar(server, { registrationUrl: null });
    const elsewhere = await insertSeminar(server, { registrationUrl: null });
    const item = await addResource({ access: "regular", seminarId: seminar.id });
    expect(item.seminarId).toBe(seminar.id);
    const attend = async (member: Member, seminarId: string, scan: boolean) => {
      const [registration] = await server.db
        .insert(seminarRegistrations)
        .values({
          seminarId,
          userId: member.id,
          name: member.name,
          email: member.email,
          phone: "010-0000-0000",
        })
        .returning();
      if (scan) {
        await server.db
          .insert(seminarCheckIns)
          .values({ registrationId: registration!.id, direction: "in", at: new Date() });
      }
    };
    const attendee = await insertMember(server, { memberType: "associate" });
    const registeredOnly = await insertMember(server, { memberType: "associate" });
    const otherSeminar = await insertMember(server, { memberType: "associate" });
    await attend(attendee, seminar.id, true);
    await attend(registeredOnly, seminar.id, false);
    await attend(otherSeminar, elsewhere.id, true);
    expect((await get(server, item.downloadUrl, { cookie: attendee.cookie })).status).toBe(200);
    expect((await get(server, item.downloadUrl, { cookie: registeredOnly.cookie })).status).toBe(
      403,
    );
    expect((await get(server, item.downloadUrl, { cookie: otherSeminar.cookie })).status).toBe(403);
    // The list says the same.
    const list = await json<List>(
      await get(server, "/api/resources?q=개원의", { cookie: attendee.cookie }),
    );
    expect(list.items.find((entry) => entry.id === item.id)?.canDownload).toBe(true);
  });

  it("counts once per member per item per Seoul day", async () => {
    const item = await addResource();
    const third = await insertMember(server);
    const downloads = async () => (await resourceRow(item.id))!.downloads;
    for (let i = 0; i < 3; i++) {
      const res = await get(server, item.downloadUrl, { cookie: associate.cookie });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    expect(await downloads()).toBe(1);
    // Asking for the headers only counts nothing.
    const head = await server.fetch(item.downloadUrl, {
      method: "HEAD",
      headers: { Cookie: third.cookie },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-disposition")).toContain("attachment");
    expect(await downloads()).toBe(1);
    await (await get(server, item.downloadUrl, { cookie: other.cookie })).arrayBuffer();
    expect(await downloads()).toBe(2);
    // A refused download counts nothing.
    const regularOnly = await addResource({ access: "regular" });
    await get(server, regularOnly.downloadUrl, { cookie: associate.cookie });
    expect((await resourceRow(regularOnly.id))!.downloads).toBe(0);
    // The next day in Seoul counts again.
    advanceClock(24 * 60 * 60 * 1000);
    try {
      await (await get(server, item.downloadUrl, { cookie: associate.cookie })).arrayBuffer();
      expect(await downloads()).toBe(3);
      await (await get(server, item.downloadUrl, { cookie: associate.cookie })).arrayBuffer();
      expect(await downloads()).toBe(3);
    } finally {
      resetClock();
    }
  });

  it("the daily retention job drops download records before yesterday; the count stays", async () => {
    const item = await addResource();
    await (await get(server, item.downloadUrl, { cookie: associate.cookie })).arrayBuffer();
    const { runRetention } = await import("~/jobs/retention.server");
    const records = () =>
      server.db.select().from(resourceDownloads).where(eq(resourceDownloads.resourceId, item.id));
    await runRetention(new Date(Date.now() + 24 * 60 * 60 * 1000));
    expect(await records()).toHaveLength(1);
    await runRetention(new Date(Date.now() + 2 * 24 * 60 * 60 * 1000));
    expect(await records()).toEqual([]);
    expect((await resourceRow(item.id))!.downloads).toBe(1);
    // The privacy notice says so.
    const policy = mainText(await (await server.fetch("/privacy")).text());
    expect(policy).toContain("자료실 내려받기 기록(회원과 날짜)");
    expect(policy).toContain("내려받은 다음 날까지");
  });

  it("counts once when the same member downloads it several times at the same moment", async () => {
    const item = await addResource();
    const member = await insertMember(server);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => get(server, item.downloadUrl, { cookie: member.cookie })),
    );
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
    }
    expect((await resourceRow(item.id))!.downloads).toBe(1);
  });
});

describe("the list: GET /api/resources and /library", () => {
  it("answers { items, total } newest first, 20 a page, searched and filtered", async () => {
    for (let i = 1; i <= 21; i++) {
      await addResource({
        title: `페이지 시험 자료 ${i}`,
        category: "페이지시험",
        description: "",
      });
    }
    await addResource({
      title: "환자 동의서 양식",
      category: "서식",
      description: "비급여 진료 설명 동의서",
    });
    const first = await json<List>(
      await get(server, "/api/resources?category=페이지시험", { cookie: associate.cookie }),
    );
    expect(first.total).toBe(21);
    expect(first.items).toHaveLength(20);
    expect(first.items[0]?.title).toBe("페이지 시험 자료 21");
    const second = await json<List>(
      await get(server, "/api/resources?category=페이지시험&page=2", { cookie: associate.cookie }),
    );
    expect(second.items.map((item) => item.title)).toEqual(["페이지 시험 자료 1"]);

    const byDescription = await json<List>(
      await get(server, `/api/resources?q=${encodeURIComponent("비급여")}`, {
        cookie: associate.cookie,
      }),
    );
    expect(byDescription.items.map((item) => item.title)).toEqual(["환자 동의서 양식"]);
    const byTitle = await json<List>(
      await get(server, `/api/resources?q=${encodeURIComponent("동의서 양식")}&category=서식`, {
        cookie: associate.cookie,
      }),
    );
    expect(byTitle.total).toBe(1);
    const none = await json<List>(
      await get(server, `/api/resources?q=${encodeURIComponent("동의서")}&category=페이지시험`, {
        cookie: associate.cookie,
      }),
    );
    expect(none).toMatchObject({ items: [], total: 0 });
  });

  it("answers 401 to a visitor and 400 to a bad page", async () => {
    const visitor = await get(server, "/api/resources");
    expect(visitor.status).toBe(401);
    expect(visitor.headers.get("cache-control")).toBe("private, no-store");
    const bad = await get(server, "/api/resources?page=0", { cookie: associate.cookie });
    expect(bad.status).toBe(400);
    expectKoreanMessages(await json<ErrorBody>(bad));
  });

  it("/library shows a visitor the charter's lock and no title or file name, in HTML or data", async () => {
    await addResource({ title: "비밀 가이드라인 제목" }, { body: PDF, name: "비밀파일이름.pdf" });
    for (const target of ["/library", "/library?q=비밀", "/library.data"]) {
      const res = await get(server, target);
      const text = await res.text();
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(text).not.toContain("비밀 가이드라인 제목");
      expect(text).not.toContain("비밀파일이름");
      if (target !== "/library.data") {
        expect(text).toContain("회원 전용 콘텐츠입니다");
        expect(text).toContain("자료실은 승인된 회원만 열람할 수 있습니다.");
      }
    }
    const member = await get(server, `/library?q=${encodeURIComponent("비밀")}`, {
      cookie: associate.cookie,
    });
    const html = await member.text();
    expect(html).toContain("비밀 가이드라인 제목");
    expect(html).toContain("비밀파일이름.pdf");
    expect(html).toContain("PDF");
  });

  it("/library marks 정회원 전용 items and says who may download them", async () => {
    await addResource({ title: "정회원 마크 시험", access: "regular" });
    const html = await (
      await get(server, `/library?q=${encodeURIComponent("정회원 마크 시험")}`, {
        cookie: associate.cookie,
      })
    ).text();
    expect(html).toContain("정회원 전용");
    expect(html).toContain("정회원 또는 해당 세미나 참석자만 내려받을 수 있습니다.");
  });
});

describe("hostile bodies", () => {
  it("the calls take only bounded, well-formed JSON, and the page form only its fields", async () => {
    const item = await addResource();
    for (const [method, target] of [
      ["POST", "/api/resources"],
      ["PATCH", `/api/resources/${item.id}`],
    ] as const) {
      for (const [type, body, status] of [
        ["application/json", "{not json", 400],
        ["text/plain", '{"title":"x"}', 415],
        ["application/json", JSON.stringify({ title: ["x"], access: 7, seminarId: {} }), 400],
        ["application/json", JSON.stringify({ description: "가".repeat(40_000) }), 413],
      ] as const) {
        const res = await server.fetch(target, {
          method,
          headers: { "Content-Type": type, Cookie: admin.cookie },
          body,
        });
        expect(res.status, `${method} ${target} ${type}`).toBe(status);
        expectKoreanMessages(await json<ErrorBody>(res));
      }
    }
    const unknownField = await postForm(
      server,
      "/admin/library",
      { intent: "delete", id: item.id, "title[100000000]": "x" },
      { cookie: admin.cookie },
    );
    expect(unknownField.status).toBe(400);
    expect(await resourceRow(item.id)).toBeDefined();
  });
});

describe("/admin/library", () => {
  it("is refused to members and visitors and open to administrators", async () => {
    const member = await get(server, "/admin/library", { cookie: associate.cookie });
    expect(member.status).toBe(403);
    expect(await member.text()).toContain("접근 권한이 없습니다");
    expect((await get(server, "/admin/library")).status).toBe(401);
    const page = await get(server, "/admin/library", { cookie: admin.cookie });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("자료실 관리");
  });

  it("adds, edits and deletes through the page's form, and a member's post is refused", async () => {
    const { objectPath } = await uploadDocument(XLSX);
    const fields = {
      intent: "create",
      title: "회비 납부 현황 양식",
      category: "서식",
      access: "members",
      seminarId: "",
      description: "",
      objectPath,
      fileName: "회비 양식.xlsx",
    };
    expect(
      (await postForm(server, "/admin/library", fields, { cookie: associate.cookie })).status,
    ).toBe(403);
    const created = await postForm(server, "/admin/library", fields, { cookie: admin.cookie });
    expect(created.status).toBe(302);
    const [row] = await server.db
      .select()
      .from(academicResources)
      .where(eq(academicResources.title, "회비 납부 현황 양식"));
    expect(row).toMatchObject({ fileName: "회비 양식.xlsx", category: "서식" });

    const invalid = await postForm(
      server,
      "/admin/library",
      { intent: "update", id: row!.id, title: "", category: "서식", access: "members" },
      { cookie: admin.cookie },
    );
    expect(invalid.status).toBe(400);
    const updated = await postForm(
      server,
      "/admin/library",
      {
        intent: "update",
        id: row!.id,
        title: "회비 양식 (개정)",
        category: "서식",
        access: "regular",
        seminarId: "",
        description: "개정판",
      },
      { cookie: admin.cookie },
    );
    expect(updated.status).toBe(302);
    expect(await resourceRow(row!.id)).toMatchObject({
      title: "회비 양식 (개정)",
      access: "regular",
      description: "개정판",
    });

    const deleted = await postForm(
      server,
      "/admin/library",
      { intent: "delete", id: row!.id },
      { cookie: admin.cookie },
    );
    expect(deleted.status).toBe(302);
    expect(await resourceRow(row!.id)).toBeUndefined();
    expect(fs.existsSync(objectFile(objectPath))).toBe(false);
  });
});
