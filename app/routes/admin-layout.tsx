import { Outlet } from "react-router";
import { countPendingMembers } from "~/features/accounts/accounts.server";
import { getCurrentUser } from "~/features/accounts/session.server";
import { AdminNav } from "~/features/admin/components/admin-nav";
import type { Route } from "./+types/admin-layout";

// The administrator pages' frame: the navigation for administrators, nothing for anyone else.
// Access is each page's own guard (requireAdmin in its loader and action); this loader only
// decides whether to draw the navigation, so it never refuses.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  if (user?.role !== "admin") return { pendingMembers: null };
  return { pendingMembers: await countPendingMembers() };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {loaderData.pendingMembers === null ? null : (
        <AdminNav pendingMembers={loaderData.pendingMembers} />
      )}
      <Outlet />
    </>
  );
}
