import { redirect } from "react-router";

// GET /api/login: where the original's "login start" pointed; our login is the /login page.
export function loader() {
  return redirect("/login");
}
