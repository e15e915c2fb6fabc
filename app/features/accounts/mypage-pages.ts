// The pages of 마이페이지 and its tab row, in order. Each page is its own route under the
// /mypage layout (routes/mypage-layout.tsx) and loads only its own data (docs/decisions/025).
export const MYPAGE_PAGES = [
  { to: "/mypage", label: "회원 정보" },
  { to: "/mypage/seminars", label: "세미나·평점" },
  { to: "/mypage/dues", label: "회비·결제" },
  { to: "/mypage/board", label: "게시판" },
  { to: "/mypage/security", label: "보안·탈퇴" },
] as const;

/**
 * Where the anchors of the one long /mypage went. Mails sent before the split link to
 * `/mypage#seminars` and the like; a fragment never reaches the server, so /mypage sends the
 * browser on with a few bytes of inline script (MypageAnchorRedirect). Anchors that stay on
 * /mypage itself are not listed.
 */
export const OLD_MYPAGE_ANCHORS: Record<string, string> = {
  seminars: "/mypage/seminars",
  "mypage-seminars": "/mypage/seminars",
  credits: "/mypage/seminars#credits",
  "mypage-credits": "/mypage/seminars#credits",
  "mypage-dues": "/mypage/dues",
  payments: "/mypage/dues#payments",
  "mypage-payments": "/mypage/dues#payments",
  "mypage-security": "/mypage/security",
};
