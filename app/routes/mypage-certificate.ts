import { requireUser } from "~/features/accounts/session.server";
import { certificatePdfOf } from "~/features/seminars/certificates.server";
import { api } from "~/lib/errors.server";
import type { Route } from "./+types/mypage-certificate";

// GET /mypage/certificates/{seminarId}.pdf: the signed-in member's 참석확인서 for a seminar whose
// credit sheet is locked (404 otherwise; a visitor goes to the login page). The PDF is kept until
// what it shows changes; drawing new ones past the member's hourly allowance is a 429.
export const loader = api(async ({ request, params, url }: Route.LoaderArgs) => {
  const user = await requireUser({ request, url });
  const { certificate, pdf } = await certificatePdfOf(user.id, params.id);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="certificate-${certificate.code}.pdf"; filename*=UTF-8''${encodeURIComponent(`참석확인서-${certificate.code}.pdf`)}`,
      "X-Robots-Tag": "noindex",
    },
  });
});
