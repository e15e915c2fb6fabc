// The `s3` storage driver (for more than one server) against s3rver from npm on loopback:
// the browser still PUTs to the app's own signed URL, the app checks type by magic bytes and the
// 5 MB limit and only then stores the bytes in the bucket (docs/decisions/004). The bucket is read
// with the AWS SDK directly, so these tests see what really is in storage.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedObjects } from "~db/schema";
import {
  createAdmin,
  createMember,
  type ErrorBody,
  GIF,
  get,
  json,
  type LoggedIn,
  PASSWORD,
  PNG,
  postForm,
  putObject,
  rawPut,
  requestUpload,
  SVG,
  signUp,
  uploadImage,
} from "../support/accounts";
import { type FakeS3, startS3rver } from "../support/s3rver";
import { setupTestServer } from "../support/test-server";

const MAX_BYTES = 5 * 1024 * 1024;
const PREFIX = "society"; // S3_PREFIX without its slash: the driver adds it.

let s3: FakeS3;
let admin: LoggedIn;
beforeAll(async () => {
  s3 = await startS3rver();
});
afterAll(async () => {
  await s3?.close();
});
const server = setupTestServer(() => ({ env: { ...s3.env, S3_PREFIX: PREFIX } }));
beforeAll(async () => {
  admin = await createAdmin(server);
});

