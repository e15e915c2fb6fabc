// npm run admin:reset-mfa -- --email E
// Resets an account's second factor (TOTP and recovery codes) from the command line, for the last
// administrator who lost their phone and recovery codes: every session of the account ends, the
// reset is audited (by "system") and the owner is mailed; they enrol again at their next login.
// It works on the database the environment names (DATA_DIR or DATABASE_URL).
import "~/lib/private-files.server";
import { parseArgs } from "node:util";
import { and, eq, isNull, sql } from "drizzle-orm";
import { connect, disconnect } from "~/db.server";
import { emailField } from "~/features/accounts/validation";
import { resetSecondFactorOf } from "~/features/second-factor/second-factor.server";
import { users } from "~db/schema";

const { values } = parseArgs({ options: { email: { type: "string" } } });

function fail(message: string): never {
  console.error(`admin:reset-mfa: ${message}`);
  process.exit(1);
}

const email = emailField.safeParse(values.email ?? "");
if (!email.success) fail("--email must be a valid e-mail address");

try {
  const handle = await connect();
  await handle.migrate();
  const [account] = await handle.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.data.toLowerCase()), isNull(users.rejectedAt)));
  if (!account) fail(`no account with the e-mail ${email.data}`);
  await resetSecondFactorOf(account.id, null);
  console.log(
    `Reset the second factor of ${email.data}: sessions ended, owner mailed; they enrol again at their next login.`,
  );
} catch (error) {
  fail((error as Error).message);
} finally {
  await disconnect();
}
