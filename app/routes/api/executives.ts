import { listExecutives } from "~/features/executives/executives.server";

export async function loader() {
  return Response.json(await listExecutives());
}
