/** Whether PostgreSQL answered `error` (from pg or PGlite, wrapped by Drizzle or not) with `code`. */
function answeredWith(error: unknown, codes: readonly string[]): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const { code } = current as { code?: unknown };
    if (typeof code === "string" && codes.includes(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** True for a PostgreSQL unique violation (23505). */
export const isUniqueViolation = (error: unknown) => answeredWith(error, ["23505"]);

/**
 * True for text PostgreSQL cannot store: a NUL, or bytes that are not UTF-8 (22021), or a
 * character the database's encoding lacks (22P05). The readers of bodies and addresses refuse a
 * NUL first; this is the net under them (a value from an uploaded file, say), so that such input
 * is the sender's error (400), not the server's.
 */
export const isUnstorableText = (error: unknown) => answeredWith(error, ["22021", "22P05"]);
