// The member record page's actions: one form per action, each naming an intent, each calling the
// same service as the matching JSON call.
import { approveMember, rejectMember, reopenMember } from "~/features/accounts/accounts.server";
import { endSessionOfMember } from "~/features/accounts/session-list.server";
import { type Actor, assertAdmin } from "~/features/audit/actor.server";
import { resetSecondFactorOf } from "~/features/second-factor/second-factor.server";
import { AppError, parse } from "~/lib/errors.server";
import { formFieldsOf } from "~/lib/forms.server";
import { endMemberSessions, reinstateMember, suspendMember, updateMember } from "./roster.server";
import { memberPatchSchema, signupRejectionRequiredSchema, suspensionSchema } from "./validation";

/** Every field the record's forms post: the form reader refuses anything else. */
export const MEMBER_RECORD_FORM = formFieldsOf(memberPatchSchema, {
  intent: { maxLength: 30 },
  sessionId: { maxLength: 40 },
});

type RecordOutcome = { message: string };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

const HANDLERS: Record<
  string,
  (actor: Actor, id: string, form: FormData) => Promise<RecordOutcome>
> = {
  async update(actor, id, form) {
    const fields = [
      "name",
      "email",
      "phone",
      "licenseNumber",
      "hospitalName",
      "department",
      "address",
    ];
    const patch = parse(
      memberPatchSchema,
      Object.fromEntries(fields.map((name) => [name, text(form, name)])),
    );
    await updateMember(actor, id, patch);
    return { message: "회원 정보를 저장했습니다." };
  },
  async "set-type"(actor, id, form) {
    const patch = parse(memberPatchSchema, {
      memberType: text(form, "memberType"),
      reason: text(form, "reason") || undefined,
    });
    await updateMember(actor, id, patch);
    return { message: "회원 구분을 변경했습니다." };
  },
  async "set-role"(actor, id, form) {
    const patch = parse(memberPatchSchema, { role: text(form, "role") });
    await updateMember(actor, id, patch);
    const messages = {
      admin: "관리자로 지정했습니다.",
      checkin: "현장 출결 담당자로 지정했습니다.",
      member: "일반 회원 권한으로 바꿨습니다.",
    } as const;
    return { message: patch.role ? messages[patch.role] : "권한을 바꿨습니다." };
  },
  async approve(actor, id) {
    await approveMember(actor, id);
    return { message: "가입을 승인했습니다." };
  },
  async reject(actor, id, form) {
    const { reason } = parse(signupRejectionRequiredSchema, { reason: text(form, "reason") });
    await rejectMember(actor, id, reason);
    return { message: "가입을 거부했습니다." };
  },
  async reopen(actor, id) {
    await reopenMember(actor, id);
    return { message: "가입 신청을 다시 대기 상태로 돌렸습니다." };
  },
  async suspend(actor, id, form) {
    const { reason } = parse(suspensionSchema, { reason: text(form, "reason") });
    await suspendMember(actor, id, reason);
    return { message: "회원을 정지했습니다." };
  },
  async reinstate(actor, id) {
    await reinstateMember(actor, id);
    return { message: "정지를 해제했습니다." };
  },
  async "end-sessions"(actor, id) {
    await endMemberSessions(actor, id);
    return { message: "모든 로그인 세션을 종료했습니다." };
  },
  async "end-session"(actor, id, form) {
    await endSessionOfMember(id, text(form, "sessionId") ?? "", actor.audit);
    return { message: "로그인 세션을 종료했습니다." };
  },
  async "reset-second-factor"(actor, id) {
    await resetSecondFactorOf(id, actor.audit);
    return { message: "2단계 인증을 초기화했습니다. 회원에게 메일로 알렸습니다." };
  },
};

/** The record's forms by intent; each reads its own fields from the form with the schemas above. */
export const MEMBER_RECORD_INTENTS = Object.keys(HANDLERS);

/**
 * Runs one action of the record for an administrator's actor (403 for anyone else, before
 * anything is read); an unknown intent is a 400 like any bad input.
 */
export async function runMemberRecordAction(
  actor: Actor,
  intent: string,
  id: string,
  form: FormData,
): Promise<RecordOutcome> {
  assertAdmin(actor);
  // Own keys only: "toString" names no action.
  const handler = Object.hasOwn(HANDLERS, intent) ? HANDLERS[intent] : undefined;
  if (!handler) throw new AppError("invalid", "알 수 없는 작업입니다.");
  return handler(actor, id, form);
}
