import { requireActor } from "~/features/accounts/actor.server";
import { MyDues } from "~/features/dues/components/my-dues";
import { depositorNameOf, getDuesYear, myDues } from "~/features/dues/dues.server";
import { paymentsMode } from "~/features/gateway/portone.server";
import { findApplicationOf } from "~/features/membership/applications.server";
import { DuesOnlineForm } from "~/features/payments/components/dues-online-form";
import { MyPayments } from "~/features/payments/components/my-payments";
import { myPayments, payDuesOnline } from "~/features/payments/payments.server";
import { duesPayFormSchema } from "~/features/payments/validation";
import { waysToPayOnline } from "~/features/payments/ways.server";
import { now as clockNow } from "~/lib/clock.server";
import { done, pageAction } from "~/lib/page-action.server";
import { useRefusal, useRefusalToast } from "~/lib/refusal";
import type { Route } from "./+types/mypage-dues";

export const meta: Route.MetaFunction = () => [
  { title: "회비·결제 · 마이페이지" },
  { name: "robots", content: "noindex" },
];

// /mypage/dues: the member's standing and this year's dues (how to pay, receipts) and every
// online payment with what can be done with it.
export async function loader(args: Route.LoaderArgs) {
  const { user } = await requireActor(args, "member");
  const [dues, payments] = await Promise.all([
    myDues(user),
    myPayments(user.id).then((list) => list.items),
  ]);
  return {
    dues,
    associate: await associateDues(user, dues),
    payments,
    paymentsMode: paymentsMode(),
    online: waysToPayOnline(),
    now: clockNow().toISOString(),
    memberType: user.memberType,
  };
}

/**
 * A 준회원's dues: this year's fee (paid with the full-membership application), what was paid
 * toward it, and the depositor name for a transfer. Null for everyone else or an unset year.
 */
async function associateDues(
  user: { id: string; memberType: string; name: string; phone: string },
  dues: Awaited<ReturnType<typeof myDues>>,
) {
  if (user.memberType !== "associate") return null;
  const [settings, application] = await Promise.all([
    getDuesYear(dues.year),
    findApplicationOf(user.id),
  ]);
  if (!settings) return null;
  const paid = dues.payments
    .filter((payment) => payment.year === dues.year)
    .reduce((sum, payment) => sum + payment.amount, 0);
  return {
    fee: {
      year: dues.year,
      regularFee: settings.regularFee,
      bankAccount: settings.bankAccount,
      dueDate: settings.dueDate,
    },
    paid,
    depositorName: depositorNameOf(user),
    /** A 정회원 application waiting for the office: it is not to be asked for again. */
    applied: application?.status === "pending",
  };
}

// Dues paid online: an invoice for what is still owed, then its checkout.
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
    "pay-dues": {
      schema: duesPayFormSchema,
      run: async ({ year }, actor) => {
        const { paymentId } = await payDuesOnline(actor, year);
        return done(
          { title: `${year}년 연회비 결제`, description: "결제 수단을 골라 결제해주세요." },
          `/mypage/payments/${encodeURIComponent(paymentId)}`,
        );
      },
    },
  },
});

export default function MyDuesPage({ loaderData }: Route.ComponentProps) {
  const { dues, associate } = loaderData;
  useRefusalToast(useRefusal());
  const owed =
    dues.status === "unpaid"
      ? (dues.amountDue ?? 0)
      : associate
        ? associate.fee.regularFee - associate.paid
        : 0;
  return (
    <>
      <section id="mypage-dues" aria-label="회비" className="grid scroll-mt-36 gap-6">
        <MyDues
          dues={dues}
          memberType={loaderData.memberType}
          associate={associate}
          online={loaderData.online}
        >
          {loaderData.paymentsMode !== "off" && owed > 0 ? (
            <DuesOnlineForm
              issued={
                loaderData.payments.find((p) => p.purpose === "dues" && p.status === "vbank_issued")
                  ?.paymentId
              }
              year={dues.year}
              test={loaderData.paymentsMode === "test"}
            />
          ) : null}
        </MyDues>
      </section>
      <MyPayments payments={loaderData.payments} now={loaderData.now} />
    </>
  );
}
