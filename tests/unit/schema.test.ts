// The schema and migrations on an in-memory PGlite: constraints, defaults and foreign keys as
// SPEC.md §3 and db/schema.ts describe them, and an idempotent demo-content seed.
import { count, eq } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { seedDemoContent } from "~/features/demo/demo-content.server";
import { type DatabaseHandle, openDatabase } from "~db/client.server";
import {
  academicResources,
  announcements,
  communityComments,
  communityPosts,
  executives,
  historyEvents,
  membershipApplications,
  seminarRegistrations,
  seminars,
  sessions,
  users,
} from "~db/schema";

// Opening PGlite and migrating takes a few seconds, more on a busy two-core machine.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ kind: "memory" });
  await handle.migrate();
});
afterAll(async () => {
  await handle?.close();
});

/** The first row of a query's result; throws when the query returned none. */
function one<T>(result: readonly T[]): T {
  const [row] = result;
  if (row === undefined) throw new Error("Expected at least one row, got none");
  return row;
}

let sequence = 0;
function newUser(overrides: Partial<typeof users.$inferInsert> = {}) {
  sequence += 1;
  return {
    email: `doctor${sequence}@example.kr`,
    passwordHash: "$argon2id$test",
    name: `의사${sequence}`,
    phone: "010-1234-5678",
    licenseNumber: `L-${sequence}`,
    hospitalName: "테스트의원",
    department: "내과",
    address: "대구광역시 수성구",
    ...overrides,
  } satisfies typeof users.$inferInsert;
}

async function insertUser(overrides: Partial<typeof users.$inferInsert> = {}) {
  return one(await handle.db.insert(users).values(newUser(overrides)).returning());
}

function application(userId: string) {
  return {
    userId,
    name: "신청인",
    email: "applicant@example.kr",
    phone: "010-0000-0000",
    licenseNumber: "L-APP",
    hospitalName: "신청의원",
    department: "소아청소년과",
    address: "대구광역시",
  } satisfies typeof membershipApplications.$inferInsert;
}

/** The PostgreSQL error code (SQLSTATE) a query failed with, looked up through wrapped causes. */
async function failureCode(query: PromiseLike<unknown>): Promise<string | undefined> {
  try {
    await query;
  } catch (error) {
    let current: unknown = error;
    while (current && typeof current === "object") {
      const code = (current as { code?: unknown }).code;
      if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
      current = (current as { cause?: unknown }).cause;
    }
    throw new Error(`Query failed without a SQLSTATE: ${String(error)}`);
  }
  throw new Error("Query succeeded but was expected to fail");
}

const UNIQUE_VIOLATION = "23505";
const FOREIGN_KEY_VIOLATION = "23503";

async function rows(table: PgTable) {
  return one(await handle.db.select({ n: count() }).from(table)).n;
}

