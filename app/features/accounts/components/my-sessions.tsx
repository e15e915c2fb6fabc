import { Card } from "~/components/ui/card";
import { FormError } from "~/components/ui/field";
import type { ActiveSession } from "../session-list.server";
import { SessionList } from "./session-list";

/**
 * /mypage/security: where the member is logged in, with "end" per session and "everywhere else"; the
 * forms post to /mypage/security itself, which shows a refusal (a session already ended) here.
 */
export function MySessions({ sessions, refusal }: { sessions: ActiveSession[]; refusal?: string }) {
  return (
    <Card className="p-6 sm:p-8">
      <h2 className="text-xl font-bold text-slate-900">로그인된 기기</h2>
      <p className="mt-2 text-base text-slate-600">
        모르는 기기가 있다면 종료하고 비밀번호를 바꿔주세요.
      </p>
      <FormError message={refusal} />
      <SessionList sessions={sessions} action="/mypage/security" endOthers />
    </Card>
  );
}
