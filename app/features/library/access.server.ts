// Who may download what from the library. Every item is listed to every approved
// member; downloading follows the item's access level:
// - 'members': any approved member (only approved members have sessions);
// - 'regular' (정회원 전용): members in full standing (`standingOf` in features/dues), administrators, and the attendees of the
//   seminar the item is tied to (slides for those who came), whatever their standing.
import {
  getCurrentUser,
  LOGIN_REQUIRED,
  type SessionUser,
} from "~/features/accounts/session.server";
import { standingOf } from "~/features/dues/standing.server";
import { attendedSeminarIds } from "~/features/seminars/check-ins.server";

/** What the download rule needs to know about a reader, read once per request. */
export type LibraryReader = {
  id: string;
  role: string;
  fullStanding: boolean;
  attended: ReadonlySet<string>;
};

export async function libraryReader(
  user: Pick<SessionUser, "id" | "role" | "memberType" | "isApproved">,
): Promise<LibraryReader> {
  // 정회원 전용 follows full-member standing (features/dues/standing.server.ts: dues paid, exempt,
  // or the grace period).
  const [standing, attended] = await Promise.all([standingOf(user), attendedSeminarIds(user.id)]);
  return { id: user.id, role: user.role, fullStanding: standing.full, attended };
}

/** Whether `reader` may download `item`. */
export function canDownload(
  reader: LibraryReader,
  item: { access: string; seminarId: string | null },
): boolean {
  if (item.access !== "regular") return true;
  if (reader.role === "admin" || reader.fullStanding) return true;
  return item.seminarId !== null && reader.attended.has(item.seminarId);
}

const refusal = (status: 401 | 403, message: string) =>
  Response.json({ message }, { status, headers: { "Cache-Control": "private, no-store" } });

/** The library's reader for a call: 401 for a visitor (only approved members have sessions). */
export async function requireLibraryMember(request: Request): Promise<SessionUser> {
  const user = await getCurrentUser(request);
  if (user) return user;
  throw refusal(401, LOGIN_REQUIRED);
}