describe("users", () => {
  it("refuses a second account whose e-mail differs only in case", async () => {
    await insertUser({ email: "A@x.kr" });
    expect(await failureCode(handle.db.insert(users).values(newUser({ email: "a@x.kr" })))).toBe(
      UNIQUE_VIOLATION,
    );
    expect(await failureCode(handle.db.insert(users).values(newUser({ email: "A@X.KR" })))).toBe(
      UNIQUE_VIOLATION,
    );
    const found = await handle.db.select().from(users).where(eq(users.email, "A@x.kr"));
    expect(found).toHaveLength(1);
  });

  it("starts a new user as an unapproved member with timestamps", async () => {
    const before = Date.now();
    const user = await insertUser();
    expect(user.role).toBe("member");
    expect(user.isApproved).toBe(false);
    expect(user.rejectedAt).toBeNull();
    expect(user.licenseImageUrl).toBeNull();
    expect(user.profileImageUrl).toBeNull();
    expect(user.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(user.createdAt).toBeInstanceOf(Date);
    expect(user.createdAt.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect(user.updatedAt).toBeInstanceOf(Date);
  });

  it("requires the sign-up fields", async () => {
    const { name: _name, ...withoutName } = newUser();
    expect(
      await failureCode(handle.db.insert(users).values(withoutName as typeof users.$inferInsert)),
    ).toBe("23502");
  });
});

describe("column defaults", () => {
  it("announcement: category '일반', views 0, createdAt now, id a uuid", async () => {
    const row = one(
      await handle.db
        .insert(announcements)
        .values({ title: "제목", content: "<p>본문</p>" })
        .returning(),
    );
    expect(row.category).toBe("일반");
    expect(row.views).toBe(0);
    expect(row.imageUrl).toBeNull();
    expect(row.linkUrl).toBeNull();
    expect(row.createdAt).toBeInstanceOf(Date);
    expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("announcement category holds up to 50 characters", async () => {
    await handle.db
      .insert(announcements)
      .values({ title: "t", content: "c", category: "가".repeat(50) });
    expect(
      await failureCode(
        handle.db
          .insert(announcements)
          .values({ title: "t", content: "c", category: "가".repeat(51) }),
      ),
    ).toBe("22001");
  });

  it("seminar: status 'open'", async () => {
    const row = one(
      await handle.db
        .insert(seminars)
        .values({
          title: "세미나",
          description: "설명",
          speaker: "연자",
          date: new Date("2027-01-01T10:00:00Z"),
          location: "장소",
        })
        .returning(),
    );
    expect(row.status).toBe("open");
    expect(row.registrationUrl).toBeNull();
    expect(row.date.toISOString()).toBe("2027-01-01T10:00:00.000Z");
  });

  it("executive: order 0", async () => {
    const row = one(
      await handle.db
        .insert(executives)
        .values({ name: "임원", position: "이사", title: "원장", credentials: "전문의" })
        .returning(),
    );
    expect(row.order).toBe(0);
    expect(row.imageUrl).toBeNull();
  });

  it("history event: month optional", async () => {
    const row = one(
      await handle.db
        .insert(historyEvents)
        .values({ year: 2024, title: "연혁", description: "설명" })
        .returning(),
    );
    expect(row.month).toBeNull();
  });

  it("membership application: status 'pending', no rejection reason", async () => {
    const user = await insertUser();
    const row = one(
      await handle.db.insert(membershipApplications).values(application(user.id)).returning(),
    );
    expect(row.status).toBe("pending");
    expect(row.rejectionReason).toBeNull();
    expect(row.licenseImageUrl).toBeNull();
    expect(row.createdAt).toBeInstanceOf(Date);
    expect(row.updatedAt).toBeInstanceOf(Date);
  });

  it("seminar registration: status 'confirmed'", async () => {
    const user = await insertUser();
    const seminar = one(
      await handle.db
        .insert(seminars)
        .values({ title: "s", description: "d", speaker: "p", date: new Date(), location: "l" })
        .returning(),
    );
    const row = one(
      await handle.db
        .insert(seminarRegistrations)
        .values({
          seminarId: seminar.id,
          userId: user.id,
          name: user.name,
          email: user.email,
          phone: user.phone,
        })
        .returning(),
    );
    expect(row.status).toBe("confirmed");
    expect(row.hospitalName).toBeNull();
  });

  it("academic resource and community post: downloads and views 0", async () => {
    const user = await insertUser();
    const resource = one(
      await handle.db
        .insert(academicResources)
        .values({
          title: "자료",
          category: "학술",
          fileUrl: "/objects/x",
          fileName: "x.pdf",
          fileSize: 10,
          uploadedBy: user.id,
        })
        .returning(),
    );
    expect(resource.downloads).toBe(0);
    const post = one(
      await handle.db
        .insert(communityPosts)
        .values({ title: "글", content: "내용", authorId: user.id, authorName: user.name })
        .returning(),
    );
    expect(post.views).toBe(0);
  });
});

describe("foreign keys", () => {
  it("refuses a membership application for a user who does not exist", async () => {
    expect(
      await failureCode(
        handle.db
          .insert(membershipApplications)
          .values(application("7d1f3c2a-5b4e-4f60-9a8b-0c1d2e3f4a5b")),
      ),
    ).toBe(FOREIGN_KEY_VIOLATION);
  });

  it("allows one membership application per user", async () => {
    const user = await insertUser();
    await handle.db.insert(membershipApplications).values(application(user.id));
    expect(
      await failureCode(handle.db.insert(membershipApplications).values(application(user.id))),
    ).toBe(UNIQUE_VIOLATION);
    const other = await insertUser();
    await handle.db.insert(membershipApplications).values(application(other.id));
  });

  it("deleting a user deletes their application, sessions and registrations", async () => {
    const user = await insertUser();
    const keep = await insertUser();
    await handle.db.insert(membershipApplications).values(application(user.id));
    await handle.db.insert(sessions).values([
      {
        sid: `s-${user.id}-1`,
        sess: { userId: user.id },
        expire: new Date(Date.now() + 60_000),
        userId: user.id,
      },
      {
        sid: `s-${user.id}-2`,
        sess: { userId: user.id },
        expire: new Date(Date.now() + 60_000),
        userId: user.id,
      },
      {
        sid: `s-${keep.id}`,
        sess: { userId: keep.id },
        expire: new Date(Date.now() + 60_000),
        userId: keep.id,
      },
    ]);
    const seminar = one(
      await handle.db
        .insert(seminars)
        .values({ title: "s", description: "d", speaker: "p", date: new Date(), location: "l" })
        .returning(),
    );
    await handle.db.insert(seminarRegistrations).values({
      seminarId: seminar.id,
      userId: user.id,
      name: "n",
      email: "e@x.kr",
      phone: "p",
    });

    await handle.db.delete(users).where(eq(users.id, user.id));

    expect(
      await handle.db
        .select()
        .from(membershipApplications)
        .where(eq(membershipApplications.userId, user.id)),
    ).toEqual([]);
    expect(await handle.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(
      await handle.db
        .select()
        .from(seminarRegistrations)
        .where(eq(seminarRegistrations.userId, user.id)),
    ).toEqual([]);
    expect(
      await handle.db.select().from(sessions).where(eq(sessions.userId, keep.id)),
    ).toHaveLength(1);
  });

  it("a session row may exist without a user (before login)", async () => {
    await handle.db
      .insert(sessions)
      .values({ sid: "anonymous", sess: { flash: "x" }, expire: new Date(Date.now() + 60_000) });
    const row = one(await handle.db.select().from(sessions).where(eq(sessions.sid, "anonymous")));
    expect(row.userId).toBeNull();
    expect(row.sess).toEqual({ flash: "x" });
  });

  it("one registration per user and seminar", async () => {
    const user = await insertUser();
    const seminar = one(
      await handle.db
        .insert(seminars)
        .values({ title: "s", description: "d", speaker: "p", date: new Date(), location: "l" })
        .returning(),
    );
    const registration = {
      seminarId: seminar.id,
      userId: user.id,
      name: "n",
      email: "e",
      phone: "p",
    };
    await handle.db.insert(seminarRegistrations).values(registration);
    expect(await failureCode(handle.db.insert(seminarRegistrations).values(registration))).toBe(
      UNIQUE_VIOLATION,
    );
  });

  it("deleting a post deletes its comments; deleting an uploader keeps the resource", async () => {
    const user = await insertUser();
    const post = one(
      await handle.db
        .insert(communityPosts)
        .values({ title: "글", content: "내용", authorId: user.id, authorName: user.name })
        .returning(),
    );
    await handle.db
      .insert(communityComments)
      .values({ postId: post.id, authorId: user.id, authorName: user.name, content: "댓글" });
    await handle.db.delete(communityPosts).where(eq(communityPosts.id, post.id));
    expect(
      await handle.db.select().from(communityComments).where(eq(communityComments.postId, post.id)),
    ).toEqual([]);

    const resource = one(
      await handle.db
        .insert(academicResources)
        .values({
          title: "자료",
          category: "학술",
          fileUrl: "/objects/y",
          fileName: "y.pdf",
          fileSize: 1,
          uploadedBy: user.id,
        })
        .returning(),
    );
    await handle.db.delete(users).where(eq(users.id, user.id));
    const kept = one(
      await handle.db.select().from(academicResources).where(eq(academicResources.id, resource.id)),
    );
    expect(kept.uploadedBy).toBeNull();
  });
});

describe("demo content", () => {
  // A second database where an administrator has already entered the executives.
  let demo: DatabaseHandle;
  const tables = [announcements, seminars, executives, historyEvents] as const;
  const counts = () =>
    Promise.all(tables.map(async (t) => one(await demo.db.select({ n: count() }).from(t)).n));
  let first: number[];

  beforeAll(async () => {
    demo = await openDatabase({ kind: "memory" });
    await demo.migrate();
    await demo.db.insert(executives).values({
      name: "실제 회장",
      position: "회장",
      title: "원장",
      credentials: "전문의",
      order: 1,
    });
    await seedDemoContent(demo.db);
    first = await counts();
  });
  afterAll(async () => {
    await demo?.close();
  });

  it("fills announcements in 공지/행사/학술, upcoming and past seminars, and history", async () => {
    const [announcementCount, seminarCount, , historyCount] = first;
    expect(announcementCount).toBeGreaterThanOrEqual(3);
    expect(seminarCount).toBeGreaterThan(1);
    expect(historyCount).toBeGreaterThan(0);
    const categories = new Set(
      (await demo.db.select({ c: announcements.category }).from(announcements)).map((r) => r.c),
    );
    for (const c of ["공지", "행사", "학술"]) expect(categories).toContain(c);
    const dates = (await demo.db.select({ d: seminars.date }).from(seminars)).map((r) =>
      r.d.getTime(),
    );
    expect(dates.some((d) => d >= Date.now())).toBe(true);
    expect(dates.some((d) => d < Date.now())).toBe(true);
    expect(one(await demo.db.select({ n: count() }).from(users)).n).toBe(0);
  });

  it("is idempotent: seeding again inserts nothing", async () => {
    await seedDemoContent(demo.db);
    expect(await counts()).toEqual(first);
  });

  it("leaves a table that already has rows alone", async () => {
    const rows = await demo.db.select({ name: executives.name }).from(executives);
    expect(rows).toEqual([{ name: "실제 회장" }]);
  });
});

describe("migrations", () => {
  it("running them again changes nothing", async () => {
    const before = await rows(announcements);
    await handle.migrate();
    expect(await rows(announcements)).toBe(before);
  });
});
