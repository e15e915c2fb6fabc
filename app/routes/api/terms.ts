import { termsForReaders, termsVersionList } from "~/features/society/terms.server";
import { api } from "~/lib/errors.server";

// GET /api/terms → { version, body, publishedAt, versions: [{ version, publishedAt }] }: the
// 이용약관 in force (public, as the page is), with the list of every version.
export const loader = api(async () => {
  const [terms, versions] = await Promise.all([termsForReaders(), termsVersionList()]);
  if (!terms) return Response.json({ message: "이용약관이 없습니다." }, { status: 404 });
  return Response.json({ ...terms, versions });
});
