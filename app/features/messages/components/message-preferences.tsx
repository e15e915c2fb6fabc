import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { DateTime } from "~/components/ui/date-time";

type Preferences = { messages: boolean; marketing: boolean; marketingConsentAt: string | null };

/** /mypage: text messages at all, and the separate consent to advertising messages. */
export function MessagePreferencesCard({ preferences }: { preferences: Preferences }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/mypage/messages";
  const { messages, marketing } = preferences;
  return (
    <Card className="p-6 sm:p-8">
      <h2 className="text-lg font-bold text-slate-900">문자·알림톡 수신</h2>
      <p className="mt-2 text-sm text-slate-600">
        가입 승인, 세미나 신청, 회비 납부 안내 등을 카카오톡 알림톡(받을 수 없으면 문자)으로 보내
        드립니다. 끄시면 학회 공지 문자도 받지 않으며, 이메일은 그대로 받습니다.
      </p>
      <Form
        method="post"
        action="/mypage/messages"
        className="mt-4 flex flex-wrap items-center gap-3"
      >
        <input type="hidden" name="messages" value={messages ? "off" : "on"} />
        <p className="text-sm font-semibold text-slate-800" aria-live="polite">
          문자·알림톡: {messages ? "받음" : "받지 않음"}
        </p>
        <Button type="submit" variant="secondary" size="sm" disabled={busy}>
          {messages ? "수신 끄기" : "수신 켜기"}
        </Button>
      </Form>
      <h3 className="mt-6 text-base font-bold text-slate-900">광고성 정보 수신 동의 (선택)</h3>
      <p className="mt-2 text-sm text-slate-600">
        학회 행사·교육 홍보 문자입니다. 동의는 2년마다 다시 확인합니다.
        {marketing && preferences.marketingConsentAt ? (
          <>
            {" "}
            <DateTime value={preferences.marketingConsentAt} />에 동의하셨습니다.
          </>
        ) : null}
      </p>
      <Form
        method="post"
        action="/mypage/messages"
        className="mt-4 flex flex-wrap items-center gap-3"
      >
        <input type="hidden" name="marketing" value={marketing ? "off" : "on"} />
        <p className="text-sm font-semibold text-slate-800" aria-live="polite">
          광고성 정보: {marketing ? "동의함" : "동의하지 않음"}
        </p>
        <Button type="submit" variant="secondary" size="sm" disabled={busy}>
          {marketing ? "동의 철회" : "동의하기"}
        </Button>
      </Form>
    </Card>
  );
}
