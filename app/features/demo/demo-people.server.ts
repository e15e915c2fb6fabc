// The demo society's people: about sixty doctors of Daegu and Gyeongbuk, in every standing a
// sign-up and a membership can have. The executives of the content seed are members too. Names,
// clinics, addresses, phone and licence numbers come from a seeded generator, so every fresh
// start makes the same society; e-mail addresses are on example.com/.org/.net (reserved, never
// delivered).
import { EXECUTIVES } from "./demo-content.server";

/** Where a demo person stands: a member type once approved, or the sign-up's state. */
export type DemoKind =
  | "lifetime"
  | "honorary"
  | "regular"
  | "associate"
  | "pending"
  | "resubmitted"
  | "rejected";

export type DemoPerson = {
  name: string;
  email: string;
  phone: string;
  licenseNumber: string;
  hospitalName: string;
  department: string;
  address: string;
  kind: DemoKind;
  /** Suspended by the office (an approved member), with this reason. */
  suspension?: string;
  /** The sign-up's rejection reason (rejected, and re-submitted after a rejection). */
  rejection?: string;
  /** Days before `now` the account was created. */
  joinedDaysAgo: number;
  /** An executive's position (회장 …), for the board's and the seminars' texts. */
  position?: string;
};

/** A small deterministic generator (mulberry32): the same seed gives the same society. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  /** A copy of `list` in a random order. */
  const shuffle = <T>(list: readonly T[]): T[] => {
    const out = [...list];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  };
  return { next, int, pick, shuffle, chance: (p: number) => next() < p };
}

export type Random = ReturnType<typeof seededRandom>;

// Surnames about as common as in Korea (김, 이, 박 first), with their usual romanization.
const SURNAMES: [string, string, number][] = [
  ["김", "kim", 18],
  ["이", "lee", 13],
  ["박", "park", 8],
  ["최", "choi", 5],
  ["정", "jung", 5],
  ["강", "kang", 3],
  ["조", "cho", 3],
  ["윤", "yoon", 3],
  ["장", "jang", 3],
  ["임", "lim", 2],
  ["한", "han", 2],
  ["오", "oh", 2],
  ["서", "seo", 2],
  ["신", "shin", 2],
  ["권", "kwon", 2],
  ["황", "hwang", 2],
  ["안", "ahn", 2],
  ["송", "song", 2],
  ["류", "ryu", 1],
  ["전", "jeon", 1],
  ["홍", "hong", 1],
  ["고", "ko", 1],
  ["문", "moon", 1],
  ["배", "bae", 1],
  ["백", "baek", 1],
  ["허", "heo", 1],
  ["남", "nam", 1],
  ["노", "noh", 1],
];

const GIVEN_NAMES: [string, string][] = [
  ["성민", "seongmin"],
  ["지훈", "jihoon"],
  ["현우", "hyunwoo"],
  ["동현", "donghyun"],
  ["민석", "minseok"],
  ["재혁", "jaehyuk"],
  ["승훈", "seunghoon"],
  ["정우", "jungwoo"],
  ["상철", "sangcheol"],
  ["영수", "youngsoo"],
  ["준호", "junho"],
  ["은정", "eunjung"],
  ["수진", "sujin"],
  ["지영", "jiyoung"],
  ["혜진", "hyejin"],
  ["미경", "mikyung"],
  ["선영", "sunyoung"],
  ["유진", "yujin"],
  ["소연", "soyeon"],
  ["다은", "daeun"],
  ["태윤", "taeyoon"],
  ["경민", "kyungmin"],
  ["병철", "byungcheol"],
  ["종현", "jonghyun"],
  ["인석", "inseok"],
  ["세진", "sejin"],
  ["윤희", "yoonhee"],
  ["재원", "jaewon"],
  ["기현", "kihyun"],
  ["서현", "seohyun"],
  ["형준", "hyungjun"],
  ["상우", "sangwoo"],
  ["진영", "jinyoung"],
  ["혜원", "hyewon"],
  ["주희", "juhee"],
  ["우진", "woojin"],
  ["나래", "narae"],
  ["보람", "boram"],
  ["한결", "hangyeol"],
  ["명수", "myungsoo"],
  ["창호", "changho"],
  ["정은", "jungeun"],
  ["희정", "heejung"],
  ["동욱", "dongwook"],
  ["성호", "sungho"],
  ["민정", "minjung"],
  ["재석", "jaeseok"],
  ["하늘", "haneul"],
  ["영미", "youngmi"],
  ["태호", "taeho"],
  ["수빈", "subin"],
  ["현정", "hyunjung"],
  ["용준", "yongjun"],
  ["가영", "gayoung"],
  ["석진", "seokjin"],
  ["지은", "jieun"],
];

