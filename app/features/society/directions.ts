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
