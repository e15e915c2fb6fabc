// Demo content for a fresh installation: executives, history, seminars and announcements written
// as a real society would publish them. Each table is filled only while it is empty, so calling
// this again (or after an administrator has entered real data) inserts nothing.

import type { Database } from "~db/client.server";
import { announcements, duesYears, executives, historyEvents, seminars } from "~db/schema";
import { cancellationDeadlineOf } from "../seminars/rules";
import { societyConfig } from "../society/config.server";

type NewExecutive = typeof executives.$inferInsert;
type NewHistoryEvent = typeof historyEvents.$inferInsert;
/** A seminar row whose date, location and speaker the announcements can quote. */
type NewSeminar = typeof seminars.$inferInsert & { date: Date; location: string; speaker: string };
type NewAnnouncement = typeof announcements.$inferInsert;

const SEOUL_OFFSET_MS = 9 * 60 * 60 * 1000;
const WEEKDAYS = ["일", "월", "화", "수", "목", "금", "토"] as const;

/** The instant of `hour:minute` Asia/Seoul time, `dayOffset` calendar days from `now` in Seoul. */
export function seoulAt(now: Date, dayOffset: number, hour: number, minute = 0): Date {
  const local = new Date(now.getTime() + SEOUL_OFFSET_MS);
  const utc = Date.UTC(
    local.getUTCFullYear(),
    local.getUTCMonth(),
    local.getUTCDate() + dayOffset,
    hour,
    minute,
  );
  return new Date(utc - SEOUL_OFFSET_MS);
}

export function seoulParts(date: Date) {
  const local = new Date(date.getTime() + SEOUL_OFFSET_MS);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    weekday: WEEKDAYS[local.getUTCDay()],
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
  };
}

/** "2026년 12월 1일(화)" */
function koreanDate(date: Date): string {
  const p = seoulParts(date);
  return `${p.year}년 ${p.month}월 ${p.day}일(${p.weekday})`;
}

/** "2026년 12월 1일(화) 오후 7시" */
function koreanDateTime(date: Date): string {
  const p = seoulParts(date);
  const period = p.hour < 12 ? "오전" : "오후";
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  const minute = p.minute === 0 ? "" : ` ${p.minute}분`;
  return `${koreanDate(date)} ${period} ${hour12}시${minute}`;
}

export const SEMINAR_ROOM = "학회 세미나실 (수성구 범어동)";
const CONFERENCE_HALL = "범어 컨벤션홀 3층 대회의실 (수성구)";
export const GRAND_HALL = "수성 컨벤션센터 그랜드홀 (수성구 두산동)";
const LEGAL_SEMINAR_URL = "https://example.com/seminar/medical-ad-and-ai";

export const EXECUTIVES: NewExecutive[] = [
  {
    name: "박정훈",
    position: "회장",
    title: "새솔가정의학과의원 대표원장",
    credentials: "가정의학과 전문의 · 前 대학병원 가정의학과 외래교수",
    imageUrl: null,
    order: 1,
  },
  {
    name: "이수민",
    position: "수석부회장",
    title: "온담내과의원 대표원장",
    credentials: "내과 전문의 · 소화기내과 분과전문의",
    imageUrl: null,
    order: 2,
  },
  {
    name: "김태현",
    position: "부회장",
    title: "다온소아청소년과의원 대표원장",
    credentials: "소아청소년과 전문의 · 지역 의사회 정보통신이사 역임",
    imageUrl: null,
    order: 3,
  },
  {
    name: "최윤정",
    position: "총무이사",
    title: "늘봄안과의원 대표원장",
    credentials: "안과 전문의 · 의료경영학 석사",
    imageUrl: null,
    order: 4,
  },
  {
    name: "정민호",
    position: "학술이사",
    title: "바른결정형외과의원 대표원장",
    credentials: "정형외과 전문의 · 前 대학병원 정형외과 임상강사",
    imageUrl: null,
    order: 5,
  },
  {
    name: "한지원",
    position: "홍보이사",
    title: "해담피부과의원 대표원장",
    credentials: "피부과 전문의 · 병원 SNS 마케팅 실무 강의 다수",
    imageUrl: null,
    order: 6,
  },
  {
    name: "오세영",
    position: "재무이사",
    title: "맑은숨이비인후과의원 대표원장",
    credentials: "이비인후과 전문의 · 병원 세무·회계 실무 과정 수료",
    imageUrl: null,
    order: 7,
  },
  {
    name: "강도현",
    position: "감사",
    title: "서연재활의학과의원 대표원장",
    credentials: "재활의학과 전문의 · 前 종합병원 재활의학과 과장",
    imageUrl: null,
    order: 8,
  },
];

