// The demo society that `npm start` seeds into a new embedded database, on top of the content seed
// (demo-content.server.ts): about sixty members in every standing, their sign-ups and full-member
// applications, a year of dues (and the last one) with payments, exemptions and members who have
// not paid, past seminars with the door's scans, credit sheets and certificates, an upcoming
// seminar that is full with a waitlist, board posts with comments, library files and notice
// attachments (real PDF and HWPX files). Every person is marked `isDemo` and the society's settings
// `demoSeededAt`, so the admin area says the site is filled with demo data.
//
// Only ever on a database without a single account: the check runs again inside the one
// transaction that writes everything, and anything else leaves the database as it was. Dates are
// relative to `now`, choices come from a seeded generator (the same society every time), and
// each table is written with one set-based insert. One password hash serves every demo member.
import crypto from "node:crypto";
import { and, desc, eq, gt, isNull, notInArray, sql } from "drizzle-orm";
import { seoulDate } from "~/lib/dates";
import type { Database, Transaction as Tx } from "~db/client.server";
import {
  academicResources,
  announcementAttachments,
  announcements,
  communityComments,
  communityPosts,
  duesExemptions,
  duesPayments,
  duesYears,
  membershipApplications,
  payments,
  seminarCheckIns,
  seminarCreditSheets,
  seminarCredits,
  seminarRegistrations,
  seminars,
  societySettings,
  storedObjects,
  termsVersions,
  testGatewayPayments,
  users,
} from "~db/schema";
import { hashPassword } from "../accounts/passwords.server";
import { PRIVACY_CONSENT_VERSION } from "../accounts/validation";
import { depositorNameOf, newReceiptCode } from "../dues/dues.server";
import { newPaymentId } from "../gateway/portone.server";
import { attendanceOf, bandsOf, creditsFor, earnsCertificate } from "../seminars/credit-rule";
import { newCertificateCode } from "../seminars/credits.server";
import { cancellationDeadlineOf } from "../seminars/rules";
import { societyConfig } from "../society/config.server";
import { DOCUMENT_TYPES } from "../uploads/document-types";
import { objectStorage } from "../uploads/storage.server";
import { DEMO_POSTS } from "./demo-board.server";
import {
  buildDuesYear,
  EXECUTIVES,
  GRAND_HALL,
  generalMeetingYear,
  SEMINAR_ROOM,
  seoulAt,
  seoulParts,
} from "./demo-content.server";
import {
  applicationFormDocument,
  assemblyAgendaDocument,
  checklistDocument,
  conferencePapersDocument,
  duesNoticeDocument,
  journalFormDocument,
  proxyFormDocument,
} from "./demo-documents.server";
import { type DemoDocument, demoHwpx, demoPdf } from "./demo-files.server";
import {
  buildDemoPeople,
  DEMO_MEMBER_EMAIL,
  type DemoPerson,
  type Random,
  seededRandom,
} from "./demo-people.server";

export type DemoSocietyOptions = {
  now?: Date;
  /** The password every demo member shares (random when not given). */
  memberPassword?: string;
  /**
   * The test gateway's store (PAYMENTS_PROVIDER=test): some dues are then paid online, with the
   * gateway's own books, so the office can look them up and refund them. Without it those members
   * paid by card at the office.
   */
  testGatewayStoreId?: string | null;
};

/** What was seeded, and the login of one demo member (a 정회원 with a full record). */
export type DemoSociety = { members: number; login: { email: string; password: string } };

type Seminar = typeof seminars.$inferSelect;

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Thrown inside the transaction when an account appeared meanwhile: nothing is written. */
class NotFresh extends Error {}

/** A member as the seed knows them once inserted. */
type Member = DemoPerson & {
  id: string;
  createdAt: Date;
  approvedAt: Date | null;
  memberType: string;
  active: boolean;
};

/**
 * Seeds the demo society into `db` when it has no account at all, and answers what it made; on a
 * database with any account it does nothing and answers null.
 */
export async function seedDemoSociety(
  db: Database,
  options: DemoSocietyOptions = {},
): Promise<DemoSociety | null> {
  if ((await db.$count(users)) > 0) return null;
  const now = options.now ?? new Date();
  const password = options.memberPassword ?? crypto.randomBytes(12).toString("base64url");
  const [passwordHash, files] = await Promise.all([hashPassword(password), makeFiles(now)]);
  // The files go first (the rows name them); if the rows are not written they go again.
  await Promise.all(files.map((file) => objectStorage.put(file.id, file.body)));
  let written: { members: number; used: Set<string> };
  try {
    written = await db.transaction(async (tx) => {
      if ((await tx.$count(users)) > 0) throw new NotFresh();
      return writeSociety(tx, { now, passwordHash, files, storeId: options.testGatewayStoreId });
    });
  } catch (error) {
    await removeFiles(files);
    if (error instanceof NotFresh) return null;
    throw error;
  }
  // An attachment whose notice the content seed did not write (the office had written notices).
  await removeFiles(files.filter((file) => !written.used.has(file.id)));
  return { members: written.members, login: { email: DEMO_MEMBER_EMAIL, password } };
}

const removeFiles = (files: DemoFile[]) =>
  Promise.all(files.map((file) => objectStorage.delete(file.id).catch(() => undefined)));

// ---------------------------------------------------------------------------------------------
// Files

type DemoFile = {
  id: string;
  /** Where it goes: a library item, or a notice's attachment (by the notice's title). */
  place: "library" | "notice";
  key: string;
  fileName: string;
  kind: "pdf" | "hwpx";
  body: Buffer;
};

