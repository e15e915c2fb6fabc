// The demo society (features/demo/demo-society.server.ts) seeded into this file's fresh database,
// read back through the services the pages use: every standing of a member, applications in each
// state, dues paid (by transfer and online) and unpaid, past seminars with the door's scans,
// credits and a certificate drawn on demand, an upcoming seminar that is full with a waitlist,
// board posts with their comments, library files and notice attachments that pass the library's
// own content check. A second call writes nothing, and a database with one account gets no demo
// people at all.
import fs from "node:fs";
import path from "node:path";
import { and, count, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { getDb } from "~/db.server";
import { verifyPassword } from "~/features/accounts/passwords.server";
import { seedDemoContent } from "~/features/demo/demo-content.server";
import { seedDemoSociety } from "~/features/demo/demo-society.server";
import { duesFigures } from "~/features/dues/dues.server";
import { standingOf } from "~/features/dues/standing.server";
import { libraryReader } from "~/features/library/access.server";
import { listResources, openDownload } from "~/features/library/library.server";
import { searchMembers } from "~/features/members/roster.server";
import { certificatePdfOf, verifyCertificate } from "~/features/seminars/certificates.server";
import { creditSheetOf } from "~/features/seminars/credits.server";
import { seatsLeft } from "~/features/seminars/registrations.server";
import { demoSeededAt } from "~/features/society/settings.server";
import { sniffDocument } from "~/features/uploads/document-sniff.server";
import { DOCUMENT_TYPES, kindOfMime } from "~/features/uploads/document-types";
import { seoulYear } from "~/lib/dates";
import { openDatabase } from "~db/client.server";
import {
  academicResources,
  announcementAttachments,
  announcements,
  communityComments,
  communityPosts,
  duesPayments,
  membershipApplications,
  payments,
  seminarCheckIns,
  seminarRegistrations,
  seminars,
  societySettings,
  storedObjects,
  testGatewayPayments,
  users,
} from "~db/schema";
import { pdfText } from "../../support/pdf";

const PASSWORD = "demo-members-share-this-1";
const objectFile = (id: string) => path.join(process.env.DATA_DIR!, "objects", id.slice(0, 2), id);

/** Row counts of every table the demo society writes. */
async function tableCounts() {
  const db = await getDb();
  const tables = {
    users,
    membershipApplications,
    duesPayments,
    payments,
    seminars,
    seminarRegistrations,
    seminarCheckIns,
    communityPosts,
    communityComments,
    academicResources,
    announcementAttachments,
    storedObjects,
  };
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) out[name] = await db.$count(table);
  return out;
}

let seeded: Awaited<ReturnType<typeof seedDemoSociety>>;
let firstCounts: Record<string, number>;

beforeAll(async () => {
  const db = await getDb();
  expect(await db.$count(users)).toBe(0);
  await seedDemoContent(db);
  seeded = await seedDemoSociety(db, {
    memberPassword: PASSWORD,
    testGatewayStoreId: "store-test-society",
  });
  firstCounts = await tableCounts();
});

