import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { DateTime } from "~/components/ui/date-time";
import { formatNumber } from "~/lib/numbers";
import type { loadSeminarPage } from "../detail.server";

/** The seminar's page as the service answers it, and the refusal of the last form, if any. */
type RegistrationPanelProps = NonNullable<Awaited<ReturnType<typeof loadSeminarPage>>> & {
  error?: string;
};

/** What a member's cancellation does, said in its confirmation dialog (here and on /mypage). */
export function memberCancelDialog(title: string, waitlisted: boolean) {
  return waitlisted
    ? {
        title: "대기를 취소할까요?",
        description: `‘${title}’ 대기자 명단에서 빠지고 대기 순번이 없어집니다. 다시 신청하면 맨 뒤 순번이 됩니다.`,
        confirmLabel: "대기 취소",
        destructive: true,
      }
    : {
        title: "신청을 취소할까요?",
        description: `‘${title}’ 신청이 취소되고 자리는 다음 대기자에게 넘어갑니다. 결제한 등록비가 있으면 전액 환불됩니다. 다시 신청하면 남은 자리가 없을 때 대기자로 등록됩니다.`,
        confirmLabel: "신청 취소",
        destructive: true,
      };
}

function Note({ children }: { children: React.ReactNode }) {
  return <p className="text-base leading-7 text-slate-700">{children}</p>;
}

/**
 * The seminar page's registration box: what this visitor or member can do now, as plain forms
 * that work without JavaScript (one tap to register, one to cancel).
 */
