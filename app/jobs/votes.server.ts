// The votes' minute: each vote whose window opened is announced to the members on its roll (mail
// and text), once across instances (the vote is claimed by a conditional update of `notifiedAt`).
import { notifyOpenedVotes } from "~/features/votes/votes.server";
import { logger } from "~/logger.server";

const INTERVAL_MS = 60_000;
let timer: NodeJS.Timeout | undefined;

export function runVotesMinute(at?: Date) {
  return notifyOpenedVotes(at);
}

export function startVotesJob(intervalMs = INTERVAL_MS) {
  if (timer) return;
  const run = () =>
    void runVotesMinute().catch((error: unknown) =>
      logger.error({ err: error }, "the votes job failed"),
    );
  timer = setInterval(run, intervalMs);
  timer.unref();
}

export function stopVotesJob() {
  if (timer) clearInterval(timer);
  timer = undefined;
}
