import { CalendarDays, MapPin, Mic, Wallet } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DateTime } from "~/components/ui/date-time";
import { formatDate, isoDate } from "~/lib/dates";
import { formatNumber } from "~/lib/numbers";
import type { SeminarPhase } from "../rules";
import type { Seminar } from "../seminars.server";

/** A seminar on the list, with its phase as the server computed it for this request. */
type ListedSeminar = Seminar & { phase: SeminarPhase; feeEarly: boolean };

/**
 * What the seminar costs now, after the word 등록비: "30,000원", "정회원 30,000원 · 그 외
 * 50,000원", the early amounts with "(사전등록 …까지)" while they apply, or null when it is free.
 * The seminar's page shows the same amounts (seminar-fees.tsx).
 */
function feeText(
  seminar: Pick<
    Seminar,
    "feeFull" | "feeOther" | "feeFullEarly" | "feeOtherEarly" | "feeEarlyUntil"
  >,
  early: boolean,
) {
  const full = (early ? seminar.feeFullEarly : null) ?? seminar.feeFull ?? 0;
  const other = (early ? seminar.feeOtherEarly : null) ?? seminar.feeOther ?? 0;
  if ((seminar.feeFull ?? 0) <= 0 && (seminar.feeOther ?? 0) <= 0) return null;
  const until =
    early && seminar.feeEarlyUntil ? ` (사전등록 ${formatDate(seminar.feeEarlyUntil)}까지)` : "";
  if (full === other) return `${formatNumber(full)}원${until}`;
  const amount = (value: number) => (value > 0 ? `${formatNumber(value)}원` : "무료");
  return `정회원 ${amount(full)} · 그 외 ${amount(other)}${until}`;
}

/**
 * An upcoming or ongoing seminar. Its badge: 취소, 진행 중 (under way), 접수중 (open for
 * registration: SPEC.md's 진행중, renamed in docs/decisions/021-seminar-phase.md) or 마감. Its
 * register button links out when the seminar takes registrations on an
 * external page, and otherwise opens the seminar's page, where members register on the site
 * (this extends SPEC.md's card, whose button only knew external links).
 */
export function UpcomingSeminarCard({ seminar }: { seminar: ListedSeminar }) {
  // Open and not yet started: a seminar under way that the office left "open" offers no
  // registration. The phase comes from the server, so a stored page and its hydration agree.
  const open = seminar.status === "open" && seminar.phase === "upcoming";
  const cancelled = seminar.status === "cancelled";
  const ongoing = !cancelled && seminar.phase === "ongoing";
  const fee = feeText(seminar, seminar.feeEarly);
  return (
    <article className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-lg font-bold text-slate-900">
          <Link to={`/activities/${seminar.id}`} className="hover:text-brand-700 hover:underline">
            {seminar.title}
          </Link>
        </h3>
        <Badge
          tone={cancelled ? "red" : ongoing ? "brand" : open ? "green" : "neutral"}
          className="shrink-0"
        >
          {cancelled ? "취소" : ongoing ? "진행 중" : open ? "접수중" : "마감"}
        </Badge>
      </div>
      <p className="mt-3 text-base leading-7 text-slate-600">{seminar.description}</p>
      <dl className="mt-4 grid gap-2 text-base text-slate-700">
        <div className="flex items-start gap-2">
          <dt>
            <CalendarDays className="mt-0.5 size-4 text-brand-600" aria-hidden="true" />
            <span className="sr-only">일시</span>
          </dt>
          <dd>
            <DateTime value={seminar.date} />
          </dd>
        </div>
        <div className="flex items-start gap-2">
          <dt>
            <MapPin className="mt-0.5 size-4 text-brand-600" aria-hidden="true" />
            <span className="sr-only">장소</span>
          </dt>
          <dd>{seminar.location}</dd>
        </div>
        <div className="flex items-start gap-2">
          <dt>
            <Mic className="mt-0.5 size-4 text-brand-600" aria-hidden="true" />
            <span className="sr-only">연자</span>
          </dt>
          <dd>{seminar.speaker}</dd>
        </div>
        {seminar.registrationUrl ? null : (
          <div className="flex items-start gap-2">
            <dt>
              <Wallet className="mt-0.5 size-4 text-brand-600" aria-hidden="true" />
              <span className="sr-only">등록비</span>
            </dt>
            <dd>
              {fee ? (
                <>
                  {/* The term is read once, from the dt, by a screen reader. */}
                  <span aria-hidden="true">등록비 </span>
                  {fee}
                </>
              ) : (
                "무료"
              )}
            </dd>
          </div>
        )}
      </dl>
      <div className="mt-6">
        {open && !seminar.registrationUrl ? (
          <Button asChild className="w-full sm:w-auto">
            <Link to={`/activities/${seminar.id}`}>참가 신청</Link>
          </Button>
        ) : open ? (
          <Button asChild className="w-full sm:w-auto">
            <a
              href={seminar.registrationUrl ?? undefined}
              target="_blank"
              rel="noopener noreferrer"
            >
              참가 신청<span className="sr-only"> (새 창)</span>
            </a>
          </Button>
        ) : (
          <Button disabled className="w-full sm:w-auto">
            {cancelled ? "취소된 세미나" : ongoing ? "진행 중 · 신청 마감" : "신청 마감"}
          </Button>
        )}
      </div>
    </article>
  );
}

export function PastSeminarCard({ seminar }: { seminar: Seminar }) {
  return (
    <article className="rounded-xl border border-slate-200 bg-slate-50 p-5">
      <div className="flex items-start justify-between gap-3">
        <h3 className="font-semibold text-slate-900">
          <Link to={`/activities/${seminar.id}`} className="hover:text-brand-700 hover:underline">
            {seminar.title}
          </Link>
        </h3>
        <Badge className="shrink-0">종료</Badge>
      </div>
      <p className="mt-2 line-clamp-2 text-sm leading-6 text-slate-600">{seminar.description}</p>
      <p className="mt-3 text-sm text-slate-600">
        <time dateTime={isoDate(seminar.date)}>{formatDate(seminar.date)}</time>
        <span aria-hidden="true"> · </span>
        {seminar.speaker}
      </p>
    </article>
  );
}
