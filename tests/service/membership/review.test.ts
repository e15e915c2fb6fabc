// The review of full-membership applications decides who may act itself: a member's actor may
// neither read an application in full nor decide one, through the call's service or the
// dashboard's intent, and nothing changes; an administrator's views (audited), approves (the
// applicant becomes 정회원) and rejects with a reason, each audited and mailed.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import type { SessionActor } from "~/features/accounts/actor.server";
import { DASHBOARD_INTENTS } from "~/features/admin/dashboard.server";
import {
  decideApplication,
  submitApplication,
  viewApplication,
} from "~/features/membership/applications.server";
import { auditLog, mailQueue, membershipApplications, users } from "~db/schema";
import { insertActor } from "../support/people";
import { auditedBy, expectAdminOnly, expectRefused, UNKNOWN_ID } from "../support/refusals";

let admin: SessionActor;

beforeAll(async () => {
  admin = await insertActor({ role: "admin" });
});

/** An associate member with a pending application. */
async function applicant(name: string) {
  const person = await insertActor({ name, memberType: "associate" });
  const { id } = await submitApplication(person.user, {
    phone: "010-2345-6789",
    licenseNumber: `L-${crypto.randomUUID().slice(0, 8)}`,
    hospitalName: "신청의원",
    department: "내과",
    address: "대구광역시 중구 1",
  });
  return { person, id };
}

async function applicationRow(id: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(membershipApplications)
    .where(eq(membershipApplications.id, id));
  return row!;
}

async function memberTypeOf(userId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ memberType: users.memberType })
    .from(users)
    .where(eq(users.id, userId));
  return row?.memberType;
}

const decisionMails = async (email: string) => {
  const db = await getDb();
  return db.select().from(mailQueue).where(eq(mailQueue.to, email));
};

describe("a member's actor", () => {
  it("may neither view nor decide an application: a 403 that changes and records nothing", async () => {
    const member = await insertActor();
    const { person, id } = await applicant("심사대상");
    const mailsBefore = await decisionMails(person.user.email);

    await expectAdminOnly({
      view: () => viewApplication(member, id),
      approve: () => decideApplication(member, id, { status: "approved" }),
      reject: () => decideApplication(member, id, { status: "rejected", rejectionReason: "x" }),
      // The applicant may not decide their own either.
      own: () => decideApplication(person, id, { status: "approved" }),
      dashboardApprove: () => DASHBOARD_INTENTS["approve-application"]!({ id }, member),
      dashboardReject: () =>
        DASHBOARD_INTENTS["reject-application"]!({ id, rejectionReason: "x" }, member),
      // Refused before the id is looked at.
      unknown: () => viewApplication(member, UNKNOWN_ID),
    });

    expect(await applicationRow(id)).toMatchObject({ status: "pending", rejectionReason: null });
    expect(await memberTypeOf(person.user.id)).toBe("associate");
    expect(await decisionMails(person.user.email)).toEqual(mailsBefore);
    expect(await auditedBy(member.user.id)).toEqual([]);
    expect(await auditedBy(person.user.id)).toEqual([]);
  });
});

describe("an administrator's actor", () => {
  it("views an application (audited) and approves it: the applicant becomes 정회원", async () => {
    const { person, id } = await applicant("승인대상");
    await expect(viewApplication(admin, id)).resolves.toMatchObject({
      id,
      userId: person.user.id,
      status: "pending",
    });
    const approved = await decideApplication(admin, id, { status: "approved" });
    expect(approved).toMatchObject({ id, status: "approved" });
    expect(await memberTypeOf(person.user.id)).toBe("regular");
    await expectRefused(
      () => decideApplication(admin, id, { status: "rejected", rejectionReason: "늦은 거부" }),
      409,
      "이미 처리된 신청입니다.",
    );

    const db = await getDb();
    const entries = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, person.user.id), eq(auditLog.actorId, admin.user.id)));
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      "approve_application",
      "view_application",
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({ actorEmail: admin.user.email, ip: "127.0.0.1" });
    }
    expect((await decisionMails(person.user.email)).length).toBeGreaterThan(0);
  });

  it("rejects with a reason through the dashboard's intent: audited, the type unchanged", async () => {
    const { person, id } = await applicant("거부대상");
    await expect(
      DASHBOARD_INTENTS["reject-application"]!({ id, rejectionReason: "면허 확인 불가" }, admin),
    ).resolves.toMatchObject({ title: "거부 완료" });
    expect(await applicationRow(id)).toMatchObject({
      status: "rejected",
      rejectionReason: "면허 확인 불가",
    });
    expect(await memberTypeOf(person.user.id)).toBe("associate");
    const db = await getDb();
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.subjectId, person.user.id), eq(auditLog.action, "reject_application")),
      );
    expect(entry).toMatchObject({ actorId: admin.user.id, detail: { applicationId: id } });
    // Without a reason the dashboard refuses it, as the call does.
    const other = await applicant("사유없음");
    await expectRefused(
      () => DASHBOARD_INTENTS["reject-application"]!({ id: other.id }, admin),
      400,
      "거부 사유를 입력해주세요.",
    );
    expect((await applicationRow(other.id)).status).toBe("pending");
  });

  it("answers 404 for an unknown or malformed application, and records nothing for it", async () => {
    const before = (await auditedBy(admin.user.id)).length;
    for (const id of [UNKNOWN_ID, "not-an-id"]) {
      await expectRefused(() => viewApplication(admin, id), 404, "신청서를 찾을 수 없습니다.");
      await expectRefused(
        () => decideApplication(admin, id, { status: "approved" }),
        404,
        "신청서를 찾을 수 없습니다.",
      );
    }
    expect(await auditedBy(admin.user.id)).toHaveLength(before);
  });
});
