import { Link } from "react-router";
import { PageHeader, Section } from "~/components/layout/page-header";
import { EmptyState } from "~/components/ui/empty-state";
import { requireActor } from "~/features/accounts/actor.server";
import { VoteStatusBadge } from "~/features/votes/components/vote-parts";
import { KIND_LABELS } from "~/features/votes/validation";
import { listVotesForMember } from "~/features/votes/votes.server";
import { formatDateTimeRange } from "~/lib/dates";
import type { Route } from "./+types/votes";

export const meta: Route.MetaFunction = () => [
  { title: "총회 투표" },
  { name: "robots", content: "noindex" },
];

// The general meeting's votes for a signed-in member (a visitor is sent to the login).
export async function loader(args: Route.LoaderArgs) {
  const { user } = await requireActor(args, "member");
  return { votes: await listVotesForMember(user) };
}

export default function Votes({ loaderData }: Route.ComponentProps) {
  const { votes } = loaderData;
  return (
    <>
      <PageHeader title="총회 투표">
        안건 의결과 임원 선거를 온라인 비밀투표로 합니다. 누가 무엇을 선택했는지는 사무국도 알 수
        없습니다.
      </PageHeader>
      <Section>
        {votes.length === 0 ? (
          <EmptyState>진행 중이거나 예정된 투표가 없습니다.</EmptyState>
        ) : (
          <ul className="grid gap-3">
            {votes.map((vote) => (
              <li key={vote.id}>
                <Link
                  to={`/votes/${vote.id}`}
                  className="grid gap-2 rounded-2xl border border-slate-200 bg-white p-4 hover:border-brand-300 sm:p-5"
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <VoteStatusBadge status={vote.status} />
                    <span className="text-sm text-slate-600">
                      {KIND_LABELS[vote.kind as "resolution"] ?? vote.kind}
                    </span>
                  </div>
                  <span className="text-lg font-bold text-slate-900">{vote.title}</span>
                  <span className="text-sm text-slate-600">
                    {formatDateTimeRange(vote.opensAt, vote.closesAt)}
                  </span>
                  <span className="text-sm font-semibold text-slate-700">
                    {vote.voted
                      ? "투표 완료"
                      : vote.onRoll
                        ? vote.status === "closed"
                          ? "투표하지 않음"
                          : "선거인 명부에 올라 있습니다"
                        : "선거인 명부에 없습니다"}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}
