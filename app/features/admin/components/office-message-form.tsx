import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/field";
import { SelectField, TextareaField } from "~/components/ui/textarea-field";
import { MEMBER_TYPE_LABELS } from "~/features/society/member-labels";
import { formatNumber } from "~/lib/numbers";
import {
  frameOfficeMessage,
  MAX_BODY_LENGTH,
  messageSize,
  noRecipients,
  OFFICE_MESSAGE_KIND_LABELS,
  type OfficeMessageFilters,
  type OfficeMessageKind,
} from "../office-messages";

const choices = (labels: Record<string, string>, blank: string) => [
  { value: "", label: blank },
  ...Object.entries(labels).map(([value, label]) => ({ value, label })),
];

/**
 * Who receives it, as a GET form: the kind (an advertisement reaches only those who agreed) and
 * the roster's filters land in the URL, and the page counts the recipients before anything goes.
 */
export function RecipientFilters({
  kind,
  filters,
  seminars,
  year,
}: {
  kind: OfficeMessageKind;
  filters: OfficeMessageFilters;
  seminars: { id: string; title: string; date: string }[];
  year: number;
}) {
  const id = useId();
  // A changed condition applies at once: the count, the preview and the send always follow what
  // the form shows (pressing 받는 사람 확인 was easy to forget, and the text went to the old list).
  const submit = useSubmit();
  // A condition changed before the page's JavaScript arrived fired no change: the form shows it,
  // while the count, the preview and the send still had the page's own. Apply it on hydration.
  const form = useRef<HTMLFormElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration
  useEffect(() => {
    if (form.current && changedSinceDrawn(form.current)) {
      submit(form.current, { replace: true, preventScrollReset: true });
    }
  }, []);
  return (
    <Form
      ref={form}
      method="get"
      aria-label="받는 사람 조건"
      className="grid gap-4"
      onChange={(event) => submit(event.currentTarget, { replace: true, preventScrollReset: true })}
    >
      <fieldset className="grid gap-2">
        <legend className="text-sm font-semibold text-slate-800">구분</legend>
        <div className="flex flex-wrap gap-4">
          {(Object.keys(OFFICE_MESSAGE_KIND_LABELS) as OfficeMessageKind[]).map((value) => (
            <label key={value} className="inline-flex min-h-11 items-center gap-2 text-base">
              <input
                type="radio"
                name="kind"
                value={value}
                defaultChecked={kind === value}
                className="size-5"
              />
              {value === "notice" ? "공지 (정보성)" : "광고 (행사·교육 홍보)"}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          id={`${id}-type`}
          name="type"
          label="회원 구분"
          defaultValue={filters.type ?? ""}
          options={choices(MEMBER_TYPE_LABELS, "전체")}
        />
        <SelectField
          id={`${id}-standing`}
          name="standing"
          label="정회원 자격"
          defaultValue={filters.standing ?? ""}
          options={choices({ full: "정회원 자격 유지", lapsed: "자격 만료" }, "전체")}
        />
        <SelectField
          id={`${id}-dues`}
          name="dues"
          label={`${filters.duesYear ?? year}년 회비`}
          defaultValue={filters.dues ?? ""}
          options={choices({ unpaid: "미납", paid: "납부 완료", exempt: "면제" }, "전체")}
        />
        <SelectField
          id={`${id}-seminar`}
          name="seminarId"
          label="세미나 참가자"
          defaultValue={filters.seminarId ?? ""}
          options={[
            { value: "", label: "전체 회원" },
            ...seminars.map((s) => ({ value: s.id, label: `${s.title} (${s.date})` })),
          ]}
        />
      </div>
      {filters.duesYear ? <input type="hidden" name="duesYear" value={filters.duesYear} /> : null}
      <div className="flex gap-2">
        <Button type="submit">받는 사람 확인</Button>
        <Button asChild variant="secondary">
          <Link to="/admin/messages">초기화</Link>
        </Button>
      </div>
    </Form>
  );
}

/** Whether a choice of the form differs from what the server drew it with. */
function changedSinceDrawn(form: HTMLFormElement) {
  return Array.from(form.elements).some((element) =>
    element instanceof HTMLSelectElement
      ? Array.from(element.options).some((option) => option.selected !== option.defaultSelected)
      : element instanceof HTMLInputElement && element.type === "radio"
        ? element.checked !== element.defaultChecked
        : false,
  );
}

/**
 * The text, previewed as it will go (an advertisement in its legal frame), with its size; sending
 * opens a confirmation that names the count, without JavaScript as well (a disclosure).
 */
export function OfficeMessageForm({
  kind,
  filters,
  conditions,
  recipients,
  society,
  optOutUrl,
  error,
  quietHours,
}: {
  kind: OfficeMessageKind;
  filters: OfficeMessageFilters;
  /** The conditions in words (describeFilters), named in the confirmation. */
  conditions: string;
  recipients: number;
  society: { name: string; shortName: string; phone: string };
  optOutUrl: string;
  error?: string;
  quietHours: boolean;
}) {
  const id = useId();
  const [body, setBody] = useState("");
  // The text is the textarea's own (not controlled): what was typed before the page's JavaScript
  // arrived stays, and the preview takes it up on hydration.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration
  useEffect(() => {
    const typed = document.getElementById(`${id}-text`);
    if (typed instanceof HTMLTextAreaElement && typed.value) setBody(typed.value);
  }, []);
  const framed = frameOfficeMessage(kind, body || "(내용)", society, optOutUrl);
  const size = messageSize(framed);
  const kindLabel = OFFICE_MESSAGE_KIND_LABELS[kind];
  const blocked = recipients === 0 || (kind === "advertisement" && quietHours);
  return (
    <Form method="post" className="grid gap-4 lg:grid-cols-2">
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="filters" value={JSON.stringify(filters)} />
      <div className="grid content-start gap-2">
        <TextareaField
          id={`${id}-text`}
          name="text"
          label="보낼 내용"
          required
          rows={8}
          maxLength={MAX_BODY_LENGTH}
          onChange={(event) => setBody(event.target.value)}
          error={error}
        />
        <p className="text-sm text-slate-600">
          {kind === "advertisement"
            ? "‘(광고)’와 학회 이름·전화번호, 무료수신거부 안내는 서버가 붙입니다. 본문만 쓰세요."
            : `맨 앞에 학회 이름([${society.shortName}])이 붙습니다.`}
        </p>
      </div>
      <div className="grid content-start gap-2">
        <p className="text-sm font-semibold text-slate-800">미리보기</p>
        <pre className="min-h-24 rounded-xl bg-slate-100 p-3 font-sans text-base leading-6 whitespace-pre-wrap text-slate-800">
          {framed}
        </pre>
        <p className="text-sm text-slate-600">
          {size.channel} · {formatNumber(size.bytes)}바이트
          {size.fits ? null : " · 2,000바이트를 넘어 보낼 수 없습니다"}
        </p>
      </div>
      <div className="lg:col-span-2">
        {kind === "advertisement" && quietHours ? (
          <FormError message="광고성 문자는 오후 9시부터 다음 날 오전 8시까지 보낼 수 없습니다." />
        ) : null}
        <details className="mt-2">
          <Button asChild variant={blocked ? "secondary" : "primary"}>
            <summary
              className="cursor-pointer list-none [&::-webkit-details-marker]:hidden"
              aria-disabled={blocked || undefined}
            >
              {formatNumber(recipients)}명에게 보내기
            </summary>
          </Button>
          <div className="mt-3 grid max-w-md gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <p className="text-base text-slate-700">
              {recipients === 0
                ? noRecipients(kind, filters)
                : `${kindLabel} 문자를 ${conditions ? `조건(${conditions})에 맞는 회원` : "승인된 회원"} ${formatNumber(recipients)}명에게 보냅니다. 보낸 뒤에는 취소할 수 없습니다.`}
            </p>
            {blocked ? null : (
              <Button type="submit" className="justify-self-start">
                보내기
              </Button>
            )}
          </div>
        </details>
      </div>
    </Form>
  );
}

/** The conditions of a send in words, as the confirmation names them ("" for none). */
export function describeFilters(
  filters: OfficeMessageFilters,
  seminars: { id: string; title: string }[],
  year: number,
) {
  const parts: string[] = [];
  if (filters.type) {
    parts.push(
      `회원 구분 ${MEMBER_TYPE_LABELS[filters.type as keyof typeof MEMBER_TYPE_LABELS] ?? filters.type}`,
    );
  }
  if (filters.standing) {
    parts.push(filters.standing === "full" ? "정회원 자격 유지" : "정회원 자격 만료");
  }
  if (filters.dues) {
    const label = { unpaid: "미납", paid: "납부 완료", exempt: "면제" }[filters.dues];
    parts.push(`${filters.duesYear ?? year}년 회비 ${label ?? filters.dues}`);
  }
  if (filters.seminarId) {
    const seminar = seminars.find((s) => s.id === filters.seminarId);
    parts.push(`세미나 참가자(${seminar?.title ?? "선택한 세미나"})`);
  }
  if (filters.q) parts.push(`검색어 ‘${filters.q}’`);
  return parts.join(" · ");
}
