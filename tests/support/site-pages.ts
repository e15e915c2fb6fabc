// The public pages as a visitor finds them, for the integration tests (the server-rendered HTML)
// and the e2e specs (the pages in a browser) alike.

/**
 * Every page a visitor can open, with its main heading (null: the home page, whose heading carries
 * the society name) and a text that must be on it.
 */
export const PUBLIC_PAGES: ReadonlyArray<{ path: string; heading: string | null; text: string }> = [
  { path: "/", heading: null, text: "최신 소식" },
  { path: "/about", heading: "학회 소개", text: "인사말" },
  { path: "/history", heading: "연혁", text: "학회가 걸어온 길을 소개합니다." },
  { path: "/executives", heading: "임원진", text: "학회를 이끄는 임원진을 소개합니다." },
  { path: "/charter", heading: "학회 정관", text: "회원 전용 콘텐츠입니다" },
  { path: "/membership", heading: "정회원 안내", text: "가입 절차" },
  { path: "/activities", heading: "학술 활동", text: "예정된 세미나" },
  { path: "/announcements", heading: "공지사항", text: "학회의 공지, 행사, 학술 소식" },
  { path: "/location", heading: "오시는 길", text: "찾아오시는 길을 안내해 드립니다." },
  { path: "/privacy", heading: "개인정보처리방침", text: "개인정보 보호책임자" },
  { path: "/login", heading: "로그인", text: "아직 회원이 아니신가요?" },
  { path: "/signup", heading: "회원가입", text: "회원가입" },
];
