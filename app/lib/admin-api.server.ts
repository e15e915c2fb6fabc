// The administrators' write calls of SPEC.md §7 share one shape: POST on the collection creates;
// PATCH and DELETE on `/{id}` change or remove. Each checks the role itself.
import type { ActionFunctionArgs } from "react-router";
import { requireAdmin } from "~/features/accounts/session.server";
import type { AuditContext } from "~/features/audit/audit.server";
import { AppError, api, parse, readJson } from "./errors.server";
import type { z } from "./zod";

/** The audit context of an administrator's request: who and from where (401/403 otherwise). */
export async function adminContext(
  request: Request,
  ip: string | undefined,
): Promise<AuditContext> {
  const admin = await requireAdmin(request);
  return { actor: { id: admin.id, email: admin.email }, ip };
}

export function createAction<S extends z.ZodType>(
  schema: S,
  create: (input: z.infer<S>, context: AuditContext) => Promise<unknown>,
) {
  return api(async ({ request, context }: ActionFunctionArgs) => {
    if (request.method !== "POST") throw new AppError("invalid", "POST 요청만 허용됩니다.");
    const audit = await adminContext(request, context.clientIp);
    const input = parse(schema, await readJson(request));
    return Response.json(await create(input, audit), { status: 201 });
  });
}

export function itemAction<S extends z.ZodType>(options: {
  patch: S;
  update: (id: string, patch: z.infer<S>, context: AuditContext) => Promise<unknown>;
  remove: (id: string, context: AuditContext) => Promise<void>;
}) {
  return api(async ({ request, params, context }: ActionFunctionArgs) => {
    const audit = await adminContext(request, context.clientIp);
    const id = params.id ?? "";
    if (request.method === "PATCH") {
      const patch = parse(options.patch, await readJson(request));
      return Response.json(await options.update(id, patch, audit));
    }
    if (request.method === "DELETE") {
      await options.remove(id, audit);
      return new Response(null, { status: 204 });
    }
    return Response.json(
      { message: "허용되지 않은 요청 방식입니다." },
      { status: 405, headers: { Allow: "PATCH, DELETE" } },
    );
  });
}
