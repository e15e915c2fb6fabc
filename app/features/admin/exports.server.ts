// The CSV export of full-membership applications: for an administrator's actor only (checked
// here), and every export is audited. (The members' export
// streams from the roster: membersCsvStream in features/members.)
import { desc } from "drizzle-orm";
import { getDb } from "~/db.server";
import { toCsv } from "~/lib/csv";
import { formatDate } from "~/lib/dates";
import { membershipApplications } from "~db/schema";
import { type Actor, assertAdmin } from "../audit/actor.server";
import { audit } from "../audit/audit.server";
import { STATUS_LABELS } from "../membership/validation";

export async function exportApplicationsCsv(actor: Actor, purpose: string) {
  assertAdmin(actor);
  const db = await getDb();
  const rows = await db
    .select()
    .from(membershipApplications)
    .orderBy(desc(membershipApplications.createdAt));
  await audit(actor.audit, "export_applications", null, { purpose, rows: rows.length });
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
