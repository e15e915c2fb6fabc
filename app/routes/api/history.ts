import { listHistory } from "~/features/history/history.server";

export async function loader() {
  return Response.json(await listHistory());
}
