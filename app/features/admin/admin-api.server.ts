// The administrators' write calls of SPEC.md §7 share one shape: POST on the collection creates;
// PATCH and DELETE on `/{id}` change or remove. Each checks the role itself.
import type { ActionFunctionArgs } from "react-router";
import { requireAdmin } from "~/features/accounts/session.server";
import type { AuditContext } from "~/features/audit/audit.server";
import { api, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { z } from "~/lib/zod";

/** The audit context of an administrator's request: who and from where (401/403 otherwise). */
export async function adminContext(
  request: Request,
  ip: string | undefined,
): Promise<AuditContext> {
  const admin = await requireAdmin(request);
  return { actor: { id: admin.id, email: admin.email }, ip };
}

/** Byte limit of an administrator's JSON body: the default, or more for long rich text. */
type BodyOptions = { maxBytes?: number };

export function createAction<S extends z.ZodType>(
  schema: S,
  create: (input: z.infer<S>, context: AuditContext) => Promise<unknown>,
  body: BodyOptions = {},
) {
  return api(async ({ request, context }: ActionFunctionArgs) => {
    requireMethod(request, "POST");
    const audit = await adminContext(request, context.get(clientIpContext));
    const input = parse(schema, await readJson(request, body));
    return Response.json(await create(input, audit), { status: 201 });
  });
}

export function itemAction<S extends z.ZodType>(options: {
  patch: S;
  update: (id: string, patch: z.infer<S>, context: AuditContext) => Promise<unknown>;
  remove: (id: string, context: AuditContext) => Promise<void>;
  body?: BodyOptions;
}) {
  return api(async ({ request, params, context }: ActionFunctionArgs) => {
    const audit = await adminContext(request, context.get(clientIpContext));
    const id = params.id ?? "";
    if (request.method === "PATCH") {
      const patch = parse(options.patch, await readJson(request, options.body));
      return Response.json(await options.update(id, patch, audit));
    }
    if (request.method === "DELETE") {
      await options.remove(id, audit);
      return new Response(null, { status: 204 });
    }
    requireMethod(request, "PATCH", "DELETE");
    throw new Error("unreachable");
  });
}
