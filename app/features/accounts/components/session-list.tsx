import { Monitor, Smartphone } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DateTime } from "~/components/ui/date-time";
import { displayIp } from "~/lib/ip";
import type { ActiveSession } from "../session-list.server";

/**
 * Active sessions with an "end" button each, and "log out everywhere else" when `endOthers` is
 * on. The forms post `intent=end-session` (with `sessionId`) and `intent=end-other-sessions` to
 * `action`: /mypage/sessions for the member, the member record for an administrator.
 */
export function SessionList({
  sessions,
  action,
  endOthers = false,
  emptyText = "로그인된 기기가 없습니다.",
}: {
  sessions: ActiveSession[];
  action?: string;
  endOthers?: boolean;
  emptyText?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  if (sessions.length === 0) return <p className="mt-3 text-sm text-slate-600">{emptyText}</p>;
  return (
    <>
      <ul className="mt-4 grid gap-3" aria-label="로그인된 기기">
        {sessions.map((session) => (
          <li
            key={session.id}
            className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-slate-200 p-3"
          >
            <div className="flex min-w-0 gap-3">
              {session.handheld ? (
                <Smartphone className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
              ) : (
                <Monitor className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
              )}
              <div className="min-w-0 text-sm">
                <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                  {`${session.browser} · ${session.os}`}
                  {session.current ? <Badge tone="brand">현재 이 기기</Badge> : null}
                </p>
                <p className="mt-1 break-all text-slate-600">
                  IP {displayIp(session.ip) ?? "알 수 없음"}
                </p>
                <p className="text-slate-600">
                  로그인 <DateTime value={session.createdAt} />
                </p>
                <p className="text-slate-600">
                  최근 활동 <DateTime value={session.lastSeenAt} />
                </p>
              </div>
            </div>
            <Form method="post" action={action}>
              <input type="hidden" name="intent" value="end-session" />
              <input type="hidden" name="sessionId" value={session.id} />
              <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                {session.current ? "로그아웃" : "종료"}
                <span className="sr-only">
                  : {session.browser} · {session.os}
                </span>
              </Button>
            </Form>
          </li>
        ))}
      </ul>
      {endOthers && sessions.some((session) => !session.current) ? (
        <Form method="post" action={action} className="mt-4">
          <input type="hidden" name="intent" value="end-other-sessions" />
          <Button type="submit" variant="secondaryDestructive" disabled={busy}>
            다른 기기에서 모두 로그아웃
          </Button>
        </Form>
      ) : null}
    </>
  );
}
