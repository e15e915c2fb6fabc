import { Award, CalendarDays, MapPin, Mic, Users } from "lucide-react";
import type { ReactNode } from "react";
import { DateTime, DateTimeRange } from "~/components/ui/date-time";
import { formatNumber } from "~/lib/numbers";
import type { Seminar } from "../seminars.server";

/** A map search for the place, for a phone's map app or the browser. */
export const mapLink = (location: string) =>
  `https://map.naver.com/p/search/${encodeURIComponent(location)}`;

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      <dt className="flex shrink-0 items-center gap-2 pt-0.5 text-sm font-semibold text-slate-600 sm:w-24">
        {icon}
        <span>{label}</span>
      </dt>
      <dd className="text-base text-slate-800">{children}</dd>
    </div>
  );
}

const icon = "size-4 text-brand-600";

/** Date, place, speaker, credits and seats of a seminar, as a definition list. */
export function SeminarFacts({
  seminar,
  seatsLeft,
}: {
  seminar: Pick<
    Seminar,
    "date" | "endDate" | "location" | "speaker" | "cmeCredits" | "capacity" | "registrationUrl"
  >;
  seatsLeft: number | null;
}) {
  return (
    <dl className="grid gap-3">
      <Fact icon={<CalendarDays className={icon} aria-hidden="true" />} label="일시">
        {seminar.endDate ? (
          <DateTimeRange start={seminar.date} end={seminar.endDate} />
        ) : (
          <DateTime value={seminar.date} />
        )}
      </Fact>
      <Fact icon={<MapPin className={icon} aria-hidden="true" />} label="장소">
        {seminar.location}{" "}
        <a
          href={mapLink(seminar.location)}
          target="_blank"
          rel="noopener noreferrer"
          className="ml-1 text-sm font-medium whitespace-nowrap text-brand-700 underline underline-offset-2"
        >
          지도 보기<span className="sr-only"> (새 창)</span>
        </a>
      </Fact>
      <Fact icon={<Mic className={icon} aria-hidden="true" />} label="연자">
        {seminar.speaker}
      </Fact>
      {seminar.cmeCredits !== null ? (
        <Fact icon={<Award className={icon} aria-hidden="true" />} label="연수평점">
          최대 {seminar.cmeCredits}점 (참석 시간에 따라 산정)
        </Fact>
      ) : null}
      {seminar.registrationUrl ? null : (
        <Fact icon={<Users className={icon} aria-hidden="true" />} label="정원">
          {seminar.capacity === null
            ? "제한 없음"
            : `${formatNumber(seminar.capacity)}명 · 잔여 ${formatNumber(seatsLeft ?? 0)}석`}
        </Fact>
      )}
    </dl>
  );
}
