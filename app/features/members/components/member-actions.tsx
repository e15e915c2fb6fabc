import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { SelectField, TextareaField } from "~/components/ui/textarea-field";
import type { MemberRecord } from "../roster.server";
import { MEMBER_TYPE_LABELS, MEMBER_TYPES } from "../validation";

/**
 * One action. The one the member's status calls for first (approval, reopening, reinstatement)
 * stands open; on a phone the others are folded to a row each (their title), so every action is
 * in reach at the top of the record; from lg up, beside the record, all stand open (the fold's
 * content is shown by CSS whether it is open or not, and still opens by tapping elsewhere).
 */
function Action({
  title,
  primary = false,
  open = false,
  children,
}: {
  title: string;
  primary?: boolean;
  open?: boolean;
  children: ReactNode;
}) {
  if (primary) {
    return (
      <Card className="p-5">
        <h2 className="text-base font-bold text-slate-900">{title}</h2>
        <div className="mt-3">{children}</div>
      </Card>
    );
  }
  return (
    <Card className="p-0">
      <details
        open={open || undefined}
        className="group lg:[&::details-content]:block lg:[&::details-content]:[content-visibility:visible]"
      >
        <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-2 px-5 lg:min-h-0 lg:cursor-auto lg:pt-5 [&::-webkit-details-marker]:hidden">
          <h2 className="text-base font-bold text-slate-900">{title}</h2>
          <ChevronDown
            className="size-5 text-slate-500 transition-transform group-open:rotate-180 lg:hidden"
            aria-hidden="true"
          />
        </summary>
        <div className="px-5 pb-5 lg:pt-3">{children}</div>
      </details>
    </Card>
  );
}

/** The role changes offered from a member's current role. */
function roleChoices(role: string): { role: string; label: string }[] {
  if (role === "admin") return [{ role: "member", label: "관리자 권한 해제" }];
  if (role === "checkin") {
    return [
      { role: "member", label: "현장 출결 담당 해제" },
      { role: "admin", label: "관리자로 지정" },
    ];
  }
  return [
    { role: "admin", label: "관리자로 지정" },
    { role: "checkin", label: "현장 출결 담당으로 지정" },
  ];
}

/**
 * What the office can do to a member's standing, each a small form of its own (works without
 * JavaScript). Only the actions that apply to the member's status are offered.
 */
export function MemberActions({
  member,
  self,
  busy,
  errors,
  failedIntent,
}: {
  member: MemberRecord;
  self: boolean;
  busy: boolean;
  errors: Record<string, string>;
  failedIntent?: string;
}) {
  const reasonError = (intent: string) => (failedIntent === intent ? errors.reason : undefined);
  const approved = member.status === "approved" || member.status === "suspended";
  return (
    <div className="grid content-start gap-4">
      {member.status === "pending" ? (
        <Action title="가입 심사" primary>
          <Form method="post">
            <input type="hidden" name="intent" value="approve" />
            <Button type="submit" disabled={busy} className="w-full">
              가입 승인
            </Button>
          </Form>
          {/* Two steps, also without JavaScript: open, (give a reason,) confirm. */}
          <details className="mt-4" open={failedIntent === "reject" || undefined}>
            <summary className="cursor-pointer text-sm font-semibold text-rose-700">
              가입 거부…
            </summary>
            <Form method="post" className="mt-3 grid gap-2">
              <input type="hidden" name="intent" value="reject" />
              <TextareaField
                id="reject-reason"
                name="reason"
                label="거부 사유 (안내 메일과 문자, 신청자의 상태 화면에 표시됩니다)"
                required
                maxLength={1000}
                error={reasonError("reject")}
              />
              <p className="text-sm text-slate-600">
                거부하면 회원에게 안내 메일이 발송됩니다. 필요하면 나중에 다시 대기 상태로 돌릴 수
                있습니다.
              </p>
              <Button type="submit" variant="secondaryDestructive" disabled={busy}>
                가입 거부 확인
              </Button>
            </Form>
          </details>
        </Action>
      ) : null}

      {member.status === "rejected" ? (
        <Action title="거부된 가입 신청" primary>
          <p className="text-sm text-slate-600">
            가입 신청을 다시 대기 상태로 돌려 다시 심사할 수 있습니다. 거부 기록은 관리 기록에
            남습니다.
          </p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="reopen" />
            <Button type="submit" variant="secondary" disabled={busy} className="w-full">
              다시 대기 상태로
            </Button>
          </Form>
        </Action>
      ) : null}

      {member.status === "approved" && !self ? (
        <Action title="회원 정지" open={failedIntent === "suspend"}>
          <Form method="post" className="grid gap-2">
            <input type="hidden" name="intent" value="suspend" />
            <TextareaField
              id="suspend-reason"
              name="reason"
              label="정지 사유"
              required
              maxLength={1000}
              error={reasonError("suspend")}
            />
            <p className="text-sm text-slate-600">
              정지하면 모든 로그인이 즉시 종료되고, 해제할 때까지 로그인할 수 없습니다.
            </p>
            <Button type="submit" variant="destructive" disabled={busy}>
              회원 정지
            </Button>
          </Form>
        </Action>
      ) : null}

      {member.status === "suspended" ? (
        <Action title="정지 해제" primary>
          <Form method="post">
            <input type="hidden" name="intent" value="reinstate" />
            <Button type="submit" disabled={busy} className="w-full">
              정지 해제
            </Button>
          </Form>
        </Action>
      ) : null}

      {approved ? (
        <Action title="회원 구분" open={failedIntent === "set-type"}>
          <Form method="post" className="grid gap-2">
            <input type="hidden" name="intent" value="set-type" />
            <SelectField
              id="member-type"
              name="memberType"
              label="회원 구분"
              defaultValue={member.memberType ?? "associate"}
              options={MEMBER_TYPES.map((value) => ({ value, label: MEMBER_TYPE_LABELS[value] }))}
            />
            <TextareaField
              id="type-reason"
              name="reason"
              label={
                member.memberType === "regular"
                  ? "사유 (준회원으로 변경 시 필수, 메일에 포함됩니다)"
                  : "사유 (선택)"
              }
              maxLength={1000}
              error={reasonError("set-type")}
            />
            <p className="text-sm text-slate-600">
              정회원은 정회원 가입 신청 승인으로 부여됩니다. 명예회원·평생회원은 여기서 지정합니다.
            </p>
            <Button type="submit" variant="secondary" disabled={busy}>
              회원 구분 변경
            </Button>
          </Form>
        </Action>
      ) : null}

      {member.status === "approved" ? (
        <Action title="권한">
          <div className="grid gap-2">
            {roleChoices(member.role).map((choice) => (
              <Form method="post" key={choice.role}>
                <input type="hidden" name="intent" value="set-role" />
                <input type="hidden" name="role" value={choice.role} />
                <Button type="submit" variant="secondary" disabled={busy} className="w-full">
                  {choice.label}
                </Button>
              </Form>
            ))}
          </div>
        </Action>
      ) : null}

      <Action title="로그인 세션">
        <p className="text-sm text-slate-600">현재 유효한 로그인 세션 {member.activeSessions}개</p>
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="end-sessions" />
          <Button
            type="submit"
            variant="secondary"
            disabled={busy || member.activeSessions === 0}
            className="w-full"
          >
            모든 세션 종료
          </Button>
        </Form>
      </Action>
    </div>
  );
}
