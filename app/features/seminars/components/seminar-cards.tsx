import { CalendarDays, MapPin, Mic } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DateTime } from "~/components/ui/date-time";
import { formatDate, isoDate } from "~/lib/dates";

export type SeminarView = {
  id: string;
  title: string;
  description: string;
  speaker: string;
  date: Date | string;
  location: string;
  registrationUrl: string | null;
  status: string;
};

/**
 * An upcoming seminar. Its register button links out when the seminar takes registrations on an
 * external page, and otherwise opens the seminar's page, where members register on the site
 * (issue 17 extends SPEC.md's card, whose button only knew external links).
 */
export function UpcomingSeminarCard({ seminar }: { seminar: SeminarView }) {
  // Open and not yet started: a past seminar the office left "open" offers no registration.
  const open = seminar.status === "open" && new Date(seminar.date).getTime() > Date.now();
  return (
    <article className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-lg font-bold text-slate-900">
          <Link to={`/activities/${seminar.id}`} className="hover:text-brand-700 hover:underline">
            {seminar.title}
          </Link>
        </h3>
        <Badge tone={open ? "green" : "neutral"} className="shrink-0">
          {open ? "진행중" : "마감"}
        </Badge>
      </div>
      <p className="mt-3 text-[15px] leading-7 text-slate-600">{seminar.description}</p>
      <dl className="mt-4 grid gap-2 text-[15px] text-slate-700">
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
            신청 마감
          </Button>
        )}
      </div>
    </article>
  );
}

export function PastSeminarCard({ seminar }: { seminar: SeminarView }) {
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
