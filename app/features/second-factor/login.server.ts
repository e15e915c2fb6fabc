// The login with the second factor, for the /login page and the JSON calls alike: the password
// first (accounts.server.ts); then, for an account whose role needs a second factor and has one,
// a short-lived step that signs no one in until a code or a recovery code completes it.
import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "~/db.server";
import { env } from "~/env.server";
import { needsSecondFactor } from "~/features/accounts/second-factor-policy";
import { AppError } from "~/lib/errors.server";
import { users } from "~db/schema";
import { ApplicantRefusal, logIn } from "../accounts/accounts.server";
import { applicantCookieFor } from "../accounts/applicant.server";
import { clientOf, recordAuthEvent } from "../accounts/auth-events.server";
import { rememberDevice } from "../accounts/known-device.server";
import {
  createSecondFactorStep,
  createUserSession,
  endSecondFactorStep,
  secondFactorStepOf,
} from "../accounts/session.server";
import { hasSecondFactor, verifySecondFactor } from "./second-factor.server";

export const STEP_EXPIRED =
  "로그인 단계가 만료되었습니다. 이메일과 비밀번호로 처음부터 다시 로그인해주세요.";

type Account = { id: string; email: string; name: string; role: string; isApproved: boolean };

/**
 * How a login answers, page or call alike: the account, and the headers that carry its cookies
 * (the session or the second factor's step, and the remembered device).
 */
export type LoginOutcome =
  | {
      kind: "signed-in";
      user: Account;
      headers: Headers;
      /** A password-only session while the role requires a factor not yet set up. */
      enrolmentRequired: boolean;
    }
  | { kind: "second-factor"; user: Account; headers: Headers }
  | {
      /** A right password for a sign-up that waits or was rejected: no session, a status page. */
      kind: "applicant";
      status: "pending" | "rejected";
      reason: string | null;
      message: string;
      headers: Headers;
    };

const cookieHeaders = (cookies: string[]) => {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return headers;
};

/**
 * The password step of the request that sent `credentials` from `ip`: a session, or the step that
 * waits for the second factor. The request's cookies tell a remembered device (the login limit)
 * and its user agent goes with the session and the event.
 */
export async function startLogin(
  credentials: { email: string; password: string },
  request: Request,
  ip: string | undefined,
): Promise<LoginOutcome> {
  const client = clientOf(request, ip);
  let account: Awaited<ReturnType<typeof logIn>>;
  try {
    account = await logIn({
      ...credentials,
      ip,
      cookie: request.headers.get("Cookie"),
      userAgent: client.userAgent,
    });
  } catch (error) {
    if (!(error instanceof ApplicantRefusal)) throw error;
    return {
      kind: "applicant",
      status: error.applicantStatus,
      reason: error.reason,
      message: error.message,
      headers: cookieHeaders([await applicantCookieFor(error.userId)]),
    };
  }
  const { deviceCookie, ...user } = account;
  if (needsSecondFactor(user.role) && (await hasSecondFactor(user.id))) {
    return {
      kind: "second-factor",
      user,
      headers: cookieHeaders([await createSecondFactorStep(user.id, client), deviceCookie]),
    };
  }
  await recordAuthEvent(user.id, "login", client);
  return {
    kind: "signed-in",
    user,
    headers: cookieHeaders([await createUserSession(user, { client }), deviceCookie]),
    enrolmentRequired: needsSecondFactor(user.role) && env.ADMIN_MFA_REQUIRED,
  };
}

/**
 * The second step: a six-digit code or a recovery code for the account waiting in this
 * request's step. The step is replaced by a session that counts as passed.
 */
export async function finishLogin(
  request: Request,
  ip: string | undefined,
  code: string,
): Promise<{ user: Account; headers: Headers }> {
  const client = clientOf(request, ip);
  const step = await secondFactorStepOf(request);
  if (!step) throw new AppError("unauthenticated", STEP_EXPIRED);
  const cookieHeader = request.headers.get("Cookie");
  await verifySecondFactor(step.userId, code, { ...client, cookie: cookieHeader });
  const db = await getDb();
  // The account may have been suspended or rejected in the meantime.
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      isApproved: users.isApproved,
    })
    .from(users)
    .where(and(eq(users.id, step.userId), isNull(users.rejectedAt), isNull(users.suspendedAt)));
  await endSecondFactorStep(request);
  if (!user?.isApproved) throw new AppError("unauthenticated", STEP_EXPIRED);
  await recordAuthEvent(user.id, "login", client);
  const cookie = await createUserSession(user, { client, secondFactor: true });
  // This browser's later code attempts are counted apart from strangers'.
  const device = await rememberDevice(cookieHeader, user.id, { secondFactor: true });
  return { user, headers: cookieHeaders([cookie, device]) };
}

/** The signed-in account as the calls answer it (POST /api/auth/login and /api/auth/mfa). */
export const accountAnswer = ({ id, email, name, role, isApproved }: Account) => ({
  id,
  email,
  name,
  role,
  isApproved,
});
