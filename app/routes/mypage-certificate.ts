import { requireUser } from "~/features/accounts/session.server";
import { certificateOf, certificatePdf } from "~/features/seminars/certificates.server";
import { api } from "~/lib/errors.server";
import type { Route } from "./+types/mypage-certificate";

// GET /mypage/certificates/{seminarId}.pdf: the signed-in member's 참석확인서 for a seminar whose
// credit sheet is locked (404 otherwise; a visitor goes to the login page).
export const loader = api(async ({ request, params, url }: Route.LoaderArgs) => {
  const user = await requireUser({ request, url });
  const certificate = await certificateOf(user.id, params.id);
  const pdf = await certificatePdf(certificate);
  return new Response(Buffer.from(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="certificate-${certificate.code}.pdf"; filename*=UTF-8''${encodeURIComponent(`참석확인서-${certificate.code}.pdf`)}`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
});
