import { Link, useNavigate } from "react-router";
import { ConfirmDialog } from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { useOptionalUser } from "~/lib/root-data";

/**
 * A logged-in user applies after confirming the fee transfer (SPEC.md §2, Membership
 * information); a visitor is asked to sign up first.
 */
export function ApplyButton() {
  const user = useOptionalUser();
  const navigate = useNavigate();
  if (!user) {
    return (
      <Button asChild size="lg">
        <Link to="/signup">회원가입 먼저 하기</Link>
      </Button>
    );
  }
  return (
    <ConfirmDialog
      trigger={<Button size="lg">정회원 가입 신청</Button>}
      title="정회원 가입 신청"
      description={
        <>
          <p>연회비를 학회 계좌로 입금하셨습니까?</p>
          <p>회비 납부를 마치신 뒤 정회원 가입 신청을 진행해 주세요.</p>
          <p className="mt-2 font-medium text-slate-800">계속 진행하시겠습니까?</p>
        </>
      }
      confirmLabel="계속"
      onConfirm={() => navigate("/membership/apply")}
    />
  );
}