async function makeFiles(now: Date): Promise<DemoFile[]> {
  const context = {
    society: societyConfig.name,
    year: seoulParts(now).year,
    meetingYear: generalMeetingYear(now),
    today: `${seoulParts(now).year}년 ${seoulParts(now).month}월`,
  };
  const wanted: [DemoFile["place"], string, string, "pdf" | "hwpx", DemoDocument][] = [
    ["library", "checklist", "의료광고 자율점검표.pdf", "pdf", checklistDocument(context)],
    [
      "library",
      "papers",
      "정기 학술대회 발표 자료집.pdf",
      "pdf",
      conferencePapersDocument(context),
    ],
    ["library", "application", "정회원 가입 신청서.hwpx", "hwpx", applicationFormDocument(context)],
    [
      "library",
      "journal",
      "학회지 투고 규정 및 원고 양식.hwpx",
      "hwpx",
      journalFormDocument(context),
    ],
    ["notice", "agenda", "정기총회 안건 자료.pdf", "pdf", assemblyAgendaDocument(context)],
    ["notice", "proxy", "정기총회 위임장.hwpx", "hwpx", proxyFormDocument(context)],
    ["notice", "dues", "연회비 납부 안내문.pdf", "pdf", duesNoticeDocument(context)],
    [
      "notice",
      "journal",
      "학회지 투고 규정 및 원고 양식.hwpx",
      "hwpx",
      journalFormDocument(context),
    ],
  ];
  const made: DemoFile[] = [];
  // One after another: each PDF embeds a font subset, work for the one core it runs on anyway.
  for (const [place, key, fileName, kind, document] of wanted) {
    const body = kind === "pdf" ? await demoPdf(document) : await demoHwpx(document);
    made.push({ id: crypto.randomUUID(), place, key, fileName, kind, body });
  }
  return made;
}

// ---------------------------------------------------------------------------------------------
// Everything else, in one transaction

async function writeSociety(
  tx: Tx,
  input: { now: Date; passwordHash: string; files: DemoFile[]; storeId?: string | null },
): Promise<{ members: number; used: Set<string> }> {
  const { now } = input;
  const random = seededRandom(0x2026_0040);
  const at = (daysAgo: number, hour: number, minute = 0) => seoulAt(now, -daysAgo, hour, minute);
  const members = await writeMembers(tx, random, input.passwordHash, now, at);
  await writeApplications(tx, random, members, now, at);
  await writeDues(tx, random, members, now, at, input.storeId ?? null);
  const seminarIds = await writeSeminars(tx, random, members, now);
  await writeBoard(tx, random, members, now, at);
  const used = await writeLibraryAndAttachments(tx, random, input.files, seminarIds, at);
  // The demo's 대표자 is its president (the executives' 회장, who signs the greeting), so the
  // footer and the certificates' signature name the same person as 인사말.
  const representative = EXECUTIVES.find((executive) => executive.position === "회장")?.name;
  await tx
    .insert(societySettings)
    .values({ id: 1, demoSeededAt: now, representative })
    .onConflictDoUpdate({
      target: societySettings.id,
      set: { demoSeededAt: now, representative },
    });
  return { members: members.length, used };
}

type At = (daysAgo: number, hour: number, minute?: number) => Date;

const later = (date: Date, ms: number, cap: Date) =>
  new Date(Math.min(date.getTime() + ms, cap.getTime()));

async function writeMembers(tx: Tx, random: Random, passwordHash: string, now: Date, at: At) {
  const people = buildDemoPeople(random);
  const [terms] = await tx
    .select({ version: termsVersions.version })
    .from(termsVersions)
    .orderBy(desc(termsVersions.version))
    .limit(1);
  const latest = new Date(now.getTime() - 10 * MINUTE);
  const rows = people.map((person) => {
    const createdAt = at(person.joinedDaysAgo, random.int(8, 22), random.int(0, 59));
    const approved = !["pending", "resubmitted", "rejected"].includes(person.kind);
    const approvedAt = approved ? later(createdAt, random.int(20, 70) * HOUR, latest) : null;
    const suspendedAt = person.suspension ? at(random.int(20, 50), 11, 20) : null;
    const loginRoll = random.next();
    const lastLoginAt = !approved
      ? null
      : suspendedAt
        ? new Date(suspendedAt.getTime() - random.int(2, 9) * DAY)
        : loginRoll < 0.75
          ? at(random.int(0, 25), random.int(7, 22), random.int(0, 59))
          : loginRoll < 0.95
            ? at(random.int(30, 120), random.int(7, 22), random.int(0, 59))
            : null;
    return {
      email: person.email,
      passwordHash,
      name: person.name,
      phone: person.phone,
      licenseNumber: person.licenseNumber,
      hospitalName: person.hospitalName,
      department: person.department,
      address: person.address,
      licenseImageUrl: null,
      role: "member",
      isApproved: approved,
      approvedAt,
      rejectedAt:
        person.kind === "rejected" ? later(createdAt, random.int(30, 60) * HOUR, latest) : null,
      rejectionReason: person.rejection ?? null,
      resubmittedAt: person.kind === "resubmitted" ? at(1, 9, 40) : null,
      suspendedAt,
      suspensionReason: person.suspension ?? null,
      memberType: approved ? person.kind : "associate",
      lastLoginAt:
        lastLoginAt && approvedAt
          ? new Date(
              Math.min(
                Math.max(lastLoginAt.getTime(), approvedAt.getTime() + HOUR),
                latest.getTime(),
              ),
            )
          : null,
      marketingConsentAt: random.chance(0.4) ? createdAt : null,
      // Made-up numbers may belong to someone: no text message ever goes to a demo member.
      messagesEnabled: false,
      privacyConsentVersion: PRIVACY_CONSENT_VERSION,
      privacyConsentAt: createdAt,
      termsConsentVersion: terms?.version ?? null,
      termsConsentAt: terms ? createdAt : null,
      isDemo: true,
      createdAt,
      updatedAt: approvedAt ?? createdAt,
    } satisfies typeof users.$inferInsert;
  });
  const inserted = await tx
    .insert(users)
    .values(rows)
    .returning({ id: users.id, email: users.email });
  const ids = new Map(inserted.map((row) => [row.email, row.id]));
  return people.map((person, i): Member => {
    const row = rows[i]!;
    return {
      ...person,
      id: ids.get(person.email)!,
      createdAt: row.createdAt,
      approvedAt: row.approvedAt,
      memberType: row.memberType,
      active: row.isApproved && !row.suspendedAt,
    };
  });
}

