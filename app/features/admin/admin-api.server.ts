// The administrators' write calls of SPEC.md §7 share one shape: POST on the collection creates;
// PATCH and DELETE on `/{id}` change or remove. Each guards with the administrator's actor and
// hands it to the service, which checks it again.
import type { ActionFunctionArgs } from "react-router";
import { requireActor } from "~/features/accounts/actor.server";
import { requireAdmin } from "~/features/accounts/session.server";
import type { Actor } from "~/features/audit/actor.server";
import type { AuditContext } from "~/features/audit/audit.server";
import { api, parse, requireMethod } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
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
  create: (actor: Actor, input: z.infer<S>) => Promise<unknown>,
  body: BodyOptions = {},
) {
  return api(async (args: ActionFunctionArgs) => {
    requireMethod(args.request, "POST");
    const actor = await requireActor(args, "admin");
    const input = parse(schema, await readJson(args.request, body));
    return Response.json(await create(actor, input), { status: 201 });
  });
}

export function itemAction<S extends z.ZodType>(options: {
  patch: S;
  update: (actor: Actor, id: string, patch: z.infer<S>) => Promise<unknown>;
  remove: (actor: Actor, id: string) => Promise<void>;
  body?: BodyOptions;
}) {
  return api(async (args: ActionFunctionArgs) => {
    const { request, params } = args;
    const actor = await requireActor(args, "admin");
    const id = params.id ?? "";
    if (request.method === "PATCH") {
      const patch = parse(options.patch, await readJson(request, options.body));
      return Response.json(await options.update(actor, id, patch));
    }
    if (request.method === "DELETE") {
      await options.remove(actor, id);
      return new Response(null, { status: 204 });
    }
    requireMethod(request, "PATCH", "DELETE");
    throw new Error("unreachable");
  });
}
