// The society's own pages as the site search knows them: each page's menu label (from
// components/layout/navigation.ts, the one source of the labels) and the fixed words a visitor
// may look for on it. Only words a visitor can read on the page are here: the charter's articles
// are members-only, so 학회 정관 matches on its title and the words that name it.
import { NAV_SECTIONS } from "~/components/layout/navigation";
import { societyConfig } from "../society/config.server";

export type SitePage = { to: string; title: string; summary: string };

/** Each page's summary (shown under its title) and the extra words that find it. */
const PAGE_WORDS: Record<string, { summary: string; words: string }> = {
  "/about": {
    summary: "회장 인사말과 학회의 설립 목적, 비전, 핵심 가치를 소개합니다.",
    words: "인사말 회장 설립 목적 비전 핵심 가치 윤리와 신뢰 근거 중심 혁신 협력과 나눔",
  },
  "/history": {
    summary: "학회가 걸어온 길을 연도별로 정리했습니다.",
    words: "연혁 역사 발자취 창립",
  },
  "/executives": {
    summary: "학회를 이끄는 회장과 임원을 소개합니다.",
    words: "임원 임원진 회장 부회장 이사 감사 총무",
  },
  "/charter": {
    summary: "학회의 정관(회칙)입니다. 전문은 승인된 회원만 열람할 수 있습니다.",
    words: "정관 회칙 규정 총칙",
  },
  "/location": {
    summary: "학회 사무국의 주소와 찾아오시는 길, 연락처를 안내합니다.",
    words: "오시는 길 찾아오시는 길 주소 지도 지하철 버스 주차 사무국 연락처 전화 이메일",
  },
  "/activities": {
    summary: "학회가 여는 세미나와 학술 행사 일정입니다.",
    words: "세미나 학술 행사 일정 캘린더 달력 참가 신청",
  },
  "/announcements": {
    summary: "학회의 공지, 행사, 학술 소식입니다.",
    words: "공지 공지사항 소식 행사",
  },
  "/membership": {
    summary: "정회원 자격과 혜택, 가입 절차와 연회비를 안내합니다.",
    words: "회원 안내 정회원 가입 절차 자격 혜택 연회비 회비 입금 계좌",
  },
};

const PAGES = NAV_SECTIONS.flatMap((section) => section.links)
  .filter((link) => PAGE_WORDS[link.to])
  .map((link) => {
    const { summary, words } = PAGE_WORDS[link.to]!;
    const extra = link.to === "/location" ? ` ${societyConfig.address}` : "";
    return {
      page: { to: link.to, title: link.label, summary },
      text: `${link.label} ${words} ${summary}${extra}`.toLowerCase(),
    };
  });

/** The society pages whose title or fixed words contain `term` (ignoring case), in menu order. */
export function matchSitePages(term: string): SitePage[] {
  // Every word, as the lists match them (containsEveryWord): "오시는 길" and "학회 정관" alike.
  const words = term.toLowerCase().split(/\s+/).filter(Boolean);
  return PAGES.filter(({ text }) => words.every((word) => text.includes(word))).map(
    ({ page }) => page,
  );
}
