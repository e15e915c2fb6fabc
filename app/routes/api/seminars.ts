import { createAction } from "~/features/admin/admin-api.server";
import { seatsLeftOf } from "~/features/seminars/registrations.server";
import {
  countSeminars,
  createSeminar,
  listSeminars,
  seminarView,
  withPhase,
} from "~/features/seminars/seminars.server";
import { seminarSchema } from "~/features/seminars/validation";
import { api } from "~/lib/errors.server";
import { listCallResponse } from "~/lib/list-page.server";
import type { Route } from "./+types/seminars";

// GET /api/seminars: a bare array by date, soonest first; `?page=&pageSize=` (≤ 100) answers
// one page of that order, with the total in `X-Total-Count`. Each seminar says its seats left
// (null: unlimited), its fee table `fees` (null: free) and its `phase` at the time of the request
// (upcoming, ongoing, past: by its start and end, seminarPhase).
export const loader = api(async ({ request }: Route.LoaderArgs) =>
  listCallResponse(request, {
    rows: async (window) => {
      const list = await listSeminars(window);
      const seats = await seatsLeftOf(list);
      return withPhase(list).map(({ createdAt: _createdAt, ...seminar }) => ({
        ...seminarView(seminar),
        seatsLeft: seats.get(seminar.id) ?? null,
      }));
    },
    count: () => countSeminars(),
  }),
);

// POST /api/seminars (administrators).
export const action = createAction(seminarSchema, async (input, audit) =>
  seminarView(await createSeminar(input, audit)),
);
