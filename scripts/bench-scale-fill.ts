// The fill of `npm run bench:scale` (scripts/bench-scale.js starts it with tsx): a database the
// size bench:scale measures at, made with set-based SQL (INSERT … SELECT … FROM generate_series)
// after the app's own migrations.
//
//   DATA_DIR=… or DATABASE_URL=…            the database to fill (it should be new and empty)
//   BENCH_ADMIN_EMAIL, BENCH_ADMIN_PASSWORD  the administrator the benchmark logs in as
//
// 100,000 members (92 % approved, 5 % pending, 2 % rejected, 1 % suspended), 20,000
// full-membership applications (one per approved member), 10,000 announcements and 200,000
// audit entries, plus the demo seminars, executives and history of a fresh install and one
// administrator. Values are pseudo-random but repeatable: each column picks from its list by
// hashing the row number (hashint4extended) with a seed of its own. Progress goes to stderr; the
// last line on stdout is a JSON summary for the driver.
//
// First, before anything opens a file: what this command creates is the user's alone.
import "~/lib/private-files.server";
import { type SQL, sql } from "drizzle-orm";
import { hashPassword } from "~/features/accounts/passwords.server";
import { seedDemoContent } from "~/features/demo/demo-content.server";
import { type Database, openDatabase } from "~db/client.server";

const COUNTS = {
  members: 100_000,
  applications: 20_000,
  announcements: 10_000,
  audit: 200_000,
} as const;

// The password hash of every generated member: no password verifies against it.
const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$YmVuY2gtc2NhbGU$bm90LWEtcmVhbC1oYXNoLWF0LWFsbA";

/** A SQL array literal of strings (quotes doubled). */
const list = (values: readonly string[]) =>
  `ARRAY[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(",")}]::text[]`;
/** `[value, weight]` pairs as a list in which each value appears `weight` times. */
const weighted = (pairs: readonly (readonly [string, number])[]) =>
  list(pairs.flatMap(([value, weight]) => Array<string>(weight).fill(value)));
/** A repeatable pseudo-random integer in [0, mod) from the row number `g` and a seed. */
const rnd = (seed: number, mod: number, g = "g") =>
  `(abs(hashint4extended(${g}::int, ${seed})) % ${mod})`;
/** One element of a SQL array expression, picked by `rnd`. */
const pick = (array: string, length: number, seed: number, g = "g") =>
  `(${array})[1 + ${rnd(seed, length, g)}]`;

