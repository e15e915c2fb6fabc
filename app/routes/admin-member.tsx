import { ChevronLeft } from "lucide-react";
import { Link, useNavigation } from "react-router";
import { Section } from "~/components/layout/page-header";
import { Card } from "~/components/ui/card";
import { FormError } from "~/components/ui/field";
import { requireActor, type SessionActor } from "~/features/accounts/actor.server";
import { AdminNotFound } from "~/features/admin/components/not-found-boundary";
import { MemberDues } from "~/features/dues/components/member-dues";
import { memberDuesRecord } from "~/features/dues/dues.server";
import { remindersOf } from "~/features/dues/reminders.server";
import { MemberActions } from "~/features/members/components/member-actions";
import { MemberFieldsForm } from "~/features/members/components/member-fields-form";
import { MemberHistory } from "~/features/members/components/member-history";
import { MemberSignIn } from "~/features/members/components/member-sign-in";
import {
  DemoBadge,
  MemberTypeBadge,
  StatusBadge,
} from "~/features/members/components/standing-badges";
import {
  MEMBER_RECORD_FORM,
  MEMBER_RECORD_INTENTS,
  runMemberRecordAction,
} from "~/features/members/record.server";
import { findMemberRecord } from "~/features/members/roster.server";
import { AttendedSeminars } from "~/features/seminars/components/attended-seminars";
import { MemberSeminars } from "~/features/seminars/components/member-seminars";
import { attendedSeminarsOf } from "~/features/seminars/credits.server";
import { registrationsOf } from "~/features/seminars/registrations.server";
import { orNotFound } from "~/lib/errors.server";
import { done, pageAction } from "~/lib/page-action.server";
import { useRefusal } from "~/lib/refusal";
import { z } from "~/lib/zod";
import type { Route } from "./+types/admin-member";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.member.name} | 회원 관리` : "회원 관리 | 관리자" },
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  const { user: admin } = await requireActor(args, "admin");
  const member = await orNotFound(findMemberRecord(args.params.id));
  const [registrations, credits, dues, reminders] = await Promise.all([
    registrationsOf(member.id),
    attendedSeminarsOf(member.id),
    memberDuesRecord({
      id: member.id,
      memberType: member.memberType ?? "associate",
      isApproved: member.status === "approved",
      suspendedAt: member.suspendedAt,
    }),
    remindersOf(member.id),
  ]);
  return {
    member,
    self: admin.id === args.params.id,
    registrations,
    credits,
    dues: { ...dues, reminders },
  };
}

// Each form names its intent, and reads its fields with the member schemas (record.server.ts);
// success comes back to this record with a toast, a refusal stays on the page with its Korean
// message beside the form that was sent.
const recordForm = z.object({});
const recordIntent = {
  schema: recordForm,
  run: async (
    _input: object,
    actor: SessionActor,
    { params, form }: { params: { id?: string }; form: FormData },
  ) => {
    const intent = String(form.get("intent") ?? "");
    const { message } = await runMemberRecordAction(actor, intent, params.id!, form);
    return done({ title: "처리 완료", description: message }, `/admin/members/${params.id}`);
  },
};

export const action = pageAction<SessionActor, Record<string, typeof recordForm>>({
  guard: (args) => requireActor(args, "admin"),
  extra: MEMBER_RECORD_FORM,
  intents: Object.fromEntries(MEMBER_RECORD_INTENTS.map((name) => [name, recordIntent])),
});

export default function AdminMember({ loaderData }: Route.ComponentProps) {
  const { member, self, credits } = loaderData;
  const refusal = useRefusal();
  const errors = Object.fromEntries(
    Object.entries(refusal?.fieldErrors ?? {}).map(([name, messages]) => [name, messages[0] ?? ""]),
  );
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <Section>
      <Link
        to="/admin/members"
        className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-brand-700"
      >
        <ChevronLeft className="size-4" aria-hidden="true" /> 회원 목록
      </Link>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{member.name}</h1>
        <StatusBadge status={member.status} />
        <MemberTypeBadge memberType={member.memberType} />
        {member.isDemo ? <DemoBadge /> : null}
        {member.role === "admin" ? (
          <span className="text-sm font-semibold text-violet-700">관리자</span>
        ) : null}
      </div>
      <p className="mt-1 flex flex-wrap gap-x-3 break-all text-slate-600">
        <span>{member.email}</span>
        {/[0-9]/.test(member.phone) ? (
          <a
            href={`tel:${member.phone.replace(/[^0-9+]/g, "")}`}
            className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-4 sm:min-h-0"
          >
            {member.phone} 전화 걸기
          </a>
        ) : null}
      </p>
      {refusal ? (
        <div className="mt-4">
          <FormError message={refusal.message} />
        </div>
      ) : null}

      {/* The actions come first: on a phone they are at the top, in reach without scrolling; from
          lg up they stand in the right column. */}
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <section aria-label="회원 처리" className="lg:col-start-2 lg:row-start-1">
          <MemberActions
            member={member}
            self={self}
            busy={busy}
            errors={errors}
            failedIntent={refusal?.intent ?? undefined}
          />
        </section>
        <div className="grid content-start gap-6 lg:col-start-1 lg:row-start-1">
          <Card className="p-5 sm:p-6">
            <h2 className="text-lg font-bold text-slate-900">회원 정보</h2>
            <MemberFieldsForm
              member={member}
              errors={refusal?.intent === "update" ? errors : {}}
              busy={busy}
            />
          </Card>
          <MemberDues memberId={member.id} {...loaderData.dues} />
          <MemberSeminars registrations={loaderData.registrations} />
          <Card className="p-5 sm:p-6">
            <h2 className="mb-3 text-lg font-bold text-slate-900">연수평점</h2>
            <AttendedSeminars seminars={credits} />
          </Card>
          <MemberHistory member={member} />
          <MemberSignIn member={member} self={self} />
        </div>
      </div>
    </Section>
  );
}

export function ErrorBoundary() {
  return (
    <AdminNotFound
      what="회원을 찾을 수 없습니다."
      back={{ to: "/admin/members", label: "회원 목록으로" }}
    />
  );
}
