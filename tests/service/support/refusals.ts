// What a service's refusal looks like to its caller, and the check every office service shares:
// a member's actor is refused with the administrators-only 403 and leaves no audit entry.
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "~/db.server";
import { AppError } from "~/lib/errors.server";
import { auditLog } from "~db/schema";

/** A well-formed id that names nothing. */
export const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

/** The AppError `attempt` throws (synchronously or not); fails the test when it does not throw. */
export async function refusalOf(attempt: () => unknown): Promise<AppError> {
  let outcome: unknown;
  try {
    await attempt();
  } catch (error) {
    outcome = error;
  }
  expect(outcome, "the service should have refused").toBeInstanceOf(AppError);
  return outcome as AppError;
}

/** Expects `attempt` to be refused with `status` and, when given, exactly `message`. */
export async function expectRefused(attempt: () => unknown, status: number, message?: string) {
  const refusal = await refusalOf(attempt);
  expect(refusal.status, refusal.message).toBe(status);
  if (message !== undefined) expect(refusal.message).toBe(message);
  return refusal;
}

/** Each attempt is the administrators-only 403. */
export async function expectAdminOnly(attempts: Record<string, () => unknown>) {
  for (const [name, attempt] of Object.entries(attempts)) {
    const refusal = await refusalOf(attempt);
    expect({ name, status: refusal.status, message: refusal.message }).toEqual({
      name,
      status: 403,
      message: "관리자만 이용할 수 있습니다.",
    });
  }
}

/** The audit entries recorded with `actorId` as the actor. */
export async function auditedBy(actorId: string) {
  const db = await getDb();
  return db.select().from(auditLog).where(eq(auditLog.actorId, actorId));
}
