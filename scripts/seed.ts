// npm run db:seed: demo content into the database the environment names (empty tables only).
// First, before anything opens a file: what this command creates is the user's alone.
import "~/lib/private-files.server";
import { connect, disconnect } from "~/db.server";
import { seedDemoContent } from "~/features/demo/demo-content.server";

try {
  const handle = await connect();
  await handle.migrate();
  await seedDemoContent(handle.db);
  console.log("Demo content seeded (tables that already had rows were left alone).");
} catch (error) {
  console.error(`db:seed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await disconnect();
}
