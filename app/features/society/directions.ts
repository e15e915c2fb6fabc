// Public-transport directions to the society office, shown on /location. Edit with the address
// (SOCIETY_ADDRESS) when the office moves.
export const SUBWAY_DIRECTIONS = [
  { line: "1호선", station: "동대구역", exit: "3번 출구", walk: "도보 약 3분" },
  { line: "2호선", station: "범어역", exit: "2번 출구", walk: "도보 약 15분" },
];

export const BUS_STOP = "동대구역 건너편";

export const BUS_ROUTES = [
  { kind: "급행", numbers: ["급행1", "급행4"] },
  { kind: "간선", numbers: ["401", "413", "719"] },
  { kind: "지선", numbers: ["동구2", "수성1-1"] },
];

/** Parking at the office's building, shown beside the map (which may fail to load). */
export const PARKING_NOTES = [
  "건물 지하 주차장을 이용하실 수 있습니다 (방문 등록 후 1시간 무료).",
  "세미나가 있는 날은 주차 공간이 부족하니 대중교통 이용을 권해 드립니다.",
];

/** Map services' search links for the society's address (they open the app on a phone). */
export function mapLinks(address: string) {
  const q = encodeURIComponent(address);
  return [
    { label: "카카오맵에서 보기", href: `https://map.kakao.com/link/search/${q}` },
    { label: "네이버 지도에서 보기", href: `https://map.naver.com/p/search/${q}` },
  ];
}
