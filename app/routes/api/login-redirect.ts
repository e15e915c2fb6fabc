import { redirect } from "react-router";
import { safeRedirect } from "~/features/accounts/validation";
import type { Route } from "./+types/login-redirect";

// GET /api/login: where the original's "login start" pointed; our login is the /login page.
export function loader({ url }: Route.LoaderArgs) {
  const target = safeRedirect(url.searchParams.get("redirectTo"), "");
  return redirect(target ? `/login?redirectTo=${encodeURIComponent(target)}` : "/login");
}
