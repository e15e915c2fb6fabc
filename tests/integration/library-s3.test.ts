// The library on the `s3` storage driver (s3rver from npm on loopback): a library file goes into
// the bucket only after its content was checked, downloads stream back out of the bucket with the
// attachment header, and replacing or deleting an item deletes its object from the bucket.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, get, json, type LoggedIn, postJson, putObject } from "../support/accounts";
import { DOCX, EXE, PDF } from "../support/library-files";
import { insertMember, type Member, sendJson } from "../support/members";
import { type FakeS3, startS3rver } from "../support/s3rver";
import { setupTestServer } from "../support/test-server";

const PREFIX = "society";

let s3: FakeS3;
let admin: LoggedIn;
let member: Member;
beforeAll(async () => {
  s3 = await startS3rver();
});
afterAll(async () => {
  await s3?.close();
});
const server = setupTestServer(() => ({ env: { ...s3.env, S3_PREFIX: PREFIX } }));
beforeAll(async () => {
  admin = await createAdmin(server);
  member = await insertMember(server);
});

const keyOf = (objectPath: string) => `${PREFIX}/${objectPath.replace(/^\/objects\//, "")}`;

async function upload(body: Uint8Array) {
  const res = await postJson(server, "/api/resources/upload", undefined, { cookie: admin.cookie });
  const grant = await json<{ uploadURL: string; objectPath: string }>(res);
  const url = new URL(grant.uploadURL);
  const put = await putObject(
    `${server.baseUrl}${url.pathname}${url.search}`,
    body,
    "application/pdf",
  );
  return { status: put.status, objectPath: grant.objectPath };
}

describe("library files in the bucket", () => {
  it("stores a checked file, streams it back, and deletes it on replace and on delete", async () => {
    const { status, objectPath } = await upload(PDF);
    expect(status).toBe(200);
    expect((await s3.read(keyOf(objectPath)))?.equals(PDF)).toBe(true);
    const created = await postJson(
      server,
      "/api/resources",
      { title: "버킷 자료", category: "기타", objectPath, fileName: "버킷 자료.pdf" },
      { cookie: admin.cookie },
    );
    expect(created.status).toBe(201);
    const item = await json<{ id: string; downloadUrl: string }>(created);

    const download = await get(server, item.downloadUrl, { cookie: member.cookie });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toContain(
      "filename*=UTF-8''%EB%B2%84%ED%82%B7%20%EC%9E%90%EB%A3%8C.pdf",
    );
    expect(download.headers.get("content-length")).toBe(String(PDF.length));
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);

    const replacement = await upload(DOCX);
    const patched = await sendJson(
      server,
      "PATCH",
      `/api/resources/${item.id}`,
      { objectPath: replacement.objectPath, fileName: "새 파일.docx" },
      { cookie: admin.cookie },
    );
    expect(patched.status).toBe(200);
    expect(await s3.exists(keyOf(objectPath))).toBe(false);
    expect(await s3.exists(keyOf(replacement.objectPath))).toBe(true);

    const deleted = await sendJson(server, "DELETE", `/api/resources/${item.id}`, undefined, {
      cookie: admin.cookie,
    });
    expect(deleted.status).toBe(204);
    expect(await s3.exists(keyOf(replacement.objectPath))).toBe(false);
  });

  it("lets nothing refused reach the bucket", async () => {
    const before = await s3.keys();
    const { status, objectPath } = await upload(EXE);
    expect(status).toBe(415);
    expect(await s3.exists(keyOf(objectPath))).toBe(false);
    expect(await s3.keys()).toEqual(before);
  });
});
