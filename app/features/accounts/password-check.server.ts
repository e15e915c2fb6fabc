// Every check of a member's current password (login, /mypage password change, withdrawal) goes
// through here, under the same per-account-and-client limit (security/rate-limit.server.ts).
import { notifyRepeatedLoginFailures } from "../mail/notifications.server";
import { beginPasswordAttempt } from "../security/rate-limit.server";
import { knownDeviceOf } from "./known-device.server";
import { dummyPasswordHash, verifyPassword } from "./passwords.server";

/** Where a password attempt comes from: the client's address and its Cookie header. */
export type ClientInfo = { ip: string | undefined; cookie?: string | null };

/**
 * Counts the attempt first (429 when this client is locked out of the account), then verifies.
 * `account` is undefined when the submitted e-mail has no account: the attempt is counted and a
 * dummy hash verified all the same, so neither the answer nor its timing tells the two apart.
 */
export async function checkPasswordLimited(
  email: string,
  account: { id: string; name: string; email: string; passwordHash: string } | undefined,
  password: string,
  client: ClientInfo,
): Promise<boolean> {
  const device = account ? await knownDeviceOf(client.cookie, account.id) : null;
  const attempt = await beginPasswordAttempt(email, device ? { device } : { ip: client.ip });
  const valid = await verifyPassword(
    account?.passwordHash ?? (await dummyPasswordHash()),
    password,
  );
  if (account && valid) {
    await attempt.succeeded();
    return true;
  }
  if ((await attempt.failed()) && account) await notifyRepeatedLoginFailures(account);
  return false;
}
