import { countPendingMembers, listPendingMembers } from "~/features/accounts/accounts.server";
import { requireAdmin } from "~/features/accounts/session.server";
import { api } from "~/lib/errors.server";
import { listCallResponse } from "~/lib/list-page.server";
import type { Route } from "./+types/users-pending";

// GET /api/users/pending (administrators): the sign-ups waiting, oldest first; `?page=&pageSize=`
// (≤ 100) answers one page of that order, with the total in `X-Total-Count`.
export const loader = api(async ({ request }: Route.LoaderArgs) => {
  await requireAdmin(request);
  return listCallResponse(request, {
    rows: async (window) =>
      (await listPendingMembers(window)).map(({ rejectedAt: _rejectedAt, ...user }) => user),
    count: () => countPendingMembers(),
  });
});
