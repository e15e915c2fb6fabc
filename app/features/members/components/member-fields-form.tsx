import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import type { MemberRecord } from "../roster.server";

const FIELDS = [
  { name: "name", label: "이름", maxLength: 50, autoComplete: "off" },
  {
    name: "email",
    label: "이메일",
    maxLength: 254,
    type: "email",
    hint: "로그인 아이디입니다. 바꾸면 이전 주소와 새 주소로 변경 안내 메일이 갑니다.",
  },
  { name: "phone", label: "휴대전화번호", maxLength: 20, type: "tel" },
  { name: "licenseNumber", label: "의사 면허번호", maxLength: 30 },
  { name: "hospitalName", label: "병원명", maxLength: 100 },
  { name: "department", label: "진료과목", maxLength: 50 },
  { name: "address", label: "병원 주소", maxLength: 200, wide: true },
] as const;

/** The member's own fields, as the office corrects them (e-mail and licence number included). */
export function MemberFieldsForm({
  member,
  errors,
  busy,
}: {
  member: MemberRecord;
  errors: Record<string, string>;
  busy: boolean;
}) {
  return (
    <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="update" />
      {FIELDS.map((field) => (
        <Field
          key={field.name}
          id={`member-${field.name}`}
          name={field.name}
          label={field.label}
          type={"type" in field ? field.type : "text"}
          required
          maxLength={field.maxLength}
          defaultValue={member[field.name]}
          hint={"hint" in field ? field.hint : undefined}
          errors={errors[field.name] ? [errors[field.name] as string] : undefined}
          className={"wide" in field ? "sm:col-span-2" : undefined}
        />
      ))}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy}>
          회원 정보 저장
        </Button>
      </div>
    </Form>
  );
}
