// Retention with a controllable clock: runRetention(now), the
// job that runs at start and daily, deletes a licence image 30 days after a rejection (file,
// stored_objects row, users.licenseImageUrl), keeps it after approval unless configured (see
// personal-data-retention-approval.test.ts), deletes sign-up uploads nobody claimed within a day,
// deletes audit entries past their retention (never younger than a year), and is idempotent.
import fs from "node:fs";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, membershipApplications, rateLimits, storedObjects, users } from "~db/schema";
import {
  createAdmin,
  createMember,
  type LoggedIn,
  postJson,
  signUp,
  uploadImage,
  userRow,
} from "../support/accounts";
import { waitForQueueDrained } from "../support/mail";
import { setupTestServer } from "../support/test-server";

const DAY = 24 * 60 * 60 * 1000;

let admin: LoggedIn;
let runRetention: typeof import("~/jobs/retention.server").runRetention;

const server = setupTestServer();
beforeAll(async () => {
  ({ runRetention } = await import("~/jobs/retention.server"));
  admin = await createAdmin(server);
});
afterAll(async () => {
  // Approval and rejection queue e-mails; let them go out before the database closes.
  await waitForQueueDrained(server);
});

const idOf = (objectPath: string) => objectPath.replace(/^\/objects\//, "");

function objectFile(objectPath: string) {
  const id = idOf(objectPath);
  return path.join(process.env.DATA_DIR!, "objects", id.slice(0, 2), id);
}

async function objectRow(objectPath: string) {
  const [row] = await server.db
    .select()
    .from(storedObjects)
    .where(eq(storedObjects.id, idOf(objectPath)));
  return row;
}

/** The image is still there: file, row, and the account still names it. */
async function expectKept(objectPath: string, userId?: string) {
  expect(fs.existsSync(objectFile(objectPath)), `${objectPath} file`).toBe(true);
  expect(await objectRow(objectPath), `${objectPath} row`).toBeDefined();
  if (userId) expect((await userRow(server, userId))?.licenseImageUrl).toBe(objectPath);
}

/** The image is gone: file, row, and the account's reference. */
async function expectDeleted(objectPath: string, userId?: string) {
  expect(fs.existsSync(objectFile(objectPath)), `${objectPath} file`).toBe(false);
  expect(await objectRow(objectPath), `${objectPath} row`).toBeUndefined();
  if (userId) {
    const row = await userRow(server, userId);
    expect(row, "the account itself stays").toBeDefined();
    expect(row?.licenseImageUrl).toBeNull();
  }
}

/** Everything the job may touch, to compare before and after a second run. */
async function snapshot() {
  const objectsDir = path.join(process.env.DATA_DIR!, "objects");
  const files = fs.existsSync(objectsDir)
    ? fs.readdirSync(objectsDir, { recursive: true }).map(String).sort()
    : [];
  return {
    users: await server.db
      .select({ id: users.id, licenseImageUrl: users.licenseImageUrl })
      .from(users)
      .orderBy(asc(users.id)),
    objects: await server.db
      .select({ id: storedObjects.id })
      .from(storedObjects)
      .orderBy(asc(storedObjects.id)),
    audit: await server.db.select({ id: auditLog.id }).from(auditLog).orderBy(asc(auditLog.id)),
    files,
  };
}

async function setUser(id: string, values: Partial<typeof users.$inferInsert>) {
  await server.db.update(users).set(values).where(eq(users.id, id));
}

async function ageObject(objectPath: string, createdAt: Date) {
  await server.db
    .update(storedObjects)
    .set({ createdAt })
    .where(eq(storedObjects.id, idOf(objectPath)));
}

describe("runRetention", () => {
  it("deletes images by the rules, once, and a later clock deletes what has come due", async () => {
    const now = new Date();
    // Rejected 31 and 29 days ago (the account stays, marked rejected).
    const rejectedLong = await signUp(server);
    await setUser(rejectedLong.id, { rejectedAt: new Date(now.getTime() - 31 * DAY) });
    const rejectedRecently = await signUp(server);
    await setUser(rejectedRecently.id, { rejectedAt: new Date(now.getTime() - 29 * DAY) });
    // Approved long ago: kept by default until withdrawal.
    const approved = await createMember(server);
    await setUser(approved.id, { approvedAt: new Date(now.getTime() - 1000 * DAY) });
    // Pending for a long time: no decision, kept.
    const pending = await signUp(server);
    // A sign-up upload nobody claimed, two days old, and a fresh one.
    const abandoned = await uploadImage(server);
    await ageObject(abandoned, new Date(now.getTime() - 25 * 60 * 60 * 1000));
    const fresh = await uploadImage(server);
    // Claimed sign-up uploads are not abandoned however old they are.
    for (const account of [rejectedRecently, approved, pending]) {
      await ageObject(account.licenseImageUrl, new Date(now.getTime() - 100 * DAY));
    }
    // An image a member uploaded while logged in and put in a board post (claimed) is kept however
    // old; one no post or application took is abandoned like a sign-up upload.
    const memberUpload = await uploadImage(server, { cookie: approved.cookie });
    const posted = await postJson(
      server,
      "/api/community/posts",
      { title: "사진 글", body: "본문", images: [memberUpload] },
      { cookie: approved.cookie },
    );
    expect(posted.status, await posted.clone().text()).toBe(201);
    await ageObject(memberUpload, new Date(now.getTime() - 100 * DAY));
    const memberAbandoned = await uploadImage(server, { cookie: approved.cookie });
    await ageObject(memberAbandoned, new Date(now.getTime() - 2 * 60 * 60 * 1000));

    for (const image of [rejectedLong, rejectedRecently, approved, pending]) {
      await expectKept(image.licenseImageUrl, image.id);
    }
    await expectKept(abandoned);
    await expectKept(fresh);

    const first = await runRetention(now);
    expect(first).toEqual({
      rejected: 1,
      approved: 0,
      abandoned: 2,
      auditEntries: 0,
      authEvents: 0,
    });
    await expectDeleted(rejectedLong.licenseImageUrl, rejectedLong.id);
    await expectKept(rejectedRecently.licenseImageUrl, rejectedRecently.id);
    await expectKept(approved.licenseImageUrl, approved.id);
    await expectKept(pending.licenseImageUrl, pending.id);
    await expectDeleted(abandoned);
    await expectDeleted(memberAbandoned);
    await expectKept(fresh);
    await expectKept(memberUpload);
    // Not even an administrator can open a deleted image.
    expect(
      (await server.fetch(rejectedLong.licenseImageUrl, { headers: { Cookie: admin.cookie } }))
        .status,
    ).toBe(404);
    // Only the image goes: the rejected account keeps its other data.
    const rejectedRow = await userRow(server, rejectedLong.id);
    expect(rejectedRow?.email).toBe(rejectedLong.email);
    expect(rejectedRow?.rejectedAt).toBeInstanceOf(Date);

    // Idempotent: a second run at the same time deletes nothing and counts nothing.
    const before = await snapshot();
    const second = await runRetention(now);
    expect(second).toEqual({
      rejected: 0,
      approved: 0,
      abandoned: 0,
      auditEntries: 0,
      authEvents: 0,
    });
    expect(await snapshot()).toEqual(before);

    // Two days later the one rejected 29 days ago is past 30 days; the fresh upload past a day.
    const later = new Date(now.getTime() + 2 * DAY);
    const third = await runRetention(later);
    expect(third).toEqual({
      rejected: 1,
      approved: 0,
      abandoned: 1,
      auditEntries: 0,
      authEvents: 0,
    });
    await expectDeleted(rejectedRecently.licenseImageUrl, rejectedRecently.id);
    await expectDeleted(fresh);
    await expectKept(approved.licenseImageUrl, approved.id);
    await expectKept(pending.licenseImageUrl, pending.id);
    await expectKept(memberUpload);

    const afterThird = await snapshot();
    expect(await runRetention(later)).toEqual({
      rejected: 0,
      approved: 0,
      abandoned: 0,
      auditEntries: 0,
      authEvents: 0,
    });
    expect(await snapshot()).toEqual(afterThird);
  });

  it("counts 30 days from an administrator's rejection through the API", async () => {
    const doctor = await signUp(server);
    const rejected = await postJson(server, `/api/users/${doctor.id}/reject`, undefined, {
      cookie: admin.cookie,
    });
    expect(rejected.status).toBe(200);
    const rejectedAt = (await userRow(server, doctor.id))?.rejectedAt;
    expect(rejectedAt).toBeInstanceOf(Date);

    const day29 = await runRetention(new Date(rejectedAt!.getTime() + 29 * DAY));
    expect(day29.rejected).toBe(0);
    await expectKept(doctor.licenseImageUrl, doctor.id);

    const day31 = await runRetention(new Date(rejectedAt!.getTime() + 31 * DAY));
    expect(day31.rejected).toBe(1);
    await expectDeleted(doctor.licenseImageUrl, doctor.id);

    expect((await runRetention(new Date(rejectedAt!.getTime() + 31 * DAY))).rejected).toBe(0);
  });

  it("keeps an approved member's image by default, however much time passes", async () => {
    const doctor = await signUp(server);
    const approved = await postJson(server, `/api/users/${doctor.id}/approve`, undefined, {
      cookie: admin.cookie,
    });
    expect(approved.status).toBe(200);
    expect((await userRow(server, doctor.id))?.approvedAt).toBeInstanceOf(Date);
    const result = await runRetention(new Date(Date.now() + 3650 * DAY));
    expect(result.approved).toBe(0);
    await expectKept(doctor.licenseImageUrl, doctor.id);
  });

  it("deletes audit entries past their retention and keeps those younger than two years", async () => {
    const now = new Date();
    const [old] = await server.db
      .insert(auditLog)
      .values({
        actorEmail: "old@example.com",
        action: "export_members",
        createdAt: new Date(now.getTime() - 800 * DAY),
      })
      .returning({ id: auditLog.id });
    const [yearAndAHalf] = await server.db
      .insert(auditLog)
      .values({
        actorEmail: "recent@example.com",
        action: "export_members",
        createdAt: new Date(now.getTime() - 400 * DAY),
      })
      .returning({ id: auditLog.id });

    const first = await runRetention(now);
    expect(first.auditEntries).toBe(1);
    const ids = (await server.db.select({ id: auditLog.id }).from(auditLog)).map((r) => r.id);
    expect(ids).not.toContain(old!.id);
    expect(ids).toContain(yearAndAHalf!.id);
    expect((await runRetention(now)).auditEntries).toBe(0);
  });
});

describe("the embedded database's upkeep", () => {
  it("vacuums PGlite, which has no autovacuum (PostgreSQL runs its own)", async () => {
    const lastVacuum = async () => {
      const { rows } = (await server.db.execute(
        sql`select last_vacuum from pg_stat_user_tables where relname = 'rate_limits'`,
      )) as unknown as { rows: Array<{ last_vacuum: string | Date | null }> };
      return rows[0]?.last_vacuum ?? null;
    };
    const before = await lastVacuum();
    await runRetention(new Date());
    const after = await lastVacuum();
    // PostgreSQL's autovacuum may run at any moment, so only PGlite's vacuum is told apart.
    if (server.kind === "pglite") {
      expect(after).not.toBeNull();
      expect(after).not.toEqual(before);
    }
  });
});

describe("rate-limit counters", () => {
  it("drops the counters whose window has ended and keeps the running ones", async () => {
    const now = new Date();
    await server.db.insert(rateLimits).values([
      { key: "retention-test:ended", count: 3, resetAt: new Date(now.getTime() - 60_000) },
      { key: "retention-test:running", count: 2, resetAt: new Date(now.getTime() + 60_000) },
    ]);
    await runRetention(now);
    const keys = (await server.db.select({ key: rateLimits.key }).from(rateLimits)).map(
      (row) => row.key,
    );
    expect(keys).not.toContain("retention-test:ended");
    expect(keys).toContain("retention-test:running");
  });
});

describe("licence images sent with a full-membership application", () => {
  it("follow the sign-up's rules: deleted 30 days after the application's rejection, not before", async () => {
    const applicant = await createMember(server);
    const applied = await postJson(
      server,
      "/api/membership-applications",
      {
        phone: "010-2222-3333",
        licenseNumber: "APP-RET-1",
        hospitalName: "보존내과의원",
        department: "내과",
        address: "대구광역시 수성구 동대구로 1",
      },
      { cookie: applicant.cookie },
    );
    expect(applied.status).toBe(201);
    const { id } = (await applied.json()) as { id: string };
    const image = await uploadImage(server, { cookie: applicant.cookie });
    const attached = await server.fetch(`/api/membership-applications/${id}/license-image`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Cookie: applicant.cookie },
      body: JSON.stringify({ licenseImageUrl: image }),
    });
    expect(attached.status).toBe(200);
    const rejected = await server.fetch(`/api/membership-applications/${id}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json", Cookie: admin.cookie },
      body: JSON.stringify({ status: "rejected", rejectionReason: "서류 미비" }),
    });
    expect(rejected.status).toBe(200);

    const decidedAt = new Date();
    await runRetention(new Date(decidedAt.getTime() + 29 * DAY));
    await expectKept(image);
    const application = async () =>
      (
        await server.db
          .select({ licenseImageUrl: membershipApplications.licenseImageUrl })
          .from(membershipApplications)
          .where(eq(membershipApplications.id, id))
      )[0];
    expect((await application())?.licenseImageUrl).toBe(image);

    const due = await runRetention(new Date(decidedAt.getTime() + 31 * DAY));
    expect(due.rejected).toBe(1);
    await expectDeleted(image);
    expect((await application())?.licenseImageUrl).toBeNull();
    // The applicant's own sign-up image is theirs until their own rules say otherwise.
    await expectKept(applicant.licenseImageUrl, applicant.id);
  });
});
