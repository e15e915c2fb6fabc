// The image upload flow over HTTP (SPEC.md §4, §7; DESIGN.md "Files"): upload URLs for sign-ups
// and for logged-in users, the PUT with type checked by magic bytes and the 5 MB limit enforced
// on the upload itself, signed URLs that expire within minutes and name one object, and who may
// read an object at GET /objects/{id}.
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { advanceClock, resetClock } from "~/lib/clock.server";
import { storedObjects } from "~db/schema";
import {
  createAdmin,
  createMember,
  type ErrorBody,
  expectKoreanMessages,
  GIF,
  get,
  HTML,
  JPEG,
  json,
  type LoggedIn,
  logInCookie,
  PNG,
  postJson,
  putObject,
  rawPut,
  requestUpload,
  SVG,
  signUp,
  TEXT,
  uploadImage,
  WEBP,
} from "../support/accounts";
import { applicationPayload } from "../support/members";
import { setupTestServer } from "../support/test-server";

const WRONG_TYPE = "이미지 파일만 업로드 가능합니다.";
const TOO_LARGE = "파일 크기는 5MB를 초과할 수 없습니다.";
const MAX_BYTES = 5 * 1024 * 1024;
const OBJECT_PATH = /^\/objects\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let admin: LoggedIn;
let member: LoggedIn;
let otherMember: LoggedIn;
const server = setupTestServer();
beforeAll(async () => {
  admin = await createAdmin(server);
  member = await createMember(server);
  otherMember = await createMember(server);
});

/** A PNG of exactly `size` bytes: a real PNG followed by padding (the type is read from the start). */
function pngOfSize(size: number) {
  const bytes = new Uint8Array(size);
  bytes.set(PNG);
  return bytes;
}

async function objectRow(objectPath: string) {
  const [row] = await server.db
    .select()
    .from(storedObjects)
    .where(eq(storedObjects.id, objectPath.replace("/objects/", "")));
  return row;
}

describe("upload URLs", () => {
  it("POST /api/objects/upload-public answers { uploadURL, objectPath } to a visitor", async () => {
    const res = await postJson(server, "/api/objects/upload-public");
    expect(res.status).toBe(200);
    const grant = await json<{ uploadURL: string; objectPath: string }>(res);
    expect(Object.keys(grant).sort()).toEqual(["objectPath", "uploadURL"]);
    expect(grant.objectPath).toMatch(OBJECT_PATH);
    const url = new URL(grant.uploadURL);
    expect(url.origin).toBe(server.baseUrl);
    // Nothing is stored before the file arrives.
    expect(await objectRow(grant.objectPath)).toBeUndefined();
  });

  it("each request names a different object", async () => {
    const a = await requestUpload(server);
    const b = await requestUpload(server);
    expect(a.objectPath).not.toBe(b.objectPath);
    expect(a.uploadURL).not.toBe(b.uploadURL);
  });

  it("a signed URL expires within minutes", async () => {
    const { uploadURL } = await requestUpload(server);
    const token = new URL(uploadURL).searchParams.get("token") ?? "";
    const payload = JSON.parse(
      Buffer.from(token.split(".")[0] ?? "", "base64url").toString("utf8"),
    ) as { exp: number };
    const secondsLeft = payload.exp - Date.now() / 1000;
    expect(secondsLeft).toBeGreaterThan(0);
    expect(secondsLeft).toBeLessThanOrEqual(15 * 60);
  });

  it("POST /api/objects/upload answers 401 to a visitor and 200 to a member and an administrator", async () => {
    const visitor = await postJson(server, "/api/objects/upload");
    expect(visitor.status).toBe(401);
    expectKoreanMessages(await json<ErrorBody>(visitor));
    for (const cookie of [member.cookie, admin.cookie]) {
      const res = await postJson(server, "/api/objects/upload", undefined, { cookie });
      expect(res.status).toBe(200);
      const grant = await json<{ uploadURL: string; objectPath: string }>(res);
      expect(grant.objectPath).toMatch(OBJECT_PATH);
      expect(grant.uploadURL).toContain(server.baseUrl);
    }
  });
});

