import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { AuthEventList } from "~/features/accounts/components/auth-event-list";
import { SessionList } from "~/features/accounts/components/session-list";
import { needsSecondFactor } from "~/features/accounts/second-factor-policy";
import { formatDate } from "~/lib/dates";
import type { MemberRecord } from "../roster.server";

/**
 * The member record's sign-in security: active sessions (each can be ended), recent
 * authentication events, and, for roles that need one, the second factor with its reset.
 */
export function MemberSignIn({ member, self }: { member: MemberRecord; self: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const factor = member.secondFactor;
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-bold text-slate-900">로그인 보안</h2>
      {needsSecondFactor(member.role) || factor.enrolled ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm">
          <p className="text-slate-700">
            2단계 인증:{" "}
            {factor.enrolled
              ? `사용 중${factor.confirmedAt ? ` (${formatDate(factor.confirmedAt)} 등록)` : ""}`
              : "미등록"}
          </p>
          {factor.enrolled && !self ? (
            <Form method="post">
              <input type="hidden" name="intent" value="reset-second-factor" />
              <Button type="submit" variant="secondaryDestructive" size="sm" disabled={busy}>
                2단계 인증 초기화
              </Button>
            </Form>
          ) : null}
        </div>
      ) : null}
      <h3 className="mt-5 text-base font-bold text-slate-900">로그인된 기기</h3>
      <SessionList sessions={member.sessions} />
      <h3 className="mt-5 text-base font-bold text-slate-900">최근 로그인 활동</h3>
      <AuthEventList events={member.authEvents} />
    </Card>
  );
}
