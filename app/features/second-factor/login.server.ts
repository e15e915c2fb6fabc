// The login with the second factor, for the /login page and the JSON calls alike: the password
// first (accounts.server.ts); then, for an account whose role needs a second factor and has one,
// a short-lived step that signs no one in until a code or a recovery code completes it.
import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "~/db.server";
import { env } from "~/env.server";
import { AppError } from "~/lib/errors.server";
import { users } from "~db/schema";
import { logIn } from "../accounts/accounts.server";
import { type EventClient, recordAuthEvent } from "../accounts/auth-events.server";
import {
  createSecondFactorStep,
  createUserSession,
  endSecondFactorStep,
  secondFactorStepOf,
} from "../accounts/session.server";
import { needsSecondFactor } from "./policy";
import { hasSecondFactor, verifySecondFactor } from "./second-factor.server";

export const STEP_EXPIRED =
  "로그인 단계가 만료되었습니다. 이메일과 비밀번호로 처음부터 다시 로그인해주세요.";

type Account = { id: string; email: string; name: string; role: string; isApproved: boolean };

export type LoginOutcome =
  | {
      kind: "signed-in";
      user: Account;
      cookies: string[];
      /** A password-only session while the role requires a factor not yet set up. */
      enrolmentRequired: boolean;
    }
  | { kind: "second-factor"; user: Account; cookies: string[] };

/** The password step: a session, or the step that waits for the second factor. */
export async function startLogin(input: {
  email: string;
  password: string;
  ip: string | undefined;
  cookie: string | null;
  userAgent: string | null;
}): Promise<LoginOutcome> {
  const { deviceCookie, ...user } = await logIn(input);
  const client: EventClient = { ip: input.ip ?? null, userAgent: input.userAgent };
  if (needsSecondFactor(user.role) && (await hasSecondFactor(user.id))) {
    return {
      kind: "second-factor",
      user,
      cookies: [await createSecondFactorStep(user.id, client), deviceCookie],
    };
  }
  await recordAuthEvent(user.id, "login", client);
  return {
    kind: "signed-in",
    user,
    cookies: [await createUserSession(user, { client }), deviceCookie],
    enrolmentRequired: needsSecondFactor(user.role) && env.ADMIN_MFA_REQUIRED,
  };
}

/**
 * The second step: a six-digit code or a recovery code for the account waiting in this
 * request's step. The step is replaced by a session that counts as passed.
 */
export async function finishLogin(request: Request, code: string, client: EventClient) {
  const step = await secondFactorStepOf(request);
  if (!step) throw new AppError("unauthenticated", STEP_EXPIRED);
  await verifySecondFactor(step.userId, code, client);
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
  return { user, cookie };
}