export function RegistrationPanel(props: RegistrationPanelProps) {
  const { seminar, window, mine } = props;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const here = `/activities/${seminar.id}`;

  let body: React.ReactNode;
  if (window === "cancelled") {
    body = <Note>취소된 세미나입니다. 열리지 않습니다.</Note>;
  } else if (window === "external") {
    body = (
      <>
        <Note>이 세미나는 외부 신청 페이지에서 신청을 받습니다.</Note>
        <Button asChild className="w-full">
          <a href={seminar.registrationUrl ?? undefined} target="_blank" rel="noopener noreferrer">
            참가 신청<span className="sr-only"> (새 창)</span>
          </a>
        </Button>
      </>
    );
  } else if (mine) {
    body = (
      <>
        {mine.status === "payment_pending" ? (
          <>
            <p className="text-lg font-bold text-amber-800">등록비 결제를 기다리고 있습니다</p>
            <Note>
              등록비 {formatNumber(mine.amount)}원을{" "}
              {mine.expiresAt ? <DateTime value={mine.expiresAt} /> : "곧"}까지 결제하시면 신청이
              확정됩니다. 그때까지 자리를 잡아 둡니다.
            </Note>
            {mine.paymentId ? (
              <Button asChild size="lg" className="w-full">
                <Link to={`/mypage/payments/${encodeURIComponent(mine.paymentId)}`}>결제하기</Link>
              </Button>
            ) : null}
          </>
        ) : mine.status === "confirmed" ? (
          <>
            <p className="text-lg font-bold text-emerald-800">신청이 확정되었습니다</p>
            <Note>
              입장과 퇴장 때 QR 티켓을 보여주세요. 연수평점은 입장·퇴장 기록으로 산정됩니다.
            </Note>
            <Button asChild className="w-full">
              <Link to={`/mypage/tickets/${mine.id}`}>QR 티켓 보기</Link>
            </Button>
          </>
        ) : (
          <>
            <p className="text-lg font-bold text-amber-800">
              대기 {mine.waitlistPosition}번으로 등록되어 있습니다
            </p>
            <Note>
              {props.fee
                ? "취소석이 생기면 순서대로 자리를 안내해 드립니다. 안내를 받은 때부터 24시간 안에 등록비를 결제하시면 신청이 확정되고, 결제하지 않으시면 다음 대기자에게 넘어갑니다."
                : "취소석이 생기면 순서대로 신청이 확정되고 메일로 알려드립니다."}
            </Note>
          </>
        )}
        {props.canCancel ? (
          <ConfirmForm
            method="post"
            className="mt-1"
            {...memberCancelDialog(seminar.title, mine.status === "waitlisted")}
          >
            <input type="hidden" name="intent" value="cancel" />
            <Button type="submit" variant="secondaryDestructive" className="w-full" disabled={busy}>
              {mine.status === "waitlisted" ? "대기 취소" : "신청 취소"}
            </Button>
            {mine.status !== "waitlisted" ? (
              <p className="mt-2 text-sm text-slate-600">
                <DateTime value={seminar.cancellationDeadline} />
                까지 취소할 수 있습니다.
              </p>
            ) : null}
          </ConfirmForm>
        ) : (
          <p className="text-sm text-slate-600">
            취소 기한이 지났습니다. 참석이 어려우시면 학회 사무국으로 연락해주세요.
          </p>
        )}
      </>
    );
  } else if (props.ended) {
    body = <Note>종료된 세미나입니다.</Note>;
  } else if (props.started) {
    body = <Note>진행 중인 세미나입니다. 신청은 시작 전까지 받습니다.</Note>;
  } else if (window === "closed") {
    body = <Note>신청이 마감되었습니다.</Note>;
  } else if (window === "not_open") {
    body = (
      <Note>
        신청은{" "}
        {seminar.registrationOpensAt ? <DateTime value={seminar.registrationOpensAt} /> : "곧"}
        부터 받습니다.
      </Note>
    );
  } else if (!props.signedIn) {
    body = (
      <>
        <Note>승인된 회원은 로그인 후 바로 신청할 수 있습니다.</Note>
        <Button asChild className="w-full">
          <Link to={`/login?redirectTo=${encodeURIComponent(here)}`}>로그인하고 신청하기</Link>
        </Button>
        <p className="text-sm text-slate-600">
          아직 회원이 아니신가요?{" "}
          <Link to="/signup" className="font-semibold text-brand-700 underline underline-offset-2">
            회원가입
          </Link>
        </p>
      </>
    );
  } else if (!props.inAudience) {
    body = (
      <>
        <Note>정회원만 신청할 수 있는 세미나입니다.</Note>
        <Button asChild variant="secondary" className="w-full">
          <Link to="/membership/apply">정회원 가입 신청</Link>
        </Button>
      </>
    );
  } else {
    const full = props.seatsLeft === 0;
    body = (
      <Form method="post" className="grid gap-3">
        <input type="hidden" name="intent" value="register" />
        {full ? (
          <Note>
            {props.fee
              ? "정원이 모두 찼습니다. 지금 신청하면 대기자로 등록되고, 취소석이 생기면 순서대로 결제 안내를 받습니다. 대기 중에는 결제하지 않습니다."
              : "정원이 모두 찼습니다. 지금 신청하면 대기자로 등록되고, 취소석이 생기면 순서대로 확정됩니다."}
          </Note>
        ) : props.fee ? (
          <Note>
            등록비 {formatNumber(props.fee)}원을 결제하면 신청이 확정됩니다. 신청하면 결제하는 동안
            자리를 잡아 둡니다.
          </Note>
        ) : (
          <Note>회원 정보(이름, 연락처, 병원)로 바로 신청됩니다.</Note>
        )}
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? "신청 중..." : full ? "대기 신청" : props.fee ? "신청하고 결제하기" : "참가 신청"}
        </Button>
        {props.pastCancellationDeadline ? (
          <p className="text-sm font-medium text-amber-800">
            취소 기한(
            <DateTime value={seminar.cancellationDeadline} />
            )이 지나, 신청한 뒤에는 직접 취소할 수 없습니다. 취소는 학회 사무국으로 문의해주세요.
          </p>
        ) : null}
        {seminar.registrationClosesAt ? (
          <p className="text-sm text-slate-600">
            신청 마감: <DateTime value={seminar.registrationClosesAt} />
          </p>
        ) : null}
      </Form>
    );
  }

  return (
    <Card id="registration" className="grid scroll-mt-20 gap-3 p-5 sm:p-6">
      <h2 className="text-base font-bold text-slate-900">참가 신청</h2>
      {props.error ? (
        <p
          role="alert"
          className="rounded-lg bg-rose-50 px-3 py-2 text-sm font-medium text-rose-800"
        >
          {props.error}
        </p>
      ) : null}
      {body}
    </Card>
  );
}
