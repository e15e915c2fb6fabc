// A member's standing in the society's words, with no dependencies: the header (on every page)
// reads these, so they must not pull a schema library into the browser bundle.
export const MEMBER_STATUSES = ["pending", "approved", "rejected", "suspended"] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const MEMBER_STATUS_LABELS: Record<MemberStatus, string> = {
  pending: "승인 대기",
  approved: "승인",
  rejected: "거부",
  suspended: "정지",
};

export const MEMBER_TYPES = ["associate", "regular", "honorary", "lifetime"] as const;
export type MemberType = (typeof MEMBER_TYPES)[number];
export const MEMBER_TYPE_LABELS: Record<MemberType, string> = {
  associate: "준회원",
  regular: "정회원",
  honorary: "명예회원",
  lifetime: "평생회원",
};

// checkin: door staff of seminars, who may use the check-in screen and nothing else of the
// administrator area.
export const ROLES = ["member", "checkin", "admin"] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = {
  member: "회원",
  checkin: "현장 출결 담당",
  admin: "관리자",
};
