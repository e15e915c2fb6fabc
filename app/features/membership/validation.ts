// The full-membership application (SPEC.md §2, §5): what the applicant fills in. Name and e-mail
// come from the account; status, reason and dates are never taken from the user.
import { z } from "~/lib/zod";

const required = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `${max}자 이하로 입력해주세요`);

export const applicationSchema = z.object({
  phone: required("연락처를 입력해주세요", 20).regex(
    /^[0-9+\-\s()]{9,20}$/,
    "올바른 연락처를 입력해주세요",
  ),
  licenseNumber: required("의사 면허번호를 입력해주세요", 30),
  hospitalName: required("병원명을 입력해주세요", 100),
  department: required("진료과목을 입력해주세요", 50),
  address: required("병원 주소를 입력해주세요", 200),
  licenseImageUrl: z.string().trim().max(300).optional(),
});

export type ApplicationInput = z.infer<typeof applicationSchema>;

export const REJECTION_REASON_REQUIRED = "거부 사유를 입력해주세요.";

export const decisionSchema = z.discriminatedUnion(
  "status",
  [
    z.object({ status: z.literal("approved") }),
    z.object({
      status: z.literal("rejected"),
      rejectionReason: z
        .string({ error: REJECTION_REASON_REQUIRED })
        .trim()
        .min(1, REJECTION_REASON_REQUIRED)
        .max(1000, "거부 사유는 1000자 이하로 입력해주세요."),
    }),
  ],
  { error: "상태는 approved 또는 rejected여야 합니다." },
);

export type ApplicationStatus = "pending" | "approved" | "rejected";

/** Status labels: the applicant's view and the administrator's view (SPEC.md §4). */
export const STATUS_LABELS: Record<ApplicationStatus, { member: string; admin: string }> = {
  pending: { member: "검토 중", admin: "대기중" },
  approved: { member: "승인됨", admin: "승인됨" },
  rejected: { member: "거부됨", admin: "거부됨" },
};

/** Review time stated to applicants (SPEC.md §9). */
export const REVIEW_DAYS = "3-5";
