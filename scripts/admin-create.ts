// npm run admin:create -- --email E --password P --name N
// Creates an approved administrator, or promotes an existing account, in the database the
// environment names (DATA_DIR or DATABASE_URL), applying migrations first.
// First, before anything opens a file: what this command creates is the user's alone.
import "~/lib/private-files.server";
import { parseArgs } from "node:util";
import { connect, disconnect } from "~/db.server";
import { createAdministrator } from "~/features/accounts/accounts.server";
import { isStrongPassword } from "~/features/accounts/password-strength.server";
import { emailField, newPasswordField } from "~/features/accounts/validation";

const { values } = parseArgs({
  options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
});

function fail(message: string): never {
  console.error(`admin:create: ${message}`);
  process.exit(1);
}

const email = emailField.safeParse(values.email ?? "");
if (!email.success) fail("--email must be a valid e-mail address");
const password = newPasswordField.safeParse(values.password ?? "");
if (!password.success) fail("--password must be at least 8 characters");
const name = values.name?.trim() || "관리자";
// An administrator's password guards every member's personal data: the same strength rule as
// members' (a common password, or one built from the e-mail or name, is refused).
if (!(await isStrongPassword(password.data, { email: email.data, name }))) {
  fail(
    "--password is too easy to guess (a common password, or built from the e-mail or name); choose a longer, less predictable one",
  );
}

try {
  const handle = await connect();
  await handle.migrate();
  const result = await createAdministrator({ email: email.data, password: password.data, name });
  console.log(
    result.created
      ? `Created administrator ${email.data}.`
      : `Promoted ${email.data} to administrator (approved, password replaced).`,
  );
} catch (error) {
  fail((error as Error).message);
} finally {
  await disconnect();
}
