import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { formatDateTime } from "~/lib/dates";
import { formatNumber } from "~/lib/numbers";
import type { listOfficeMessages, officeMessageLog } from "../office-messages.server";

type Batches = Awaited<ReturnType<typeof listOfficeMessages>>;
type Log = Awaited<ReturnType<typeof officeMessageLog>>;

export const DELIVERY_LABELS = {
  queued: "대기",
  sent: "발송",
  fallback: "문자로 대체 발송",
  failed: "실패",
  cancelled: "수신 거부로 취소",
} as const;

function Outcomes({ outcomes }: { outcomes: Batches["items"][number]["outcomes"] }) {
  return (
    <span className="text-sm text-slate-700">
      발송 {formatNumber(outcomes.sent)} · 대체 {formatNumber(outcomes.fallback)} · 실패{" "}
      {formatNumber(outcomes.failed)}
      {outcomes.queued > 0 ? ` · 대기 ${formatNumber(outcomes.queued)}` : null}
    </span>
  );
}

/** The sends, newest first: when, what kind, the start of the text, how many and how it went. */
export function OfficeMessageBatches({ items }: { items: Batches["items"] }) {
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {items.map((batch) => (
        <li key={batch.id} className="grid gap-1 p-4">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={batch.kind === "advertisement" ? "yellow" : "brand"}>
              {batch.kind === "advertisement" ? "광고" : "공지"}
            </Badge>
            <Link
              to={`/admin/messages/${batch.id}`}
              className="font-semibold text-slate-900 underline-offset-4 hover:underline"
            >
              {formatDateTime(batch.createdAt)} · {formatNumber(batch.recipients)}명
            </Link>
            {batch.sender ? (
              <span className="text-sm text-slate-600">보낸 사람 {batch.sender}</span>
            ) : null}
          </div>
          <p className="line-clamp-2 text-base whitespace-pre-line text-slate-700">{batch.text}</p>
          <Outcomes outcomes={batch.outcomes} />
        </li>
      ))}
    </ul>
  );
}

/** One send's recipients: each member, the number, and what happened to their message. */
export function OfficeMessageRecipients({ entries }: { entries: Log["entries"] }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full min-w-[32rem] text-left text-base">
        <caption className="sr-only">받는 사람별 발송 결과</caption>
        <thead className="bg-slate-50 text-sm text-slate-700">
          <tr>
            <th scope="col" className="px-4 py-2">
              회원
            </th>
            <th scope="col" className="px-4 py-2">
              휴대전화
            </th>
            <th scope="col" className="px-4 py-2">
              결과
            </th>
            <th scope="col" className="px-4 py-2">
              보낸 때
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {entries.map((entry) => (
            <tr key={`${entry.userId}-${entry.to}`}>
              <td className="px-4 py-2">
                {entry.userId ? (
                  <Link
                    to={`/admin/members/${entry.userId}`}
                    className="underline-offset-4 hover:underline"
                  >
                    {entry.name ?? "탈퇴 회원"}
                  </Link>
                ) : (
                  "탈퇴 회원"
                )}
              </td>
              <td className="px-4 py-2 tabular-nums">
                <a href={`tel:${entry.to}`}>{entry.to}</a>
              </td>
              <td className="px-4 py-2">
                {DELIVERY_LABELS[entry.status]}
                {entry.status === "failed" && entry.error ? (
                  <span className="block text-sm text-rose-700">{entry.error}</span>
                ) : null}
              </td>
              <td className="px-4 py-2 text-sm text-slate-600">
                {entry.sentAt ? formatDateTime(entry.sentAt) : "–"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