/** The member's details as an application or a registration copies them. */
const copied = (member: Member) => ({
  name: member.name,
  email: member.email,
  phone: member.phone,
  hospitalName: member.hospitalName,
});

async function writeApplications(tx: Tx, random: Random, members: Member[], now: Date, at: At) {
  const rows: (typeof membershipApplications.$inferInsert)[] = [];
  const application = (member: Member, createdAt: Date, status: string, reason?: string) =>
    rows.push({
      userId: member.id,
      ...copied(member),
      licenseNumber: member.licenseNumber,
      department: member.department,
      address: member.address,
      licenseImageUrl: null,
      status,
      rejectionReason: reason ?? null,
      createdAt,
      updatedAt: status === "pending" ? createdAt : new Date(createdAt.getTime() + 3 * DAY),
    });
  // Every 정회원 (and 평생회원, who were 정회원 first) came in through an approved application.
  const cap = new Date(now.getTime() - 20 * DAY);
  for (const member of members) {
    if (member.memberType !== "regular" && member.memberType !== "lifetime") continue;
    const applied = later(member.approvedAt!, random.int(190, 260) * DAY, cap);
    application(member, applied, "approved");
  }
  // 준회원 of long enough standing: three waiting, two turned down, one turned down who applied again.
  const associates = members
    .filter((m) => m.memberType === "associate" && m.active)
    .sort((a, b) => b.joinedDaysAgo - a.joinedDaysAgo);
  const [a, b, c, d, e, f] = associates;
  for (const [member, days] of [
    [a, 2],
    [b, 5],
    [c, 6],
  ] as const) {
    if (member) application(member, at(days, 10 + days, 15), "pending");
  }
  if (d) {
    application(
      d,
      at(44, 13),
      "rejected",
      "오프라인 세미나 참석 기록이 확인되지 않습니다. 세미나에 참석하신 뒤 다시 신청해주세요.",
    );
  }
  if (e) {
    application(
      e,
      at(26, 16),
      "rejected",
      "준회원 활동 기간이 아직 6개월이 되지 않았습니다. 기간을 채운 뒤 다시 신청해주세요.",
    );
  }
  if (f) {
    application(
      f,
      at(70, 11),
      "rejected",
      "제출하신 면허번호를 확인할 수 없습니다. 면허번호를 고쳐 다시 신청해주세요.",
    );
    application(f, at(3, 21, 5), "pending");
  }
  await tx.insert(membershipApplications).values(rows);
}

// ---------------------------------------------------------------------------------------------
// Dues

const ONLINE_WAYS = [
  { method: "card", easyPay: null, label: "카드", gateway: { type: "PaymentMethodCard" } },
  {
    method: "easy_pay",
    easyPay: "kakaopay",
    label: "간편결제",
    gateway: { type: "PaymentMethodEasyPay", provider: "KAKAOPAY" },
  },
  {
    method: "transfer",
    easyPay: null,
    label: "계좌이체",
    gateway: { type: "PaymentMethodTransfer" },
  },
  { method: "card", easyPay: null, label: "카드", gateway: { type: "PaymentMethodCard" } },
] as const;

