// npm run db:seed: demo content into the database the environment names (empty tables only), and
// the demo society (members and their activity) only when the database has no account at all.
// First, before anything opens a file: what this command creates is the user's alone.
import "~/lib/private-files.server";
import { connect, disconnect } from "~/db.server";
import { seedDemoContent } from "~/features/demo/demo-content.server";
import { seedDemoSociety } from "~/features/demo/demo-society.server";
import { paymentsMode, providerSettings } from "~/features/gateway/portone.server";

try {
  const handle = await connect();
  await handle.migrate();
  await seedDemoContent(handle.db);
  console.log("Demo content seeded (tables that already had rows were left alone).");
  const society = await seedDemoSociety(handle.db, {
    testGatewayStoreId: paymentsMode() === "test" ? providerSettings().storeId : null,
  });
  if (society) {
    console.log(
      `Demo society seeded: ${society.members} demo members (shown only now: every one signs in with this password)\n` +
        `  e-mail:   ${society.login.email}\n  password: ${society.login.password}`,
    );
  } else {
    console.log("Demo society skipped: the database already has accounts.");
  }
} catch (error) {
  console.error(`db:seed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await disconnect();
}
