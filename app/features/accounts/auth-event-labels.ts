// The authentication events kept per account (auth_events) and their Korean labels.
export const AUTH_EVENT_LABELS = {
  login: "로그인",
  login_failed: "로그인 실패(비밀번호)",
  second_factor_failed: "2단계 인증 실패",
  logout: "로그아웃",
  session_ended: "세션 종료",
} as const;

export type AuthEventType = keyof typeof AUTH_EVENT_LABELS;

export function authEventLabel(type: string) {
  return (AUTH_EVENT_LABELS as Record<string, string>)[type] ?? type;
}
