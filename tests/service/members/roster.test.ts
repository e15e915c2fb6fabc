// The office's roster decides who may act itself: a member's actor is refused by every change to
// a member (and the members export), whatever route called it, and nothing changes; an
// administrator's corrects, suspends, reinstates, ends sessions, approves and exports, each
// audited with them. Bad input (an unknown member, an unknown action, suspending oneself, the
// last administrator's role) is refused by the service.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import type { SessionActor } from "~/features/accounts/actor.server";
import { runMemberRecordAction } from "~/features/members/record.server";
import {
  approveMembers,
  endMemberSessions,
  membersCsvStream,
  reinstateMember,
  suspendMember,
  updateMember,
} from "~/features/members/roster.server";
import { auditLog, authEvents, mailQueue, sessions, users } from "~db/schema";
import { insertActor } from "../support/people";
import { auditedBy, expectAdminOnly, expectRefused, UNKNOWN_ID } from "../support/refusals";

// The file's only administrator: the last-administrator rule counts on it.
let admin: SessionActor;

beforeAll(async () => {
  admin = await insertActor({ role: "admin" });
});

async function userRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row!;
}

/** A signed-in session of `userId`, as the login would leave it. */
async function startSession(userId: string) {
  const db = await getDb();
  const sid = `service-test-${crypto.randomUUID()}`;
  await db.insert(sessions).values({
    sid,
    sess: { userId },
    expire: new Date(Date.now() + 60 * 60 * 1000),
    userId,
  });
  return sid;
}

const sessionsOf = async (userId: string) => {
  const db = await getDb();
  return db.select().from(sessions).where(eq(sessions.userId, userId));
};

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("a member's actor", () => {
  it("is refused every change to a member and the export: nothing changes, nothing is audited", async () => {
    const member = await insertActor();
    const target = await insertActor({ memberType: "regular", name: "대상회원" });
    const suspended = await insertActor({ name: "정지회원" });
    const pending = await insertActor({ isApproved: false, name: "대기회원" });
    await suspendMember(admin, suspended.user.id, "회비 장기 미납");
    await startSession(target.user.id);
    const before = await userRow(target.user.id);
    const id = target.user.id;

    await expectAdminOnly({
      updateMember: () => updateMember(member, id, { name: "바뀐이름", role: "admin" }),
      suspendMember: () => suspendMember(member, id, "회원이 정지"),
      reinstateMember: () => reinstateMember(member, suspended.user.id),
      endMemberSessions: () => endMemberSessions(member, id),
      approveMembers: () => approveMembers(member, [pending.user.id]),
      membersCsvStream: () => membersCsvStream(member, {}, "회원 명부 확인"),
      recordUpdate: () => runMemberRecordAction(member, "update", id, form({ name: "바뀐이름" })),
      recordApprove: () => runMemberRecordAction(member, "approve", pending.user.id, form({})),
      recordReject: () => runMemberRecordAction(member, "reject", pending.user.id, form({})),
      recordRole: () => runMemberRecordAction(member, "set-role", id, form({ role: "admin" })),
      recordSecondFactor: () =>
        runMemberRecordAction(member, "reset-second-factor", admin.user.id, form({})),
      // Refused before the intent or the id is looked at.
      recordUnknown: () => runMemberRecordAction(member, "no-such-action", UNKNOWN_ID, form({})),
    });

    expect(await userRow(id)).toEqual(before);
    expect(await sessionsOf(id)).toHaveLength(1);
    expect((await userRow(suspended.user.id)).suspendedAt).not.toBeNull();
    expect(await userRow(pending.user.id)).toMatchObject({ isApproved: false, rejectedAt: null });
    const db = await getDb();
    expect(await db.select().from(authEvents).where(eq(authEvents.userId, id))).toEqual([]);
    expect(await db.select().from(mailQueue).where(eq(mailQueue.to, pending.user.email))).toEqual(
      [],
    );
    expect(await auditedBy(member.user.id)).toEqual([]);
  });
});

