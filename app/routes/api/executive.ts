import { deleteExecutive, updateExecutive } from "~/features/executives/executives.server";
import { executivePatchSchema } from "~/features/executives/validation";
import { itemAction } from "~/lib/admin-api.server";
import { methodNotAllowed } from "~/lib/errors.server";

// PATCH and DELETE /api/executives/{id} (administrators).
export const action = itemAction({
  patch: executivePatchSchema,
  update: updateExecutive,
  remove: deleteExecutive,
});
export const loader = methodNotAllowed("PATCH, DELETE");
