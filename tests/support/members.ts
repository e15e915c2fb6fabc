// Helpers for the members-only integration tests: approved members inserted straight into the
// database (a fixture shortcut) and logged in over HTTP, announcements as fixtures, and readers
// for the pages' HTML. JSON calls with any verb and the application payload are ./http.ts's.
import { eq } from "drizzle-orm";
import { announcements, membershipApplications, users } from "~db/schema";
import { logInCookie, PASSWORD, uniqueEmail } from "./http";
import type { TestServer } from "./test-server";

export { applicationPayload, sendJson } from "./http";

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
 * HTTP (POST /api/auth/login). Call only once the file's server has started (setupTestServer).
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

/** GETs a page and answers its status, headers and HTML. */
export async function page(server: TestServer, path: string, cookie?: string | null) {
  const res = await server.fetch(path, { headers: cookie ? { Cookie: cookie } : {} });
  return { status: res.status, headers: res.headers, html: await res.text() };
}
