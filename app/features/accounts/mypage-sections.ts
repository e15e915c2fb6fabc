// The sections of /mypage and its sub-menu, in order (the page is long, so it has a sub-menu).
// Each is a <section id> on the one page, so every existing URL and form keeps working and the
// sub-menu's links work without JavaScript. A new area adds one entry here and one section there.
export const MYPAGE_SECTIONS = [
  { id: "mypage-summary", label: "요약" },
  { id: "mypage-dues", label: "회비" },
  { id: "mypage-seminars", label: "세미나" },
  { id: "mypage-payments", label: "결제" },
  { id: "mypage-credits", label: "연수평점" },
  { id: "mypage-notifications", label: "알림" },
  { id: "mypage-security", label: "보안·세션" },
  { id: "mypage-account", label: "회원정보·탈퇴" },
] as const;

export type MypageSectionId = (typeof MYPAGE_SECTIONS)[number]["id"];
