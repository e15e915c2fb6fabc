import { useRouteError } from "react-router";
import { requireCheckInStaff } from "~/features/accounts/session.server";
import {
  AccessDenied,
  isAccessRefusal,
  isSignedOutRefusal,
} from "~/features/admin/components/access-denied";
import { doorList } from "~/features/seminars/check-ins.server";
import { CheckInStation } from "~/features/seminars/components/check-in-station";
import { findSeminar } from "~/features/seminars/registrants.server";
import { orNotFound } from "~/lib/errors.server";
import type { Route } from "./+types/admin-seminar-check-in";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `현장 출결 · ${loaderData?.seminar.title ?? "세미나"}` },
  { name: "robots", content: "noindex" },
];

// The door staff's screen (administrators and check-in staff). Outside the administrator layout:
// check-in staff see this and nothing else of it. Door mode: without the site's header and footer
// (root.tsx reads the handle), the screen is the phone's.
export const handle = { bare: true };

export async function loader({ request, params }: Route.LoaderArgs) {
  const staff = await requireCheckInStaff(request);
  const seminar = await orNotFound(findSeminar(params.id));
  return {
    seminar: {
      id: seminar.id,
      title: seminar.title,
      date: seminar.date,
      endDate: seminar.endDate,
      location: seminar.location,
    },
    registrants: await doorList(seminar.id),
    isAdmin: staff.role === "admin",
  };
}

export default function CheckIn({ loaderData }: Route.ComponentProps) {
  return <CheckInStation {...loaderData} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isAccessRefusal(error)) return <AccessDenied signedOut={isSignedOutRefusal(error)} />;
  throw error;
}
