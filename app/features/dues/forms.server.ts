// The /admin/dues page's forms (and the dues section of the member record, which posts here with
// `returnTo`): where a form goes back to, and the bank statement sent with the upload form.
import { type Actor, assertAdmin } from "~/features/audit/actor.server";
import { AppError, parse } from "~/lib/errors.server";
import { isUuid } from "~/lib/ids";
import { createImport } from "./import.server";
import { STATEMENT_MAX_BYTES, STATEMENT_MESSAGES } from "./statement.server";
import { yearSchema } from "./validation";

/** Where a form from the member record goes back to: only a member record. */
export function safeReturnTo(value: unknown) {
  if (typeof value !== "string") return null;
  const match = value.match(/^\/admin\/members\/([0-9a-f-]{36})$/i);
  return match && isUuid(match[1]!) ? value : null;
}

/** The largest statement the page's upload form takes (the reader refuses more, unread). */
const STATEMENT_FORM_BYTES = STATEMENT_MAX_BYTES;

/** The statement as the page's upload form carries it. */
export const STATEMENT_FORM_FILE = {
  name: "file",
  maxBytes: STATEMENT_FORM_BYTES,
  tooLarge: STATEMENT_MESSAGES.tooLarge,
};

/** The statement sent with the page's upload form, read and stored for confirmation: its id. */
export async function importStatementFile(actor: Actor, yearText: string, file: File | null) {
  assertAdmin(actor);
  if (!file || file.size === 0) {
    throw new AppError("invalid", STATEMENT_MESSAGES.empty, { file: STATEMENT_MESSAGES.empty });
  }
  const year = parse(yearSchema, yearText);
  const bytes = Buffer.from(await file.arrayBuffer());
  return (await createImport(actor, year, file.name, bytes)).id;
}
