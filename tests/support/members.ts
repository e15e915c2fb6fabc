// Helpers for the members-only integration tests: approved members inserted straight into the
// database (a fixture shortcut) and logged in over HTTP, announcements as fixtures, JSON calls with
// other verbs than accounts.ts covers, and readers for the pages' HTML.
import { eq } from "drizzle-orm";
import { announcements, membershipApplications, users } from "~db/schema";
import { logInCookie, PASSWORD, uniqueEmail } from "./accounts";
import type { TestServer } from "./test-server";

let passwordHash: Promise<string> | undefined;

/** The argon2 hash of PASSWORD, computed once with the application's own hasher. */
async function hashOfPassword() {
  const { hashPassword } = await import("~/features/accounts/passwords.server");
  passwordHash ??= hashPassword(PASSWORD);
  return passwordHash;
}

export type Member = { id: string; email: string; password: string; name: string; cookie: string };

let memberCounter = 0;

/**
 * Fixture (database shortcut): an approved member inserted into `users`, then logged in over
 * HTTP (POST /api/auth/login). Call only after startTestServer.
 */
export async function insertMember(
  server: TestServer,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<Member> {
  memberCounter += 1;
  const email = overrides.email ?? uniqueEmail("member");
  const name = overrides.name ?? `회원${memberCounter}호`;
  const [row] = await server.db
    .insert(users)
    .values({
      email,
      passwordHash: await hashOfPassword(),
      name,
      phone: "010-2345-6789",
      licenseNumber: `L-${memberCounter}`,
      hospitalName: "테스트의원",
      department: "가정의학과",
      address: "대구광역시 수성구 동대구로 1",
      isApproved: true,
      ...overrides,
    })
    .returning({ id: users.id });
  const cookie = await logInCookie(server, email, PASSWORD);
  return { id: row!.id, email, password: PASSWORD, name, cookie };
}

/** Fixture: changes a user's approval in the database (e.g. to revoke it after login). */
export async function setApproved(server: TestServer, id: string, isApproved: boolean) {
  await server.db.update(users).set({ isApproved }).where(eq(users.id, id));
}

/** Fixture: an announcement row as an administrator's editor might have stored it. */
export async function insertAnnouncement(
  server: TestServer,
  values: Partial<typeof announcements.$inferInsert> = {},
) {
  const [row] = await server.db
    .insert(announcements)
    .values({
      title: "테스트 공지사항",
      content: "<p>테스트 본문입니다.</p>",
      category: "공지",
      ...values,
    })
    .returning();
  return row!;
}

export async function announcementRow(server: TestServer, id: string) {
  const [row] = await server.db.select().from(announcements).where(eq(announcements.id, id));
  return row;
}

export async function applicationRows(server: TestServer, userId: string) {
  return server.db
    .select()
    .from(membershipApplications)
    .where(eq(membershipApplications.userId, userId));
}

type CallOptions = { cookie?: string | null; origin?: string };

/** A JSON request with any method (PUT, PATCH…); `body` undefined sends none. */
export function sendJson(
  server: TestServer,
  method: string,
  path: string,
  body?: unknown,
  options: CallOptions = {},
) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["Content-Type"] = "application/json; charset=utf-8";
  if (options.cookie) headers.Cookie = options.cookie;
  if (options.origin) headers.Origin = options.origin;
  return server.fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** GETs a page and answers its status, headers and HTML. */
export async function page(server: TestServer, path: string, cookie?: string | null) {
  const res = await server.fetch(path, { headers: cookie ? { Cookie: cookie } : {} });
  return { status: res.status, headers: res.headers, html: await res.text() };
}

/** A complete, valid application payload (SPEC.md §7) apart from what the session supplies. */
export function applicationPayload(overrides: Record<string, unknown> = {}) {
  return {
    phone: "010-9876-5432",
    licenseNumber: "98765",
    hospitalName: "수성정형외과의원",
    department: "정형외과",
    address: "대구광역시 수성구 달구벌대로 2",
    ...overrides,
  };
}
