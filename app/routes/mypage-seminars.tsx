import { requireActor } from "~/features/accounts/actor.server";
import { MyCredits } from "~/features/seminars/components/my-credits";
import { MySeminars } from "~/features/seminars/components/my-seminars";
import {
  creditObjectionFormSchema,
  OBJECTION_RECEIVED,
} from "~/features/seminars/credit-validation";
import { myCredits, objectToCredits } from "~/features/seminars/credits.server";
import { registrationsOf } from "~/features/seminars/registrations.server";
import { done, pageAction } from "~/lib/page-action.server";
import { useRefusal, useRefusalToast } from "~/lib/refusal";
import type { Route } from "./+types/mypage-seminars";

export const meta: Route.MetaFunction = () => [
  { title: "세미나·평점 · 마이페이지" },
  { name: "robots", content: "noindex" },
];

// /mypage/seminars: the member's registrations (tickets, payment, cancellation) and credits
// (sheets open for objection, certificates, the year's totals).
export async function loader(args: Route.LoaderArgs) {
  const { user } = await requireActor(args, "member");
  const [registrations, credits] = await Promise.all([
    registrationsOf(user.id, { fees: true }),
    myCredits(user.id),
  ]);
  return { registrations, credits };
}

// A credit objection (the form in MyCredits); a cancellation posts to the seminar's own page.
export const action = pageAction({
  guard: (args) => requireActor(args, "member"),
  // The form names its intent, as the forms of the one long /mypage did.
  extra: { intent: { maxLength: 40 } },
  toast: (refusal) => ({
    title: "처리 실패",
    description: refusal.message,
    variant: "destructive",
  }),
  intents: {
    objection: {
      schema: creditObjectionFormSchema,
      run: async ({ seminarId, message }, { user }) => {
        await objectToCredits(seminarId, user.id, message);
        return done(OBJECTION_RECEIVED, "/mypage/seminars#credits");
      },
    },
  },
});

export default function MySeminarsPage({ loaderData }: Route.ComponentProps) {
  const refusal = useRefusal();
  useRefusalToast(refusal);
  return (
    <>
      <MySeminars registrations={loaderData.registrations} />
      <MyCredits
        credits={loaderData.credits}
        refusal={refusal?.intent === "objection" ? refusal.message : undefined}
      />
    </>
  );
}