const idOf = (objectPath: string) => objectPath.replace(/^\/objects\//, "");
const keyOf = (objectPath: string) => `${PREFIX}/${idOf(objectPath)}`;

/** A PNG of exactly `size` bytes: a real PNG followed by padding. */
function pngOfSize(size: number) {
  const bytes = new Uint8Array(size);
  bytes.set(PNG);
  return bytes;
}

async function objectRow(objectPath: string) {
  const [row] = await server.db
    .select()
    .from(storedObjects)
    .where(eq(storedObjects.id, idOf(objectPath)));
  return row;
}

describe("uploads through the signed URL, stored in the bucket", () => {
  it("a visitor's PUT to the app's signed URL lands in the bucket under S3_PREFIX", async () => {
    const res = await server.fetch("/api/objects/upload-public", { method: "POST" });
    expect(res.status).toBe(200);
    const { uploadURL, objectPath } = await json<{ uploadURL: string; objectPath: string }>(res);
    // The URL is the app's own, not the bucket's: the app sees every byte before storing it.
    expect(new URL(uploadURL).origin).toBe(server.baseUrl);
    expect(new URL(uploadURL).pathname).toBe("/api/objects/put");
    expect(await s3.exists(keyOf(objectPath))).toBe(false);

    const put = await putObject(uploadURL, PNG, "image/png");
    expect(put.status).toBe(200);
    expect(await json(put)).toEqual({ objectPath });

    const stored = await s3.read(keyOf(objectPath));
    expect(stored?.equals(PNG)).toBe(true);
    expect(await s3.keys()).toContain(keyOf(objectPath));
    const row = await objectRow(objectPath);
    expect(row?.contentType).toBe("image/png");
    expect(row?.size).toBe(PNG.length);
    // Nothing is written to the local disk with the s3 driver.
    expect(fs.existsSync(path.join(process.env.DATA_DIR!, "objects"))).toBe(false);
  });

  it("an administrator's image is public and read back from the bucket by anyone", async () => {
    const objectPath = await uploadImage(server, { cookie: admin.cookie });
    expect(await s3.exists(keyOf(objectPath))).toBe(true);
    const res = await get(server, objectPath);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("a body over 5 MB gets 413 and nothing reaches the bucket", async () => {
    const before = await s3.keys();
    const { uploadURL, objectPath } = await requestUpload(server);
    const body = pngOfSize(MAX_BYTES + 1);
    const declared = await rawPut(uploadURL, [body], { contentLength: body.length });
    expect(declared.status).toBe(413);
    expect((JSON.parse(declared.body) as ErrorBody).message).toBe(
      "파일 크기는 5MB를 초과할 수 없습니다.",
    );

    // Sent chunked, without a Content-Length: counted as it arrives.
    const second = await requestUpload(server);
    const chunked = await rawPut(
      second.uploadURL,
      Array.from({ length: 6 }, () => pngOfSize(1024 * 1024)),
    );
    expect(chunked.status).toBe(413);

    for (const path of [objectPath, second.objectPath]) {
      expect(await s3.exists(keyOf(path))).toBe(false);
      expect(await objectRow(path)).toBeUndefined();
    }
    expect(await s3.keys()).toEqual(before);
  });

  it("exactly 5 MB is accepted and stored whole", async () => {
    const { uploadURL, objectPath } = await requestUpload(server);
    const res = await putObject(uploadURL, pngOfSize(MAX_BYTES));
    expect(res.status).toBe(200);
    expect((await s3.read(keyOf(objectPath)))?.length).toBe(MAX_BYTES);
  });

  it("two PUTs to one URL at the same time: one 200, one 409, and the winner's bytes in the bucket", async () => {
    const grants = await Promise.all(Array.from({ length: 4 }, () => requestUpload(server)));
    await Promise.all(
      grants.map(async ({ uploadURL, objectPath }) => {
        const [first, second] = await Promise.all([
          putObject(uploadURL, PNG),
          putObject(uploadURL, GIF, "image/gif"),
        ]);
        expect([first.status, second.status].sort()).toEqual([200, 409]);
        const loser = first.status === 409 ? first : second;
        expect((await json<ErrorBody>(loser)).message).toMatch(/[\uAC00-\uD7A3]/);
        await (first.status === 200 ? first : second).body?.cancel();
        const winnerBody = first.status === 200 ? PNG : GIF;

        expect((await s3.read(keyOf(objectPath)))?.equals(winnerBody)).toBe(true);
        expect((await objectRow(objectPath))?.size).toBe(winnerBody.length);
        const read = await get(server, objectPath, { cookie: admin.cookie });
        expect(read.status).toBe(200);
        expect(Buffer.from(await read.arrayBuffer()).equals(winnerBody)).toBe(true);
      }),
    );
  });

  it("an SVG gets 415 and nothing reaches the bucket", async () => {
    const before = await s3.keys();
    const { uploadURL, objectPath } = await requestUpload(server);
    const res = await putObject(uploadURL, SVG, "image/svg+xml");
    expect(res.status).toBe(415);
    expect((await json<ErrorBody>(res)).message).toBe("이미지 파일만 업로드 가능합니다.");
    expect(await s3.exists(keyOf(objectPath))).toBe(false);
    expect(await objectRow(objectPath)).toBeUndefined();
    expect(await s3.keys()).toEqual(before);
  });
});

describe("private reads from the bucket", () => {
  it("a licence image is 404 for a visitor and a member, 200 with its bytes for an admin", async () => {
    const account = await signUp(server);
    expect(await s3.exists(keyOf(account.licenseImageUrl))).toBe(true);
    expect((await objectRow(account.licenseImageUrl))?.visibility).toBe("private");

    const visitor = await get(server, account.licenseImageUrl);
    expect(visitor.status).toBe(404);
    const member = await createMember(server);
    expect((await get(server, account.licenseImageUrl, { cookie: member.cookie })).status).toBe(
      404,
    );

    const res = await get(server, account.licenseImageUrl, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("an object missing from the bucket answers 404, not 500", async () => {
    const objectPath = await uploadImage(server, { cookie: admin.cookie });
    const { DeleteObjectCommand } = await import("@aws-sdk/client-s3");
    await s3.client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: keyOf(objectPath) }));
    expect((await get(server, objectPath)).status).toBe(404);
  });

  it("a member's withdrawal deletes the licence image from the bucket", async () => {
    const member = await createMember(server);
    const key = keyOf(member.licenseImageUrl);
    expect(await s3.exists(key)).toBe(true);
    const res = await postForm(
      server,
      "/mypage/security",
      { intent: "withdraw", password: PASSWORD, confirm: "on" },
      { cookie: member.cookie },
    );
    expect(res.status).toBe(302);
    expect(await s3.exists(key)).toBe(false);
    expect((await get(server, member.licenseImageUrl, { cookie: admin.cookie })).status).toBe(404);
  });
});

describe("configuration checked at boot", () => {
  it("STORAGE_DRIVER=s3 without S3_BUCKET stops the server with a clear message", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "society-s3-env-"));
    const child = spawn(process.execPath, ["server.js"], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        PORT: "0",
        DATA_DIR: dataDir,
        LOG_LEVEL: "silent",
        STORAGE_DRIVER: "s3",
        S3_BUCKET: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (part: Buffer) => {
      output += part.toString();
    });
    child.stderr.on("data", (part: Buffer) => {
      output += part.toString();
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    clearTimeout(timer);
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(code).toBe(1);
    expect(output).toContain("The server did not start: Invalid environment configuration");
    expect(output).toContain("S3_BUCKET: required when STORAGE_DRIVER=s3");
    // A plain message, not a stack trace.
    expect(output).not.toMatch(/\n\s+at /);
  });
});