const HISTORY: NewHistoryEvent[] = [
  {
    year: 2021,
    month: 3,
    title: "학회 발기인 모임 결성",
    description:
      "대구 지역 개원의 12명이 모여 AI를 활용한 병원 마케팅을 함께 연구하는 모임을 결성했습니다.",
  },
  {
    year: 2021,
    month: 9,
    title: "창립총회 개최",
    description: "창립총회를 열어 정관을 제정하고 초대 회장과 임원진을 선출했습니다.",
  },
  {
    year: 2022,
    month: 4,
    title: "제1회 정기 학술대회 개최",
    description: "'개원가의 디지털 전환'을 주제로 첫 정기 학술대회를 열었습니다.",
  },
  {
    year: 2022,
    month: null,
    title: "월례 AI 마케팅 세미나 정례화",
    description:
      "회원 병원의 실무 사례를 나누는 월례 세미나를 정례화하여 연중 운영하기 시작했습니다.",
  },
  {
    year: 2023,
    month: 5,
    title: "의료 법률 자문단과 업무 협약 체결",
    description:
      "회원의 의료광고 관련 문의에 신속히 대응하기 위해 의료 법률 자문단과 협약을 맺었습니다.",
  },
  {
    year: 2023,
    month: 11,
    title: "회원 수 100명 돌파",
    description: "대구·경북 지역을 중심으로 활동하는 회원이 100명을 넘어섰습니다.",
  },
  {
    year: 2024,
    month: 6,
    title: "학회지 창간호 발간",
    description: "AI 마케팅 실무 사례와 연구 성과를 담은 학회지 창간호를 발간했습니다.",
  },
  {
    year: 2024,
    month: 10,
    title: "제3회 정기 학술대회 개최",
    description: "생성형 AI와 의료광고 윤리를 주제로 역대 최대 규모의 학술대회를 개최했습니다.",
  },
  {
    year: 2025,
    month: 3,
    title: "학회 사무국 수성구 이전",
    description:
      "회원 교육과 소규모 세미나를 위한 전용 공간을 갖추고 사무국을 수성구로 이전했습니다.",
  },
  {
    year: 2025,
    month: null,
    title: "회원 수 300명 돌파",
    description: "전국 각지의 개원의가 참여하며 회원이 300명을 넘어섰습니다.",
  },
  {
    year: 2026,
    month: 5,
    title: "제5회 정기 학술대회 개최",
    description: "'AI 시대, 개원가 마케팅의 새로운 기준'을 주제로 춘계 학술대회를 개최했습니다.",
  },
  {
    year: 2026,
    month: null,
    title: "온라인 회원 가입 및 승인 체계 도입",
    description:
      "홈페이지를 개편하고 의사 면허 확인을 거치는 온라인 회원 가입 절차를 도입했습니다.",
  },
];

type DemoSeminars = {
  blogWorkshop: NewSeminar;
  legalSeminar: NewSeminar;
  winterConference: NewSeminar;
  aiWorkshop: NewSeminar;
  chatGptSeminar: NewSeminar;
  reviewSeminar: NewSeminar;
  springConference: NewSeminar;
};