/** Departments of clinic-owning doctors, roughly as often as they open clinics. */
const DEPARTMENTS: [string, number][] = [
  ["내과", 9],
  ["가정의학과", 6],
  ["소아청소년과", 4],
  ["이비인후과", 4],
  ["정형외과", 4],
  ["피부과", 3],
  ["안과", 3],
  ["산부인과", 2],
  ["비뇨의학과", 2],
  ["재활의학과", 2],
  ["신경과", 2],
  ["정신건강의학과", 2],
  ["마취통증의학과", 2],
  ["영상의학과", 1],
];

/** The first part of a clinic's name (the content seed's executives' clinics are left out). */
const CLINIC_STEMS = [
  "새봄",
  "푸른숲",
  "하늘빛",
  "맑은샘",
  "온누리",
  "우리들",
  "참좋은",
  "늘푸른",
  "해맑은",
  "든든",
  "한빛",
  "다솜",
  "미소",
  "라온",
  "가온",
  "봄날",
  "열린",
  "이음",
  "참사랑",
  "소망",
  "나눔",
  "새길",
  "튼튼",
  "동행",
  "밝은빛",
  "연꽃",
  "팔공",
  "신천",
  "앞산",
  "금호",
];

/** Daegu's districts and Gyeongbuk's towns with a few real main roads each. */
const REGIONS: [prefix: string, roads: string[], weight: number][] = [
  ["대구광역시 수성구", ["달구벌대로", "동대구로", "범어로", "들안로", "지범로", "청수로"], 10],
  ["대구광역시 중구", ["국채보상로", "중앙대로", "달구벌대로", "동덕로"], 4],
  ["대구광역시 달서구", ["월배로", "월곡로", "달구벌대로", "조암로"], 5],
  ["대구광역시 북구", ["칠곡중앙대로", "동북로", "침산로", "대천로"], 4],
  ["대구광역시 동구", ["아양로", "동촌로", "신암로", "안심로"], 3],
  ["대구광역시 남구", ["대명로", "중앙대로", "현충로"], 2],
  ["대구광역시 서구", ["서대구로", "국채보상로", "평리로"], 2],
  ["대구광역시 달성군 화원읍", ["비슬로", "성천로"], 1],
  ["경상북도 포항시 남구", ["포스코대로", "대이로", "상공로"], 2],
  ["경상북도 포항시 북구", ["중흥로", "새천년대로", "삼호로"], 2],
  ["경상북도 경주시", ["태종로", "원화로", "알천북로"], 2],
  ["경상북도 구미시", ["송정대로", "구미중앙로", "인동가산로"], 2],
  ["경상북도 경산시", ["중앙로", "경안로", "대학로"], 2],
  ["경상북도 안동시", ["경동로", "서동문로", "강남로"], 1],
  ["경상북도 김천시", ["시청로", "자산로"], 1],
  ["경상북도 영천시", ["완산로", "중앙동로"], 1],
  ["경상북도 칠곡군 왜관읍", ["중앙로", "석전로"], 1],
];

const BUILDINGS = ["메디컬빌딩", "메디타워", "메디컬센터", "빌딩", "타워", "프라자"];

const weighted = <T>(random: Random, list: readonly (readonly [...unknown[], number])[]) => {
  const total = list.reduce((sum, item) => sum + (item.at(-1) as number), 0);
  let roll = random.next() * total;
  for (const item of list) {
    roll -= item.at(-1) as number;
    if (roll < 0) return item as unknown as T;
  }
  return list.at(-1) as unknown as T;
};

function addressOf(random: Random, region = weighted<(typeof REGIONS)[number]>(random, REGIONS)) {
  const [prefix, roads] = region;
  const base = `${prefix} ${random.pick(roads)} ${random.int(12, 480)}`;
  if (!random.chance(0.6)) return `${base}, ${random.int(2, 5)}층`;
  const town = prefix
    .split(" ")
    .at(-1)!
    .replace(/(구|시|군|읍)$/, "");
  return `${base}, ${town}${random.pick(BUILDINGS)} ${random.int(2, 7)}층`;
}

const phoneOf = (random: Random) =>
  `010-${random.int(2000, 9899)}-${String(random.int(0, 9999)).padStart(4, "0")}`;

/** The same mix of standings every time: how many of each kind, after the named people. */
const GENERATED_KINDS: [DemoKind, number][] = [
  ["honorary", 3],
  ["lifetime", 2],
  ["regular", 16],
  ["associate", 22],
  ["pending", 4],
  ["resubmitted", 1],
  ["rejected", 2],
];

const JOINED_DAYS: Record<DemoKind, [number, number]> = {
  honorary: [900, 1700],
  lifetime: [700, 1600],
  regular: [300, 1300],
  associate: [20, 650],
  pending: [1, 6],
  resubmitted: [12, 16],
  rejected: [8, 40],
};

