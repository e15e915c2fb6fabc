import { requireUser } from "~/features/accounts/session.server";
import { myCredits } from "~/features/seminars/credits.server";
import { api } from "~/lib/errors.server";
import type { Route } from "./+types/my-credits";

// GET /api/me/credits → { years: [{ year, credits }], awaiting: [...], attended: [...] }: the
// signed-in member's final credits per year, sheets open for objection, and locked attendance.
export const loader = api(async ({ request, url }: Route.LoaderArgs) => {
  const user = await requireUser({ request, url });
  return Response.json(await myCredits(user.id));
});
