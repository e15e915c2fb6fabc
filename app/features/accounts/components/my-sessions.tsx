import { Card } from "~/components/ui/card";
import { type SessionItem, SessionList } from "./session-list";

/** /mypage: where the member is logged in, with "end" per session and "everywhere else". */
export function MySessions({ sessions }: { sessions: SessionItem[] }) {
  return (
    <Card className="p-6 sm:p-8">
      <h2 className="text-xl font-bold text-slate-900">로그인된 기기</h2>
      <p className="mt-2 text-[15px] text-slate-600">
        모르는 기기가 있다면 종료하고 비밀번호를 바꿔주세요.
      </p>
      <SessionList sessions={sessions} action="/mypage/sessions" endOthers />
    </Card>
  );
}
