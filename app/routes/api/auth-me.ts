import { requireUser } from "~/features/accounts/session.server";
import { api } from "~/lib/errors.server";
import type { Route } from "./+types/auth-me";

// GET /api/auth/me: 401 when logged out; never a hash or a licence number.
export const loader = api(async ({ request, url }: Route.LoaderArgs) => {
  const user = await requireUser({ request, url });
  return Response.json({
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    isApproved: user.isApproved,
  });
});
