import { DateTime } from "~/components/ui/date-time";
import { displayIp } from "~/lib/ip";
import { authEventLabel } from "../auth-event-labels";
import type { recentAuthEvents } from "../auth-events.server";

type AuthEventItem = Awaited<ReturnType<typeof recentAuthEvents>>[number];

/** An account's recent authentication events (login, failures, logout, sessions ended). */
export function AuthEventList({ events }: { events: AuthEventItem[] }) {
  if (events.length === 0) {
    return <p className="mt-3 text-sm text-slate-600">기록된 로그인 활동이 없습니다.</p>;
  }
  return (
    <ul className="mt-3 grid gap-1.5 text-sm" aria-label="최근 로그인 활동">
      {events.map((event) => (
        <li key={event.id} className="flex flex-wrap gap-x-3 text-slate-700">
          <DateTime value={event.createdAt} className="text-slate-500" />
          <span
            className={
              event.type.endsWith("failed") ? "font-semibold text-rose-700" : "text-slate-900"
            }
          >
            {authEventLabel(event.type)}
          </span>
          {event.ip ? (
            <span className="break-all text-slate-500">IP {displayIp(event.ip)}</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
