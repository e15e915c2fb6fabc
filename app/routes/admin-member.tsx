import { ChevronLeft } from "lucide-react";
import {
  data,
  isRouteErrorResponse,
  Link,
  redirect,
  useNavigation,
  useRouteError,
} from "react-router";
import { Section } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormError } from "~/components/ui/field";
import { requireAdmin } from "~/features/accounts/session.server";
import { AccessDenied, isAccessRefusal } from "~/features/admin/components/access-denied";
import { MemberDues } from "~/features/dues/components/member-dues";
import { memberDuesRecord } from "~/features/dues/dues.server";
import { remindersOf } from "~/features/dues/reminders.server";
import { MemberActions } from "~/features/members/components/member-actions";
import { MemberFieldsForm } from "~/features/members/components/member-fields-form";
import { MemberHistory } from "~/features/members/components/member-history";
import { MemberSignIn } from "~/features/members/components/member-sign-in";
import { MemberTypeBadge, StatusBadge } from "~/features/members/components/standing-badges";
import { MEMBER_RECORD_FORM, runMemberRecordAction } from "~/features/members/record.server";
import { findMemberRecord } from "~/features/members/roster.server";
import { AttendedSeminars } from "~/features/seminars/components/attended-seminars";
import { MemberSeminars } from "~/features/seminars/components/member-seminars";
import { attendedSeminarsOf } from "~/features/seminars/credits.server";
import { registrationsOf } from "~/features/seminars/registrations.server";
import { AppError } from "~/lib/errors.server";
import { flashToast } from "~/lib/flash.server";
import { readForm } from "~/lib/forms.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/admin-member";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.member.name} | 회원 관리` : "회원 관리 | 관리자" },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  try {
    const member = await findMemberRecord(params.id);
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
      self: admin.id === params.id,
      registrations,
      credits,
      dues: { ...dues, reminders },
    };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) {
      throw data({ message: error.message }, { status: 404 });
    }
    throw error;
  }
}

// Each form names its intent; success comes back to this record with a toast (POST, redirect,
// GET), a refusal stays on the page with its Korean message and the fields as typed.
export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request, MEMBER_RECORD_FORM);
  try {
    const { message } = await runMemberRecordAction(params.id, form, {
      actor: { id: admin.id, email: admin.email },
      ip: context.get(clientIpContext),
    });
    return redirect(`/admin/members/${params.id}`, {
      headers: { "Set-Cookie": flashToast({ title: "처리 완료", description: message }) },
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data(
      {
        intent: String(form.get("intent") ?? ""),
        message: error.message,
        errors: error.errors ?? {},
      },
      { status: error.status },
    );
  }
}

export default function AdminMember({ loaderData, actionData }: Route.ComponentProps) {
  const { member, self, credits } = loaderData;
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
        {member.role === "admin" ? (
          <span className="text-sm font-semibold text-violet-700">관리자</span>
        ) : null}
      </div>
      <p className="mt-1 break-all text-slate-600">{member.email}</p>
      {actionData?.message ? (
        <div className="mt-4">
          <FormError message={actionData.message} />
        </div>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="grid content-start gap-6">
          <Card className="p-5 sm:p-6">
            <h2 className="text-lg font-bold text-slate-900">회원 정보</h2>
            <MemberFieldsForm
              member={member}
              errors={actionData?.intent === "update" ? actionData.errors : {}}
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
        <MemberActions
          member={member}
          self={self}
          busy={busy}
          errors={actionData?.errors ?? {}}
          failedIntent={actionData?.intent}
        />
      </div>
    </Section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isAccessRefusal(error)) return <AccessDenied />;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Section className="max-w-xl">
        <Card className="p-8 text-center">
          <h1 className="text-xl font-bold text-slate-900">회원을 찾을 수 없습니다.</h1>
          <Button asChild className="mt-6">
            <Link to="/admin/members">회원 목록으로</Link>
          </Button>
        </Card>
      </Section>
    );
  }
  throw error;
}
