import { ShieldAlert } from "lucide-react";
import { isRouteErrorResponse, Link } from "react-router";
import { Section } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

/** SPEC.md: anyone but an administrator sees 'access denied: admin only' with a way home. */
export function AccessDenied() {
  return (
    <Section className="max-w-xl">
      <Card className="p-8 text-center">
        <ShieldAlert className="mx-auto size-12 text-rose-600" aria-hidden="true" />
        <h1 className="mt-4 text-xl font-bold text-slate-900">접근 권한이 없습니다</h1>
        <p className="mt-2 text-slate-600">관리자만 이용할 수 있는 페이지입니다.</p>
        <Button asChild className="mt-6">
          <Link to="/">홈으로</Link>
        </Button>
      </Card>
    </Section>
  );
}

/** Whether a route error is a guard's refusal (401 or 403), which administrator pages show as AccessDenied. */
export function isAccessRefusal(error: unknown) {
  return isRouteErrorResponse(error) && (error.status === 401 || error.status === 403);
}
