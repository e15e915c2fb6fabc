import { Badge, type BadgeTone } from "~/components/ui/badge";
import { formatNumber } from "~/lib/numbers";

type Status = "upcoming" | "open" | "closed" | "annulled";

const STATUS: Record<Status, { label: string; tone: BadgeTone }> = {
  upcoming: { label: "투표 전", tone: "neutral" },
  open: { label: "투표 중", tone: "green" },
  closed: { label: "투표 종료", tone: "brand" },
  annulled: { label: "무효", tone: "red" },
};

export function VoteStatusBadge({ status }: { status: Status }) {
  const { label, tone } = STATUS[status];
  return <Badge tone={tone}>{label}</Badge>;
}

export type ResultsView = {
  eligible: number;
  turnout: number;
  counts: { option: string; votes: number }[];
  quorumMet: boolean;
};

/** The tally after the close: each option's votes as a bar, in the options' order. */
export function VoteResults({ results, hasQuorum }: { results: ResultsView; hasQuorum: boolean }) {
  const most = Math.max(1, ...results.counts.map((count) => count.votes));
  return (
    <section aria-labelledby="vote-results-title" className="grid gap-3">
      <h2 id="vote-results-title" className="text-lg font-bold text-slate-900">
        투표 결과
      </h2>
      <p className="text-sm text-slate-600">
        선거인 {formatNumber(results.eligible)}명 중 {formatNumber(results.turnout)}명 투표
        {hasQuorum ? (results.quorumMet ? " · 의결 정족수 충족" : " · 의결 정족수 미달") : ""}
      </p>
      <ul className="grid gap-2">
        {results.counts.map((count) => (
          <li key={count.option} className="grid gap-1">
            <div className="flex justify-between gap-2 text-base">
              <span className="font-semibold text-slate-900">{count.option}</span>
              <span className="text-slate-700">{formatNumber(count.votes)}표</span>
            </div>
            <div className="h-2 rounded-full bg-slate-100" aria-hidden="true">
              <div
                className="h-2 rounded-full bg-brand-600"
                style={{ width: `${(count.votes / most) * 100}%` }}
              />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
