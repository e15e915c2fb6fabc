// Anonymous sign-up uploads: an address gets SIGNUP_UPLOADS_PER_IP_PER_HOUR upload URLs
// an hour (60 by default), and a sign-up upload nobody claimed within an hour is deleted, row and
// file, by a sweep that takes the time as a parameter and is safe to run twice at once.
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rateLimits, storedObjects } from "~db/schema";
import {
  createAdmin,
  expectKoreanMessages,
  get,
  json,
  type LoggedIn,
  postJson,
  requestUpload,
  signUp,
  uploadImage,
} from "../support/accounts";
import { setupTestServer } from "../support/test-server";

const HOUR = 60 * 60 * 1000;

let admin: LoggedIn;
let sweepAbandonedUploads: typeof import("~/features/uploads/sweep.server").sweepAbandonedUploads;
// Blank: the default quota, as an operator who never set the variable gets it.
const server = setupTestServer({ env: { SIGNUP_UPLOADS_PER_IP_PER_HOUR: "" } });
beforeAll(async () => {
  admin = await createAdmin(server);
  ({ sweepAbandonedUploads } = await import("~/features/uploads/sweep.server"));
});

const idOf = (objectPath: string) => objectPath.replace("/objects/", "");
const fileOf = (objectPath: string) => {
  const id = idOf(objectPath);
  return path.join(process.env.DATA_DIR as string, "objects", id.slice(0, 2), id);
};

async function objectRow(objectPath: string) {
  const [row] = await server.db
    .select()
    .from(storedObjects)
    .where(eq(storedObjects.id, idOf(objectPath)));
  return row;
}

describe("upload URLs for anonymous sign-ups", () => {
  it("an address gets 60 an hour by default; the 61st answers 429 in Korean", async () => {
    for (let i = 0; i < 60; i++) {
      const res = await postJson(server, "/api/objects/upload-public");
      expect(res.status, `request ${i + 1}`).toBe(200);
      await res.body?.cancel();
    }
    const refused = await postJson(server, "/api/objects/upload-public");
    expect(refused.status).toBe(429);
    const body = await json<{ message: string }>(refused);
    expectKoreanMessages(body);
    expect(body.message).toContain("1시간");

    // The window is an hour long.
    const [row] = await server.db
      .select()
      .from(rateLimits)
      .where(sql`${rateLimits.key} like 'signup-upload-ip:%'`);
    expect(row?.count).toBe(61);
    const remaining = (row?.resetAt.getTime() ?? 0) - Date.now();
    expect(remaining).toBeGreaterThan(HOUR - 60_000);
    expect(remaining).toBeLessThanOrEqual(HOUR);

    // A signed-in member's uploads are not this quota's business.
    const member = await requestUpload(server, admin.cookie);
    expect(member.uploadURL).toContain("/api/objects/put?token=");
  });
});

describe("the sweep of abandoned sign-up uploads", () => {
  it("deletes unclaimed sign-up uploads older than an hour, row and file, and nothing else", async () => {
    const abandoned = await uploadImage(server);
    const recent = await uploadImage(server);
    const claimed = (await signUp(server)).licenseImageUrl;
    const adminImage = await uploadImage(server, { cookie: admin.cookie });
    for (const objectPath of [abandoned, recent, claimed, adminImage]) {
      expect(fs.existsSync(fileOf(objectPath)), objectPath).toBe(true);
    }
    // An hour and a bit later for all but `recent`, which was uploaded 59 minutes before.
    const now = new Date(Date.now() + HOUR + 60_000);
    await server.db
      .update(storedObjects)
      .set({ createdAt: new Date(now.getTime() - HOUR + 60_000) })
      .where(eq(storedObjects.id, idOf(recent)));

    const deleted = await sweepAbandonedUploads(now);
    expect(deleted).toContain(idOf(abandoned));
    expect(deleted).not.toContain(idOf(recent));
    expect(await objectRow(abandoned)).toBeUndefined();
    expect(fs.existsSync(fileOf(abandoned))).toBe(false);
    expect((await get(server, abandoned, { cookie: admin.cookie })).status).toBe(404);

    for (const kept of [recent, claimed, adminImage]) {
      expect(await objectRow(kept), kept).toBeDefined();
      expect(fs.existsSync(fileOf(kept)), kept).toBe(true);
      const res = await get(server, kept, { cookie: admin.cookie });
      expect(res.status, kept).toBe(200);
      await res.body?.cancel();
    }

    // A sign-up naming a swept image is refused, not stored with a missing licence image.
    const res = await postJson(server, "/api/auth/register", {
      email: `swept-${Date.now()}@example.com`,
      password: "correct-horse-9",
      name: "김늦음",
      phone: "010-1234-5678",
      licenseNumber: `SW-${Date.now()}`,
      hospitalName: "늦은내과의원",
      department: "내과",
      address: "서울특별시 중구 세종대로 110",
      licenseImageUrl: abandoned,
      termsConsent: true,
      privacyConsent: true,
    });
    expect(res.status).toBe(400);
  });

  it("two sweeps at once (two instances) delete each upload exactly once and do not fail", async () => {
    const paths = await Promise.all(Array.from({ length: 5 }, () => uploadImage(server)));
    const later = new Date(Date.now() + 2 * HOUR);
    const [a, b] = await Promise.all([sweepAbandonedUploads(later), sweepAbandonedUploads(later)]);
    const ids = paths.map(idOf);
    for (const id of ids) {
      expect(
        [...a, ...b].filter((deleted) => deleted === id),
        id,
      ).toHaveLength(1);
    }
    for (const objectPath of paths) {
      expect(await objectRow(objectPath)).toBeUndefined();
      expect(fs.existsSync(fileOf(objectPath))).toBe(false);
    }
    // Nothing left to do the next time.
    expect(await sweepAbandonedUploads(later)).toEqual([]);
  });
});