function buildSeminars(now: Date): DemoSeminars {
  return {
    blogWorkshop: {
      title: "병원 블로그 글쓰기와 생성형 AI 활용 실습",
      description:
        "생성형 AI로 병원 블로그 원고의 초안을 만들고, 의학적 정확성과 의료광고 기준에 맞게 다듬는 과정을 실습합니다. 참가자별로 자신의 진료과에 맞는 주제를 정해 직접 원고를 완성해 봅니다. 실습 위주로 진행되므로 노트북을 지참해 주시기 바랍니다.",
      speaker: "한지원 원장 (해담피부과의원)",
      date: seoulAt(now, 10, 19),
      location: SEMINAR_ROOM,
      registrationUrl: "https://example.com/seminar/blog-writing-workshop",
      status: "closed",
    },
    legalSeminar: {
      title: "의료광고 법규와 AI 생성 콘텐츠의 안전한 활용",
      description:
        "AI로 만든 글과 이미지를 병원 홍보에 사용할 때 의료법상 문제가 될 수 있는 사례를 살펴봅니다. 최근 심의 기준 개정 내용과 실제 심의 사례를 바탕으로 개원가에서 지켜야 할 점검 항목을 정리합니다. 본 세미나 참석은 정회원 가입 요건인 오프라인 세미나 참석으로 인정됩니다.",
      speaker: "윤서준 변호사 (본 학회 법률 자문위원)",
      date: seoulAt(now, 30, 14),
      location: CONFERENCE_HALL,
      registrationUrl: LEGAL_SEMINAR_URL,
      status: "open",
    },
    winterConference: {
      title: "동계 학술대회: 데이터로 읽는 환자 경험과 AI 마케팅",
      description:
        "환자 설문과 온라인 리뷰 데이터를 분석하여 병원 마케팅 전략에 반영하는 방법을 다루는 본 학회의 정기 학술대회입니다. 회원 병원의 우수 사례 발표와 패널 토론이 함께 진행되며, 학술대회 종료 후 정기총회가 이어집니다. 승인된 회원은 이 페이지에서 바로 신청할 수 있으며, 입장·퇴장 기록에 따라 연수평점이 부여됩니다.",
      speaker: "박정훈 원장 (새솔가정의학과의원) 외 4인",
      date: seoulAt(now, 60, 14),
      endDate: seoulAt(now, 60, 18),
      location: GRAND_HALL,
      registrationUrl: null,
      status: "open",
      capacity: 120,
      cmeCredits: 4,
      cancellationDeadline: seoulAt(now, 57, 14),
    },
    aiWorkshop: {
      title: "개원의를 위한 AI 마케팅 실전 워크숍 (유료)",
      description:
        "병원 홈페이지 글, 블로그, 진료 안내 영상을 AI 도구로 기획하고 검수하는 과정을 소그룹으로 실습합니다. 노트북을 지참해주세요. 등록비는 정회원과 그 외 회원이 다르며, 사전등록 기간에는 할인된 금액이 적용됩니다. 신청하면 결제하는 동안 15분간 자리를 잡아 둡니다.",
      speaker: "이서연 원장 (봄빛내과의원) 외 2인",
      date: seoulAt(now, 45, 14),
      endDate: seoulAt(now, 45, 17),
      location: SEMINAR_ROOM,
      registrationUrl: null,
      status: "open",
      capacity: 40,
      cmeCredits: 2,
      feeFull: 50_000,
      feeOther: 80_000,
      feeFullEarly: 40_000,
      feeOtherEarly: 70_000,
      feeEarlyUntil: seoulAt(now, 30, 23),
    },
    chatGptSeminar: {
      title: "ChatGPT로 만드는 진료 안내문과 환자 응대 스크립트",
      description:
        "ChatGPT를 활용해 진료 안내문, 예약 안내 문자, 자주 묻는 질문 답변을 작성하고 검수하는 방법을 실습했습니다. 환자 개인정보를 AI 도구에 입력하지 않고도 충분히 활용할 수 있는 작업 방식을 함께 살펴보았습니다.",
      speaker: "김태현 원장 (다온소아청소년과의원)",
      date: seoulAt(now, -20, 19),
      location: SEMINAR_ROOM,
      registrationUrl: "https://example.com/seminar/chatgpt-patient-guide",
      status: "closed",
    },
    reviewSeminar: {
      title: "지역 검색 노출과 온라인 리뷰 관리 전략",
      description:
        "지도 서비스와 포털 검색에서 병원 정보가 정확하게 노출되도록 관리하는 방법을 소개했습니다. 부정적인 리뷰에 의료법과 개인정보 보호 원칙을 지키며 응대하는 요령을 사례 중심으로 나누었습니다.",
      speaker: "정민호 원장 (바른결정형외과의원)",
      date: seoulAt(now, -90, 19),
      location: SEMINAR_ROOM,
      registrationUrl: "https://example.com/seminar/local-search-and-reviews",
      status: "closed",
    },
    springConference: {
      title: "춘계 학술대회: AI 시대, 개원가 마케팅의 새로운 기준",
      description:
        "생성형 AI가 바꾸어 놓은 병원 홍보 환경을 진단하고 개원가가 갖추어야 할 새로운 기준을 논의했습니다. 진료과별 활용 사례 발표와 의료광고 윤리에 관한 패널 토론에 많은 회원이 참여해 주셨습니다.",
      speaker: "이수민 원장 (온담내과의원) 외 3인",
      date: seoulAt(now, -200, 14),
      location: GRAND_HALL,
      registrationUrl: "https://example.com/seminar/spring-conference",
      status: "closed",
    },
  };
}

