// The administrators' audit trail. Recording never breaks the action it records: a failure is
// logged. Rows hold ids, names and e-mails, never passwords, tokens or images.
import { and, count, desc, eq, lt, type SQL } from "drizzle-orm";
import { getDb } from "~/db.server";
import { logger } from "~/logger.server";
import { auditLog } from "~db/schema";
import { AUDIT_PAGE_SIZE, type AuditAction } from "./actions";

/** Who is recorded as having acted. */
type AuditedPerson = { id: string; email: string };
/** Who acts and from where: what the services record with each change (see actor.server.ts). */
export type AuditContext = { actor: AuditedPerson; ip?: string | null };
export type AuditEntry = {
  actor: AuditedPerson | null;
  action: AuditAction;
  subject?: { id?: string | null; label?: string | null } | null;
  detail?: Record<string, string | number | boolean | null>;
  ip?: string | null;
};

export async function recordAudit(entry: AuditEntry) {
  try {
    const db = await getDb();
    await db.insert(auditLog).values({
      actorId: entry.actor?.id ?? null,
      actorEmail: entry.actor?.email ?? "system",
      action: entry.action,
      subjectId: entry.subject?.id ?? null,
      subjectLabel: entry.subject?.label ?? null,
      detail: entry.detail ?? null,
      ip: entry.ip ?? null,
    });
  } catch (error) {
    logger.error({ err: error, action: entry.action }, "Could not write the audit log");
  }
}

/** The audit log newest first, filtered by administrator and action, a page at a time. */
export async function listAudit(filter: { actorId?: string; action?: string; page?: number }) {
  const db = await getDb();
  const conditions: SQL[] = [];
  if (filter.actorId) conditions.push(eq(auditLog.actorId, filter.actorId));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  const where = conditions.length ? and(...conditions) : undefined;
  const page = Math.max(0, filter.page ?? 0);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset(page * AUDIT_PAGE_SIZE),
    db.select({ value: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: total?.value ?? 0, page };
}

/** Administrators who appear in the log, for the filter. */
export async function auditActors() {
  const db = await getDb();
  return db
    .selectDistinct({ id: auditLog.actorId, email: auditLog.actorEmail })
    .from(auditLog)
    .orderBy(auditLog.actorEmail);
}

/** Deletes entries older than `days` (at least one year is kept). */
export async function purgeAudit(days: number, now = new Date()) {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - Math.max(days, 366) * 24 * 60 * 60 * 1000);
  const deleted = await db
    .delete(auditLog)
    .where(lt(auditLog.createdAt, cutoff))
    .returning({ id: auditLog.id });
  return deleted.length;
}

/** Records `action` on `subject` for a context; a missing context (scripts, tests) records nothing. */
export async function audit(
  context: AuditContext | undefined,
  action: AuditAction,
  subject?: { id?: string | null; label?: string | null } | null,
  detail?: AuditEntry["detail"],
) {
  if (!context) return;
  await recordAudit({ actor: context.actor, ip: context.ip, action, subject, detail });
}
