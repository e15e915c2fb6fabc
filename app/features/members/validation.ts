// The office's member roster: what a member's standing can be, how the roster is
// searched, and what an administrator may change. Shared by the pages and the JSON calls.

import { mobilePhone } from "~/features/accounts/validation";
import { MEMBER_STATUSES, MEMBER_TYPES, ROLES } from "~/features/society/member-labels";
import { MAX_PAGE_SIZE } from "~/lib/paging";
import { inSocietyYears, isCalendarDay, YEAR_RANGE_MESSAGE } from "~/lib/validation";
import { z } from "~/lib/zod";

export {
  MEMBER_STATUS_LABELS,
  MEMBER_STATUSES,
  MEMBER_TYPE_LABELS,
  MEMBER_TYPES,
  type MemberStatus,
  type MemberType,
  ROLE_LABELS,
  ROLES,
} from "~/features/society/member-labels";

export const ROSTER_SORTS = ["name", "createdAt", "lastLoginAt"] as const;
export const ROSTER_SORT_LABELS: Record<(typeof ROSTER_SORTS)[number], string> = {
  createdAt: "가입일",
  name: "이름",
  lastLoginAt: "최근 로그인",
};
export const ROSTER_PAGE_SIZE = 50;

/** An empty query value (an untouched filter of a GET form) means "not given". */
const blankAsMissing = (value: unknown) => (value === "" ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankAsMissing, schema.optional());

const day = (message: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine(isCalendarDay, message)
    .refine((value) => inSocietyYears(new Date(`${value}T00:00:00+09:00`)), YEAR_RANGE_MESSAGE);

export const rosterQuerySchema = z.object({
  q: optional(z.string().trim().max(100, "검색어는 100자 이하로 입력해주세요.")),
  status: optional(z.enum(MEMBER_STATUSES, { error: "상태 값이 올바르지 않습니다." })),
  type: optional(z.enum(MEMBER_TYPES, { error: "회원 구분 값이 올바르지 않습니다." })),
  role: optional(z.enum(ROLES, { error: "권한 값이 올바르지 않습니다." })),
  // Full-member standing today, and dues for a year (paid, unpaid, exempt).
  standing: optional(z.enum(["full", "lapsed"], { error: "정회원 자격 값이 올바르지 않습니다." })),
  dues: optional(z.enum(["paid", "unpaid", "exempt"], { error: "회비 값이 올바르지 않습니다." })),
  duesYear: optional(
    z.coerce
      .number({ error: "회비 연도가 올바르지 않습니다." })
      .int("회비 연도가 올바르지 않습니다.")
      .min(2000, "회비 연도가 올바르지 않습니다.")
      .max(2100, "회비 연도가 올바르지 않습니다."),
  ),
  joinedFrom: optional(day("가입일 시작은 YYYY-MM-DD 형식이어야 합니다.")),
  joinedTo: optional(day("가입일 끝은 YYYY-MM-DD 형식이어야 합니다.")),
  sort: optional(z.enum(ROSTER_SORTS, { error: "정렬 기준이 올바르지 않습니다." })),
  order: optional(z.enum(["asc", "desc"], { error: "정렬 방향은 asc 또는 desc여야 합니다." })),
  page: optional(
    z.coerce
      .number({ error: "페이지 번호가 올바르지 않습니다." })
      .int("페이지 번호가 올바르지 않습니다.")
      .min(1, "페이지 번호는 1 이상이어야 합니다.")
      .max(1_000_000, "페이지 번호가 너무 큽니다."),
  ),
  pageSize: optional(
    z.coerce
      .number({ error: "페이지 크기가 올바르지 않습니다." })
      .int("페이지 크기가 올바르지 않습니다.")
      .min(1, "페이지 크기는 1 이상이어야 합니다.")
      .max(MAX_PAGE_SIZE, `페이지 크기는 ${MAX_PAGE_SIZE} 이하여야 합니다.`),
  ),
});
export type RosterQuery = z.infer<typeof rosterQuerySchema>;

/**
 * The roster's query from a page's URL: a value that does not parse is left out (the filter
 * shows as unset) instead of failing the page, since people edit these URLs by hand.
 */
export function rosterQueryFromUrl(searchParams: URLSearchParams): RosterQuery {
  const query: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(rosterQuerySchema.shape)) {
    const parsed = field.safeParse(searchParams.get(key) ?? undefined);
    if (parsed.success && parsed.data !== undefined) query[key] = parsed.data;
  }
  return query as RosterQuery;
}

const text = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `${max}자 이하로 입력해주세요`);

/** The fields an administrator may correct (PATCH /api/admin/members/{id}, the record's form). */
export const memberPatchSchema = z
  .strictObject(
    {
      name: text("이름을 입력해주세요", 50),
      email: z
        .string({ error: "이메일을 입력해주세요" })
        .trim()
        .max(254, "이메일이 너무 깁니다")
        .pipe(z.email("올바른 이메일 주소를 입력해주세요")),
      // The rule of sign-up: a number the member could not save on /mypage is none here either.
      phone: mobilePhone(text("휴대전화번호를 입력해주세요", 20)),
      licenseNumber: text("의사 면허번호를 입력해주세요", 30),
      hospitalName: text("병원명을 입력해주세요", 100),
      department: text("진료과목을 입력해주세요", 50),
      address: text("병원 주소를 입력해주세요", 200),
      memberType: z.enum(MEMBER_TYPES, { error: "회원 구분 값이 올바르지 않습니다." }),
      role: z.enum(ROLES, { error: "권한은 member, checkin 또는 admin이어야 합니다." }),
      // Why the type changes: required when a 정회원 becomes 준회원; mailed to the member.
      reason: z.string().trim().max(1000, "사유는 1000자 이하로 입력해주세요.").optional(),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys" ? "변경할 수 없는 항목이 포함되어 있습니다." : undefined,
    },
  )
  .partial();
export type MemberPatch = z.infer<typeof memberPatchSchema>;

export const SUSPENSION_REASON_REQUIRED = "정지 사유를 입력해주세요.";
export const suspensionSchema = z.object({
  reason: z
    .string({ error: SUSPENSION_REASON_REQUIRED })
    .trim()
    .min(1, SUSPENSION_REASON_REQUIRED)
    .max(1000, "정지 사유는 1000자 이하로 입력해주세요."),
});

/** A sign-up's rejection: the reason is optional and, when given, goes into the mail. */
export const signupRejectionSchema = z.object({
  reason: z.string().trim().max(1000, "거부 사유는 1000자 이하로 입력해주세요.").optional(),
});

/**
 * The office's own reject forms (the dashboard's dialog, the member record) ask for the reason: the
 * doctor reads it on the status page and corrects the sign-up by it (issue 39). The SPEC.md §7
 * call POST /api/users/{id}/reject keeps it optional.
 */
export const signupRejectionRequiredSchema = z.object({
  reason: z
    .string({ error: "거부 사유를 입력해주세요." })
    .trim()
    .min(1, "거부 사유를 입력해주세요.")
    .max(1000, "거부 사유는 1000자 이하로 입력해주세요."),
});

export const bulkApprovalSchema = z.object({
  ids: z
    .array(z.uuid("회원 ID가 올바르지 않습니다."), { error: "승인할 회원을 선택해주세요." })
    .min(1, "승인할 회원을 선택해주세요.")
    .max(ROSTER_PAGE_SIZE * 2, `한 번에 ${ROSTER_PAGE_SIZE * 2}명까지 승인할 수 있습니다.`),
});
