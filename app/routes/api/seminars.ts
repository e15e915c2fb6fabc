import { createAction } from "~/features/admin/admin-api.server";
import { createSeminar, listSeminars } from "~/features/seminars/seminars.server";
import { seminarSchema } from "~/features/seminars/validation";
import { api } from "~/lib/errors.server";

export const loader = api(async () => {
  const seminars = await listSeminars();
  return Response.json(seminars.map(({ createdAt: _createdAt, ...seminar }) => seminar));
});

// POST /api/seminars (administrators).
export const action = createAction(seminarSchema, createSeminar);
