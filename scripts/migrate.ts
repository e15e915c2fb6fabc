// npm run db:migrate: applies the committed migrations to the database the environment names.
// First, before anything opens a file: what this command creates is the user's alone.
import "~/lib/private-files.server";
import { connect, disconnect } from "~/db.server";

try {
  const handle = await connect();
  await handle.migrate();
  console.log(`Migrations applied (${handle.kind}).`);
} catch (error) {
  console.error(`db:migrate: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await disconnect();
}
