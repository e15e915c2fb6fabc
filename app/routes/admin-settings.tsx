import { Form, Link } from "react-router";
import { Section } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { Field, FormError } from "~/components/ui/field";
import { SelectField, TextareaField } from "~/components/ui/textarea-field";
import { requireActor } from "~/features/accounts/actor.server";
import { publishTerms, saveSocietySettings } from "~/features/admin/site-settings.server";
import { societySettingsForm } from "~/features/society/settings.server";
import { SOCIETY_NAME_FIELD } from "~/features/society/terms";
import { termsText } from "~/features/society/terms.server";
import {
  REGISTRATION_LABELS,
  societySettingsSchema,
  TERMS_BODY_BYTES,
  termsSchema,
} from "~/features/society/validation";
import { ImageUpload } from "~/features/uploads/components/image-upload";
import { formatDate, formatDateTime } from "~/lib/dates";
import { done, pageAction } from "~/lib/page-action.server";
import { useRefusal } from "~/lib/refusal";
import type { Route } from "./+types/admin-settings";

export const meta: Route.MetaFunction = () => [
  { title: "사이트 설정 | 관리자" },
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  await requireActor(args, "admin");
  const [settings, terms] = await Promise.all([societySettingsForm(), termsText()]);
  return { settings, terms };
}

export const action = pageAction({
  guard: (args) => requireActor(args, "admin"),
  maxBytes: TERMS_BODY_BYTES,
  intents: {
    society: {
      schema: societySettingsSchema,
      run: async (input, actor) => {
        await saveSocietySettings(actor, input);
        return done("학회 정보를 저장했습니다. 모든 페이지의 하단에 바로 반영됩니다.");
      },
    },
    terms: {
      schema: termsSchema,
      run: async ({ body }, actor) => {
        const { version } = await publishTerms(actor, body);
        return done(`이용약관 버전 ${version}을 게시했습니다.`);
      },
    },
  },
});

