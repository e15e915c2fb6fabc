// CSV exports of members and applications for administrators; every export is audited.
import { asc, desc } from "drizzle-orm";
import { getDb } from "~/db.server";
import { toCsv } from "~/lib/csv";
import { formatDate } from "~/lib/dates";
import { membershipApplications, users } from "~db/schema";
import { type AuditContext, audit } from "../audit/audit.server";
import { STATUS_LABELS } from "../membership/validation";

export async function exportMembersCsv(context: AuditContext) {
  const db = await getDb();
  const rows = await db.select().from(users).orderBy(asc(users.createdAt));
  await audit(context, "export_members", null, { rows: rows.length });
  return toCsv(
    [
      "이름",
      "이메일",
      "휴대전화번호",
      "의사 면허번호",
      "병원명",
      "진료과목",
      "병원 주소",
      "권한",
      "상태",
      "가입일",
    ],
    rows.map((u) => [
      u.name,
      u.email,
      u.phone,
      u.licenseNumber,
      u.hospitalName,
      u.department,
      u.address,
      u.role === "admin" ? "관리자" : "회원",
      u.isApproved ? "승인" : u.rejectedAt ? "거부" : "승인 대기",
      formatDate(u.createdAt),
    ]),
  );
}

export async function exportApplicationsCsv(context: AuditContext) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(membershipApplications)
    .orderBy(desc(membershipApplications.createdAt));
  await audit(context, "export_applications", null, { rows: rows.length });
  return toCsv(
    [
      "이름",
      "이메일",
      "연락처",
      "의사 면허번호",
      "병원명",
      "진료과목",
      "병원 주소",
      "상태",
      "거부 사유",
      "신청일",
    ],
    rows.map((a) => [
      a.name,
      a.email,
      a.phone,
      a.licenseNumber,
      a.hospitalName,
      a.department,
      a.address,
      STATUS_LABELS[a.status as "pending"]?.admin ?? a.status,
      a.rejectionReason,
      formatDate(a.createdAt),
    ]),
  );
}
