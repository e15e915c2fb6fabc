// The member record page's actions: one form per action, each naming an intent, each calling the
// same service as the matching JSON call.
import { approveMember, rejectMember, reopenMember } from "~/features/accounts/accounts.server";
import { endSessionOfMember } from "~/features/accounts/session-list.server";
import type { AuditContext } from "~/features/audit/audit.server";
import { resetSecondFactorOf } from "~/features/second-factor/second-factor.server";
import { AppError, parse } from "~/lib/errors.server";
import { formFieldsOf } from "~/lib/forms.server";
import { endMemberSessions, reinstateMember, suspendMember, updateMember } from "./roster.server";
import { memberPatchSchema, signupRejectionSchema, suspensionSchema } from "./validation";

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
  (id: string, form: FormData, context: AuditContext) => Promise<RecordOutcome>
> = {
  async update(id, form, context) {
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
    await updateMember(id, patch, context);
    return { message: "회원 정보를 저장했습니다." };
  },
  async "set-type"(id, form, context) {
    const patch = parse(memberPatchSchema, {
      memberType: text(form, "memberType"),
      reason: text(form, "reason") || undefined,
    });
    await updateMember(id, patch, context);
    return { message: "회원 구분을 변경했습니다." };
  },
  async "set-role"(id, form, context) {
    const patch = parse(memberPatchSchema, { role: text(form, "role") });
    await updateMember(id, patch, context);
    const messages = {
      admin: "관리자로 지정했습니다.",
      checkin: "현장 출결 담당자로 지정했습니다.",
      member: "일반 회원 권한으로 바꿨습니다.",
    } as const;
    return { message: patch.role ? messages[patch.role] : "권한을 바꿨습니다." };
  },
  async approve(id, _form, context) {
    await approveMember(id, context);
    return { message: "가입을 승인했습니다." };
  },
  async reject(id, form, context) {
    const { reason } = parse(signupRejectionSchema, { reason: text(form, "reason") || undefined });
    await rejectMember(id, context, reason);
    return { message: "가입을 거부했습니다." };
  },
  async reopen(id, _form, context) {
    await reopenMember(id, context);
    return { message: "가입 신청을 다시 대기 상태로 돌렸습니다." };
  },
  async suspend(id, form, context) {
    const { reason } = parse(suspensionSchema, { reason: text(form, "reason") });
    await suspendMember(id, reason, context);
    return { message: "회원을 정지했습니다." };
  },
  async reinstate(id, _form, context) {
    await reinstateMember(id, context);
    return { message: "정지를 해제했습니다." };
  },
  async "end-sessions"(id, _form, context) {
    await endMemberSessions(id, context);
    return { message: "모든 로그인 세션을 종료했습니다." };
  },
  async "end-session"(id, form, context) {
    await endSessionOfMember(id, text(form, "sessionId") ?? "", context);
    return { message: "로그인 세션을 종료했습니다." };
  },
  async "reset-second-factor"(id, _form, context) {
    await resetSecondFactorOf(id, context);
    return { message: "2단계 인증을 초기화했습니다. 회원에게 메일로 알렸습니다." };
  },
};

/** Runs one action of the record; an unknown intent is a 400 like any bad input. */
export async function runMemberRecordAction(
  id: string,
  form: FormData,
  context: AuditContext,
): Promise<RecordOutcome> {
  const handler = HANDLERS[String(form.get("intent") ?? "")];
  if (!handler) throw new AppError("invalid", "알 수 없는 작업입니다.");
  return handler(id, form, context);
}
