import type { CurrentUser } from "~/lib/root-data";

/**
 * Where clicking an announcement leads: approved members read it; anyone else is sent to log in,
 * and comes back to it afterwards.
 */
export function announcementHref(id: string, user: CurrentUser | null) {
  const detail = `/announcements/${id}`;
  return user?.isApproved ? detail : `/login?redirectTo=${encodeURIComponent(detail)}`;
}
