// What a member does with their own account on /mypage: see it, edit contact details, change the
// password, and withdraw (회원 탈퇴), which deletes the account, its sessions, its application and
// its licence images at once (its attendance at seminars stays without it: decision 035).
import { and, count, eq, or, sql } from "drizzle-orm";
import { getDb } from "~/db.server";
import { builtOnce } from "~/lib/built-once.server";
import { AppError } from "~/lib/errors.server";
import { logger } from "~/logger.server";
import type { Transaction } from "~db/client.server";
import { membershipApplications, seminarRegistrations, storedObjects, users } from "~db/schema";
import { notifyPasswordChanged } from "../mail/notifications.server";
import { textMember } from "../messages/messages.server";
import {
  deleteStoredFiles,
  forgetStoredObjects,
  objectIdFromPath,
} from "../uploads/uploads.server";
import { type ClientInfo, checkPasswordLimited } from "./password-check.server";
import { assertStrongPassword } from "./password-strength.server";
import { hashPassword } from "./passwords.server";
import { endAllSessions } from "./session.server";

export const WRONG_PASSWORD = "비밀번호가 올바르지 않습니다.";

const accountOf = builtOnce("my_account", (db) =>
  db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      phone: users.phone,
      licenseNumber: users.licenseNumber,
      hospitalName: users.hospitalName,
      department: users.department,
      address: users.address,
      role: users.role,
      isApproved: users.isApproved,
      approvedAt: users.approvedAt,
      createdAt: users.createdAt,
      privacyConsentVersion: users.privacyConsentVersion,
      privacyConsentAt: users.privacyConsentAt,
      termsConsentVersion: users.termsConsentVersion,
      termsConsentAt: users.termsConsentAt,
      // The text-message settings, which /mypage shows beside the account (one read of the row).
      messagesEnabled: users.messagesEnabled,
      marketingConsentAt: users.marketingConsentAt,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder("userId"))),
);

export async function getMyAccount(userId: string) {
  const [account] = await accountOf({ userId });
  return account ?? null;
}

export async function updateMyProfile(
  userId: string,
  profile: { phone: string; hospitalName: string; department: string; address: string },
) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        phone: profile.phone,
        hospitalName: profile.hospitalName,
        department: profile.department,
        address: profile.address,
      })
      .where(eq(users.id, userId));
    // The seminar registrations' copy of the number (the door's search, the seminars' texts).
    await tx
      .update(seminarRegistrations)
      .set({ phone: profile.phone })
      .where(eq(seminarRegistrations.userId, userId));
  });
}

/**
 * Confirms the member's current password under the same limit as login: someone holding a
 * logged-in session (a borrowed or stolen one) must not get unlimited guesses here either. A wrong
 * one is reported under `field`, the form's current-password field, and no other.
 */
export async function checkPassword(
  userId: string,
  password: string,
  client: ClientInfo,
  field: "password" | "currentPassword" = "password",
) {
  const db = await getDb();
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new AppError("unauthenticated", "로그인이 필요합니다.");
  if (!(await checkPasswordLimited(row.email, row, password, client))) {
    throw new AppError("invalid", WRONG_PASSWORD, { [field]: WRONG_PASSWORD });
  }
  return row;
}

/**
 * Changes the password; every other session of the account ends, this one stays, and the owner
 * is told by e-mail.
 */
export async function changeMyPassword(
  userId: string,
  input: { currentPassword: string; password: string },
  keepSessionId: string | null,
  client: ClientInfo,
) {
  const account = await checkPassword(userId, input.currentPassword, client, "currentPassword");
  await assertStrongPassword(input.password, account);
  const db = await getDb();
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(input.password) })
    .where(eq(users.id, userId));
  await endAllSessions(userId, keepSessionId ? { except: keepSessionId } : {});
  await notifyPasswordChanged(account, "change");
  await textMember(userId, "passwordChanged", { name: account.name });
}

/**
 * Deletes the account after the password is confirmed. Sessions, the application and other rows
 * go with it (foreign keys cascade); licence images are deleted from storage. The last
 * administrator cannot withdraw. The areas above this one settle what the account leaves behind:
 * `beforeDelete` once the checks have passed (its seminar seats and their fees, which call the
 * payment provider), `withDeletion` in the deletion's own transaction (what is kept of it), so
 * that nothing is kept of an account that stays.
 */
export async function withdraw(
  userId: string,
  password: string,
  client: ClientInfo,
  hooks: {
    beforeDelete?: () => Promise<unknown>;
    withDeletion?: (tx: Transaction) => Promise<unknown>;
  } = {},
) {
  await checkPassword(userId, password, client);
  const db = await getDb();
  const [account] = await db
    .select({ role: users.role, licenseImageUrl: users.licenseImageUrl })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) return;
  if (account.role === "admin") {
    const [admins] = await db
      .select({ value: count() })
      .from(users)
      .where(and(eq(users.role, "admin"), eq(users.isApproved, true)));
    if ((admins?.value ?? 0) <= 1) {
      throw new AppError(
        "conflict",
        "마지막 관리자는 탈퇴할 수 없습니다. 다른 관리자를 지정한 뒤 다시 시도해주세요.",
      );
    }
  }
  // Every application's image: a re-applicant has several.
  const applications = await db
    .select({ licenseImageUrl: membershipApplications.licenseImageUrl })
    .from(membershipApplications)
    .where(eq(membershipApplications.userId, userId));
  const imageIds = [account.licenseImageUrl, ...applications.map((a) => a.licenseImageUrl)]
    .map((path) => (path ? objectIdFromPath(path) : null))
    .filter((id): id is string => Boolean(id));

  // Every private file of the account: its licence images and anything else it uploaded.
  const owned = await db
    .select({ id: storedObjects.id })
    .from(storedObjects)
    .where(
      or(
        and(eq(storedObjects.ownerId, userId), eq(storedObjects.visibility, "private")),
        ...imageIds.map((id) => eq(storedObjects.id, id)),
      ),
    );
  const ids = [...new Set([...imageIds, ...owned.map((o) => o.id)])];

  await hooks.beforeDelete?.();
  await endAllSessions(userId);
  await db.transaction(async (tx) => {
    await hooks.withDeletion?.(tx);
    await forgetStoredObjects(tx, ids);
    await tx.delete(users).where(eq(users.id, userId));
  });
  await deleteStoredFiles(ids, "withdrawal");
  logger.info({ userId, files: ids.length }, "Member withdrew; account and files deleted");
}