describe("PUT to the signed URL", () => {
  it("accepts JPEG, PNG, WebP and GIF, recording the type read from the content", async () => {
    const cases: Array<[Buffer, string]> = [
      [JPEG, "image/jpeg"],
      [PNG, "image/png"],
      [WEBP, "image/webp"],
      [GIF, "image/gif"],
    ];
    for (const [bytes, type] of cases) {
      const { uploadURL, objectPath } = await requestUpload(server);
      // The declared Content-Type is not trusted: the stored type comes from the bytes.
      const res = await putObject(uploadURL, bytes, "application/octet-stream");
      expect(res.status, type).toBe(200);
      expect(await json(res)).toEqual({ objectPath });
      const row = await objectRow(objectPath);
      expect(row?.contentType).toBe(type);
      expect(row?.size).toBe(bytes.length);
    }
  });

  it("a phone's photo is kept without its GPS position and camera, upright; its owner gets that copy", async () => {
    const photo = await sharp({
      create: { width: 60, height: 30, channels: 3, background: { r: 10, g: 120, b: 200 } },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: "TestPhone" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "35/1 52/1 0/1" },
      })
      .toBuffer();
    const objectPath = await uploadImage(server, { cookie: member.cookie, body: photo });
    const served = await get(server, objectPath, { cookie: member.cookie });
    expect(served.status).toBe(200);
    const stored = Buffer.from(await served.arrayBuffer());
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(stored.toString("latin1")).not.toContain("TestPhone");
    expect([metadata.width, metadata.height]).toEqual([30, 60]);
    expect((await objectRow(objectPath))?.size).toBe(stored.length);
  });

  it("refuses SVG with 415 and the Korean message", async () => {
    const { uploadURL, objectPath } = await requestUpload(server);
    const res = await putObject(uploadURL, SVG, "image/svg+xml");
    expect(res.status).toBe(415);
    const body = await json<ErrorBody>(res);
    expect(body.message).toBe(WRONG_TYPE);
    expectKoreanMessages(body);
    expect(await objectRow(objectPath)).toBeUndefined();
  });

  it("refuses HTML with 415, even when it claims to be a PNG", async () => {
    for (const type of ["text/html", "image/png"]) {
      const { uploadURL, objectPath } = await requestUpload(server);
      const res = await putObject(uploadURL, HTML, type);
      expect(res.status, type).toBe(415);
      expect((await json<ErrorBody>(res)).message).toBe(WRONG_TYPE);
      expect(await objectRow(objectPath)).toBeUndefined();
    }
  });

  it("refuses a text file renamed .png (checked by magic bytes) with 415", async () => {
    const { uploadURL, objectPath } = await requestUpload(server);
    const res = await putObject(uploadURL, TEXT, "image/png");
    expect(res.status).toBe(415);
    expect((await json<ErrorBody>(res)).message).toBe(WRONG_TYPE);
    expect(await objectRow(objectPath)).toBeUndefined();
  });

  it("refuses an empty body with 400 in Korean", async () => {
    const { uploadURL } = await requestUpload(server);
    const res = await putObject(uploadURL, new Uint8Array(0));
    expect(res.status).toBe(400);
    expectKoreanMessages(await json<ErrorBody>(res));
  });

  it("accepts exactly 5 MB (5242880 bytes)", async () => {
    const { uploadURL, objectPath } = await requestUpload(server);
    const res = await putObject(uploadURL, pngOfSize(MAX_BYTES));
    expect(res.status).toBe(200);
    expect((await objectRow(objectPath))?.size).toBe(MAX_BYTES);
  });

  it("refuses 5242881 bytes with 413 and the Korean message", async () => {
    const { uploadURL, objectPath } = await requestUpload(server);
    const body = pngOfSize(MAX_BYTES + 1);
    const res = await rawPut(uploadURL, [body], { contentLength: body.length });
    expect(res.status).toBe(413);
    const answer = JSON.parse(res.body) as ErrorBody;
    expect(answer.message).toBe(TOO_LARGE);
    expectKoreanMessages(answer);
    expect(await objectRow(objectPath)).toBeUndefined();
  });

  it("refuses an oversized body sent without Content-Length (chunked) with 413", async () => {
    const { uploadURL, objectPath } = await requestUpload(server);
    const chunks = Array.from({ length: 6 }, () => pngOfSize(1024 * 1024));
    const res = await rawPut(uploadURL, chunks);
    expect(res.status).toBe(413);
    expect((JSON.parse(res.body) as ErrorBody).message).toBe(TOO_LARGE);
    expect(await objectRow(objectPath)).toBeUndefined();
    // The server keeps serving afterwards.
    expect((await postJson(server, "/api/objects/upload-public")).status).toBe(200);
  });

  it("a used URL cannot be used again: 409, and the first file is kept", async () => {
    const { uploadURL, objectPath } = await requestUpload(server);
    expect((await putObject(uploadURL, PNG)).status).toBe(200);
    const again = await putObject(uploadURL, GIF);
    expect(again.status).toBe(409);
    expectKoreanMessages(await json<ErrorBody>(again));
    expect((await objectRow(objectPath))?.contentType).toBe("image/png");
  });

  it("a refused file spends its URL too: a good file sent to it afterwards is 409", async () => {
    const { uploadURL, objectPath } = await requestUpload(server);
    const broken = Buffer.from(
      (
        await sharp({
          create: { width: 64, height: 64, channels: 3, background: "#c33" },
        })
          .png()
          .toBuffer()
      ).subarray(0, 60),
    );
    const refused = await putObject(uploadURL, broken);
    expect(refused.status).toBe(400);
    const again = await putObject(uploadURL, PNG);
    expect(again.status).toBe(409);
    expect((await json<ErrorBody>(again)).message).toContain("새 업로드 주소");
    expect(await objectRow(objectPath)).toBeUndefined();
    // A new URL takes the good file.
    const fresh = await requestUpload(server);
    expect((await putObject(fresh.uploadURL, PNG)).status).toBe(200);
  });

  it("two PUTs to one URL at the same time: exactly one wins (200), the other gets 409, the file is intact", async () => {
    // Several URLs at once, so the two PUTs of each really overlap on the server.
    const grants = await Promise.all(Array.from({ length: 6 }, () => requestUpload(server)));
    await Promise.all(
      grants.map(async ({ uploadURL, objectPath }) => {
        const [first, second] = await Promise.all([
          putObject(uploadURL, PNG),
          putObject(uploadURL, GIF, "image/gif"),
        ]);
        expect([first.status, second.status].sort()).toEqual([200, 409]);
        const loser = first.status === 409 ? first : second;
        expectKoreanMessages(await json<ErrorBody>(loser));
        const winnerBody = first.status === 200 ? PNG : GIF;
        await (first.status === 200 ? first : second).body?.cancel();

        const row = await objectRow(objectPath);
        expect(row?.contentType).toBe(first.status === 200 ? "image/png" : "image/gif");
        expect(row?.size).toBe(winnerBody.length);
        const read = await get(server, objectPath, { cookie: admin.cookie });
        expect(read.status).toBe(200);
        expect(Buffer.from(await read.arrayBuffer()).equals(winnerBody)).toBe(true);
      }),
    );
  });

  it("a tampered signature is refused with 403", async () => {
    const { uploadURL, objectPath } = await requestUpload(server);
    const url = new URL(uploadURL);
    const [payload = "", signature = ""] = (url.searchParams.get("token") ?? "").split(".");
    const flipped = signature[10] === "A" ? "B" : "A";
    const tampered = `${signature.slice(0, 10)}${flipped}${signature.slice(11)}`;
    url.searchParams.set("token", `${payload}.${tampered}`);
    const res = await putObject(url.toString(), PNG);
    expect(res.status).toBe(403);
    expectKoreanMessages(await json<ErrorBody>(res));
    expect(await objectRow(objectPath)).toBeUndefined();
  });

  it("a URL is valid for its own object only: a payload swapped onto another signature is 403", async () => {
    const a = await requestUpload(server);
    const b = await requestUpload(server);
    const tokenA = new URL(a.uploadURL).searchParams.get("token") ?? "";
    const tokenB = new URL(b.uploadURL).searchParams.get("token") ?? "";
    const [payloadB] = tokenB.split(".");
    const [, signatureA] = tokenA.split(".");
    const url = new URL(a.uploadURL);
    url.searchParams.set("token", `${payloadB}.${signatureA}`);
    const res = await putObject(url.toString(), PNG);
    expect(res.status).toBe(403);
    expect(await objectRow(b.objectPath)).toBeUndefined();

    // A forged grant (an administrator's public object, far-off expiry) is refused as well.
    const forged = Buffer.from(
      JSON.stringify({
        id: crypto.randomUUID(),
        exp: Math.floor(Date.now() / 1000) + 86_400,
        owner: admin.id,
        visibility: "public",
        origin: "member",
      }),
    ).toString("base64url");
    url.searchParams.set("token", `${forged}.${signatureA}`);
    expect((await putObject(url.toString(), PNG)).status).toBe(403);
  });

  it("a missing or malformed token is refused with 403", async () => {
    for (const query of ["", "?token=", "?token=abc", "?token=a.b.c", "?token=%E2%82%AC.x"]) {
      const res = await server.fetch(`/api/objects/put${query}`, {
        method: "PUT",
        headers: { "Content-Type": "image/png" },
        body: PNG,
      });
      expect(res.status, query).toBe(403);
      expectKoreanMessages(await json<ErrorBody>(res));
    }
  });
});