// Surnames roughly in their Korean frequency (김 ≈ 21 %, 이 ≈ 15 %, 박 ≈ 8 % …), 100 entries.
const SURNAMES = [
  ["김", 22],
  ["이", 15],
  ["박", 9],
  ["최", 5],
  ["정", 5],
  ["강", 3],
  ["조", 3],
  ["윤", 3],
  ["장", 3],
  ["임", 2],
  ["한", 2],
  ["오", 2],
  ["서", 2],
  ["신", 2],
  ["권", 2],
  ["황", 2],
  ["안", 2],
  ["송", 2],
  ["류", 1],
  ["전", 1],
  ["홍", 1],
  ["고", 1],
  ["문", 1],
  ["양", 1],
  ["손", 1],
  ["배", 1],
  ["백", 1],
  ["허", 1],
  ["유", 1],
  ["남", 1],
  ["노", 1],
  ["하", 1],
  ["곽", 1],
  ["성", 1],
] as const;
const GIVEN_NAMES = [
  "민준",
  "서준",
  "도윤",
  "예준",
  "시우",
  "하준",
  "주원",
  "지호",
  "준우",
  "현우",
  "도현",
  "건우",
  "우진",
  "민재",
  "현준",
  "정우",
  "승우",
  "승현",
  "준혁",
  "지환",
  "승민",
  "서연",
  "서윤",
  "지우",
  "서현",
  "민서",
  "하은",
  "윤서",
  "지민",
  "채원",
  "수아",
  "은서",
  "다은",
  "예은",
  "수빈",
  "지원",
  "영호",
  "영수",
  "정훈",
  "성민",
  "상훈",
  "재현",
  "동현",
  "혜진",
  "은정",
  "미영",
  "수진",
  "경희",
  "성호",
  "진우",
  "태현",
  "준영",
  "상우",
  "지혜",
  "소영",
  "윤정",
  "현정",
  "재원",
  "형준",
  "기현",
];
const DEPARTMENTS = [
  "내과",
  "가정의학과",
  "소아청소년과",
  "정형외과",
  "이비인후과",
  "피부과",
  "안과",
  "산부인과",
  "비뇨의학과",
  "신경과",
  "재활의학과",
  "영상의학과",
  "마취통증의학과",
  "정신건강의학과",
  "외과",
];
const HOSPITAL_PREFIXES = [
  "튼튼",
  "바른",
  "새솔",
  "온담",
  "밝은",
  "미소",
  "하나",
  "참좋은",
  "수성",
  "범어",
  "동성",
  "늘푸른",
  "다온",
  "하늘",
  "우리",
  "새봄",
  "고운",
  "맑은",
  "행복한",
  "365열린",
  "연합",
  "서울",
  "제일",
  "봄날",
  "청라",
  "앞산",
  "팔공",
  "신천",
  "달구벌",
  "화원",
];
// Roads of Daegu by gu/gun (수성구 weighted up: that is where many clinics are).
const STREETS = [
  "수성구 달구벌대로",
  "수성구 범어로",
  "수성구 들안로",
  "수성구 동대구로",
  "수성구 수성로",
  "수성구 지범로",
  "중구 국채보상로",
  "중구 중앙대로",
  "중구 동성로",
  "중구 달구벌대로",
  "중구 공평로",
  "동구 아양로",
  "동구 동촌로",
  "동구 파계로",
  "동구 신암로",
  "서구 서대구로",
  "서구 국채보상로",
  "서구 달서천로",
  "남구 대명로",
  "남구 중앙대로",
  "남구 앞산순환로",
  "북구 칠곡중앙대로",
  "북구 침산로",
  "북구 대현로",
  "북구 복현로",
  "달서구 월배로",
  "달서구 달구벌대로",
  "달서구 월성로",
  "달서구 상인로",
  "달성군 비슬로",
  "달성군 화원로",
  "달성군 다사로",
  "군위군 군위읍 중앙길",
];
const REJECTION_REASONS = [
  "면허번호를 확인할 수 없습니다.",
  "면허증 이미지가 흐려 확인이 어렵습니다.",
  "개원의가 아닌 경우 가입 대상이 아닙니다.",
  "",
];
const SUSPENSION_REASONS = ["회비 장기 미납", "본인 요청", "윤리위원회 조사 중"];
const TOPICS = [
  "정기 학술대회",
  "춘계 심포지엄",
  "추계 연수강좌",
  "연회비 납부",
  "평점 보수교육",
  "의료법 개정 설명회",
  "건강보험 청구 실무 교육",
  "회원 명부 정비",
  "이사회 회의 결과",
  "학회지 원고 모집",
  "송년회",
  "개원의 세미나",
  "정기총회",
  "임원 선출",
  "의료광고 심의 기준",
];
const PARAGRAPHS = [
  "회원 여러분의 많은 관심과 참여를 부탁드립니다. 자세한 일정과 장소는 아래를 참고해 주시기 바랍니다.",
  "이번 행사는 대한의사협회 연수평점이 인정되며, 참석하신 회원께는 평점이 부여됩니다. 사전 등록을 하신 분은 현장 등록 없이 바로 입장하실 수 있습니다.",
  "최근 개정된 관련 법령과 고시에 따라 개원가에서 주의해야 할 사항을 정리하였습니다. 진료실에서 바로 활용하실 수 있도록 사례 중심으로 안내드립니다.",
  "학회 사무국은 평일 오전 9시부터 오후 6시까지 운영하며, 점심시간(12시~13시)에는 전화 연결이 어려울 수 있습니다. 문의는 이메일로 주시면 빠르게 답변드리겠습니다.",
  "회비 납부는 학회 계좌 이체 또는 카드 결제로 가능합니다. 납부 확인 후 영수증은 회원 정보에 등록된 이메일로 발송됩니다.",
  "제출하신 자료는 편집위원회 심사를 거쳐 게재 여부를 결정하며, 결과는 개별적으로 안내드립니다. 원고 양식은 학회 홈페이지 자료실에서 내려받으실 수 있습니다.",
  "코로나19 이후 처음으로 대면으로 진행되는 행사인 만큼 많은 회원분들의 참석을 기대합니다. 행사 후에는 간단한 만찬이 준비되어 있습니다.",
  "주차는 건물 지하 주차장을 이용하실 수 있으며, 3시간 무료 주차권을 등록 데스크에서 드립니다. 대중교통 이용 시 지하철 2호선 범어역 4번 출구에서 도보 5분입니다.",
];
const AUDIT_ACTIONS = [
  ["approve_member", 30],
  ["view_license_image", 20],
  ["view_application", 10],
  ["approve_application", 10],
  ["member_update", 10],
  ["reject_member", 5],
  ["reject_application", 3],
  ["member_type_change", 3],
  ["member_suspend", 2],
  ["member_reinstate", 1],
  ["member_end_sessions", 1],
  ["role_change", 1],
  ["export_members", 1],
  ["export_applications", 1],
] as const;

