// Retention after approval when configured (after approval a licence image is kept until withdrawal
// unless configured otherwise): with LICENSE_IMAGE_DAYS_AFTER_APPROVAL=10, runRetention(now)
// deletes an approved member's licence image 10 days after the approval, once; the rejection rule
// still applies.
// (A server of its own: the setting is read when the server starts.)
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedObjects, users } from "~db/schema";
import {
  createAdmin,
  createMember,
  type LoggedIn,
  postJson,
  signUp,
  userRow,
} from "../support/accounts";
import { waitForQueueDrained } from "../support/mail";
import { setupTestServer } from "../support/test-server";

const DAY = 24 * 60 * 60 * 1000;

let admin: LoggedIn;
let runRetention: typeof import("~/jobs/retention.server").runRetention;

const server = setupTestServer({ env: { LICENSE_IMAGE_DAYS_AFTER_APPROVAL: "10" } });
beforeAll(async () => {
  ({ runRetention } = await import("~/jobs/retention.server"));
  admin = await createAdmin(server);
});
afterAll(async () => {
  // The sign-ups' and approvals' mail goes out before the server closes. A message whose first
  // attempt failed under load waits 30 s for its retry: send what is queued now, as if that
  // time had passed, then wait for the queue to be empty.
  const { processMailQueue } = await import("~/features/mail/mail.server");
  await processMailQueue(() => new Date(Date.now() + DAY));
  await waitForQueueDrained(server, 20_000);
});

const idOf = (objectPath: string) => objectPath.replace(/^\/objects\//, "");
const fileOf = (objectPath: string) => {
  const id = idOf(objectPath);
  return path.join(process.env.DATA_DIR!, "objects", id.slice(0, 2), id);
};

async function imageState(objectPath: string, userId: string) {
  const [object] = await server.db
    .select()
    .from(storedObjects)
    .where(eq(storedObjects.id, idOf(objectPath)));
  return {
    file: fs.existsSync(fileOf(objectPath)),
    row: object !== undefined,
    reference: (await userRow(server, userId))?.licenseImageUrl ?? null,
  };
}

const KEPT = (objectPath: string) => ({ file: true, row: true, reference: objectPath });
const DELETED = { file: false, row: false, reference: null };

async function setUser(id: string, values: Partial<typeof users.$inferInsert>) {
  await server.db.update(users).set(values).where(eq(users.id, id));
}

describe("runRetention with LICENSE_IMAGE_DAYS_AFTER_APPROVAL=10", () => {
  it("deletes the image of a member approved 11 days ago and keeps one approved 9 days ago", async () => {
    const now = new Date();
    const approvedLong = await createMember(server);
    await setUser(approvedLong.id, { approvedAt: new Date(now.getTime() - 11 * DAY) });
    const approvedRecently = await createMember(server);
    await setUser(approvedRecently.id, { approvedAt: new Date(now.getTime() - 9 * DAY) });
    const rejectedLong = await signUp(server);
    await setUser(rejectedLong.id, { rejectedAt: new Date(now.getTime() - 31 * DAY) });
    const pending = await signUp(server);

    const first = await runRetention(now);
    expect(first).toEqual({
      rejected: 1,
      approved: 1,
      abandoned: 0,
      auditEntries: 0,
      authEvents: 0,
    });
    expect(await imageState(approvedLong.licenseImageUrl, approvedLong.id)).toEqual(DELETED);
    expect(await imageState(approvedRecently.licenseImageUrl, approvedRecently.id)).toEqual(
      KEPT(approvedRecently.licenseImageUrl),
    );
    expect(await imageState(rejectedLong.licenseImageUrl, rejectedLong.id)).toEqual(DELETED);
    expect(await imageState(pending.licenseImageUrl, pending.id)).toEqual(
      KEPT(pending.licenseImageUrl),
    );
    // The approved member stays a member and can still log in; only the image went.
    const row = await userRow(server, approvedLong.id);
    expect(row?.isApproved).toBe(true);
    expect(
      (await server.fetch("/api/auth/me", { headers: { Cookie: approvedLong.cookie } })).status,
    ).toBe(200);
    expect(
      (await server.fetch(approvedLong.licenseImageUrl, { headers: { Cookie: admin.cookie } }))
        .status,
    ).toBe(404);

    // Idempotent.
    expect(await runRetention(now)).toEqual({
      rejected: 0,
      approved: 0,
      abandoned: 0,
      auditEntries: 0,
      authEvents: 0,
    });
    expect(await imageState(approvedRecently.licenseImageUrl, approvedRecently.id)).toEqual(
      KEPT(approvedRecently.licenseImageUrl),
    );

    // Two days later the member approved 9 days ago is past 10 days.
    const later = await runRetention(new Date(now.getTime() + 2 * DAY));
    expect(later.approved).toBe(1);
    expect(await imageState(approvedRecently.licenseImageUrl, approvedRecently.id)).toEqual(
      DELETED,
    );
  });

  it("counts the 10 days from an administrator's approval through the API", async () => {
    const doctor = await signUp(server);
    const res = await postJson(server, `/api/users/${doctor.id}/approve`, undefined, {
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    const approvedAt = (await userRow(server, doctor.id))?.approvedAt;
    expect(approvedAt).toBeInstanceOf(Date);

    expect((await runRetention(new Date(approvedAt!.getTime() + 9 * DAY))).approved).toBe(0);
    expect(await imageState(doctor.licenseImageUrl, doctor.id)).toEqual(
      KEPT(doctor.licenseImageUrl),
    );
    expect((await runRetention(new Date(approvedAt!.getTime() + 11 * DAY))).approved).toBe(1);
    expect(await imageState(doctor.licenseImageUrl, doctor.id)).toEqual(DELETED);
  });
});