describe("GET /objects/{id}", () => {
  async function expectServed(objectPath: string, cookie: string | null, bytes: Uint8Array) {
    const res = await get(server, objectPath, { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-content-type-options")).toContain("nosniff");
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    return res;
  }

  async function expectHidden(objectPath: string, cookie: string | null) {
    const res = await get(server, objectPath, { cookie });
    expect(res.status).toBe(404);
    expect(res.headers.get("x-content-type-options")).toContain("nosniff");
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.includes(Buffer.from(PNG.subarray(0, 8)))).toBe(false);
  }

  it("a sign-up's licence image: 404 to visitors and other members, 200 to its owner and administrators", async () => {
    const doctor = await signUp(server);
    // Before approval: hidden from visitors and other members, shown to administrators.
    await expectHidden(doctor.licenseImageUrl, null);
    await expectHidden(doctor.licenseImageUrl, otherMember.cookie);
    await expectHidden(doctor.licenseImageUrl, member.cookie);
    const asAdmin = await expectServed(doctor.licenseImageUrl, admin.cookie, PNG);
    expect(asAdmin.headers.get("cache-control")).toBe("private, no-store");
    expect(asAdmin.headers.get("content-type")).toBe("image/png");

    // Once approved and logged in, the owner sees it too.
    const approve = await postJson(server, `/api/users/${doctor.id}/approve`, undefined, {
      cookie: admin.cookie,
    });
    expect(approve.status).toBe(200);
    const ownerCookie = await logInCookie(server, doctor.email, doctor.password);
    const asOwner = await expectServed(doctor.licenseImageUrl, ownerCookie, PNG);
    expect(asOwner.headers.get("cache-control")).toBe("private, no-store");
    expect(asOwner.headers.get("x-content-type-options")).toContain("nosniff");
  });

  it("an unclaimed sign-up upload is readable by nobody but administrators", async () => {
    const objectPath = await uploadImage(server, { body: JPEG, contentType: "image/jpeg" });
    await expectHidden(objectPath, null);
    await expectHidden(objectPath, member.cookie);
    await expectServed(objectPath, admin.cookie, JPEG);
  });

  it("a member's upload is private: 404 to visitors and other members, 200 to owner and administrators", async () => {
    const objectPath = await uploadImage(server, { cookie: member.cookie, body: GIF });
    expect((await objectRow(objectPath))?.visibility).toBe("private");
    expect((await objectRow(objectPath))?.ownerId).toBe(member.id);
    await expectHidden(objectPath, null);
    await expectHidden(objectPath, otherMember.cookie);
    const own = await expectServed(objectPath, member.cookie, GIF);
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    const asAdmin = await expectServed(objectPath, admin.cookie, GIF);
    expect(asAdmin.headers.get("cache-control")).toBe("private, no-store");
    expect(asAdmin.headers.get("content-type")).toBe("image/gif");
  });

  it("an administrator's upload is public: 200 to a visitor", async () => {
    const objectPath = await uploadImage(server, { cookie: admin.cookie, body: WEBP });
    expect((await objectRow(objectPath))?.visibility).toBe("public");
    const res = await expectServed(objectPath, null, WEBP);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).not.toContain("no-store");
    await expectServed(objectPath, member.cookie, WEBP);
  });

  it("a logged-out owner no longer sees their private image", async () => {
    const owner = await createMember(server);
    const objectPath = await uploadImage(server, { cookie: owner.cookie });
    await expectServed(objectPath, owner.cookie, PNG);
    await postJson(server, "/api/auth/logout", undefined, { cookie: owner.cookie });
    await expectHidden(objectPath, owner.cookie);
  });

  it("unknown and malformed ids answer 404", async () => {
    for (const path of [
      `/objects/${crypto.randomUUID()}`,
      "/objects/not-a-uuid",
      "/objects/..%2F..%2Fetc%2Fpasswd",
    ]) {
      const res = await get(server, path);
      expect(res.status, path).toBe(404);
    }
    // A NUL is no address at all: refused before any route (400).
    expect((await get(server, "/objects/%00")).status).toBe(400);
  });
});

