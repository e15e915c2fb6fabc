const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a well-formed id; anything else is answered 404 without asking the database. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
