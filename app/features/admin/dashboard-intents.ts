// The dashboard's intents as the screen names a refusal of each: the toast's (or, without
// JavaScript, the notice's) title above the service's Korean message.
export const DASHBOARD_FAILURES: Record<string, string> = {
  "approve-member": "승인 실패",
  "reject-member": "거부 실패",
  "approve-application": "승인 실패",
  "reject-application": "거부 실패",
  "save-announcement": "공지사항 저장 실패",
  "delete-announcement": "공지사항 삭제 실패",
  "save-seminar": "학술 활동 저장 실패",
  "delete-seminar": "학술 활동 삭제 실패",
  "save-executive": "임원 정보 저장 실패",
  "delete-executive": "임원 정보 삭제 실패",
  "move-executive": "순서 변경 실패",
  "save-history": "연혁 저장 실패",
  "delete-history": "연혁 삭제 실패",
};

/** The title of a refusal of `intent` (an unknown intent is "요청 실패"). */
export function failureTitle(intent: string | null) {
  return (intent && DASHBOARD_FAILURES[intent]) || "요청 실패";
}
