import { Link, useSearchParams } from "react-router";
import { Section } from "~/components/layout/page-header";
import { EmptyState } from "~/components/ui/empty-state";
import { Pagination } from "~/components/ui/pagination";
import { requireActor } from "~/features/accounts/actor.server";
import {
  describeFilters,
  OfficeMessageForm,
  RecipientFilters,
} from "~/features/admin/components/office-message-form";
import { OfficeMessageBatches } from "~/features/admin/components/office-message-log";
import {
  inQuietHours,
  officeFiltersFromUrl,
  officeMessageFormSchema,
} from "~/features/admin/office-messages";
import {
  listOfficeMessages,
  parseOfficeFilters,
  previewOfficeMessage,
  sendOfficeMessage,
} from "~/features/admin/office-messages.server";
import { listSeminars } from "~/features/seminars/seminars.server";
import { societyConfig } from "~/features/society/config.server";
import { now } from "~/lib/clock.server";
import { formatDate, SEOUL_OFFSET_MS, seoulYear } from "~/lib/dates";
import { AppError, orNullIfRefused } from "~/lib/errors.server";
import { formatNumber } from "~/lib/numbers";
import { done, pageAction } from "~/lib/page-action.server";
import { pageFromUrl } from "~/lib/paging";
import { useRefusal } from "~/lib/refusal";
import type { Route } from "./+types/admin-messages";

export const meta: Route.MetaFunction = () => [
  { title: "문자 보내기 | 관리자" },
  { name: "robots", content: "noindex" },
];

// The recipients the URL's filters pick (counted, a few named), the text form, and the log of sends.
export async function loader(args: Route.LoaderArgs) {
  const actor = await requireActor(args, "admin");
  const { kind, filters } = officeFiltersFromUrl(args.url.searchParams);
  const at = now();
  const [preview, batches, recent] = await Promise.all([
    // A seminar since deleted: shown as no one.
    orNullIfRefused(previewOfficeMessage(actor, filters, kind)),
    listOfficeMessages(actor, pageFromUrl(args.url.searchParams)),
    listSeminars({ order: "desc", limit: 30 }),
  ]);
  return {
    kind,
    filters,
    preview,
    batches,
    seminars: recent.map((s) => ({ id: s.id, title: s.title, date: formatDate(s.date) })),
    year: seoulYear(at),
    quietHours: inQuietHours(new Date(at.getTime() + SEOUL_OFFSET_MS).getUTCHours()),
    society: {
      name: societyConfig.name,
      shortName: societyConfig.shortName,
      phone: societyConfig.phone,
    },
  };
}

// Sends to the recipients of the filters the form carried (counted again now, not as previewed).
export const action = pageAction({
  guard: (args) => requireActor(args, "admin"),
  // The form names its intent, though sending is the page's only one.
  extra: { intent: { maxLength: 20 } },
  intents: {
    send: {
      schema: officeMessageFormSchema,
      run: async ({ text, kind, filters }, actor, { url }) => {
        let raw: unknown;
        try {
          raw = filters ? JSON.parse(filters) : {};
        } catch {
          throw new AppError("invalid", "수신자 조건이 올바르지 않습니다.");
        }
        const sent = await sendOfficeMessage(actor, {
          filters: parseOfficeFilters(raw),
          text,
          kind,
        });
        return done(
          {
            title: "문자를 보냈습니다",
            description: `${formatNumber(sent.recipients)}명에게 보냅니다. 결과는 발송 기록에서 확인하세요.`,
          },
          `/admin/messages/${sent.id}${url.search}`,
        );
      },
    },
  },
});

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { kind, filters, preview, batches, seminars, year, quietHours, society } = loaderData;
  const refusal = useRefusal("send");
  const [searchParams] = useSearchParams();
  const recipients = preview?.recipients ?? 0;
  return (
    <Section>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">문자 보내기</h1>
      <p className="mt-1 max-w-3xl text-slate-600">
        공지는 문자 수신을 끄지 않은 회원에게, 광고는 최근 2년 안에 광고성 정보 수신에 동의한
        회원에게만 갑니다. 광고는 오후 9시부터 다음 날 오전 8시까지 보낼 수 없습니다.
      </p>

      <section
        aria-labelledby="recipients-title"
        className="mt-6 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
      >
        <h2 id="recipients-title" className="text-lg font-bold text-slate-900">
          받는 사람
        </h2>
        <div className="mt-3">
          <RecipientFilters
            key={searchParams.toString()}
            kind={kind}
            filters={filters}
            seminars={seminars}
            year={year}
          />
        </div>
        <p className="mt-4 text-base text-slate-800" aria-live="polite">
          받는 사람 <strong>{formatNumber(recipients)}</strong>명
          {preview && preview.sample.length > 0
            ? ` · ${preview.sample.join(", ")}${recipients > preview.sample.length ? ` 외 ${formatNumber(recipients - preview.sample.length)}명` : ""}`
            : null}
        </p>
      </section>

      <section
        aria-labelledby="text-title"
        className="mt-6 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
      >
        <h2 id="text-title" className="mb-3 text-lg font-bold text-slate-900">
          내용
        </h2>
        {/* Not keyed to the conditions: what the office wrote stays while they change. */}
        <OfficeMessageForm
          kind={kind}
          filters={filters}
          conditions={describeFilters(filters, seminars, year)}
          recipients={recipients}
          society={society}
          optOutUrl={preview?.optOutUrl ?? ""}
          error={refusal?.message}
          quietHours={quietHours}
        />
      </section>

      <section aria-labelledby="log-title" className="mt-8">
        <h2 id="log-title" className="text-lg font-bold text-slate-900">
          발송 기록
        </h2>
        <div className="mt-3">
          {batches.items.length === 0 ? (
            <EmptyState>아직 보낸 문자가 없습니다.</EmptyState>
          ) : (
            <OfficeMessageBatches items={batches.items} />
          )}
        </div>
        <Pagination
          page={batches.page}
          total={batches.total}
          pageSize={batches.pageSize}
          searchParams={searchParams}
          pathname="/admin/messages"
          label="발송 기록 페이지"
        />
        <p className="mt-4 text-sm text-slate-600">
          회원별 알림톡·문자 수신 설정은 회원이{" "}
          <Link to="/mypage" className="underline">
            마이페이지
          </Link>
          에서 바꿉니다.
        </p>
      </section>
    </Section>
  );
}
