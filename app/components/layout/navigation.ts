// The site navigation in the order of SPEC.md §2, with the members' board after 공지사항.
export const NAVIGATION = [
  { to: "/", label: "홈" },
  { to: "/about", label: "학회 소개" },
  { to: "/history", label: "연혁" },
  { to: "/executives", label: "임원진" },
  { to: "/charter", label: "학회 정관" },
  { to: "/membership", label: "정회원 안내" },
  { to: "/activities", label: "학술 활동" },
  // Under 학술활동 (issue 19); approved members only, others see its lock.
  { to: "/library", label: "자료실" },
  { to: "/announcements", label: "공지사항" },
  // Under 소식 beside 공지사항 (issue 15's grouping); approved members only, others see its lock.
  { to: "/community", label: "회원 게시판" },
  { to: "/location", label: "오시는 길" },
] as const;
