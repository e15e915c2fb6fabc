// Audited actions and their Korean labels for the audit page.
export const AUDIT_ACTIONS = {
  approve_member: "준회원 승인",
  reject_member: "준회원 거부",
  reopen_member: "거부된 가입 신청 다시 열기",
  signup_licence_replace: "가입 신청 면허 이미지 교체 (신청자)",
  signup_resubmit: "거부된 가입 재신청 (신청자)",
  view_license_image: "면허증 열람",
  view_application: "정회원 신청 상세 열람",
  approve_application: "정회원 승인",
  reject_application: "정회원 거부",
  export_members: "회원 목록 내보내기",
  export_applications: "신청 목록 내보내기",
  role_change: "권한 변경",
  member_update: "회원 정보 수정",
  member_type_change: "회원 구분 변경",
  member_suspend: "회원 정지",
  member_reinstate: "회원 정지 해제",
  member_end_sessions: "회원 로그인 세션 종료",
  member_end_session: "회원 로그인 세션 하나 종료",
  second_factor_enrol: "2단계 인증 등록",
  second_factor_disable: "2단계 인증 해제",
  second_factor_reset: "2단계 인증 초기화",
  announcement_create: "공지사항 등록",
  announcement_update: "공지사항 수정",
  announcement_delete: "공지사항 삭제",
  seminar_create: "학술 활동 등록",
  seminar_update: "학술 활동 수정",
  seminar_delete: "학술 활동 삭제",
  seminar_registration_add: "세미나 신청자 추가",
  seminar_audience_override: "세미나 신청자 추가 (신청 대상 예외)",
  seminar_cancel: "학술 활동 취소",
  seminar_registration_cancel: "세미나 신청 취소 (사무국)",
  seminar_check_in: "세미나 입장·퇴장 기록",
  export_seminar_registrations: "세미나 신청자 목록 내보내기",
  seminar_credit_correct: "연수평점 정정",
  seminar_credit_send: "연수평점 발송",
  seminar_credit_lock: "연수평점 확정",
  export_seminar_credits: "연수평점 내보내기",
  executive_create: "임원 등록",
  executive_update: "임원 수정",
  executive_delete: "임원 삭제",
  history_create: "연혁 등록",
  history_update: "연혁 수정",
  history_delete: "연혁 삭제",
  community_hide: "게시판 글 숨김",
  community_restore: "게시판 글 복원",
  community_delete: "게시판 글 삭제",
  community_pin: "게시판 글 고정",
  community_unpin: "게시판 글 고정 해제",
  dues_year_set: "회비 연도 설정",
  dues_payment_record: "회비 납부 기록",
  dues_payment_void: "회비 납부 취소",
  dues_exemption: "회비 면제",
  dues_import: "은행 거래내역 가져오기",
  resource_create: "자료실 자료 등록",
  resource_update: "자료실 자료 수정",
  resource_replace_file: "자료실 파일 교체",
  resource_delete: "자료실 자료 삭제",
  payment_refund: "결제 환불",
  export_payments: "결제 목록 내보내기",
  message_send: "문자 발송",
  vote_create: "투표 등록",
  vote_roll_add: "선거인 명부 추가",
  vote_roll_remove: "선거인 명부 삭제",
  vote_annul: "투표 무효 처리",
  vote_delete: "투표 삭제",
  vote_results_publish: "투표 결과 공지",
  export_vote_roll: "선거인 명부 내보내기",
  society_settings_update: "학회 정보 수정",
  terms_publish: "이용약관 게시",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export function auditActionLabel(action: string) {
  return (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;
}

/** Entries per page on /admin/audit. */
export const AUDIT_PAGE_SIZE = 50;

/** The details an entry keeps that the office reads, in Korean; ids and codes stay in the data. */
const DETAIL_LABELS: Record<string, string> = {
  amount: "금액",
  refundedAmount: "환불액",
  refunds: "환불 건수",
  refundsFailed: "환불 실패",
  year: "연도",
  rows: "건수",
  count: "건수",
  total: "합계",
  reason: "사유",
  purpose: "목적",
};
const WON_DETAILS = new Set(["amount", "refundedAmount"]);

/** "금액 10,000원 · 사유 중복 결제": what the entry's detail says, or "" when nothing to show. */
export function auditDetailText(detail: unknown) {
  if (!detail || typeof detail !== "object") return "";
  const parts: string[] = [];
  for (const [key, label] of Object.entries(DETAIL_LABELS)) {
    const value = (detail as Record<string, unknown>)[key];
    if (value === null || value === undefined || value === "") continue;
    if (typeof value === "number") {
      if (value === 0 && key === "refundsFailed") continue;
      // A year is a name, not a quantity: 2025, never 2,025.
      const shown = key === "year" ? String(value) : value.toLocaleString("ko-KR");
      parts.push(`${label} ${shown}${WON_DETAILS.has(key) ? "원" : ""}`);
    } else if (typeof value === "string") {
      parts.push(`${label} ${value}`);
    }
  }
  return parts.join(" · ");
}
