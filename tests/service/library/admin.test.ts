// The library's add, edit, replace and delete decide who may act themselves: a member's actor is
// refused by the service and changes nothing (no row, no claimed file, no audit entry); an
// administrator's works and is audited. Files arrive through the real upload service (a signed
// URL and its PUT, handed to it as a Request), stored by the local driver under DATA_DIR.
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import type { SessionActor } from "~/features/accounts/actor.server";
import { libraryReader } from "~/features/library/access.server";
import {
  createResource,
  deleteResource,
  getResource,
  openDownload,
  updateResource,
} from "~/features/library/library.server";
import {
  receiveUpload,
  requestDocumentUploadUrl,
  requestUploadUrl,
} from "~/features/uploads/uploads.server";
import { academicResources, auditLog, storedObjects } from "~db/schema";
import { DOCX, PDF } from "../../support/library-files";
import { insertActor } from "../support/people";
import { auditedBy, expectAdminOnly, expectRefused, UNKNOWN_ID } from "../support/refusals";

/** A 1×1 PNG: a member's own image, which is no library file. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

let admin: SessionActor;
let member: SessionActor;

beforeAll(async () => {
  admin = await insertActor({ role: "admin" });
  member = await insertActor({ memberType: "regular" });
});

/** PUTs `body` to a fresh upload URL (a library document's, or a member's image's). */
async function upload(body: Buffer, url: { uploadURL: string; objectPath: string }) {
  const address = new URL(url.uploadURL);
  await receiveUpload(
    new Request(address, {
      method: "PUT",
      body: new Uint8Array(body),
      headers: { "Content-Type": "application/octet-stream" },
    }),
    address.searchParams.get("token"),
  );
  return url.objectPath;
}

const uploadDocument = async (body: Buffer = PDF) =>
  upload(body, await requestDocumentUploadUrl(admin));

const objectIdOf = (objectPath: string) => objectPath.replace("/objects/", "");
const objectFile = (objectPath: string) => {
  const id = objectIdOf(objectPath);
  return path.join(process.env.DATA_DIR!, "objects", id.slice(0, 2), id);
};

async function storedObject(objectPath: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(storedObjects)
    .where(eq(storedObjects.id, objectIdOf(objectPath)));
  return row;
}

async function resourceRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(academicResources).where(eq(academicResources.id, id));
  return row;
}

const details = (objectPath: string, fields: Record<string, unknown> = {}) => ({
  title: "개원의를 위한 AI 마케팅",
  description: "2026년 추계 세미나 발표 자료",
  category: "세미나 자료",
  access: "members" as const,
  seminarId: null,
  objectPath,
  fileName: "세미나 발표 자료.pdf",
  ...fields,
});

describe("a member's actor", () => {
  it("gets no document upload URL, for the library or a notice (403)", async () => {
    for (const visibility of ["library", "notice"] as const) {
      await expect(requestDocumentUploadUrl(member, {}, visibility)).rejects.toMatchObject({
        status: 403,
      });
    }
  });

  it("is refused add, change and delete with a 403 that changes nothing", async () => {
    const id = await createResource(admin, details(await uploadDocument()));
    const before = await resourceRow(id);
    const fresh = await uploadDocument(DOCX);

    await expectAdminOnly({
      create: () => createResource(member, details(fresh, { title: "회원이 올린 자료" })),
      update: () => updateResource(member, id, { title: "회원이 바꾼 제목" }),
      replace: () => updateResource(member, id, { objectPath: fresh, fileName: "바꿈.docx" }),
      delete: () => deleteResource(member, id),
      // Refused before the id is looked at: an unknown one answers the same.
      deleteUnknown: () => deleteResource(member, UNKNOWN_ID),
    });

    expect(await resourceRow(id)).toEqual(before);
    const db = await getDb();
    expect(
      await db
        .select()
        .from(academicResources)
        .where(eq(academicResources.uploadedBy, member.user.id)),
    ).toEqual([]);
    // The new upload is still unclaimed and on disk; the item's file is where it was.
    expect((await storedObject(fresh))?.claimedAt).toBeNull();
    expect(fs.existsSync(objectFile(fresh))).toBe(true);
    expect(fs.existsSync(objectFile(before!.fileUrl))).toBe(true);
    expect(await auditedBy(member.user.id)).toEqual([]);
  });
});

