import { logIn } from "~/features/accounts/accounts.server";
import { createUserSession } from "~/features/accounts/session.server";
import { loginSchema } from "~/features/accounts/validation";
import { api, methodNotAllowed, parse } from "~/lib/errors.server";
import { readJson } from "~/lib/request-body.server";
import { clientIpContext } from "~/lib/request-context.server";
import type { Route } from "./+types/auth-login";

export const action = api(async ({ request, context }: Route.ActionArgs) => {
  const input = parse(loginSchema, await readJson(request));
  const user = await logIn({
    ...input,
    ip: context.get(clientIpContext),
    cookie: request.headers.get("Cookie"),
  });
  const headers = new Headers();
  headers.append("Set-Cookie", await createUserSession(user));
  headers.append("Set-Cookie", user.deviceCookie);
  return Response.json(
    {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      isApproved: user.isApproved,
    },
    { headers },
  );
});

export const loader = methodNotAllowed("POST");
