import { Outlet, useRouteError } from "react-router";
import { ErrorPage } from "~/components/layout/error-page";
import { countPendingMembers } from "~/features/accounts/accounts.server";
import { getCurrentUser } from "~/features/accounts/session.server";
import {
  AccessDenied,
  isAccessRefusal,
  isSignedOutRefusal,
} from "~/features/admin/components/access-denied";
import { AdminNav } from "~/features/admin/components/admin-nav";
import { DemoNotice } from "~/features/admin/components/demo-notice";
import { countWaitingReports } from "~/features/community/community.server";
import { demoSeededAt } from "~/features/society/settings.server";
import type { Route } from "./+types/admin-layout";

// The administrator pages' frame: the navigation for administrators, nothing for anyone else.
// Access is each page's own guard (requireAdmin in its loader and action); this loader only
// decides whether to draw the navigation, so it never refuses.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  if (user?.role !== "admin") return { pendingMembers: null, waitingReports: 0, demoSince: null };
  const [pendingMembers, waitingReports, demoSince] = await Promise.all([
    countPendingMembers(),
    countWaitingReports(),
    demoSeededAt(),
  ]);
  return { pendingMembers, waitingReports, demoSince };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {loaderData.pendingMembers === null ? null : (
        <AdminNav
          pendingMembers={loaderData.pendingMembers}
          waitingReports={loaderData.waitingReports}
        />
      )}
      {loaderData.demoSince ? <DemoNotice seededAt={loaderData.demoSince} /> : null}
      <Outlet />
    </>
  );
}

/** The administrator area's one boundary: a guard's 401 or 403 is the access-denied card. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isAccessRefusal(error)) return <AccessDenied signedOut={isSignedOutRefusal(error)} />;
  return <ErrorPage error={error} />;
}
