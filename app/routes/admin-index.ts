import { redirect } from "react-router";

// GET /admin: an administrator who types the area's address lands on the dashboard, which checks
// who is asking (401 for a visitor, 403 for a member) as it always does.
export function loader() {
  return redirect("/admin/dashboard");
}
