import { ShieldAlert } from "lucide-react";
import { isRouteErrorResponse, Link, useLocation } from "react-router";
import { Section } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

/**
 * SPEC.md: anyone but an administrator sees 'access denied: admin only' with a way home. Someone
 * not signed in (401: an administrator whose session ran out, a bookmark) is also offered the
 * login, which brings them back here.
 */
export function AccessDenied({ signedOut = false }: { signedOut?: boolean }) {
  const location = useLocation();
  const back = encodeURIComponent(`${location.pathname}${location.search}`);
  return (
    <Section className="max-w-xl">
      <title>접근 권한이 없습니다</title>
      <Card className="p-8 text-center">
        <ShieldAlert className="mx-auto size-12 text-rose-600" aria-hidden="true" />
        <h1 className="mt-4 text-xl font-bold text-slate-900">접근 권한이 없습니다</h1>
        <p className="mt-2 text-slate-600">
          관리자만 이용할 수 있는 페이지입니다.
          {signedOut ? " 관리자라면 로그인해주세요." : null}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {signedOut ? (
            <Button asChild>
              <Link to={`/login?redirectTo=${back}`}>로그인</Link>
            </Button>
          ) : null}
          <Button asChild variant={signedOut ? "secondary" : "primary"}>
            <Link to="/">홈으로</Link>
          </Button>
        </div>
      </Card>
    </Section>
  );
}

/** Whether a route error is a guard's refusal (401 or 403), which administrator pages show as AccessDenied. */
export function isAccessRefusal(error: unknown) {
  return isRouteErrorResponse(error) && (error.status === 401 || error.status === 403);
}

/** Whether the refusal is for someone not signed in (401), who is offered the login. */
export const isSignedOutRefusal = (error: unknown) =>
  isRouteErrorResponse(error) && error.status === 401;
