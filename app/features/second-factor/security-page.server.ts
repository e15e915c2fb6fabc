// The /admin/security page's loader data and actions (the route stays thin).
import { env } from "~/env.server";
import type { SessionActor } from "../accounts/actor.server";
import {
  currentSessionId,
  markSecondFactorPassed,
  type SessionUser,
} from "../accounts/session.server";
import {
  beginEnrolment,
  confirmEnrolment,
  disableSecondFactor,
  pendingEnrolment,
  qrCodeSvg,
  regenerateRecoveryCodes,
  secondFactorStatus,
} from "./second-factor.server";
export async function securityPageData(user: SessionUser, request: Request) {
  const status = await secondFactorStatus(user.id);
  const pending = status.enrolled
    ? null
    : await pendingEnrolment(user, await currentSessionId(request));
  return {
    required: env.ADMIN_MFA_REQUIRED,
    enrolmentOnly: user.standing === "enrolment-only",
    status,
    pending: pending ? { ...pending, qrSvg: await qrCodeSvg(pending.otpauthUrl) } : null,
  };
}

export type SecurityOutcome = {
  intent: string;
  message: string;
  recoveryCodes?: string[];
};

/** The password checks count against the login limit of this account and client. */
const clientOf = (actor: SessionActor, request: Request) => ({
  ip: actor.audit.ip ?? undefined,
  cookie: request.headers.get("Cookie"),
});

// The page's forms; each answers what the page shows once (the recovery codes never leave it).

export async function startEnrolment(
  actor: SessionActor,
  request: Request,
): Promise<SecurityOutcome> {
  await beginEnrolment(actor.user, await currentSessionId(request));
  return { intent: "setup", message: "인증 앱에 새 키를 등록해주세요." };
}

/**
 * The enrolment's code confirms the factor, and this request's session counts as having passed
 * it (the page and POST /api/admin/mfa/confirm). Answers the recovery codes, shown once.
 */
export async function confirmEnrolmentOfSession(
  actor: SessionActor,
  code: string,
  request: Request,
) {
  const recoveryCodes = await confirmEnrolment(
    actor.user,
    code,
    actor.audit,
    await currentSessionId(request),
  );
  await markSecondFactorPassed(request);
  return recoveryCodes;
}

export async function finishEnrolment(
  actor: SessionActor,
  code: string,
  request: Request,
): Promise<SecurityOutcome> {
  const recoveryCodes = await confirmEnrolmentOfSession(actor, code, request);
  return {
    intent: "confirm",
    message: "2단계 인증을 등록했습니다. 복구 코드를 안전한 곳에 보관해주세요.",
    recoveryCodes,
  };
}

export async function newRecoveryCodes(
  actor: SessionActor,
  password: string,
  request: Request,
): Promise<SecurityOutcome> {
  return {
    intent: "recovery-codes",
    message: "새 복구 코드를 발급했습니다. 이전 복구 코드는 더 이상 쓸 수 없습니다.",
    recoveryCodes: await regenerateRecoveryCodes(actor.user, password, clientOf(actor, request)),
  };
}

export async function turnOffSecondFactor(
  actor: SessionActor,
  password: string,
  request: Request,
): Promise<SecurityOutcome> {
  await disableSecondFactor(
    actor.user,
    password,
    clientOf(actor, request),
    actor.audit,
    await currentSessionId(request),
  );
  return { intent: "disable", message: "2단계 인증을 해제했습니다." };
}