describe("the demo society's people", () => {
  it("names its president as the society's 대표자, as the greeting signs", async () => {
    const db = await getDb();
    const [settings] = await db.select().from(societySettings);
    expect(settings?.representative).toBe("박정훈");
  });

  it("has about sixty members, all marked as demo, of every member type", async () => {
    expect(seeded).not.toBeNull();
    expect(seeded!.members).toBeGreaterThanOrEqual(55);
    const db = await getDb();
    const rows = await db
      .select({ type: users.memberType, approved: users.isApproved, demo: users.isDemo })
      .from(users);
    expect(rows.length).toBe(seeded!.members);
    expect(rows.every((row) => row.demo)).toBe(true);
    const approvedTypes = new Set(rows.filter((r) => r.approved).map((r) => r.type));
    expect([...approvedTypes].sort()).toEqual(["associate", "honorary", "lifetime", "regular"]);
    const roster = await searchMembers({ pageSize: 100 });
    expect(roster.total).toBe(seeded!.members);
    expect(roster.items.every((member) => member.isDemo)).toBe(true);
  });

  it("has sign-ups pending, approved, rejected, re-submitted and a suspended member", async () => {
    for (const status of ["pending", "approved", "rejected", "suspended"] as const) {
      expect((await searchMembers({ status })).total, status).toBeGreaterThan(0);
    }
    const db = await getDb();
    const [resubmitted] = await db
      .select()
      .from(users)
      .where(and(isNotNull(users.resubmittedAt), eq(users.isApproved, false)));
    expect(resubmitted?.rejectedAt).toBeNull();
    expect(resubmitted?.rejectionReason).toBeTruthy();
    const rejected = await db.select().from(users).where(isNotNull(users.rejectedAt));
    expect(rejected.every((user) => (user.rejectionReason ?? "").length > 10)).toBe(true);
    const [suspended] = await db.select().from(users).where(isNotNull(users.suspendedAt));
    expect(suspended?.suspensionReason).toBeTruthy();
  });

  it("writes Korean names, 의원 clinics, Daegu/Gyeongbuk addresses, 010 numbers and licence numbers", async () => {
    const db = await getDb();
    const rows = await db.select().from(users);
    for (const user of rows) {
      expect(user.name).toMatch(/^[가-힣]{2,4}$/);
      expect(user.hospitalName).toMatch(/의원$/);
      expect(user.address).toMatch(/^(대구광역시|경상북도) /);
      expect(user.phone).toMatch(/^010-\d{4}-\d{4}$/);
      expect(user.licenseNumber).toMatch(/^\d{5,6}$/);
      expect(user.email).toMatch(/@example\.(com|org|net)$/);
      // A made-up number may be someone's: no text message goes to a demo member.
      expect(user.messagesEnabled).toBe(false);
    }
    expect(new Set(rows.map((u) => u.email)).size).toBe(rows.length);
    expect(new Set(rows.map((u) => u.phone)).size).toBe(rows.length);
  });

  it("lets the printed demo member sign in with the one shared password", async () => {
    const db = await getDb();
    const [member] = await db.select().from(users).where(eq(users.email, seeded!.login.email));
    expect(member?.memberType).toBe("regular");
    expect(await verifyPassword(member!.passwordHash, PASSWORD)).toBe(true);
    const hashes = new Set(
      (await db.select({ h: users.passwordHash }).from(users)).map((r) => r.h),
    );
    expect(hashes.size).toBe(1);
    expect((await standingOf(member!)).full).toBe(true);
  });

  it("has full-membership applications in each state, one applied again after a rejection", async () => {
    const db = await getDb();
    const byStatus = await db
      .select({ status: membershipApplications.status, n: count() })
      .from(membershipApplications)
      .groupBy(membershipApplications.status);
    const counts = Object.fromEntries(byStatus.map((row) => [row.status, row.n]));
    expect(counts.pending).toBeGreaterThan(0);
    expect(counts.approved).toBeGreaterThan(0);
    expect(counts.rejected).toBeGreaterThan(0);
    const again = await db.execute(sql`
      select user_id from membership_applications group by user_id
      having bool_or(status = 'rejected') and bool_or(status = 'pending')`);
    expect((again as unknown as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
  });
});

describe("the demo society's dues", () => {
  it("has this year's dues paid by some, exempted for some and unpaid by others", async () => {
    const year = seoulYear(new Date());
    const figures = await duesFigures(year, 200_000);
    expect(figures.paid).toBeGreaterThan(5);
    expect(figures.unpaid).toBeGreaterThan(2);
    expect(figures.exempt).toBeGreaterThan(0);
    const lastYear = await duesFigures(year - 1, 200_000);
    expect(lastYear.paid).toBeGreaterThan(5);
    const db = await getDb();
    const [voided] = await db.select().from(duesPayments).where(isNotNull(duesPayments.voidedAt));
    expect(voided?.voidReason).toBeTruthy();
  });

  it("has online payments through the test gateway, each booked as a dues payment", async () => {
    const db = await getDb();
    const online = await db.select().from(payments);
    expect(online.length).toBeGreaterThan(0);
    for (const invoice of online) {
      expect(invoice).toMatchObject({ provider: "test", status: "paid", purpose: "dues" });
      const [booked] = await db
        .select()
        .from(duesPayments)
        .where(eq(duesPayments.id, invoice.duesPaymentId!));
      expect(booked?.importRef).toBe(`pg:${invoice.paymentId}`);
      const [books] = await db
        .select()
        .from(testGatewayPayments)
        .where(eq(testGatewayPayments.paymentId, invoice.paymentId));
      expect(books?.payment).toMatchObject({ status: "PAID", storeId: "store-test-society" });
    }
  });
});

describe("the demo society's seminars", () => {
  async function seminarTitled(words: string) {
    const db = await getDb();
    const [row] = await db
      .select()
      .from(seminars)
      .where(sql`${seminars.title} like ${`%${words}%`}`);
    return row!;
  }

  it("has a past seminar with entry and exit scans, a locked credit sheet and certificates", async () => {
    const seminar = await seminarTitled("생성형 AI 이미지");
    expect(seminar.date.getTime()).toBeLessThan(Date.now());
    const db = await getDb();
    const scans = await db
      .select({ direction: seminarCheckIns.direction, n: count() })
      .from(seminarCheckIns)
      .innerJoin(seminarRegistrations, eq(seminarRegistrations.id, seminarCheckIns.registrationId))
      .where(eq(seminarRegistrations.seminarId, seminar.id))
      .groupBy(seminarCheckIns.direction);
    const directions = Object.fromEntries(scans.map((row) => [row.direction, row.n]));
    expect(directions.in).toBeGreaterThan(15);
    expect(directions.out).toBeGreaterThan(15);

    const sheet = await creditSheetOf(seminar.id);
    expect(sheet.status).toBe("locked");
    const full = sheet.lines.filter((line) => line.credits === 2);
    expect(full.length).toBeGreaterThan(15);
    expect(sheet.lines.some((line) => line.credits === 1)).toBe(true);
    expect(sheet.lines.some((line) => line.correction && line.objection)).toBe(true);
    for (const line of sheet.lines) {
      expect(Boolean(line.certificateCode)).toBe(line.credits > 0);
    }

    // The certificate is drawn on demand from the credits, and its code checks out.
    const [member] = await db.select().from(users).where(eq(users.email, seeded!.login.email));
    const { certificate, pdf } = await certificatePdfOf(member!.id, seminar.id);
    expect(certificate.credits).toBe(2);
    expect(Buffer.from(pdf).subarray(0, 5).toString()).toBe("%PDF-");
    expect(await verifyCertificate(certificate.code)).not.toBeNull();
  });

  it("has a sheet sent out with an objection still open", async () => {
    const seminar = await seminarTitled("숏폼");
    const sheet = await creditSheetOf(seminar.id);
    expect(sheet.status).toBe("sent");
    expect(sheet.objectionsOpen).toBe(true);
    expect(sheet.lines.some((line) => line.objection && line.incomplete)).toBe(true);
  });

  it("has an upcoming seminar that is full, with a waitlist", async () => {
    const seminar = await seminarTitled("소그룹 실습");
    expect(seminar.date.getTime()).toBeGreaterThan(Date.now());
    expect(seminar.status).toBe("open");
    expect(await seatsLeft(seminar)).toBe(0);
    const db = await getDb();
    const rows = await db
      .select({ status: seminarRegistrations.status, n: count() })
      .from(seminarRegistrations)
      .where(eq(seminarRegistrations.seminarId, seminar.id))
      .groupBy(seminarRegistrations.status);
    const counts = Object.fromEntries(rows.map((row) => [row.status, row.n]));
    expect(counts.confirmed).toBe(seminar.capacity);
    expect(counts.waitlisted).toBeGreaterThan(0);
    expect(counts.cancelled).toBeGreaterThan(0);
  });

  it("has registrations for the content seed's conference ahead", async () => {
    const conference = await seminarTitled("동계 학술대회");
    expect(await seatsLeft(conference)).toBeLessThan(conference.capacity!);
  });
});

describe("the demo society's board, library and notices", () => {
  it("has posts whose comment counts match their comments", async () => {
    const db = await getDb();
    const posts = await db.select().from(communityPosts);
    expect(posts.length).toBeGreaterThanOrEqual(10);
    for (const post of posts) {
      const written = await db.$count(communityComments, eq(communityComments.postId, post.id));
      expect(written).toBe(post.commentCount);
      expect(post.content).toMatch(/[가-힣]/);
    }
    expect(posts.filter((post) => post.commentCount > 0).length).toBeGreaterThanOrEqual(10);
  });

  it("has library files (PDF and HWPX) that pass the library's content check and download", async () => {
    const db = await getDb();
    const [member] = await db.select().from(users).where(eq(users.email, seeded!.login.email));
    const reader = await libraryReader(member!);
    const list = await listResources(reader, { page: 1, pageSize: 20 });
    expect(list.total).toBeGreaterThanOrEqual(3);
    const kinds = new Set<string>();
    for (const item of list.items) {
      const [row] = await db
        .select()
        .from(academicResources)
        .where(eq(academicResources.id, item.id));
      const id = row!.fileUrl.replace("/objects/", "");
      const kind = await sniffDocument(objectFile(id));
      expect(kind, item.title).not.toBeNull();
      expect(DOCUMENT_TYPES[kind!].mime).toBe(item.contentType);
      expect(fs.statSync(objectFile(id)).size).toBe(item.fileSize);
      kinds.add(kind!);
      const download = await openDownload(reader, item.id, { count: false });
      const chunks: Buffer[] = [];
      for await (const chunk of download.body) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).length).toBe(item.fileSize);
      expect(download.fileName).toMatch(kind === "pdf" ? /\.pdf$/ : /\.hwpx$/);
    }
    expect([...kinds].sort()).toEqual(["hwpx", "pdf"]);
  });

  it("gives notices attachments, stored as notice documents that pass the content check", async () => {
    const db = await getDb();
    const rows = await db
      .select({ attachment: announcementAttachments, object: storedObjects })
      .from(announcementAttachments)
      .innerJoin(storedObjects, eq(storedObjects.id, announcementAttachments.objectId));
    const notices = new Set(rows.map((row) => row.attachment.announcementId));
    expect(notices.size).toBeGreaterThanOrEqual(2);
    const kinds = new Set<string>();
    for (const { attachment, object } of rows) {
      expect(object.visibility).toBe("notice");
      expect(object.claimedAt).not.toBeNull();
      const kind = await sniffDocument(objectFile(object.id));
      expect(kind).toBe(kindOfMime(attachment.contentType));
      expect(object.size).toBe(attachment.fileSize);
      kinds.add(kind!);
    }
    expect([...kinds].sort()).toEqual(["hwpx", "pdf"]);
    const titled = await db
      .select({ id: announcements.id, title: announcements.title })
      .from(announcements)
      .where(inArray(announcements.id, [...notices]));
    const meeting = titled.find((row) => row.title.endsWith("정기총회 개최 안내"));
    expect(meeting).toBeDefined();
    // The agenda is a PDF whose Korean text a reader extracts, for the year the notice names.
    const agenda = rows.find(
      (row) =>
        row.attachment.announcementId === meeting!.id &&
        row.attachment.contentType === "application/pdf",
    );
    const text = await pdfText(fs.readFileSync(objectFile(agenda!.object.id)));
    expect(text).toContain(`${meeting!.title.slice(0, 5)} 정기총회 안건 자료`);
    expect(text).toContain("사업 실적 및 결산 보고");
  });

  it("marks the site as seeded with the demo society", async () => {
    expect(await demoSeededAt()).toBeInstanceOf(Date);
  });
});