const surnames = weighted(SURNAMES);
const surnameCount = SURNAMES.reduce((sum, [, w]) => sum + w, 0);
const auditActions = weighted(AUDIT_ACTIONS);
const auditActionCount = AUDIT_ACTIONS.reduce((sum, [, w]) => sum + w, 0);

/** The statements of the fill, in order, each with what it does. */
function fillStatements(admin: { id: string; email: string }) {
  const n = COUNTS.members;
  return [
    {
      label: `${n.toLocaleString("en")} members`,
      // status by a per-mille draw: < 50 pending, < 70 rejected, < 80 suspended, else approved.
      // Sign-ups spread over ≈ 9.5 years (50 minutes apart, oldest first, with jitter).
      sql: `
INSERT INTO users (email, password_hash, name, phone, license_number, hospital_name, department,
  address, role, is_approved, rejected_at, rejection_reason, approved_at, suspended_at,
  suspension_reason, member_type, last_login_at, privacy_consent_version, privacy_consent_at,
  created_at, updated_at)
SELECT
  'member' || g || '@example.' || (ARRAY['com','net','org','kr'])[1 + ${rnd(1, 4)}],
  '${DUMMY_HASH}',
  ${pick(surnames, surnameCount, 2)} || ${pick(list(GIVEN_NAMES), GIVEN_NAMES.length, 3)},
  '010-' || (1000 + ${rnd(4, 9000)}) || '-' || lpad((g % 10000)::text, 4, '0'),
  (10000 + g)::text,
  ${pick(list(HOSPITAL_PREFIXES), HOSPITAL_PREFIXES.length, 5)} || dept || '의원',
  dept,
  '대구광역시 ' || ${pick(list(STREETS), STREETS.length, 7)} || ' ' || (1 + ${rnd(8, 400)})
    || ', ' || (1 + ${rnd(9, 6)}) || '층',
  'member',
  status IN ('approved', 'suspended'),
  CASE WHEN status = 'rejected' THEN decided END,
  CASE WHEN status = 'rejected' THEN nullif(${pick(list(REJECTION_REASONS), REJECTION_REASONS.length, 10)}, '') END,
  CASE WHEN status IN ('approved', 'suspended') THEN decided END,
  CASE WHEN status = 'suspended'
    THEN least(now(), decided + ${rnd(11, 1500)} * interval '1 day') END,
  CASE WHEN status = 'suspended'
    THEN ${pick(list(SUSPENSION_REASONS), SUSPENSION_REASONS.length, 12)} END,
  CASE WHEN status IN ('approved', 'suspended') AND ${rnd(13, 1000)} < 5 THEN 'honorary'
       WHEN status IN ('approved', 'suspended') AND ${rnd(13, 1000)} < 15 THEN 'lifetime'
       ELSE 'associate' END,
  CASE WHEN status = 'approved' AND ${rnd(14, 10)} < 7
    THEN greatest(decided, now() - ${rnd(15, 525600)} * interval '1 minute') END,
  'v1',
  created,
  created,
  created
FROM (
  SELECT g, created, least(now(), created + (1 + ${rnd(16, 72)}) * interval '1 hour') AS decided,
    (${list(DEPARTMENTS)})[1 + ${rnd(6, DEPARTMENTS.length)}] AS dept,
    CASE WHEN ${rnd(17, 1000)} < 50 THEN 'pending'
         WHEN ${rnd(17, 1000)} < 70 THEN 'rejected'
         WHEN ${rnd(17, 1000)} < 80 THEN 'suspended'
         ELSE 'approved' END AS status
  FROM (
    SELECT g, now() - (${n + 1} - g) * interval '50 minutes' - ${rnd(18, 3000)} * interval '1 second'
      AS created
    FROM generate_series(1, ${n}) AS g
  ) AS numbered
) AS drawn`,
    },
    {
      label: `${COUNTS.applications.toLocaleString("en")} full-membership applications`,
      // One per member, among approved (and later suspended) members: 70 % approved, 20 %
      // pending, 10 % rejected, made some weeks after the sign-up was approved.
      sql: `
INSERT INTO membership_applications (user_id, name, email, phone, license_number, hospital_name,
  department, address, status, rejection_reason, created_at, updated_at)
SELECT id, name, email, phone, license_number, hospital_name, department, address,
  CASE WHEN k < 70 THEN 'approved' WHEN k < 90 THEN 'pending' ELSE 'rejected' END,
  CASE WHEN k >= 90 THEN '정회원 자격 요건(개원 후 2년)을 충족하지 않습니다.' END,
  applied,
  CASE WHEN k < 70 OR k >= 90 THEN least(now(), applied + interval '3 days') ELSE applied END
FROM (
  SELECT u.*, ${rnd(21, 100, "u.rn")} AS k,
    least(now() - interval '1 hour', u.approved_at + ${rnd(22, 700, "u.rn")} * interval '1 day') AS applied
  FROM (
    SELECT users.*, row_number() OVER (ORDER BY created_at) AS rn
    FROM users WHERE is_approved AND role = 'member'
  ) AS u
  ORDER BY ${rnd(23, 1_000_000, "u.rn")}, u.rn
  LIMIT ${COUNTS.applications}
) AS chosen`,
    },
    {
      label: "정회원 for the approved applications (as migration 0007 does)",
      sql: `
UPDATE users SET member_type = 'regular'
WHERE member_type = 'associate'
  AND id IN (SELECT user_id FROM membership_applications WHERE status = 'approved')`,
    },
    {
      label: `${COUNTS.announcements.toLocaleString("en")} announcements`,
      // Every 8 hours over ≈ 9 years; three paragraphs and a detail list each (≈ 0.6 KB).
      sql: `
INSERT INTO announcements (title, content, category, link_url, views, created_at, updated_at)
SELECT
  extract(year FROM created AT TIME ZONE 'Asia/Seoul') || '년 '
    || ${pick(list(TOPICS), TOPICS.length, 31)} || ' 안내 (' || g || ')',
  '<p>' || ${pick(list(PARAGRAPHS), PARAGRAPHS.length, 32)} || '</p><p>'
    || ${pick(list(PARAGRAPHS), PARAGRAPHS.length, 33)} || '</p><ul><li>일시: '
    || to_char(created AT TIME ZONE 'Asia/Seoul' + interval '14 days', 'YYYY"년" MM"월" DD"일"')
    || ' 오후 7시</li><li>장소: 학회 세미나실 (수성구 범어동)</li></ul><p>'
    || ${pick(list(PARAGRAPHS), PARAGRAPHS.length, 34)} || '</p>',
  ${pick(
    weighted([
      ["일반", 4],
      ["공지", 3],
      ["행사", 2],
      ["학술", 2],
    ]),
    11,
    35,
  )},
  CASE WHEN ${rnd(36, 10)} = 0 THEN 'https://example.com/notice/' || g END,
  ${rnd(37, 2000)},
  created,
  created
FROM (
  SELECT g, now() - (${COUNTS.announcements + 1} - g) * interval '8 hours'
    - ${rnd(38, 3600)} * interval '1 second' AS created
  FROM generate_series(1, ${COUNTS.announcements}) AS g
) AS numbered`,
    },
    {
      label: `${COUNTS.audit.toLocaleString("en")} audit entries`,
      // By the administrator, about members picked at random, every 5 minutes over ≈ 694 days
      // (inside AUDIT_LOG_RETENTION_DAYS' default 730, so the retention job at start keeps them).
      sql: `
INSERT INTO audit_log (actor_id, actor_email, action, subject_id, subject_label, detail, ip,
  created_at)
SELECT '${admin.id}'::uuid, '${admin.email}', action, u.id,
  CASE WHEN action LIKE 'export_%' THEN NULL ELSE u.name || ' <' || u.email || '>' END,
  CASE WHEN action = 'export_members' THEN jsonb_build_object('rows', ${n})
       WHEN action = 'member_suspend' THEN jsonb_build_object('reason', '회비 장기 미납')
       WHEN action = 'role_change' THEN jsonb_build_object('role', 'member') END,
  '192.168.0.' || (1 + ${rnd(41, 50)}),
  now() - (${COUNTS.audit + 1} - g) * interval '5 minutes'
FROM (
  SELECT g, ${pick(auditActions, auditActionCount, 42)} AS action, 1 + ${rnd(43, n)} AS rn
  FROM generate_series(1, ${COUNTS.audit}) AS g
) AS entries
JOIN (
  SELECT id, name, email, row_number() OVER (ORDER BY created_at) AS rn
  FROM users WHERE role = 'member'
) AS u USING (rn)`,
    },
  ];
}

