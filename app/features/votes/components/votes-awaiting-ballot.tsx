import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { DateTime } from "~/components/ui/date-time";
import type { votesAwaitingBallotOf } from "../votes.server";

/**
 * At the top of 마이페이지: each open vote that waits for this member's ballot (the site's menu has
 * no place for votes). Nothing when none waits.
 */
export function VotesAwaitingBallot({
  votes,
}: {
  votes: Awaited<ReturnType<typeof votesAwaitingBallotOf>>;
}) {
  if (votes.length === 0) return null;
  return (
    <section
      aria-labelledby="votes-awaiting-title"
      className="rounded-2xl border-2 border-brand-600 bg-brand-50 p-5 sm:p-6"
    >
      <h2 id="votes-awaiting-title" className="text-lg font-bold text-slate-900">
        투표할 총회 안건이 있습니다
      </h2>
      <ul className="mt-3 grid gap-2">
        {votes.map((vote) => (
          <li key={vote.id} className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-base text-slate-800">
              <span className="font-semibold">{vote.title}</span>
              <span className="block text-sm text-slate-600">
                <DateTime value={vote.closesAt} />에 마감
              </span>
            </span>
            <Button asChild size="sm">
              <Link to={`/votes/${vote.id}`}>
                투표하기<span className="sr-only"> ({vote.title})</span>
              </Link>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
