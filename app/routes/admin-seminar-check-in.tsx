import { isRouteErrorResponse, Link, useRouteError, useRouteLoaderData } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { requireCheckInStaff } from "~/features/accounts/session.server";
import {
  AccessDenied,
  isAccessRefusal,
  isSignedOutRefusal,
} from "~/features/admin/components/access-denied";
import { doorOf } from "~/features/seminars/check-ins.server";
import { CheckInStation } from "~/features/seminars/components/check-in-station";
import { findSeminar } from "~/features/seminars/registrants.server";
import { orNotFound } from "~/lib/errors.server";
import type { RootData } from "~/lib/root-data";
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
    ...(await doorOf(seminar.id)),
    isAdmin: staff.role === "admin",
  };
}

export default function CheckIn({ loaderData }: Route.ComponentProps) {
  return <CheckInStation {...loaderData} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const role = useRouteLoaderData<RootData>("root")?.user?.role;
  if (isAccessRefusal(error)) return <AccessDenied signedOut={isSignedOutRefusal(error)} />;
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  // Door staff come by an address the office sent them, and have no seminar list to go back to.
  return (
    <main className="mx-auto grid min-h-dvh max-w-xl content-center px-4">
      <title>학술 활동을 찾을 수 없습니다 | 현장 출결</title>
      <Card className="p-8 text-center">
        <h1 className="text-xl font-bold text-slate-900">학술 활동을 찾을 수 없습니다.</h1>
        <p className="mt-3 text-base text-slate-600">
          주소가 잘못되었거나 삭제된 학술 활동입니다. 사무국에서 받은 현장 출결 주소를 다시
          확인해주세요.
        </p>
        <Button asChild className="mt-6">
          {role === "admin" ? (
            <Link to="/admin/seminars">학술 활동 목록으로</Link>
          ) : (
            <Link to="/">홈으로</Link>
          )}
        </Button>
      </Card>
    </main>
  );
}
