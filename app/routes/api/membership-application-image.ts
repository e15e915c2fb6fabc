import { requireUser } from "~/features/accounts/session.server";
import { attachLicenseImage } from "~/features/membership/applications.server";
import { api, methodNotAllowed, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import { z } from "~/lib/zod";
import type { Route } from "./+types/membership-application-image";

const IMAGE_REQUIRED = "의사 면허증 이미지를 업로드해주세요";
// SPEC.md §7 names the field licenseImageURL; licenseImageUrl is accepted too.
const body = z
  .object({ licenseImageURL: z.string().optional(), licenseImageUrl: z.string().optional() })
  .transform((value) => value.licenseImageURL ?? value.licenseImageUrl ?? "")
  .pipe(z.string().trim().min(1, IMAGE_REQUIRED).max(300, IMAGE_REQUIRED));

// PUT /api/membership-applications/{id}/license-image: the owner attaches an uploaded image.
export const action = api(async ({ request, params, url }: Route.ActionArgs) => {
  requireMethod(request, "PUT");
  const user = await requireUser({ request, url });
  const objectPath = parse(body, await readJson(request));
  await attachLicenseImage(params.id, user.id, objectPath);
  return Response.json({ licenseImageUrl: objectPath });
});

export const loader = methodNotAllowed("PUT");