/** The rows of a query; both drivers answer `{ rows }`, which drizzle's common type leaves open. */
async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const log = (message: string) => process.stderr.write(`${message}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  const email = process.env.BENCH_ADMIN_EMAIL;
  const password = process.env.BENCH_ADMIN_PASSWORD;
  if (!email || !password) throw new Error("BENCH_ADMIN_EMAIL and BENCH_ADMIN_PASSWORD are needed");
  const url = process.env.DATABASE_URL;
  const dataDir = process.env.DATA_DIR;
  if (!url && !dataDir) throw new Error("DATA_DIR or DATABASE_URL names the database to fill");
  const handle = await openDatabase(
    url ? { kind: "postgres", url } : { kind: "pglite", dataDir: dataDir as string },
  );
  try {
    let started = performance.now();
    await handle.migrate();
    const migrateMs = performance.now() - started;
    log(`  migrations: ${seconds(migrateMs)}`);
    const db = handle.db;
    const [existing] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM users`);
    if ((existing?.n ?? 0) > 0) throw new Error("the database already has users: fill a new one");

    // The administrator first, so the audit entries can name them.
    const passwordHash = await hashPassword(password);
    const [admin] = await rows<{ id: string }>(
      db,
      sql`
        INSERT INTO users (email, password_hash, name, phone, license_number, hospital_name,
          department, address, role, is_approved, approved_at, member_type, created_at, updated_at)
        VALUES (${email}, ${passwordHash}, '벤치관리자', '053-000-0000', '-', '학회 사무국', '-',
          '대구광역시 수성구 범어로 1', 'admin', true, now() - interval '10 years', 'associate',
          now() - interval '10 years', now() - interval '10 years')
        RETURNING id`,
    );
    if (!admin) throw new Error("the administrator was not created");

    started = performance.now();
    const steps: { label: string; ms: number }[] = [];
    // One transaction: one commit, and one connection for PostgreSQL.
    await db.transaction(async (tx) => {
      for (const statement of fillStatements({ id: admin.id, email })) {
        const t = performance.now();
        await tx.execute(sql.raw(statement.sql));
        steps.push({ label: statement.label, ms: performance.now() - t });
        log(`  ${statement.label}: ${seconds(performance.now() - t)}`);
      }
    });
    // Seminars, executives and history as a fresh install has them (their dashboard tabs).
    let t = performance.now();
    await seedDemoContent(db);
    steps.push({ label: "demo seminars, executives, history", ms: performance.now() - t });
    t = performance.now();
    // Planner statistics and the visibility map, as autovacuum (PostgreSQL) or the daily job
    // (PGlite, see retention.server.ts) keep them on a database that grew to this size.
    await db.execute(sql`VACUUM (ANALYZE)`);
    steps.push({ label: "VACUUM (ANALYZE)", ms: performance.now() - t });
    log(`  VACUUM (ANALYZE): ${seconds(performance.now() - t)}`);
    const fillMs = performance.now() - started;

    const [counts] = await rows<Record<string, number>>(
      db,
      sql`
        SELECT
          (SELECT count(*)::int FROM users) AS users,
          (SELECT count(*)::int FROM users WHERE role = 'member' AND NOT is_approved
             AND rejected_at IS NULL AND suspended_at IS NULL) AS pending,
          (SELECT count(*)::int FROM membership_applications) AS applications,
          (SELECT count(*)::int FROM membership_applications WHERE status = 'pending')
            AS "pendingApplications",
          (SELECT count(*)::int FROM announcements) AS announcements,
          (SELECT count(*)::int FROM seminars) AS seminars,
          (SELECT count(*)::int FROM audit_log) AS audit`,
    );
    // The member record to measure: an approved member with an application and audit entries.
    const [member] = await rows<{ id: string }>(
      db,
      sql`
        SELECT u.id FROM users u
        JOIN membership_applications a ON a.user_id = u.id
        WHERE u.role = 'member' AND u.is_approved AND u.suspended_at IS NULL
          AND EXISTS (SELECT 1 FROM audit_log l WHERE l.subject_id = u.id)
        ORDER BY u.created_at LIMIT 1 OFFSET 1000`,
    );
    const summary = {
      kind: handle.kind,
      migrateMs: Math.round(migrateMs),
      fillMs: Math.round(fillMs),
      steps: steps.map((s) => ({ label: s.label, ms: Math.round(s.ms) })),
      counts,
      memberId: member?.id,
    };
    process.stdout.write(`${JSON.stringify(summary)}\n`);
  } finally {
    await handle.close();
  }
}

try {
  await main();
} catch (error) {
  // Drizzle's message is the failed query; the database's own words are in its cause.
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : "";
  console.error(`bench-scale-fill: ${error instanceof Error ? error.message : error}`);
  if (cause) console.error(`bench-scale-fill: ${cause}`);
  process.exitCode = 1;
}
