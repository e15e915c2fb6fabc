import { requireActor } from "~/features/accounts/actor.server";
import { readExportPurpose } from "~/features/audit/export-purpose.server";
import { rollCsv } from "~/features/votes/votes.server";
import { csvDownload } from "~/lib/csv";
import { api } from "~/lib/errors.server";
import type { Route } from "./+types/admin-vote-roll-csv";

// GET /admin/votes/{id}/roll.csv?purpose=… (administrators): the roll with who voted and on which
// day, never a choice; the export states its purpose and is audited with it and the row count.
export const loader = api(async (args: Route.LoaderArgs) => {
  const actor = await requireActor(args, "admin");
  const purpose = readExportPurpose(args.url);
  return csvDownload(await rollCsv(actor, args.params.id, purpose), "vote-roll");
});