const REJECTIONS = [
  "면허증 이미지의 글자를 알아보기 어렵습니다. 면허번호가 보이도록 선명한 이미지로 다시 신청해주세요.",
  "입력하신 면허번호와 면허증 이미지의 번호가 서로 다릅니다. 확인 후 다시 신청해주세요.",
];

const EXECUTIVE_ROMANIZATION: Record<string, [string, string]> = {
  박정훈: ["jeonghoon", "park"],
  이수민: ["sumin", "lee"],
  김태현: ["taehyun", "kim"],
  최윤정: ["yoonjung", "choi"],
  정민호: ["minho", "jung"],
  한지원: ["jiwon", "han"],
  오세영: ["seyoung", "oh"],
  강도현: ["dohyun", "kang"],
};

/** The member the start-up prints a login for: a 정회원 in good standing with a full record. */
export const DEMO_MEMBER_EMAIL = "member@example.org";

/** The people of the demo society, in a fixed order; the first is the printed demo member. */
export function buildDemoPeople(random: Random): DemoPerson[] {
  const used = new Set<string>();
  const locals = new Set<string>();
  const people: DemoPerson[] = [];
  const add = (person: DemoPerson) => {
    used.add(person.name);
    locals.add(person.email.split("@")[0]!);
    people.push(person);
  };
  const domains = ["example.com", "example.org", "example.net"];
  const emailFor = (romanGiven: string, romanSurname: string) => {
    let local = `${romanGiven}.${romanSurname}`;
    for (let n = 2; locals.has(local); n++) local = `${romanGiven}${n}.${romanSurname}`;
    return `${local}@${random.pick(domains)}`;
  };

  add({
    name: "윤서영",
    email: DEMO_MEMBER_EMAIL,
    phone: phoneOf(random),
    licenseNumber: String(random.int(104_000, 118_000)),
    hospitalName: "하늘숲가정의학과의원",
    department: "가정의학과",
    address: "대구광역시 수성구 들안로 112, 수성메디컬빌딩 2층",
    kind: "regular",
    joinedDaysAgo: 820,
  });
  // The executives of the content seed, with the clinics and specialties it names.
  const founders = new Set(["회장", "수석부회장", "감사"]);
  for (const executive of EXECUTIVES) {
    add({
      name: executive.name,
      email: emailFor(...(EXECUTIVE_ROMANIZATION[executive.name] ?? ["member", "demo"])),
      phone: phoneOf(random),
      licenseNumber: String(random.int(62_000, 99_000)),
      hospitalName: executive.title.replace(/\s*대표원장$/, ""),
      department: executive.credentials.split(" 전문의")[0] ?? "내과",
      address: addressOf(random, REGIONS[0]),
      kind: founders.has(executive.position) ? "lifetime" : "regular",
      joinedDaysAgo: random.int(1500, 1900),
      position: executive.position,
    });
  }
  // The workshop's speaker in the content seed (봄빛내과의원).
  add({
    name: "이서연",
    email: "seoyeon.lee@example.com",
    phone: phoneOf(random),
    licenseNumber: String(random.int(100_000, 112_000)),
    hospitalName: "봄빛내과의원",
    department: "내과",
    address: addressOf(random, REGIONS[0]),
    kind: "regular",
    joinedDaysAgo: 1100,
  });

  let rejection = 0;
  for (const [kind, count] of GENERATED_KINDS) {
    for (let i = 0; i < count; i++) {
      let surname: (typeof SURNAMES)[number];
      let given: (typeof GIVEN_NAMES)[number];
      do {
        surname = weighted(random, SURNAMES);
        given = random.pick(GIVEN_NAMES);
      } while (used.has(`${surname[0]}${given[0]}`));
      const name = `${surname[0]}${given[0]}`;
      const [department] = weighted<(typeof DEPARTMENTS)[number]>(random, DEPARTMENTS);
      // Many clinics carry the owner's name (김성민내과의원); the others a name of their own.
      const hospitalName = random.chance(0.3)
        ? `${name}${department}의원`
        : `${random.pick(CLINIC_STEMS)}${department}의원`;
      const [from, to] = JOINED_DAYS[kind];
      const senior = kind === "honorary" || kind === "lifetime";
      add({
        name,
        email: emailFor(given[1], surname[1]),
        phone: phoneOf(random),
        licenseNumber: String(senior ? random.int(21_000, 70_000) : random.int(90_000, 139_000)),
        hospitalName,
        department,
        address: addressOf(random),
        kind,
        joinedDaysAgo: random.int(from, to),
        ...(kind === "rejected" || kind === "resubmitted"
          ? { rejection: REJECTIONS[rejection++ % REJECTIONS.length] }
          : {}),
        ...(kind === "regular" && i === 7
          ? { suspension: "해외 연수(1년)로 회원 본인이 활동 정지를 요청함" }
          : {}),
      });
    }
  }
  return people;
}