describe("members' images: decoded to the end, a daily quota, swept when nothing took them", () => {
  const BROKEN = "이미지 파일이 손상되었거나 일부가 잘려 있습니다. 다른 파일을 올려주세요.";

  /** A 96×96 picture of noise in `format`, large enough that a cut leaves its header whole. */
  async function picture(format: "jpeg" | "png" | "webp" | "gif") {
    const sharp = (await import("sharp")).default;
    const raw = Buffer.alloc(96 * 96 * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) % 251;
    return sharp(raw, { raw: { width: 96, height: 96, channels: 3 } })
      [format]()
      .toBuffer();
  }

  it("refuses a truncated or corrupt JPEG, PNG, WebP or GIF with 400 in Korean, storing nothing", async () => {
    for (const format of ["jpeg", "png", "webp", "gif"] as const) {
      const whole = await picture(format);
      const cut = whole.subarray(0, Math.floor(whole.length * 0.7));
      for (const [label, body, cookie] of [
        [`${format} cut short`, cut, member.cookie],
        [`${format} cut short, anonymous`, cut, undefined],
      ] as const) {
        const { uploadURL, objectPath } = await requestUpload(server, cookie);
        const res = await putObject(uploadURL, body);
        expect(res.status, label).toBe(400);
        const answer = await json<ErrorBody>(res);
        expect(answer.message, label).toBe(BROKEN);
        expectKoreanMessages(answer);
        expect(await objectRow(objectPath), label).toBeUndefined();
      }
      // The whole picture is taken.
      const { uploadURL } = await requestUpload(server, member.cookie);
      expect((await putObject(uploadURL, whole)).status, format).toBe(200);
    }
    // A PNG whose image data is damaged inside (its checksum no longer matches).
    const png = Buffer.from(await picture("png"));
    const data = png.indexOf("IDAT") + 20;
    for (let i = data; i < data + 16; i++) png[i] = (png[i] ?? 0) ^ 0x5a;
    const { uploadURL, objectPath } = await requestUpload(server, member.cookie);
    const res = await putObject(uploadURL, png);
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).message).toBe(BROKEN);
    expect(await objectRow(objectPath)).toBeUndefined();
  });

  it("decodes on the server only: no browser asset carries the decoder", () => {
    const dir = path.resolve("build/client/assets");
    const scripts = fs.readdirSync(dir).filter((name) => name.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const name of scripts) {
      const text = fs.readFileSync(path.join(dir, name), "utf8");
      expect(text, name).not.toMatch(/libvips|limitInputPixels|@img\/sharp|image-check/);
    }
  });

  it("takes 50 MB of a member's images in 24 hours, then 429 in Korean; administrators are not counted", async () => {
    const uploader = await createMember(server);
    for (let i = 0; i < 10; i++) {
      const { uploadURL } = await requestUpload(server, uploader.cookie);
      expect((await putObject(uploadURL, pngOfSize(MAX_BYTES))).status, `image ${i + 1}`).toBe(200);
    }
    const { uploadURL, objectPath } = await requestUpload(server, uploader.cookie);
    const over = await putObject(uploadURL, PNG);
    expect(over.status).toBe(429);
    const answer = await json<ErrorBody>(over);
    expect(answer.message).toBe(
      "이미지는 24시간 동안 50MB까지 올릴 수 있습니다. 내일 다시 시도해주세요.",
    );
    expectKoreanMessages(answer);
    expect(await objectRow(objectPath)).toBeUndefined();
    // Another member has their own quota, and an administrator's page images are not counted.
    await uploadImage(server, { cookie: otherMember.cookie });
    for (let i = 0; i < 11; i++) {
      const grant = await requestUpload(server, admin.cookie);
      expect((await putObject(grant.uploadURL, pngOfSize(MAX_BYTES))).status).toBe(200);
    }
  });

  it("an administrator's own licence image turns private when their 정회원 application takes it", async () => {
    const doctorAdmin = await createAdmin(server);
    const licence = await uploadImage(server, { cookie: doctorAdmin.cookie, body: PNG });
    // An administrator's upload is a page picture until something takes it.
    expect((await get(server, licence)).status).toBe(200);
    const applied = await postJson(
      server,
      "/api/membership-applications",
      applicationPayload({ licenseImageUrl: licence }),
      { cookie: doctorAdmin.cookie },
    );
    expect(applied.status, await applied.clone().text()).toBe(201);
    expect((await objectRow(licence))?.visibility).toBe("private");
    expect((await get(server, licence)).status).toBe(404);
    expect((await get(server, licence, { cookie: member.cookie })).status).toBe(404);
    const own = await get(server, licence, { cookie: doctorAdmin.cookie });
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).not.toContain("public");
  });

  it("deletes within the hour a member's image no post or application took, and keeps the taken ones", async () => {
    const { sweepAbandonedUploads } = await import("~/features/uploads/sweep.server");
    const writer = await createMember(server);
    const unused = await uploadImage(server, { cookie: writer.cookie, body: JPEG });
    const posted = await uploadImage(server, { cookie: writer.cookie, body: PNG });
    const licence = await uploadImage(server, { cookie: writer.cookie, body: GIF });
    const pageImage = await uploadImage(server, { cookie: admin.cookie, body: WEBP });
    const post = await postJson(
      server,
      "/api/community/posts",
      { title: "사진 있는 글", body: "본문", images: [posted] },
      { cookie: writer.cookie },
    );
    expect(post.status, await post.clone().text()).toBe(201);
    const applied = await postJson(
      server,
      "/api/membership-applications",
      applicationPayload({ licenseImageUrl: licence }),
      { cookie: writer.cookie },
    );
    expect(applied.status, await applied.clone().text()).toBe(201);
    const file = (objectPath: string) => {
      const id = objectPath.replace("/objects/", "");
      return path.join(process.env.DATA_DIR!, "objects", id.slice(0, 2), id);
    };

    const id = (objectPath: string) => objectPath.replace("/objects/", "");
    // Within the hour nothing of the member's goes; after it, the image nothing took.
    advanceClock(59 * 60 * 1000);
    try {
      expect(await sweepAbandonedUploads()).not.toContain(id(unused));
      expect(await objectRow(unused)).toBeDefined();
      advanceClock(2 * 60 * 1000);
      const swept = await sweepAbandonedUploads();
      expect(swept).toContain(id(unused));
      for (const kept of [posted, licence, pageImage]) expect(swept).not.toContain(id(kept));
    } finally {
      resetClock();
    }
    expect(await objectRow(unused)).toBeUndefined();
    expect(fs.existsSync(file(unused))).toBe(false);
    expect((await get(server, unused, { cookie: writer.cookie })).status).toBe(404);
    for (const kept of [posted, licence, pageImage]) {
      expect(await objectRow(kept), kept).toBeDefined();
      expect(fs.existsSync(file(kept)), kept).toBe(true);
    }
    expect((await get(server, licence, { cookie: writer.cookie })).status).toBe(200);
  });
});
