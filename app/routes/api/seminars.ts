import { listSeminars } from "~/features/seminars/seminars.server";

export async function loader() {
  const seminars = await listSeminars();
  return Response.json(seminars.map(({ createdAt: _createdAt, ...seminar }) => seminar));
}
