import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { ConfirmDialog } from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { useOptionalUser } from "~/lib/root-data";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * A logged-in user applies after confirming the fee is paid (SPEC.md §2, Membership
 * information), told in the dialog what the fee is, how to pay it and to which account; a visitor
 * is asked to sign up first. A full member is told so instead, an applicant whose application is
 * pending sees its status, and a rejected one applies again.
 */
export function ApplyButton({
  applicationStatus,
  feeGuide,
}: {
  applicationStatus?: string | null;
  /** This year's fee, the ways to pay and the account (null: the year's dues are not set). */
  feeGuide?: ReactNode;
}) {
  const user = useOptionalUser();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  if (!user) {
    return (
      <Button asChild size="lg">
        <Link to="/signup">회원가입 먼저 하기</Link>
      </Button>
    );
  }
  if (user.isFullMember || applicationStatus === "approved") {
    return (
      <p className="rounded-lg bg-emerald-50 px-4 py-3 text-base font-medium text-emerald-900">
        이미 정회원이십니다. 학회의 모든 활동에 참여하실 수 있습니다.
      </p>
    );
  }
  if (applicationStatus === "pending") {
    return (
      <div className="grid justify-items-center gap-3">
        <p className="rounded-lg bg-amber-50 px-4 py-3 text-base font-medium text-amber-900">
          정회원 가입 신청을 검토하고 있습니다. 결과는 이메일로 안내해 드립니다.
        </p>
        <Button asChild size="lg" variant="secondary">
          <Link to="/membership/apply">신청 현황 보기</Link>
        </Button>
      </div>
    );
  }
  const label = applicationStatus === "rejected" ? "정회원 다시 신청하기" : "정회원 가입 신청";
  const questions = (
    <>
      <p>연회비를 납부하셨습니까?</p>
      <p>회비 납부를 마치신 뒤 정회원 가입 신청을 진행해 주세요.</p>
      {feeGuide ? <div className="mt-3 rounded-lg bg-slate-50 p-3">{feeGuide}</div> : null}
      <p className="mt-2 font-medium text-slate-800">계속 진행하시겠습니까?</p>
    </>
  );
  // Before the JavaScript (or without it) the dialog cannot open: the same questions unfold in
  // the page, and 계속 goes to the form, so nobody reaches it without being asked first.
  if (!hydrated) {
    return (
      <details className="mx-auto max-w-md text-center">
        <Button asChild size="lg">
          <summary className="cursor-pointer list-none">{label}</summary>
        </Button>
        <div className="mt-3 rounded-2xl border border-slate-200 bg-white p-5 text-left text-base leading-7 text-slate-600">
          {questions}
          <div className="mt-4 flex justify-end">
            <Button asChild>
              <Link to="/membership/apply">계속</Link>
            </Button>
          </div>
        </div>
      </details>
    );
  }
  return (
    <ConfirmDialog
      trigger={<Button size="lg">{label}</Button>}
      title="정회원 가입 신청"
      description={questions}
      confirmLabel="계속"
      onConfirm={() => navigate("/membership/apply")}
    />
  );
}
