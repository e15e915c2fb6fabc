import { Link, useSearchParams } from "react-router";
import { Section } from "~/components/layout/page-header";
import { Pagination } from "~/components/ui/pagination";
import { requireActor } from "~/features/accounts/actor.server";
import { AdminNotFound } from "~/features/admin/components/not-found-boundary";
import { OfficeMessageRecipients } from "~/features/admin/components/office-message-log";
import { OFFICE_MESSAGE_KIND_LABELS } from "~/features/admin/office-messages";
import { officeMessageLog } from "~/features/admin/office-messages.server";
import { formatDateTime } from "~/lib/dates";
import { orNotFound } from "~/lib/errors.server";
import { formatNumber } from "~/lib/numbers";
import { pageFromUrl } from "~/lib/paging";
import type { Route } from "./+types/admin-message-log";

export const meta: Route.MetaFunction = () => [
  { title: "문자 발송 기록 | 관리자" },
  { name: "robots", content: "noindex" },
];

// One send: its text as it went and, per recipient, sent, fell back to SMS, failed or waiting.
export async function loader(args: Route.LoaderArgs) {
  const actor = await requireActor(args, "admin");
  return orNotFound(officeMessageLog(actor, args.params.id, pageFromUrl(args.url.searchParams)));
}

export default function AdminMessageLog({ loaderData: log }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const { outcomes } = log;
  return (
    <Section>
      <p className="text-sm">
        <Link to="/admin/messages" className="text-brand-700 underline-offset-4 hover:underline">
          ← 문자 보내기
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">
        {OFFICE_MESSAGE_KIND_LABELS[log.kind]} 문자 발송 기록
      </h1>
      <p className="mt-1 text-slate-600">
        {formatDateTime(log.createdAt)} · {formatNumber(log.recipients)}명
        {log.sender ? ` · 보낸 사람 ${log.sender}` : null}
      </p>
      <pre className="mt-4 max-w-xl rounded-xl bg-slate-100 p-3 font-sans text-base leading-6 whitespace-pre-wrap text-slate-800">
        {log.text}
      </pre>
      <dl className="mt-4 grid max-w-xl grid-cols-4 gap-2 text-center">
        {(
          [
            ["발송", outcomes.sent],
            ["문자로 대체", outcomes.fallback],
            ["실패", outcomes.failed],
            ["대기", outcomes.queued],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-lg border border-slate-200 bg-white p-2">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="text-lg font-bold text-slate-900">{formatNumber(value)}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6">
        <OfficeMessageRecipients entries={log.entries} />
      </div>
      <Pagination
        page={log.page}
        total={log.recipients}
        pageSize={log.pageSize}
        searchParams={searchParams}
        pathname={`/admin/messages/${log.id}`}
        label="받는 사람 페이지"
      />
    </Section>
  );
}

export function ErrorBoundary() {
  return (
    <AdminNotFound
      what="보낸 문자를 찾을 수 없습니다."
      back={{ to: "/admin/messages", label: "문자 보내기로" }}
    />
  );
}
