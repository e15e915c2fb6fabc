// The texts of the demo society's files: the library's guideline, form and conference papers, and
// the attachments of the content seed's notices (the general meeting's agenda and proxy form, the
// dues notice, the journal's submission form).
import type { DemoDocument } from "./demo-files.server";

/** `year`: this year (the dues); `meetingYear`: the general meeting's, as its notice says. */
type Context = { society: string; year: number; meetingYear: number; today: string };

export function checklistDocument({ society, year }: Context): DemoDocument {
  return {
    title: "의료광고 자율점검표 (AI 생성 콘텐츠 포함)",
    subtitle: `${society} 학술위원회 · ${year}년 개정판`,
    author: society,
    blocks: [
      { heading: "1. 이 점검표의 목적" },
      {
        paragraph:
          "회원 병원이 홈페이지, 블로그, SNS, 옥외 광고에 게시물을 올리기 전에 스스로 확인할 항목을 모았습니다. 사전 심의 대상 여부와 관계없이 모든 게시물에 적용해 주시기 바랍니다.",
      },
      { heading: "2. 표현" },
      {
        items: [
          "'최고', '유일', '완치' 등 객관적 근거가 없는 최상급·단정 표현을 쓰지 않았습니까?",
          "다른 의료기관과 비교하거나 비방하는 내용이 없습니까?",
          "치료 효과를 보장하거나 부작용이 없다고 단정하지 않았습니까?",
          "환자의 치료 경험담이나 후기를 광고에 쓰지 않았습니까?",
        ],
      },
      { heading: "3. 사진과 이미지" },
      {
        items: [
          "전후 비교 사진은 촬영 조건(조명, 각도, 거리)이 같고 부작용 정보를 함께 적었습니까?",
          "생성형 AI로 만든 이미지가 실제 진료 사례처럼 보이지 않습니까?",
          "AI 이미지에는 '이해를 돕기 위한 연출 이미지'임을 밝혔습니까?",
        ],
      },
      { heading: "4. AI로 쓴 글" },
      {
        items: [
          "출처를 확인할 수 없는 수치(호전율, 만족도 등)를 모두 지웠습니까?",
          "의학적 사실관계를 원장이 직접 검토했습니까?",
          "환자 개인정보를 AI 도구에 입력하지 않았습니까?",
        ],
      },
      {
        paragraph:
          "한 항목이라도 '아니오'가 있으면 게시를 미루고 학회 사무국이나 법률 자문위원에게 문의해 주시기 바랍니다.",
      },
    ],
  };
}

export function conferencePapersDocument({ society }: Context): DemoDocument {
  return {
    title: "정기 학술대회 발표 자료집 (초록)",
    subtitle: `${society} · 정기 학술대회 · 수성 컨벤션센터 그랜드홀`,
    author: society,
    blocks: [
      { heading: "세션 1. 개원가 디지털 마케팅의 현재" },
      {
        paragraph:
          "회원 병원 112곳의 설문 결과, 블로그와 지도 서비스가 신규 환자 유입 경로의 절반을 넘었습니다. 유료 광고의 비중은 줄고 병원이 직접 운영하는 채널의 비중이 늘고 있습니다.",
      },
      { heading: "세션 2. 환자 여정 지도로 다시 보는 진료 경험" },
      {
        paragraph:
          "예약 문의부터 재방문까지 환자가 거치는 단계를 지도로 그려 보면, 마케팅보다 대기실 안내와 수납 동선에서 이탈이 더 많이 일어난다는 것을 알 수 있습니다. 세 의원의 개선 사례를 소개합니다.",
      },
      { heading: "세션 3. 생성형 AI와 의료광고 윤리" },
      {
        paragraph:
          "AI로 만든 글과 이미지는 작성자의 책임을 덜어 주지 않습니다. 심의 기준, 개인정보 보호, 저작권의 세 관점에서 개원가가 지켜야 할 원칙을 정리했습니다.",
      },
      { heading: "패널 토론" },
      {
        items: [
          "병원 SNS는 누가 운영해야 하는가: 원장, 직원, 대행사",
          "리뷰 관리의 한계: 답글에서 하지 말아야 할 말",
          "작은 의원의 마케팅 예산, 어디에 먼저 쓸 것인가",
        ],
      },
    ],
  };
}

export function applicationFormDocument({ society }: Context): DemoDocument {
  return {
    title: "정회원 가입 신청서",
    subtitle: `${society} 사무국 제출용 (온라인 신청이 어려운 경우)`,
    author: society,
    blocks: [
      { heading: "신청인" },
      {
        fields: [
          ["성명", ""],
          ["의사 면허번호", ""],
          ["의료기관명", ""],
          ["진료과목", ""],
          ["의료기관 주소", ""],
          ["휴대전화", ""],
          ["이메일", ""],
        ],
      },
      { heading: "정회원 자격 요건 확인" },
      {
        items: [
          "준회원으로 6개월 이상 활동했습니다.",
          "학회 오프라인 세미나에 1회 이상 참석했습니다.",
          "정관과 회원 윤리규정을 읽고 이에 동의합니다.",
        ],
      },
      {
        paragraph:
          "위와 같이 정회원 가입을 신청합니다. 신청서는 학회 사무국으로 제출해 주시고, 가능하면 홈페이지의 정회원 신청 메뉴를 이용해 주시기 바랍니다.",
      },
      {
        fields: [
          ["신청일", ""],
          ["신청인 서명", ""],
        ],
      },
    ],
  };
}

