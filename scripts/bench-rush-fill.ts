// The fill of `npm run bench:rush` (scripts/bench-rush.js starts it with tsx): the members of a
// registration day, signed in already, and the paid seminar they rush for, made with set-based SQL
// after the app's own migrations. Logging 3,000 members in is not what the benchmark measures.
//
//   DATA_DIR=… or DATABASE_URL=…   the database to fill (it should be new and empty)
//   APP_SECRET, PUBLIC_URL          the server's: the session cookies are signed as it signs them
//   BENCH_MEMBERS, BENCH_SEATS      how many members (3000), how many seats (300)
//
// Members are approved, 70 % 정회원 (in full standing: no dues year is set up, so nobody owes
// dues) and 30 % 준회원, which the seminar's fee table tells apart (50,000 and 80,000 won). Each has
// one session row (as createUserSession writes it) whose last activity was an hour ago, so each
// member's first request moves its idle expiry on, as on a real morning. An administrator with a
// session of their own opens the seminar and reads the office's figures. The seminar takes
// registrations from tomorrow until the benchmark moves the opening to its start.
//
// Progress goes to stderr; the last line on stdout is a JSON summary for the driver, with every
// member's Cookie header.
//
// First, before anything opens a file: what this command creates is the user's alone.
import "~/lib/private-files.server";
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { createCookie } from "react-router";
import { rowsOf } from "~/db.server";
import { MEMBER_IDLE_SECONDS, SESSION_COOKIE_NAME } from "~/features/accounts/session.server";
import { appSecret } from "~/lib/secret.server";
import { openDatabase } from "~db/client.server";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 3000);
const SEATS = Number(process.env.BENCH_SEATS ?? 300);
const FEES = { full: 50_000, other: 80_000 };
// No password verifies against it: nobody logs in during the benchmark.
const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$YmVuY2gtcnVzaA$bm90LWEtcmVhbC1oYXNoLWF0LWFsbA";

const log = (message: string) => process.stderr.write(`${message}\n`);

