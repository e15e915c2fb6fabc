import { requireActor, type SessionActor } from "~/features/accounts/actor.server";
import { SecuritySettings } from "~/features/second-factor/components/security-settings";
import {
  finishEnrolment,
  newRecoveryCodes,
  type SecurityOutcome,
  securityPageData,
  startEnrolment,
  turnOffSecondFactor,
} from "~/features/second-factor/security-page.server";
import { securityForms } from "~/features/second-factor/validation";
import { pageAction, shown } from "~/lib/page-action.server";
import { useRefusal } from "~/lib/refusal";
import type { Route } from "./+types/admin-security";

export const meta: Route.MetaFunction = () => [
  { title: "보안 설정 | 관리자" },
  { name: "robots", content: "noindex" },
];

// The administrator's second factor: enrolment (also for a password-only session, which reaches
// no other administrator page), recovery codes and turning it off.
export async function loader(args: Route.LoaderArgs) {
  const { user } = await requireActor(args, "enrolling");
  return securityPageData(user, args.request);
}

// Each form's outcome stays on the page: the recovery codes are shown once, never redirected.
export const action = pageAction<SessionActor, typeof securityForms, SecurityOutcome>({
  guard: (args) => requireActor(args, "enrolling"),
  hideFields: ["password", "code"],
  intents: {
    setup: {
      schema: securityForms.setup,
      run: async (_, actor, { request }) => shown(await startEnrolment(actor, request)),
    },
    confirm: {
      schema: securityForms.confirm,
      run: async ({ code }, actor, { request }) =>
        shown(await finishEnrolment(actor, code, request)),
    },
    "recovery-codes": {
      schema: securityForms["recovery-codes"],
      run: async ({ password }, actor, { request }) =>
        shown(await newRecoveryCodes(actor, password, request)),
    },
    disable: {
      schema: securityForms.disable,
      run: async ({ password }, actor, { request }) =>
        shown(await turnOffSecondFactor(actor, password, request)),
    },
  },
});

export default function AdminSecurity({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = useRefusal();
  const outcome = actionData && "shown" in actionData ? actionData.shown : undefined;
  return <SecuritySettings data={loaderData} outcome={outcome} refusal={refusal} />;
}