export function assemblyAgendaDocument({ society, meetingYear }: Context): DemoDocument {
  return {
    title: `${meetingYear}년 정기총회 안건 자료`,
    subtitle: `${society} 이사회`,
    author: society,
    blocks: [
      { heading: "제1호 안건: 사업 실적 및 결산 보고" },
      {
        paragraph:
          "정기 학술대회 2회, 월례 세미나 10회, 소그룹 실습 4회를 열었고 연인원 1,180명이 참석했습니다. 결산 세부 내역은 총회 당일 배부합니다.",
      },
      { heading: "제2호 안건: 차년도 사업 계획 및 예산(안)" },
      {
        items: [
          "정기 학술대회 2회와 월례 세미나 운영",
          "직원 대상 AI 활용 기초 과정 신설",
          "회원 병원 의료광고 자율점검 지원",
          "학회지 2회 발간",
        ],
      },
      { heading: "제3호 안건: 정관 일부 개정(안)" },
      {
        paragraph:
          "온라인 총회와 전자 투표의 근거를 두고, 정회원 자격 요건 가운데 세미나 참석 인정 범위를 온라인 실시간 강의까지 넓히는 안입니다.",
      },
      { heading: "제4호 안건: 명예회원 추대의 건" },
      { paragraph: "학회 발전에 기여한 원로 회원 두 분을 명예회원으로 추대하는 안입니다." },
    ],
  };
}

export function proxyFormDocument({ society, meetingYear }: Context): DemoDocument {
  return {
    title: `${meetingYear}년 정기총회 위임장`,
    subtitle: society,
    author: society,
    blocks: [
      {
        paragraph: `본인은 ${meetingYear}년 정기총회에 참석하지 못하여 총회의 모든 안건에 관한 의결권 행사를 아래 회원에게 위임합니다.`,
      },
      { heading: "위임인" },
      {
        fields: [
          ["성명", ""],
          ["의료기관명", ""],
          ["연락처", ""],
        ],
      },
      { heading: "수임인" },
      {
        fields: [
          ["성명", ""],
          ["의료기관명", ""],
        ],
      },
      { paragraph: "위임장은 총회 전날까지 학회 사무국에 이메일 또는 팩스로 보내 주십시오." },
      {
        fields: [
          ["작성일", ""],
          ["위임인 서명", ""],
        ],
      },
    ],
  };
}

export function duesNoticeDocument({ society, year, today }: Context): DemoDocument {
  return {
    title: `${year}년 연회비 납부 안내`,
    subtitle: `${society} 사무국 · ${today}`,
    author: society,
    blocks: [
      {
        paragraph:
          "회원 여러분의 회비는 학술대회와 세미나 개최, 학회지 발간, 회원 교육 자료 제작에 쓰입니다. 아래와 같이 연회비 납부를 안내해 드립니다.",
      },
      {
        items: [
          "정회원 연회비: 20만 원",
          "평생회비: 200만 원 (납부 시 평생회원으로 전환)",
          "명예회원과 평생회원은 연회비를 내지 않습니다.",
        ],
      },
      { heading: "납부 방법" },
      {
        items: [
          "마이페이지 > 회비에서 카드, 계좌이체, 가상계좌, 간편결제로 납부",
          "학회 계좌로 입금: 입금자명은 성명 뒤에 휴대전화 끝 네 자리 (예: 홍길동5678)",
        ],
      },
      {
        paragraph:
          "납부가 확인되면 마이페이지에서 납부확인서를 내려받으실 수 있습니다. 해외 연수, 출산, 휴직 등으로 회비 면제가 필요하신 분은 사무국으로 문의해 주십시오.",
      },
    ],
  };
}

export function journalFormDocument({ society }: Context): DemoDocument {
  return {
    title: "학회지 투고 규정 및 원고 양식",
    subtitle: `${society} 편집위원회`,
    author: society,
    blocks: [
      { heading: "투고 규정" },
      {
        items: [
          "원고는 한글로 쓰고, 원저는 A4 10쪽 이내, 사례 보고는 6쪽 이내로 합니다.",
          "환자를 알아볼 수 있는 정보(사진, 이름, 날짜)는 모두 지웁니다.",
          "생성형 AI를 쓴 경우 어떤 부분에 썼는지 본문 끝에 밝힙니다.",
        ],
      },
      { heading: "원고 양식" },
      {
        fields: [
          ["제목", ""],
          ["저자 및 소속", ""],
          ["교신저자 연락처", ""],
          ["원고 종류", "원저 / 사례 보고 / 종설"],
        ],
      },
      { heading: "본문 구성" },
      { items: ["서론", "대상 및 방법", "결과", "고찰", "결론", "참고문헌"] },
    ],
  };
}