describe("never twice, never over real data", () => {
  it("inserts nothing when called again", async () => {
    const db = await getDb();
    const files = fs.readdirSync(path.join(process.env.DATA_DIR!, "objects"), { recursive: true });
    expect(await seedDemoSociety(db)).toBeNull();
    expect(await tableCounts()).toEqual(firstCounts);
    expect(
      fs.readdirSync(path.join(process.env.DATA_DIR!, "objects"), { recursive: true }),
    ).toEqual(files);
  });

  it("seeds no demo people into a database that has one account", async () => {
    const other = await openDatabase({
      kind: "memory",
      from: new Blob([fs.readFileSync(inject("serviceDatabaseDump"))]),
    });
    try {
      await other.db.insert(users).values({
        email: "office@society.example",
        passwordHash: "x",
        name: "사무국",
        phone: "010-1234-5678",
        licenseNumber: "1",
        hospitalName: "사무국",
        department: "-",
        address: "대구광역시",
      });
      await seedDemoContent(other.db);
      expect(await seedDemoSociety(other.db)).toBeNull();
      expect(await other.db.$count(users)).toBe(1);
      expect(await other.db.$count(users, eq(users.isDemo, true))).toBe(0);
      expect(await other.db.$count(seminarRegistrations)).toBe(0);
      expect(await other.db.$count(communityPosts)).toBe(0);
      expect(await other.db.$count(storedObjects)).toBe(0);
      const [settings] = await other.db.select().from(societySettings);
      expect(settings?.demoSeededAt ?? null).toBeNull();
    } finally {
      await other.close();
    }
  });
});