describe("an administrator's actor", () => {
  it("corrects a member's fields and type, audited with who and from where", async () => {
    const target = await insertActor({ memberType: "regular", name: "수정대상" });
    const updated = await updateMember(admin, target.user.id, {
      hospitalName: "새병원의원",
      memberType: "associate",
      reason: "정회원 요건 미충족",
    });
    expect(updated).toMatchObject({ hospitalName: "새병원의원", memberType: "associate" });
    const db = await getDb();
    const entries = await db.select().from(auditLog).where(eq(auditLog.subjectId, target.user.id));
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      "member_type_change",
      "member_update",
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({
        actorId: admin.user.id,
        actorEmail: admin.user.email,
        ip: "127.0.0.1",
      });
    }
  });

  it("suspends (sessions end, mailed), reinstates and ends sessions, each audited", async () => {
    const target = await insertActor({ name: "정지대상" });
    await startSession(target.user.id);
    const suspended = await suspendMember(admin, target.user.id, "회칙 위반");
    expect(suspended).toMatchObject({ status: "suspended", suspensionReason: "회칙 위반" });
    expect(await sessionsOf(target.user.id)).toEqual([]);
    await expect(reinstateMember(admin, target.user.id)).resolves.toMatchObject({
      status: "approved",
    });
    await startSession(target.user.id);
    await endMemberSessions(admin, target.user.id);
    expect(await sessionsOf(target.user.id)).toEqual([]);

    const db = await getDb();
    const actions = (
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.subjectId, target.user.id), eq(auditLog.actorId, admin.user.id)))
    ).map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining(["member_suspend", "member_reinstate", "member_end_sessions"]),
    );
    const [ended] = await db
      .select()
      .from(authEvents)
      .where(and(eq(authEvents.userId, target.user.id), eq(authEvents.type, "session_ended")));
    expect(ended?.ip).toBe("127.0.0.1");
    const mails = await db.select().from(mailQueue).where(eq(mailQueue.to, target.user.email));
    expect(mails.length).toBeGreaterThanOrEqual(2);
  });

  it("approves pending sign-ups through the record and in bulk, passing over the others", async () => {
    const one = await insertActor({ isApproved: false, name: "대기하나" });
    const two = await insertActor({ isApproved: false, name: "대기둘" });
    const approved = await insertActor({ name: "이미승인" });
    await expect(runMemberRecordAction(admin, "approve", one.user.id, form({}))).resolves.toEqual({
      message: "가입을 승인했습니다.",
    });
    await expect(
      approveMembers(admin, [one.user.id, two.user.id, approved.user.id, two.user.id]),
    ).resolves.toEqual({ approved: 1 });
    expect((await userRow(two.user.id)).isApproved).toBe(true);
    const db = await getDb();
    const approvals = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.user.id), eq(auditLog.action, "approve_member")));
    expect(approvals.map((entry) => entry.subjectId)).toEqual(
      expect.arrayContaining([one.user.id, two.user.id]),
    );
  });

  it("exports the roster as CSV, audited with its purpose and row count before the first row", async () => {
    await insertActor({ name: "내보내기회원", hospitalName: "내보내기의원" });
    const csv = await new Response(
      membersCsvStream(admin, { q: "내보내기" }, "연락처 확인"),
    ).text();
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toContain("이름");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("내보내기회원");
    const db = await getDb();
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.user.id), eq(auditLog.action, "export_members")));
    expect(entry?.detail).toMatchObject({ purpose: "연락처 확인", rows: 1, q: "내보내기" });
  });
});

describe("bad input", () => {
  it("answers 404 for an unknown or malformed member and 400 for an unknown action", async () => {
    for (const id of [UNKNOWN_ID, "not-an-id"]) {
      await expectRefused(
        () => updateMember(admin, id, { name: "없음" }),
        404,
        "회원을 찾을 수 없습니다.",
      );
      await expectRefused(() => suspendMember(admin, id, "x"), 404, "회원을 찾을 수 없습니다.");
      await expectRefused(() => reinstateMember(admin, id), 404);
      await expectRefused(() => endMemberSessions(admin, id), 404);
    }
    const target = await insertActor();
    for (const intent of ["no-such-action", "toString", "constructor"]) {
      await expectRefused(
        () => runMemberRecordAction(admin, intent, target.user.id, form({})),
        400,
        "알 수 없는 작업입니다.",
      );
    }
  });

  it("keeps the office from suspending itself or demoting its last administrator", async () => {
    await expectRefused(
      () => suspendMember(admin, admin.user.id, "x"),
      409,
      "자기 자신은 정지할 수 없습니다.",
    );
    await expectRefused(
      () => updateMember(admin, admin.user.id, { role: "member" }),
      409,
      "마지막 관리자입니다. 다른 관리자를 먼저 지정해주세요.",
    );
    const regular = await insertActor({ memberType: "regular" });
    const revoked = await expectRefused(
      () => updateMember(admin, regular.user.id, { memberType: "associate" }),
      400,
    );
    expect(revoked.errors?.reason).toBe("정회원 자격을 해제하는 사유를 입력해주세요.");
    expect((await userRow(admin.user.id)).role).toBe("admin");
  });
});