async function main() {
  if (!Number.isInteger(MEMBERS) || MEMBERS < 1 || !Number.isInteger(SEATS) || SEATS < 1) {
    throw new Error("BENCH_MEMBERS and BENCH_SEATS must be whole numbers ≥ 1");
  }
  const url = process.env.DATABASE_URL;
  const dataDir = process.env.DATA_DIR;
  if (!url && !dataDir) throw new Error("DATA_DIR or DATABASE_URL names the database to fill");
  const handle = await openDatabase(
    url ? { kind: "postgres", url } : { kind: "pglite", dataDir: dataDir as string },
  );
  try {
    let started = performance.now();
    await handle.migrate();
    log(`  migrations: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const db = handle.db;
    const [existing] = rowsOf<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM users`),
    );
    if ((existing?.n ?? 0) > 0) throw new Error("the database already has users: fill a new one");

    started = performance.now();
    // Session ids as createUserSession makes them (32 random bytes, base64url): the first for the
    // administrator, then one per member in e-mail order.
    const sids = Array.from({ length: MEMBERS + 1 }, () =>
      crypto.randomBytes(32).toString("base64url"),
    );
    const seminar = await db.transaction(async (tx) => {
      await tx.execute(sql`
        INSERT INTO users (email, password_hash, name, phone, license_number, hospital_name,
          department, address, role, is_approved, approved_at, member_type, created_at, updated_at)
        VALUES ('bench-rush-admin@example.org', ${DUMMY_HASH}, '벤치관리자', '053-000-0000', '-',
          '학회 사무국', '-', '대구광역시 수성구 범어로 1', 'admin', true, now() - interval '5 years',
          'associate', now() - interval '5 years', now() - interval '5 years')`);
      await tx.execute(sql`
        INSERT INTO users (email, password_hash, name, phone, license_number, hospital_name,
          department, address, role, is_approved, approved_at, member_type, privacy_consent_version,
          privacy_consent_at, created_at, updated_at)
        SELECT 'rush' || lpad(g::text, 5, '0') || '@example.org', ${DUMMY_HASH},
          '회원' || lpad(g::text, 5, '0'),
          '010-' || (2000 + g % 7000) || '-' || lpad((g % 10000)::text, 4, '0'),
          (50000 + g)::text, '튼튼의원 ' || g || '호점', '가정의학과',
          '대구광역시 수성구 달구벌대로 ' || g, 'member', true, now() - interval '2 years',
          CASE WHEN g % 10 < 7 THEN 'regular' ELSE 'associate' END, 'v1',
          now() - interval '2 years', now() - interval '2 years', now() - interval '2 years'
        FROM generate_series(1, ${MEMBERS}) AS g`);
      // The rows createUserSession would have written an hour ago (the administrator's: now, as
      // their idle limit is an hour).
      await tx.execute(sql`
        INSERT INTO sessions (sid, sess, expire, created_at, last_seen_at, user_id)
        SELECT s.sid,
          jsonb_build_object('userId', u.id, 'idleSeconds', u.idle),
          now() + make_interval(secs => u.idle) - u.seen, now() - u.seen, now() - u.seen, u.id
        FROM unnest(string_to_array(${sids.join(",")}, ',')) WITH ORDINALITY AS s(sid, n)
        JOIN (
          SELECT id,
            row_number() OVER (ORDER BY role <> 'admin', email) AS n,
            CASE WHEN role = 'admin' THEN 3600 ELSE ${MEMBER_IDLE_SECONDS} END AS idle,
            CASE WHEN role = 'admin' THEN interval '0' ELSE interval '1 hour' END AS seen
          FROM users
        ) AS u USING (n)`);
      const [row] = rowsOf<{ id: string }>(
        await tx.execute(sql`
          INSERT INTO seminars (title, description, speaker, date, location, status, capacity,
            registration_opens_at, cancellation_deadline, audience, cme_credits, fee_full, fee_other)
          VALUES ('2026 추계 학술대회 (사전등록)',
            ${"개원가에서 바로 쓰는 최신 진료 지침과 건강보험 청구 실무를 하루에 정리합니다. 사전등록은 선착순이며, 정원이 차면 대기자로 접수됩니다. ".repeat(4)},
            '김연자 교수 외 4인', now() + interval '30 days', '대구 엑스코 컨벤션홀', 'open', ${SEATS},
            now() + interval '1 day', now() + interval '27 days', 'members', 6,
            ${FEES.full}, ${FEES.other})
          RETURNING id`),
      );
      return row!;
    });
    await db.execute(sql`VACUUM (ANALYZE)`);
    const fillMs = performance.now() - started;

    // Signed as the server signs them (React Router's cookie with APP_SECRET).
    const cookie = createCookie(SESSION_COOKIE_NAME, { secrets: [appSecret()] });
    const headerOf = async (sid: string) => (await cookie.serialize(sid)).split(";")[0]!;
    const people = rowsOf<{ id: string; sid: string; role: string; member_type: string }>(
      await db.execute(sql`
        SELECT u.id, s.sid, u.role, u.member_type FROM sessions s JOIN users u ON u.id = s.user_id
        ORDER BY u.role <> 'admin', u.email`),
    );
    const [admin, ...members] = people;
    if (admin?.role !== "admin" || members.length !== MEMBERS) {
      throw new Error(`expected an administrator and ${MEMBERS} members with sessions`);
    }
    const summary = {
      kind: handle.kind,
      fillMs: Math.round(fillMs),
      seminarId: seminar.id,
      seats: SEATS,
      fees: FEES,
      admin: { id: admin.id, cookie: await headerOf(admin.sid) },
      members: await Promise.all(
        members.map(async (m) => ({
          id: m.id,
          regular: m.member_type === "regular",
          cookie: await headerOf(m.sid),
        })),
      ),
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
  console.error(`bench-rush-fill: ${error instanceof Error ? error.message : error}`);
  if (cause) console.error(`bench-rush-fill: ${cause}`);
  process.exitCode = 1;
}