/** The year of the general meeting the demo notice announces (held with the winter conference). */
export function generalMeetingYear(now: Date): number {
  return seoulParts(buildSeminars(now).winterConference.date).year;
}

function link(href: string, label: string): string {
  return `<a href="${href}" target="_blank" rel="noopener noreferrer">${label}</a>`;
}

function buildAnnouncements(now: Date, demoSeminars: DemoSeminars): NewAnnouncement[] {
  const { legalSeminar, winterConference, chatGptSeminar } = demoSeminars;
  const legalDate = legalSeminar.date;
  const winterDate = winterConference.date;
  const chatGptDate = chatGptSeminar.date;
  const assemblyYear = seoulParts(winterDate).year;

  return [
    {
      title: "의료광고 법규와 AI 생성 콘텐츠 세미나 참가 신청 안내",
      category: "행사",
      content: [
        "<p>본 학회는 회원 여러분의 요청이 많았던 의료광고 법규와 AI 생성 콘텐츠 활용을 주제로 정기 세미나를 개최합니다. 생성형 AI로 만든 글과 이미지를 병원 홍보에 사용할 때 유의해야 할 사항을 실제 사례 중심으로 살펴볼 예정입니다.</p>",
        "<ul>",
        `<li><strong>일시:</strong> ${koreanDateTime(legalDate)}</li>`,
        `<li><strong>장소:</strong> ${legalSeminar.location}</li>`,
        `<li><strong>강연:</strong> ${legalSeminar.speaker}</li>`,
        "<li><strong>대상:</strong> 정회원 및 준회원 (선착순 60명)</li>",
        "</ul>",
        "<p>본 세미나 참석은 정회원 가입 요건인 <u>오프라인 세미나 1회 참석</u>으로 인정됩니다. 참가 신청은 아래 링크 또는 학술활동 페이지에서 하실 수 있습니다.</p>",
        `<p>${link(LEGAL_SEMINAR_URL, "세미나 참가 신청 바로가기")}</p>`,
      ].join(""),
      imageUrl: null,
      linkUrl: LEGAL_SEMINAR_URL,
      views: 48,
      createdAt: seoulAt(now, -1, 10, 30),
    },
    {
      title: `${assemblyYear}년 정기총회 개최 안내`,
      category: "공지",
      content: [
        `<p>본 학회 정관에 따라 ${assemblyYear}년 정기총회를 아래와 같이 개최합니다. 정기총회는 동계 학술대회와 같은 날 같은 장소에서 진행되오니 회원 여러분의 많은 참석을 부탁드립니다.</p>`,
        "<h3>개최 개요</h3>",
        "<ul>",
        `<li><strong>일시:</strong> ${koreanDate(winterDate)} 오후 5시 30분 (학술대회 종료 후)</li>`,
        `<li><strong>장소:</strong> ${winterConference.location}</li>`,
        "</ul>",
        "<h3>주요 안건</h3>",
        "<ol>",
        "<li>전년도 사업 실적 및 결산 보고</li>",
        "<li>차년도 사업 계획 및 예산(안) 심의</li>",
        "<li>정관 일부 개정(안) 의결</li>",
        "<li>명예회원 추대의 건</li>",
        "</ol>",
        "<p>정회원은 총회에서 의결권을 가지며, 부득이하게 참석하지 못하시는 경우 위임장을 제출해 주시기 바랍니다. 위임장 양식은 총회 2주 전에 회원 여러분께 별도로 안내해 드리겠습니다.</p>",
      ].join(""),
      imageUrl: null,
      linkUrl: null,
      views: 126,
      createdAt: seoulAt(now, -6, 9, 40),
    },
    {
      title: "의료광고 심의 기준 개정에 따른 유의사항 안내",
      category: "학술",
      content: [
        "<p>최근 의료광고 심의 기준이 일부 개정됨에 따라, 본 학회 학술위원회에서 개원가가 특히 유의해야 할 사항을 정리하여 안내해 드립니다. 병원 홈페이지와 블로그, SNS 게시물을 운영하시는 회원께서는 아래 내용을 참고하시기 바랍니다.</p>",
        "<h3>주요 유의사항</h3>",
        "<ul>",
        "<li><strong>치료 경험담:</strong> 환자의 치료 후기를 광고에 활용하는 것은 치료 효과를 오인하게 할 우려가 있어 엄격히 제한됩니다.</li>",
        "<li><strong>전후 비교 사진:</strong> 촬영 조건을 동일하게 유지하고, 부작용 등 중요한 정보를 함께 표시해야 합니다.</li>",
        "<li><strong>AI 생성 이미지:</strong> 생성형 AI로 만든 이미지를 실제 진료 사례처럼 보이게 사용하는 것은 소비자를 오인하게 할 수 있으므로 피해야 합니다.</li>",
        "<li><strong>비교·최상급 표현:</strong> <em>'최고', '유일'</em> 등 객관적 근거가 없는 표현은 사용하지 않아야 합니다.</li>",
        "</ul>",
        "<p>세부 기준과 실제 심의 사례는 다음 정기 세미나에서 자세히 다룰 예정입니다. 개별 광고물의 심의 대상 여부가 궁금하신 회원께서는 학회 사무국으로 문의해 주시기 바랍니다.</p>",
      ].join(""),
      imageUrl: null,
      linkUrl: null,
      views: 211,
      createdAt: seoulAt(now, -13, 14, 10),
    },
    {
      title: "연회비 납부 안내",
      category: "공지",
      content: [
        "<p>본 학회의 원활한 운영과 학술 활동을 위해 연회비 납부를 안내해 드립니다. 회비는 세미나와 학술대회 개최, 학회지 발간, 회원 교육 자료 제작 등에 소중히 사용됩니다.</p>",
        "<ul>",
        "<li><strong>정회원 연회비:</strong> 20만 원</li>",
        "<li><strong>평생회비:</strong> 200만 원 (납부 시 평생회원으로 전환됩니다)</li>",
        `<li><strong>납부 기한:</strong> ${koreanDate(seoulAt(now, 24, 0))}까지</li>`,
        "</ul>",
        "<p>마이페이지에서 카드·계좌이체·가상계좌로 바로 납부하실 수 있습니다. 학회 계좌로 입금하실 분께는 정회원 신청을 완료하시면 납부 계좌와 입금자명을 문자 메시지로 개별 안내해 드립니다. 입금자명은 <strong>회원 성명 뒤에 휴대전화 끝 4자리</strong>를 붙여 주세요(예: 홍길동5678).</p>",
        "<p>납부가 확인되면 정회원 승인 안내 문자를 보내 드리며, 회비 납부 확인서가 필요하신 분은 사무국으로 요청해 주시기 바랍니다.</p>",
      ].join(""),
      imageUrl: null,
      linkUrl: null,
      views: 187,
      createdAt: seoulAt(now, -21, 11, 0),
    },
    {
      title: "학회지 원고 모집 안내",
      category: "학술",
      content: [
        "<p>본 학회는 학회지 다음 호 발간을 위해 회원 여러분의 원고를 모집합니다. 진료 현장에서 AI와 디지털 도구를 활용해 얻은 마케팅 경험을 나누어 주시면 동료 개원의에게 큰 도움이 될 것입니다.</p>",
        "<h3>모집 분야</h3>",
        "<ul>",
        "<li>원저: AI를 활용한 환자 소통 및 병원 홍보 효과 분석</li>",
        "<li>사례 보고: 개원가의 SNS·블로그 운영과 온라인 평판 관리 경험</li>",
        "<li>종설: 의료광고 법규와 디지털 마케팅 윤리</li>",
        "</ul>",
        `<p>원고 마감일은 ${koreanDate(seoulAt(now, 40, 0))}이며, 투고 규정과 양식은 학회 사무국에 요청하시면 보내 드립니다. 제출된 원고는 편집위원회 심사를 거쳐 게재 여부를 결정하며, 게재가 확정된 원고의 저자께는 소정의 원고료를 드립니다.</p>`,
      ].join(""),
      imageUrl: null,
      linkUrl: null,
      views: 143,
      createdAt: seoulAt(now, -30, 16, 20),
    },
    {
      title: "개인정보 처리방침 개정 안내",
      category: "공지",
      content: [
        `<p>본 학회는 회원 여러분의 개인정보를 더욱 안전하게 보호하기 위해 개인정보 처리방침을 개정합니다. 개정된 방침은 ${koreanDate(seoulAt(now, -37, 0))}부터 시행됩니다.</p>`,
        "<h3>주요 개정 내용</h3>",
        "<ol>",
        "<li>의사 면허증 사본 등 회원 자격 확인 서류의 보유 기간과 파기 절차를 명확히 규정하였습니다.</li>",
        "<li>세미나 참가 신청 시 수집하는 항목을 꼭 필요한 범위로 정비하였습니다.</li>",
        "<li>개인정보 열람·정정·삭제 요청 절차를 구체적으로 안내하였습니다.</li>",
        "</ol>",
        "<p>개정 전문은 시행일에 맞추어 홈페이지에 게시됩니다. 개정 내용에 관해 궁금하신 점은 학회 사무국으로 문의해 주시기 바랍니다.</p>",
      ].join(""),
      imageUrl: null,
      linkUrl: null,
      views: 265,
      createdAt: seoulAt(now, -44, 10, 0),
    },
    {
      title: "ChatGPT 활용 환자 응대 실무 세미나 개최 안내",
      category: "행사",
      content: [
        "<p>본 학회는 진료 현장에서 바로 활용할 수 있는 ChatGPT 실무 세미나를 개최합니다. 진료 안내문, 예약 안내 문자, 자주 묻는 질문 답변 등을 AI로 작성하고 검수하는 과정을 직접 실습합니다.</p>",
        "<ul>",
        `<li><strong>일시:</strong> ${koreanDateTime(chatGptDate)}</li>`,
        `<li><strong>장소:</strong> ${chatGptSeminar.location}</li>`,
        `<li><strong>강연:</strong> ${chatGptSeminar.speaker}</li>`,
        "</ul>",
        "<p>실습이 포함되어 있으므로 <strong>노트북을 지참</strong>해 주시기 바랍니다. 환자 개인정보는 AI 도구에 입력하지 않는 것을 원칙으로 하며, 실습에는 가상의 예시 자료를 사용합니다.</p>",
        "<p>좌석이 한정되어 있어 선착순으로 마감될 수 있으니, 참석을 원하시는 회원께서는 서둘러 신청해 주시기 바랍니다.</p>",
      ].join(""),
      imageUrl: null,
      linkUrl: null,
      views: 318,
      createdAt: seoulAt(now, -58, 15, 0),
    },
  ];
}

