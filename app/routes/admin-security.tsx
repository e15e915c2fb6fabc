import { data, useRouteError } from "react-router";
import { requireSecondFactorHolder } from "~/features/accounts/session.server";
import { AccessDenied, isAccessRefusal } from "~/features/admin/components/access-denied";
import { SecuritySettings } from "~/features/second-factor/components/security-settings";
import {
  runSecurityAction,
  SECURITY_FORM,
  securityPageData,
} from "~/features/second-factor/security-page.server";
import { AppError } from "~/lib/errors.server";
import { readForm } from "~/lib/forms.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/admin-security";

export const meta: Route.MetaFunction = () => [
  { title: "보안 설정 | 관리자" },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

// The administrator's second factor: enrolment (also for a password-only session, which reaches
// no other administrator page), recovery codes and turning it off.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireSecondFactorHolder(request);
  return securityPageData(user);
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSecondFactorHolder(request);
  const form = await readForm(request, SECURITY_FORM);
  try {
    return await runSecurityAction(request, user, form, context.get(clientIpContext));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data(
      { intent: String(form.get("intent") ?? ""), message: error.message, failed: true as const },
      { status: error.status },
    );
  }
}

export default function AdminSecurity({ loaderData, actionData }: Route.ComponentProps) {
  return <SecuritySettings data={loaderData} outcome={actionData} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isAccessRefusal(error)) return <AccessDenied />;
  throw error;
}
