import { listPendingMembers } from "~/features/accounts/accounts.server";
import { requireAdmin } from "~/features/accounts/session.server";
import { api } from "~/lib/errors.server";
import type { Route } from "./+types/users-pending";

export const loader = api(async ({ request }: Route.LoaderArgs) => {
  await requireAdmin(request);
  const pending = await listPendingMembers();
  return Response.json(pending.map(({ rejectedAt: _rejectedAt, ...user }) => user));
});
