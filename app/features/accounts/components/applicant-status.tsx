import { Form, useNavigation } from "react-router";
import { Section } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormError } from "~/components/ui/field";
import { formatDate, isoDate } from "~/lib/dates";
import type { Refusal } from "~/lib/refusal";
import { useRootData } from "~/lib/root-data";
import { ImageUpload } from "../../uploads/components/image-upload";
import { PENDING_APPROVAL } from "../validation";

/** What the login page's loader gives the status page (decision 022). */
export type ApplicantView = {
  status: "pending" | "rejected";
  name: string;
  reason: string | null;
  createdAt: Date | string;
  resubmittedAt: Date | string | null;
  canReapply: boolean;
  reviewDays: string;
};

/**
 * The status page of a doctor whose sign-up waits or was rejected, shown on /login after a right
 * password instead of a session: where the sign-up stands, what happens next, and the one thing
 * the doctor can do (a new licence image; after a rejection, the corrected image and a new request).
 */
export function ApplicantStatusPage({
  applicant,
  refusal,
}: {
  applicant: ApplicantView;
  refusal: Refusal | null;
}) {
  const { society } = useRootData();
  const rejected = applicant.status === "rejected";
  return (
    <Section className="max-w-xl">
      <Card className="p-6 sm:p-8">
        <p className="text-sm font-semibold text-slate-500">{applicant.name}님의 회원가입 신청</p>
        <h1 className={`mt-1 text-2xl font-bold ${rejected ? "text-rose-800" : "text-slate-900"}`}>
          {rejected ? "반려" : "승인 대기 중"}
        </h1>
        <dl className="mt-4 grid gap-2 text-base">
          <div className="flex gap-3">
            <dt className="w-20 shrink-0 text-slate-500">신청일</dt>
            <dd className="text-slate-800">
              <time dateTime={isoDate(applicant.createdAt)}>{formatDate(applicant.createdAt)}</time>
            </dd>
          </div>
          {applicant.resubmittedAt ? (
            <div className="flex gap-3">
              <dt className="w-20 shrink-0 text-slate-500">재신청일</dt>
              <dd className="text-slate-800">
                <time dateTime={isoDate(applicant.resubmittedAt)}>
                  {formatDate(applicant.resubmittedAt)}
                </time>
              </dd>
            </div>
          ) : null}
        </dl>
        {rejected ? (
          <Rejected applicant={applicant} refusal={refusal} />
        ) : (
          <Pending applicant={applicant} refusal={refusal} />
        )}
        <p className="mt-6 text-sm leading-6 text-slate-600">
          궁금한 점은 학회 사무국(
          <a
            href={`tel:${society.phone.replace(/[^0-9+]/g, "")}`}
            className="font-medium underline"
          >
            {society.phone}
          </a>
          , {society.email})으로 문의해주세요.
        </p>
        <Form method="post" action="/login" className="mt-4">
          <input type="hidden" name="intent" value="applicant-leave" />
          <Button type="submit" variant="secondary" className="w-full">
            다른 계정으로 로그인
          </Button>
        </Form>
      </Card>
    </Section>
  );
}

function Pending({ applicant, refusal }: { applicant: ApplicantView; refusal: Refusal | null }) {
  return (
    <>
      <p className="mt-5 text-base text-slate-700">{PENDING_APPROVAL}</p>
      <ol className="mt-3 grid list-decimal gap-1.5 rounded-xl bg-amber-50 p-4 pl-9 text-base leading-6 text-amber-950">
        <li>
          {applicant.resubmittedAt
            ? "다시 신청하신 내용을 사무국이 먼저 검토합니다."
            : "사무국이 제출하신 의사 면허 정보를 확인합니다."}
        </li>
        <li>승인까지 보통 {applicant.reviewDays}영업일이 걸립니다.</li>
        <li>
          승인되면 가입하신 이메일로 안내해 드립니다. 그 뒤 이 화면에서 로그인하실 수 있습니다.
        </li>
      </ol>
      <ImageForm
        intent="applicant-image"
        title="면허증 이미지 다시 올리기"
        help="올리신 면허증 이미지가 흐리거나 잘못되었다면 새 이미지로 바꾸실 수 있습니다. 검토 순서는 그대로입니다."
        submit="새 이미지 제출"
        refusal={refusal}
      />
    </>
  );
}

function Rejected({ applicant, refusal }: { applicant: ApplicantView; refusal: Refusal | null }) {
  return (
    <>
      <div className="mt-5 rounded-xl border border-rose-200 bg-rose-50 p-4 text-base leading-6 text-rose-950">
        <p className="font-semibold">회원가입 신청이 승인되지 않았습니다.</p>
        <p className="mt-2">
          <span className="font-semibold">반려 사유: </span>
          <span className="whitespace-pre-line">
            {applicant.reason ?? "사무국에 문의해주세요."}
          </span>
        </p>
      </div>
      {applicant.canReapply ? (
        <ImageForm
          intent="applicant-reapply"
          title="면허증 이미지를 고쳐 다시 신청하기"
          help="반려 사유를 확인하시고 면허증 이미지를 다시 올려 신청해주세요. 반려 한 번에 한 번 다시 신청할 수 있으며, 사무국이 먼저 검토합니다."
          submit="다시 신청하기"
          refusal={refusal}
        />
      ) : (
        <p className="mt-5 text-base text-slate-700">
          같은 이메일로 새 가입 신청이 있어 이 신청은 다시 신청할 수 없습니다. 새 신청의 비밀번호로
          로그인해주세요.
        </p>
      )}
    </>
  );
}

function ImageForm({
  intent,
  title,
  help,
  submit,
  refusal,
}: {
  intent: string;
  title: string;
  help: string;
  submit: string;
  refusal: Refusal | null;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === "/login";
  const mine = refusal?.intent === intent ? refusal : null;
  return (
    // The server's Korean message for a missing image, not the browser's own bubble.
    <Form
      method="post"
      action="/login"
      encType="multipart/form-data"
      noValidate
      className="mt-6 grid gap-3 border-t border-slate-200 pt-6"
    >
      <input type="hidden" name="intent" value={intent} />
      <h2 className="text-lg font-bold text-slate-900">{title}</h2>
      <p className="text-sm leading-6 text-slate-600">{help}</p>
      <ImageUpload
        name="licenseImageUrl"
        label="의사 면허증 이미지"
        required
        endpoint="/api/objects/upload-public"
        fileFieldName="licenseImage"
        successMessage="의사 자격증 이미지가 업로드되었습니다."
        errors={mine?.fieldErrors.licenseImageUrl}
      />
      <FormError message={mine && !mine.fieldErrors.licenseImageUrl ? mine.message : undefined} />
      <Button type="submit" size="lg" disabled={sending} className="w-full">
        {sending ? "제출 중..." : submit}
      </Button>
    </Form>
  );
}