const LABEL_OPTIONS = REGISTRATION_LABELS.map((label) => ({ value: label, label }));

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { settings, terms } = loaderData;
  const refusal = useRefusal();
  const errorOf = (intent: string, field: string) =>
    refusal?.intent === intent ? refusal.fieldErrors[field] : undefined;
  const failed = (intent: string) =>
    refusal?.intent === intent && Object.keys(refusal.fieldErrors).length === 0
      ? refusal.message
      : undefined;
  return (
    <Section>
      <h1 className="text-2xl font-bold text-slate-900">사이트 설정</h1>
      <p className="mt-1 text-slate-600">
        모든 페이지 하단에 보이는 학회 정보와 이용약관을 관리합니다.
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card className="p-5 sm:p-6">
          <h2 className="text-lg font-bold text-slate-900">학회 정보 (하단 표시)</h2>
          <p className="mt-1 text-sm text-slate-600">
            {settings.updatedAt
              ? `마지막 수정: ${formatDateTime(settings.updatedAt)}`
              : "아직 수정하지 않은 기본값입니다. 학회의 실제 정보로 바꿔주세요."}
          </p>
          <Form method="post" className="mt-4 grid gap-3">
            <input type="hidden" name="intent" value="society" />
            <Field
              id="set-representative"
              name="representative"
              label="대표자"
              required
              defaultValue={settings.representative}
              errors={errorOf("society", "representative")}
            />
            <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
              <SelectField
                id="set-registration-label"
                name="registrationLabel"
                label="번호 종류"
                required
                options={LABEL_OPTIONS}
                defaultValue={settings.registrationLabel}
                error={errorOf("society", "registrationLabel")?.[0]}
              />
              <Field
                id="set-registration-number"
                name="registrationNumber"
                label="고유번호 또는 사업자등록번호"
                required
                inputMode="numeric"
                defaultValue={settings.registrationNumber}
                errors={errorOf("society", "registrationNumber")}
              />
            </div>
            <Field
              id="set-address"
              name="address"
              label="주소"
              required
              defaultValue={settings.address}
              errors={errorOf("society", "address")}
            />
            <div className="grid gap-3 sm:grid-cols-2">
              <Field
                id="set-phone"
                name="phone"
                label="전화"
                type="tel"
                required
                defaultValue={settings.phone}
                errors={errorOf("society", "phone")}
              />
              <Field
                id="set-fax"
                name="fax"
                label="팩스"
                type="tel"
                required
                defaultValue={settings.fax}
                errors={errorOf("society", "fax")}
              />
            </div>
            <Field
              id="set-email"
              name="email"
              label="이메일"
              type="email"
              required
              defaultValue={settings.email}
              errors={errorOf("society", "email")}
            />
            <div className="grid gap-3 sm:grid-cols-2">
              <Field
                id="set-privacy-officer"
                name="privacyOfficer"
                label="개인정보보호책임자"
                required
                placeholder="예: 사무국장 김철수"
                defaultValue={settings.privacyOfficer}
                errors={errorOf("society", "privacyOfficer")}
              />
              <Field
                id="set-privacy-contact"
                name="privacyOfficerContact"
                label="책임자 연락처"
                required
                placeholder="전화 또는 이메일"
                defaultValue={settings.privacyOfficerContact}
                errors={errorOf("society", "privacyOfficerContact")}
              />
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <ImageUpload
                name="emblemUrl"
                label="학회 엠블럼 (선택)"
                endpoint="/api/objects/upload"
                successMessage="엠블럼이 업로드되었습니다."
                defaultValue={settings.emblemUrl ?? ""}
                errors={errorOf("society", "emblemUrl")}
                clearable
              />
              <ImageUpload
                name="sealUrl"
                label="학회장 직인 (선택)"
                endpoint="/api/objects/upload"
                successMessage="직인 이미지가 업로드되었습니다."
                defaultValue={settings.sealUrl ?? ""}
                errors={errorOf("society", "sealUrl")}
                clearable
              />
            </div>
            <p className="text-sm text-slate-600">
              엠블럼은 상단 로고와 참석확인서·납부확인서에, 직인은 확인서의 학회장 이름 옆에
              찍힙니다. 배경이 투명한 PNG를 권장합니다(SVG는 올릴 수 없습니다).
            </p>
            <TextareaField
              id="set-related-links"
              name="relatedLinks"
              label="홈 화면의 관련 기관 링크"
              rows={5}
              defaultValue={(settings.relatedLinks ?? [])
                .map((link) => `${link.label} ${link.url}`)
                .join("\n")}
              error={errorOf("society", "relatedLinks")?.[0]}
            />
            <p className="-mt-1 text-sm text-slate-600">
              한 줄에 하나씩, 이름과 주소를 띄어 써주세요 (예: 대한의사협회 https://www.kma.org).
              최대 8개.
            </p>
            <FormError message={failed("society")} />
            <Button type="submit">학회 정보 저장</Button>
          </Form>
        </Card>

        <Card className="p-5 sm:p-6">
          <h2 className="text-lg font-bold text-slate-900">이용약관</h2>
          <p className="mt-1 text-sm text-slate-600">
            {terms ? (
              <>
                현재 시행 중: 버전 {terms.version} ({formatDate(terms.publishedAt)}부터) ·{" "}
                <Link to="/terms" className="text-brand-700 underline">
                  공개 페이지 보기
                </Link>
              </>
            ) : (
              "게시된 약관이 없습니다."
            )}
          </p>
          <ConfirmForm
            method="post"
            className="mt-4 grid gap-3"
            title="새 버전으로 게시할까요?"
            description={
              <>
                지금부터 이 내용이 현재 약관이 되고, 이후 가입하는 회원은 새 버전에 동의합니다. 이전
                버전은 약관 페이지의 변경 이력에서 계속 볼 수 있습니다. 회원에게 불리한 변경은 시행
                30일 전에 공지사항으로 알려야 합니다.
              </>
            }
            confirmLabel="게시"
          >
            <input type="hidden" name="intent" value="terms" />
            <TextareaField
              id="terms-body"
              name="body"
              label="약관 내용"
              required
              rows={16}
              defaultValue={terms?.body ?? ""}
              error={errorOf("terms", "body")?.[0]}
            />
            <p className="text-sm text-slate-600">
              조항 사이는 빈 줄로 나눕니다. &lsquo;제1조 (목적)&rsquo;처럼 시작하는 첫 줄은 조항
              제목으로 표시됩니다. {SOCIETY_NAME_FIELD}는 약관 페이지에서 학회 이름으로 바뀝니다.
            </p>
            <FormError message={failed("terms")} />
            <Button type="submit">새 버전으로 게시</Button>
          </ConfirmForm>
        </Card>
      </div>
    </Section>
  );
}