async function writeDues(
  tx: Tx,
  random: Random,
  members: Member[],
  now: Date,
  at: At,
  storeId: string | null,
) {
  const year = seoulParts(now).year;
  let [settings] = await tx.select().from(duesYears).where(eq(duesYears.year, year));
  if (!settings) {
    [settings] = await tx.insert(duesYears).values(buildDuesYear(now)).returning();
  }
  const fee = settings!.regularFee;
  await tx
    .insert(duesYears)
    .values({
      year: year - 1,
      regularFee: fee,
      lifetimeFee: settings!.lifetimeFee,
      dueDate: `${year - 1}-03-31`,
      graceUntil: `${year}-03-31`,
      bankAccount: settings!.bankAccount,
    })
    .onConflictDoNothing();

  const rows: (typeof duesPayments.$inferInsert & { key?: string })[] = [];
  const bank = (member: Member, dueYear: number, paidAt: string, extra: object = {}) =>
    rows.push({
      userId: member.id,
      memberName: member.name,
      year: dueYear,
      amount: fee,
      method: "계좌이체",
      paidAt,
      depositorName: depositorNameOf(member),
      receiptCode: newReceiptCode(),
      ...extra,
    });
  const regulars = members.filter((m) => m.memberType === "regular");

  // Last year: nearly everyone who was a 정회원 by spring paid, by transfer, in February to April.
  for (const member of regulars) {
    const day = `${year - 1}-0${random.int(2, 4)}-${String(random.int(1, 28)).padStart(2, "0")}`;
    if (member.approvedAt! >= new Date(`${day}T00:00:00+09:00`) || random.chance(0.1)) continue;
    bank(member, year - 1, day);
  }

  // This year: the demo member first (online when the gateway is there), the suspended member
  // never; then ten by transfer (one recorded to a namesake by mistake and voided), three
  // online, two exempt, the rest not yet.
  const demoMember = regulars.find((m) => m.email === DEMO_MEMBER_EMAIL)!;
  const others = random.shuffle(regulars.filter((m) => m !== demoMember && m.active));
  const online = [demoMember, ...others.slice(0, 3)];
  const byTransfer = others.slice(3, 13);
  const exempt = others.slice(13, 15);
  const unpaid = others.slice(15);
  const paidOn = (member: Member) => {
    const earliest = Math.ceil((now.getTime() - member.approvedAt!.getTime()) / DAY) - 1;
    return at(
      random.int(2, Math.max(2, Math.min(70, earliest))),
      random.int(9, 17),
      random.int(0, 59),
    );
  };
  for (const [i, member] of byTransfer.entries()) {
    const when = paidOn(member);
    const paidAt = seoulDate(when);
    if (i === 0 && unpaid[0]) {
      // The office first recorded this deposit to another member, then voided it.
      rows.push({
        userId: unpaid[0].id,
        memberName: unpaid[0].name,
        year,
        amount: fee,
        method: "계좌이체",
        paidAt,
        depositorName: depositorNameOf(member),
        receiptCode: newReceiptCode(),
        voidedAt: new Date(when.getTime() + DAY),
        voidReason: "입금자를 다른 회원으로 잘못 기록하여 취소합니다.",
        createdAt: when,
      });
    }
    bank(member, year, paidAt, {
      createdAt: new Date(when.getTime() + (i === 0 ? DAY + HOUR : HOUR)),
      ...(i === 4
        ? {
            depositorName: member.name.startsWith("박") ? "김미란" : "박미란",
            memo: "배우자 명의 입금 (회원 확인 완료)",
          }
        : {}),
    });
  }
  // A 평생회원 who converted this year paid the lifetime fee.
  const converted = members.find((m) => m.memberType === "lifetime" && !m.position);
  if (converted) {
    const when = at(random.int(40, 80), 14, 10);
    rows.push({
      userId: converted.id,
      memberName: converted.name,
      year,
      amount: settings!.lifetimeFee,
      method: "계좌이체",
      paidAt: seoulDate(when),
      depositorName: depositorNameOf(converted),
      memo: "평생회비 (평생회원 전환)",
      receiptCode: newReceiptCode(),
      createdAt: when,
    });
  }
  // Online: a dues payment row as the provider's confirmation makes it, with the invoice.
  const invoices: (typeof payments.$inferInsert)[] = [];
  const gatewayBooks: (typeof testGatewayPayments.$inferInsert)[] = [];
  for (const [i, member] of online.entries()) {
    const way = ONLINE_WAYS[i % ONLINE_WAYS.length]!;
    const when = paidOn(member);
    if (!storeId) {
      bank(member, year, seoulDate(when), {
        method: "카드",
        depositorName: null,
        memo: "사무국 카드 단말기 결제",
        createdAt: when,
      });
      continue;
    }
    const paymentId = newPaymentId();
    rows.push({
      key: paymentId,
      userId: member.id,
      memberName: member.name,
      year,
      amount: fee,
      method: way.label,
      paidAt: seoulDate(when),
      memo: "온라인 결제",
      receiptCode: newReceiptCode(),
      importRef: `pg:${paymentId}`,
      createdAt: when,
    });
    const transactionId = crypto.randomUUID();
    const requested = new Date(when.getTime() - 3 * MINUTE);
    invoices.push({
      paymentId,
      userId: member.id,
      memberName: member.name,
      purpose: "dues",
      duesYear: year,
      orderName: `${year}년 연회비`,
      amount: fee,
      provider: "test",
      status: "paid",
      method: way.method,
      easyPay: way.easyPay,
      transactionId,
      paidAt: when,
      createdAt: requested,
      updatedAt: when,
    });
    gatewayBooks.push({
      paymentId,
      payment: {
        status: "PAID",
        id: paymentId,
        transactionId,
        merchantId: "merchant-test",
        storeId,
        channel: { type: "TEST" },
        version: "V2",
        requestedAt: requested.toISOString(),
        updatedAt: when.toISOString(),
        statusChangedAt: when.toISOString(),
        orderName: `${year}년 연회비`,
        amount: {
          total: fee,
          taxFree: 0,
          discount: 0,
          paid: fee,
          cancelled: 0,
          cancelledTaxFree: 0,
        },
        currency: "KRW",
        customer: {},
        method: way.gateway,
        paidAt: when.toISOString(),
        pgTxId: `test-${crypto.randomBytes(6).toString("hex")}`,
      },
    });
  }
  const written = await tx
    .insert(duesPayments)
    .values(rows.map(({ key: _key, ...row }) => row))
    .returning({ id: duesPayments.id, importRef: duesPayments.importRef });
  if (invoices.length > 0) {
    const byRef = new Map(written.map((row) => [row.importRef, row.id]));
    await tx
      .insert(payments)
      .values(invoices.map((row) => ({ ...row, duesPaymentId: byRef.get(`pg:${row.paymentId}`) })));
    await tx.insert(testGatewayPayments).values(gatewayBooks);
  }
  const reasons = ["해외 연수(1년)로 올해 회비 면제", "출산 휴가 기간 회비 면제"];
  if (exempt.length > 0) {
    await tx.insert(duesExemptions).values(
      exempt.map((member, i) => ({
        userId: member.id,
        year,
        reason: reasons[i % reasons.length]!,
        createdAt: at(random.int(10, 40), 15),
      })),
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Seminars: registrations, the door's scans, credit sheets

type Attendance = "full" | "leftEarly" | "late" | "forgotExit" | "breakOut" | "noShow";

function seminarRows(now: Date) {
  const day = (offset: number, hour: number, minute = 0) => seoulAt(now, offset, hour, minute);
  const rows = {
    autumnConference: {
      title: "정기 학술대회: 개원가 디지털 마케팅의 현재와 미래",
      description:
        "회원 병원 설문으로 본 개원가 마케팅의 변화, 환자 여정 지도로 다시 보는 진료 경험, 생성형 AI와 의료광고 윤리를 세 세션으로 다루었습니다. 패널 토론과 회원 병원 사례 발표가 이어졌고, 발표 자료집은 자료실에서 내려받을 수 있습니다.",
      speaker: "정민호 원장 (바른결정형외과의원) 외 5인",
      date: day(-130, 13),
      endDate: day(-130, 18),
      location: GRAND_HALL,
      status: "closed",
      capacity: 150,
      cmeCredits: 4,
      creditBreaks: [
        {
          start: day(-130, 15).toISOString(),
          end: day(-130, 15, 30).toISOString(),
          label: "휴식 및 전시 관람",
        },
      ],
    },
    imageSeminar: {
      title: "월례 세미나: 생성형 AI 이미지, 병원 홍보에 어디까지 써도 될까",
      description:
        "생성형 AI로 만든 이미지를 홈페이지와 SNS에 쓸 때 의료광고 심의와 저작권에서 문제가 되는 지점을 사례로 살펴보았습니다. 참석자 모두 자기 병원 배너를 직접 점검해 보는 실습을 했습니다.",
      speaker: "한지원 원장 (해담피부과의원)",
      date: day(-38, 19),
      endDate: day(-38, 21),
      location: SEMINAR_ROOM,
      status: "closed",
      capacity: 40,
      cmeCredits: 2,
    },
    shortsSeminar: {
      title: "월례 세미나: 병원 유튜브 숏폼, 기획부터 촬영까지",
      description:
        "스마트폰 한 대로 30초 안팎의 진료 안내 영상을 기획하고 촬영하는 방법을 다루었습니다. 자막, 썸네일, 의료광고 기준에 맞는 표현까지 함께 점검했습니다.",
      speaker: "오세영 원장 (맑은숨이비인후과의원)",
      date: day(-5, 19),
      endDate: day(-5, 21),
      location: SEMINAR_ROOM,
      status: "closed",
      capacity: 40,
      cmeCredits: 2,
    },
    documentWorkshop: {
      title: "소그룹 실습: 진료실 AI 문서 도구 제대로 쓰기",
      description:
        "진료 안내문, 검사 결과 설명문, 직원 교육 자료를 AI 문서 도구로 만들고 검수하는 과정을 여섯 명씩 조를 나누어 실습합니다. 정원이 24명으로 적어 신청이 마감되면 대기 순서대로 안내해 드립니다. 노트북을 지참해 주세요.",
      speaker: "이서연 원장 (봄빛내과의원)",
      date: day(16, 19),
      endDate: day(16, 21, 30),
      location: SEMINAR_ROOM,
      status: "open",
      capacity: 24,
      cmeCredits: 2,
    },
  } satisfies Record<string, Partial<typeof seminars.$inferInsert>>;
  return Object.entries(rows).map(([key, row]) => ({
    key,
    row: {
      registrationUrl: null,
      audience: "members",
      ...row,
      cancellationDeadline: cancellationDeadlineOf({ date: row.date, cancellationDeadline: null }),
    } satisfies typeof seminars.$inferInsert,
  }));
}

/** The door's scans for one attendee of `seminar`. */
function scansOf(kind: Attendance, seminar: Seminar, random: Random) {
  const start = seminar.date.getTime();
  const end = seminar.endDate!.getTime();
  const minutes = (from: number, n: number) => new Date(from + n * MINUTE);
  const breakOf = seminar.creditBreaks?.[0];
  switch (kind) {
    case "noShow":
      return [];
    case "forgotExit":
      return [{ direction: "in", at: minutes(start, -random.int(3, 15)) }];
    case "late":
      return [
        { direction: "in", at: minutes(start, random.int(40, 80)) },
        { direction: "out", at: minutes(end, random.int(0, 10)) },
      ];
    case "leftEarly":
      return [
        { direction: "in", at: minutes(start, -random.int(3, 15)) },
        { direction: "out", at: minutes(start, random.int(70, 100)) },
      ];
    case "breakOut":
      if (breakOf) {
        return [
          { direction: "in", at: minutes(start, -random.int(5, 20)) },
          { direction: "out", at: minutes(Date.parse(breakOf.start), random.int(1, 5)) },
          { direction: "in", at: minutes(Date.parse(breakOf.end), -random.int(1, 5)) },
          { direction: "out", at: minutes(end, random.int(0, 10)) },
        ];
      }
      return scansOf("full", seminar, random);
    default:
      return [
        { direction: "in", at: minutes(start, -random.int(2, 20)) },
        { direction: "out", at: minutes(end, random.int(0, 12)) },
      ];
  }
}

type RegistrationPlan = {
  member: Member;
  status: "confirmed" | "waitlisted" | "cancelled";
  queuedAt: Date;
  /** When a seat came free for someone first in line (default: at registration). */
  confirmedAt?: Date;
  cancelledAt?: Date;
  attendance?: Attendance;
};

async function writeSeminars(tx: Tx, random: Random, members: Member[], now: Date) {
  const planned = seminarRows(now);
  const inserted = await tx
    .insert(seminars)
    .values(planned.map((p) => p.row))
    .returning();
  const byKey = new Map(
    planned.map((p) => [p.key, inserted.find((row) => row.title === p.row.title)!]),
  );
  const demoMember = members.find((m) => m.email === DEMO_MEMBER_EMAIL)!;

  /** `count` active members who were members a week before `seminar`, the demo member first. */
  const pick = (seminar: Seminar, count: number) => {
    const eligible = members.filter(
      (m) =>
        m.active && m !== demoMember && m.approvedAt! < new Date(seminar.date.getTime() - 7 * DAY),
    );
    return [demoMember, ...random.shuffle(eligible)].slice(0, count);
  };
  /** Registration times spread over the weeks before the seminar, in the order given. */
  const queue = (seminar: Seminar, n: number, fromDays: number, toDays: number) => {
    const from = seminar.date.getTime() - fromDays * DAY;
    const to = Math.min(seminar.date.getTime() - toDays * DAY, now.getTime() - HOUR);
    return Array.from({ length: n }, (_, i) => new Date(from + ((to - from) * (i + 0.5)) / n));
  };
  const plans = new Map<Seminar, RegistrationPlan[]>();

  // Past seminars: most came, a few cancelled beforehand, some left early or never came.
  const past: [string, number, Attendance[], number][] = [
    [
      "autumnConference",
      44,
      ["breakOut", "breakOut", "leftEarly", "leftEarly", "late", "forgotExit", "noShow"],
      4,
    ],
    ["imageSeminar", 30, ["forgotExit", "leftEarly", "late", "noShow", "noShow"], 4],
    ["shortsSeminar", 28, ["forgotExit", "leftEarly", "noShow", "noShow"], 3],
  ];
  for (const [key, count, unusual, cancelled] of past) {
    const seminar = byKey.get(key)!;
    const people = pick(seminar, count);
    const times = queue(seminar, people.length, 28, 4);
    // The demo member came for the whole of each; the unusual cases fall on others.
    const kinds: Attendance[] = people.map((_, i) =>
      i === 0 ? "full" : (unusual[i - 1] ?? "full"),
    );
    const cancelling = new Set(
      random.shuffle(people.slice(unusual.length + 1)).slice(0, cancelled),
    );
    plans.set(
      seminar,
      people.map((member, i) => ({
        member,
        status: cancelling.has(member) ? "cancelled" : "confirmed",
        queuedAt: times[i]!,
        attendance: cancelling.has(member) ? undefined : kinds[i],
      })),
    );
  }

  // The small workshop ahead: full, six waiting, and two who cancelled, whose seats went to the
  // first two in line then.
  const workshop = byKey.get("documentWorkshop")!;
  {
    const people = pick(workshop, 32);
    const times = queue(workshop, people.length, 12, 3);
    const freed = [5, 11].map((i) => new Date(times[i]!.getTime() + 2 * DAY));
    const capacity = workshop.capacity!;
    let seated = 0;
    plans.set(
      workshop,
      people.map((member, i): RegistrationPlan => {
        const queuedAt = times[i]!;
        if (i === 5 || i === 11) {
          return { member, status: "cancelled", queuedAt, cancelledAt: freed[i === 5 ? 0 : 1] };
        }
        seated += 1;
        if (seated > capacity) return { member, status: "waitlisted", queuedAt };
        // The last in line who still got a seat got it when someone cancelled.
        const initial = capacity - freed.length;
        const cameFree = seated > initial ? freed[seated - initial - 1]! : queuedAt;
        const confirmedAt = new Date(Math.max(queuedAt.getTime(), cameFree.getTime()));
        return { member, status: "confirmed", queuedAt, confirmedAt };
      }),
    );
  }

  // The content seed's free seminars ahead that take registrations here: a third of the seats.
  const ahead = await tx
    .select()
    .from(seminars)
    .where(
      and(
        isNull(seminars.registrationUrl),
        gt(seminars.date, now),
        eq(seminars.status, "open"),
        sql`coalesce(${seminars.feeFull}, 0) = 0 and coalesce(${seminars.feeOther}, 0) = 0`,
        notInArray(
          seminars.id,
          inserted.map((s) => s.id),
        ),
      ),
    );
  for (const seminar of ahead) {
    const people = pick(seminar, Math.min(40, Math.ceil((seminar.capacity ?? 60) / 3)));
    const times = queue(seminar, people.length, 30, 1);
    plans.set(
      seminar,
      people.map((member, i) => ({
        member,
        status: i === 7 ? "cancelled" : "confirmed",
        queuedAt: times[i]!,
      })),
    );
  }

  // One insert for every registration, then the scans and the sheets that hang on them.
  const registrationRows = [...plans].flatMap(([seminar, list]) =>
    list.map((plan) => {
      const cancelledAt =
        plan.status === "cancelled"
          ? new Date(
              Math.min(
                (plan.cancelledAt ?? new Date(plan.queuedAt.getTime() + 2 * DAY)).getTime(),
                (seminar.cancellationDeadline ?? seminar.date).getTime() - HOUR,
                now.getTime() - HOUR,
              ),
            )
          : null;
      const ended = seminar.date < now;
      return {
        seminarId: seminar.id,
        userId: plan.member.id,
        ...copied(plan.member),
        status: plan.status,
        queuedAt: plan.queuedAt,
        confirmedAt: plan.status === "waitlisted" ? null : (plan.confirmedAt ?? plan.queuedAt),
        cancelledAt,
        cancelledBy: cancelledAt ? plan.member.id : null,
        remindedAt:
          ended && plan.status === "confirmed"
            ? new Date(seminar.date.getTime() - 20 * HOUR)
            : null,
        createdAt: plan.queuedAt,
        updatedAt: cancelledAt ?? plan.confirmedAt ?? plan.queuedAt,
      } satisfies typeof seminarRegistrations.$inferInsert;
    }),
  );
  const registered = await tx.insert(seminarRegistrations).values(registrationRows).returning({
    id: seminarRegistrations.id,
    seminarId: seminarRegistrations.seminarId,
    userId: seminarRegistrations.userId,
  });
  const registrationOf = new Map(registered.map((r) => [`${r.seminarId}:${r.userId}`, r.id]));

  const checkIns: (typeof seminarCheckIns.$inferInsert)[] = [];
  const sheets: (typeof seminarCreditSheets.$inferInsert)[] = [];
  const credits: (typeof seminarCredits.$inferInsert)[] = [];
  for (const key of ["autumnConference", "imageSeminar", "shortsSeminar"]) {
    const seminar = byKey.get(key)!;
    const locked = key !== "shortsSeminar";
    const sentAt = locked
      ? seoulAt(new Date(seminar.date.getTime() + DAY), 0, 10)
      : seoulAt(now, -4, 10);
    const objectionDeadline = new Date(sentAt.getTime() + 7 * DAY);
    const lockedAt = locked ? new Date(objectionDeadline.getTime() + DAY) : null;
    sheets.push({
      seminarId: seminar.id,
      status: locked ? "locked" : "sent",
      sentAt,
      objectionDeadline,
      lockedAt,
      createdAt: sentAt,
      updatedAt: lockedAt ?? sentAt,
    });
    const span = { start: seminar.date, end: seminar.endDate };
    const breaks = (seminar.creditBreaks ?? []).map((b) => ({
      start: new Date(b.start),
      end: new Date(b.end),
    }));
    const bands = bandsOf(seminar);
    for (const plan of plans.get(seminar)!) {
      if (plan.status !== "confirmed" || !plan.attendance || plan.attendance === "noShow") continue;
      const registrationId = registrationOf.get(`${seminar.id}:${plan.member.id}`)!;
      const scans = scansOf(plan.attendance, seminar, random);
      for (const scan of scans) {
        checkIns.push({
          registrationId,
          direction: scan.direction,
          at: scan.at,
          createdAt: scan.at,
        });
      }
      const creditOf = (attendance: ReturnType<typeof attendanceOf>) =>
        attendance.incomplete ? 0 : creditsFor(attendance.minutes, bands, seminar.cmeCredits);
      const scanned = attendanceOf(scans, { entryAt: null, exitAt: null }, span, breaks);
      const sentCredits = creditOf(scanned);
      // At the 월례 seminar a member forgot to scan out, objected, and the office corrected it.
      const objected = plan.attendance === "forgotExit" && key !== "autumnConference";
      const objection = objected
        ? {
            objection:
              "퇴장할 때 QR 스캔을 깜빡했습니다. 강의는 끝까지 들었습니다(21시 5분쯤 나왔습니다).",
            objectedAt: new Date(sentAt.getTime() + 26 * HOUR),
          }
        : {};
      if (!locked) {
        credits.push({
          registrationId,
          seminarId: seminar.id,
          sentCredits,
          ...objection,
          createdAt: sentAt,
        });
        continue;
      }
      const correction = objected
        ? {
            correctedExitAt: seminar.endDate,
            correctionReason: "이의 신청 확인: 퇴장 스캔 누락, 강의 종료 시각으로 정정",
            correctedAt: new Date(sentAt.getTime() + 2 * DAY),
          }
        : {};
      const final = attendanceOf(
        scans,
        { entryAt: null, exitAt: objected ? seminar.endDate : null },
        span,
        breaks,
      );
      const finalCredits = creditOf(final);
      credits.push({
        registrationId,
        seminarId: seminar.id,
        sentCredits,
        ...objection,
        ...correction,
        finalEntryAt: final.entryAt,
        finalExitAt: final.incomplete ? null : final.exitAt,
        finalMinutes: final.minutes,
        finalCredits,
        certificateCode: earnsCertificate(finalCredits) ? newCertificateCode() : null,
        createdAt: sentAt,
        updatedAt: lockedAt!,
      });
    }
  }
  await tx.insert(seminarCheckIns).values(checkIns);
  await tx.insert(seminarCreditSheets).values(sheets);
  await tx.insert(seminarCredits).values(credits);
  return { autumnConference: byKey.get("autumnConference")!.id };
}

// ---------------------------------------------------------------------------------------------
// The board

async function writeBoard(tx: Tx, random: Random, members: Member[], now: Date, at: At) {
  const writers = members.filter((m) => m.active);
  const byName = new Map(writers.map((m) => [m.name, m]));
  const latest = new Date(now.getTime() - 5 * MINUTE);
  const someoneBy = (when: Date, not?: Member) => {
    for (;;) {
      const member = random.pick(writers);
      if (member !== not && member.approvedAt! < when) return member;
    }
  };
  const posts = DEMO_POSTS.map((post) => {
    const createdAt = at(post.daysAgo, random.int(8, 22), random.int(0, 59));
    const author = (post.author && byName.get(post.author)) || someoneBy(createdAt);
    const comments = post.comments.map((comment) => {
      const when = later(createdAt, comment.hoursAfter * HOUR + random.int(0, 50) * MINUTE, latest);
      const writer = comment.byAuthor
        ? author
        : (comment.author && byName.get(comment.author)) || someoneBy(when, author);
      return { when, writer, body: comment.body };
    });
    return { post, createdAt, author, comments };
  });
  const inserted = await tx
    .insert(communityPosts)
    .values(
      posts.map(({ post, createdAt, author, comments }) => ({
        title: post.title,
        content: post.body,
        authorId: author.id,
        authorName: author.name,
        views: post.views,
        commentCount: comments.length,
        createdAt,
        updatedAt: comments.at(-1)?.when ?? createdAt,
      })),
    )
    .returning({ id: communityPosts.id, title: communityPosts.title });
  const commentRows = posts.flatMap(({ post, comments }) =>
    comments.map((comment) => ({
      postId: inserted.find((row) => row.title === post.title)!.id,
      authorId: comment.writer.id,
      authorName: comment.writer.name,
      content: comment.body,
      createdAt: comment.when,
    })),
  );
  if (commentRows.length > 0) await tx.insert(communityComments).values(commentRows);
}

// ---------------------------------------------------------------------------------------------
// The library and the notices' attachments

async function writeLibraryAndAttachments(
  tx: Tx,
  random: Random,
  files: DemoFile[],
  seminarIds: { autumnConference: string },
  at: At,
): Promise<Set<string>> {
  const file = (place: DemoFile["place"], key: string) =>
    files.find((f) => f.place === place && f.key === key)!;
  const stored = (f: DemoFile, createdAt: Date) => ({
    id: f.id,
    visibility: f.place,
    ownerId: null,
    origin: "library",
    contentType: DOCUMENT_TYPES[f.kind].mime,
    size: f.body.length,
    claimedAt: createdAt,
    createdAt,
  });

  const library = [
    {
      file: file("library", "checklist"),
      title: "의료광고 자율점검표 (AI 생성 콘텐츠 포함)",
      description:
        "홈페이지·블로그·SNS 게시 전에 확인할 항목을 한 장에 정리했습니다. 생성형 AI로 만든 글과 이미지의 점검 항목을 새로 넣었습니다.",
      category: "가이드라인",
      access: "members",
      seminarId: null,
      createdAt: at(45, 10, 30),
      downloads: 37,
    },
    {
      file: file("library", "papers"),
      title: "정기 학술대회 발표 자료집",
      description:
        "세 세션의 발표 초록과 패널 토론 주제를 담았습니다. 정회원과 학술대회 참석자가 내려받을 수 있습니다.",
      category: "세미나 자료",
      access: "regular",
      seminarId: seminarIds.autumnConference,
      createdAt: at(123, 16, 0),
      downloads: 52,
    },
    {
      file: file("library", "application"),
      title: "정회원 가입 신청서 (한글 양식)",
      description:
        "온라인 신청이 어려운 분을 위한 서면 신청서입니다. 작성 후 사무국으로 보내 주세요.",
      category: "서식",
      access: "members",
      seminarId: null,
      createdAt: at(150, 9, 20),
      downloads: 18,
    },
    {
      file: file("library", "journal"),
      title: "학회지 투고 규정 및 원고 양식",
      description: "원저·사례 보고·종설의 분량과 구성, 생성형 AI 사용 표기 방법을 안내합니다.",
      category: "서식",
      access: "members",
      seminarId: null,
      createdAt: at(30, 14, 0),
      downloads: 9 + random.int(0, 6),
    },
  ];

  const notices = await tx
    .select({
      id: announcements.id,
      title: announcements.title,
      createdAt: announcements.createdAt,
    })
    .from(announcements);
  const noticeFiles: [(title: string) => boolean, string[]][] = [
    [(title) => title.endsWith("정기총회 개최 안내"), ["agenda", "proxy"]],
    [(title) => title === "연회비 납부 안내", ["dues"]],
    [(title) => title === "학회지 원고 모집 안내", ["journal"]],
  ];
  const attachments = noticeFiles.flatMap(([matches, keys]) => {
    const notice = notices.find((n) => matches(n.title));
    return notice
      ? keys.map((key, position) => ({ notice, f: file("notice", key), position }))
      : [];
  });

  const objects = [
    ...library.map((item) => stored(item.file, item.createdAt)),
    ...attachments.map((a) => stored(a.f, a.notice.createdAt)),
  ];
  await tx.insert(storedObjects).values(objects);
  await tx.insert(academicResources).values(
    library.map(({ file: f, ...item }) => ({
      ...item,
      fileUrl: `/objects/${f.id}`,
      fileName: f.fileName,
      contentType: DOCUMENT_TYPES[f.kind].mime,
      fileSize: f.body.length,
      uploadedBy: null,
      updatedAt: item.createdAt,
    })),
  );
  if (attachments.length > 0) {
    await tx.insert(announcementAttachments).values(
      attachments.map(({ notice, f, position }) => ({
        announcementId: notice.id,
        objectId: f.id,
        fileName: f.fileName,
        contentType: DOCUMENT_TYPES[f.kind].mime,
        fileSize: f.body.length,
        position,
        createdAt: notice.createdAt,
      })),
    );
  }
  return new Set(objects.map((object) => object.id));
}