describe("an administrator's actor", () => {
  it("adds an item typed by its content, claims the file once, and audits it", async () => {
    const objectPath = await uploadDocument();
    const id = await createResource(admin, details(objectPath, { access: "regular" }));
    const item = await getResource(id, await libraryReader(admin.user));
    expect(item).toMatchObject({
      title: "개원의를 위한 AI 마케팅",
      access: "regular",
      contentType: "application/pdf",
      fileSize: PDF.length,
      downloads: 0,
      downloadUrl: `/api/resources/${id}/download`,
    });
    expect((await resourceRow(id))?.uploadedBy).toBe(admin.user.id);
    expect((await storedObject(objectPath))?.claimedAt).not.toBeNull();
    // The same file again: already another item's.
    await expectRefused(
      () => createResource(admin, details(objectPath)),
      400,
      "업로드한 파일을 찾을 수 없습니다. 파일을 다시 올려주세요.",
    );
    const db = await getDb();
    const entries = await db.select().from(auditLog).where(eq(auditLog.subjectId, id));
    expect(entries).toMatchObject([
      {
        action: "resource_create",
        actorId: admin.user.id,
        actorEmail: admin.user.email,
        ip: "127.0.0.1",
        subjectLabel: "개원의를 위한 AI 마케팅",
      },
    ]);
  });

  it("gives a file whose name lies about its type the extension of what it is", async () => {
    const id = await createResource(
      admin,
      details(await uploadDocument(), { fileName: "slides.exe" }),
    );
    expect((await resourceRow(id))?.fileName).toBe("slides.exe.pdf");
  });

  it("edits the details, replaces the file (the old one leaves the disk) and deletes", async () => {
    const id = await createResource(admin, details(await uploadDocument()));
    const oldPath = (await resourceRow(id))!.fileUrl;
    expect(fs.existsSync(objectFile(oldPath))).toBe(true);
    const reader = await libraryReader(admin.user);

    await updateResource(admin, id, { title: "수정된 제목", access: "regular" });
    expect(await getResource(id, reader)).toMatchObject({
      title: "수정된 제목",
      access: "regular",
    });

    const objectPath = await uploadDocument(DOCX);
    await updateResource(admin, id, { objectPath, fileName: "새 양식.docx" });
    expect(await getResource(id, reader)).toMatchObject({
      fileName: "새 양식.docx",
      contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      fileSize: DOCX.length,
    });
    expect(fs.existsSync(objectFile(oldPath))).toBe(false);
    expect(await storedObject(oldPath)).toBeUndefined();
    expect(fs.existsSync(objectFile(objectPath))).toBe(true);

    await deleteResource(admin, id);
    expect(await resourceRow(id)).toBeUndefined();
    expect(fs.existsSync(objectFile(objectPath))).toBe(false);
    const db = await getDb();
    const actions = (await db.select().from(auditLog).where(eq(auditLog.subjectId, id))).map(
      (row) => row.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        "resource_create",
        "resource_update",
        "resource_replace_file",
        "resource_delete",
      ]),
    );
    await expectRefused(() => openDownload(reader, id), 404, "자료를 찾을 수 없습니다.");
  });

  it("refuses an unknown or malformed id (404), a file that is no library upload and an unknown seminar (400)", async () => {
    for (const id of [UNKNOWN_ID, "not-an-id"]) {
      await expectRefused(
        () => updateResource(admin, id, { title: "y" }),
        404,
        "자료를 찾을 수 없습니다.",
      );
      await expectRefused(() => deleteResource(admin, id), 404, "자료를 찾을 수 없습니다.");
    }
    // A member's own image is not a library file.
    const image = await upload(PNG, await requestUploadUrl(member.user));
    const foreign = await expectRefused(
      () => createResource(admin, details(image, { fileName: "a.png" })),
      400,
    );
    expect(foreign.errors?.objectPath).toBe(
      "업로드한 파일을 찾을 수 없습니다. 파일을 다시 올려주세요.",
    );
    expect((await storedObject(image))?.claimedAt).toBeNull();

    const objectPath = await uploadDocument();
    const seminar = await expectRefused(
      () => createResource(admin, details(objectPath, { seminarId: UNKNOWN_ID })),
      400,
      "연결할 학술 활동을 찾을 수 없습니다.",
    );
    expect(seminar.errors?.seminarId).toBe("연결할 학술 활동을 찾을 수 없습니다.");
    // Refused before the file was claimed: it may still be used.
    expect((await storedObject(objectPath))?.claimedAt).toBeNull();
  });
});