/** This year's dues as the notice announces them: 20만 원, due in 24 days, two months' grace. */
export function buildDuesYear(now: Date): typeof duesYears.$inferInsert {
  const day = (offset: number) => {
    const parts = seoulParts(seoulAt(now, offset, 12));
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${parts.year}-${pad(parts.month)}-${pad(parts.day)}`;
  };
  return {
    year: seoulParts(now).year,
    regularFee: 200_000,
    lifetimeFee: 2_000_000,
    dueDate: day(24),
    graceUntil: day(84),
    bankAccount: `신한은행 140-014-123456 (예금주: ${societyConfig.name})`,
  };
}

/** Fills each public-content table and this year's dues with demo rows, only while it is empty. */
export async function seedDemoContent(db: Database, now: Date = new Date()): Promise<void> {
  if ((await db.$count(executives)) === 0) {
    await db.insert(executives).values(EXECUTIVES);
  }
  if ((await db.$count(historyEvents)) === 0) {
    await db.insert(historyEvents).values(HISTORY);
  }
  const demoSeminars = buildSeminars(now);
  if ((await db.$count(seminars)) === 0) {
    await db.insert(seminars).values(
      Object.values(demoSeminars).map((seminar) => ({
        ...seminar,
        cancellationDeadline: cancellationDeadlineOf({
          ...seminar,
          cancellationDeadline: seminar.cancellationDeadline ?? null,
        }),
      })),
    );
  }
  if ((await db.$count(announcements)) === 0) {
    await db.insert(announcements).values(buildAnnouncements(now, demoSeminars));
  }
  if ((await db.$count(duesYears)) === 0) {
    await db.insert(duesYears).values(buildDuesYear(now));
  }
}
