// Who may download what from the library (issue 19). Every item is listed to every approved
// member; downloading follows the item's access level:
// - 'members': any approved member (only approved members have sessions);
// - 'regular' (정회원 전용): members in full standing, administrators, and the attendees of the
//   seminar the item is tied to (slides for those who came), whatever their standing.
import {
  getCurrentUser,
  LOGIN_REQUIRED,
  type SessionUser,
} from "~/features/accounts/session.server";
import { attendedSeminarIds } from "~/features/seminars/check-ins.server";
import { inAudience } from "~/features/seminars/rules";

/**
 * Full-member standing (정회원): THE one predicate the library asks. Until the dues standing of
 * issue 18 lands it is the member type, as seminars' "정회원" audience reads it (regular, honorary,
 * lifetime); switch this function to the dues standing then.
 */
export async function hasFullStanding(member: Pick<SessionUser, "id" | "memberType">) {
  return inAudience({ audience: "regular" }, member.memberType);
}

/** What the download rule needs to know about a reader, read once per request. */
export type LibraryReader = {
  id: string;
  role: string;
  fullStanding: boolean;
  attended: ReadonlySet<string>;
};

export async function libraryReader(
  user: Pick<SessionUser, "id" | "role" | "memberType">,
): Promise<LibraryReader> {
  const [fullStanding, attended] = await Promise.all([
    hasFullStanding(user),
    attendedSeminarIds(user.id),
  ]);
  return { id: user.id, role: user.role, fullStanding, attended };
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
