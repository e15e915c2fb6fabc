// Who must sign in with a second factor. One rule over the account's role, used by the session
// guard, the login and the enrolment page alike: a new role that handles members' personal data
// is added to this list and nothing else changes. Check-in staff (role 'checkin') see registrants'
// names and phone numbers at the seminar's door.
export const SECOND_FACTOR_ROLES: readonly string[] = ["admin", "checkin"];

export function needsSecondFactor(role: string): boolean {
  return SECOND_FACTOR_ROLES.includes(role);
}

/**
 * What a session of an account is worth, given the account's role, whether it has a confirmed
 * second factor, whether this session passed it, and whether the site requires one:
 * - `full`: the account's role applies;
 * - `enrolment-only`: signed in with the password alone while a factor is required but not yet
 *   set up: the role's pages and calls are refused, except enrolment;
 * - `none`: not a session at all (the account has a factor this session never passed).
 */
export type SessionStanding = "full" | "enrolment-only" | "none";

export function sessionStanding(input: {
  role: string;
  enrolled: boolean;
  verified: boolean;
  required: boolean;
}): SessionStanding {
  if (!needsSecondFactor(input.role)) return "full";
  if (input.enrolled) return input.verified ? "full" : "none";
  return input.required ? "enrolment-only" : "full";
}
