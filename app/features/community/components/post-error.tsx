import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { Section } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

/** A post that does not exist (or is hidden from this reader), or someone else's post to edit. */
export function PostErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === "string"
      ? (error.data.message as string)
      : status === 404
        ? "게시물을 찾을 수 없습니다."
        : "일시적인 오류가 발생했습니다. 잠시 후 다시 시도해주세요.";
  return (
    <Section className="max-w-2xl">
      <Card className="p-8 text-center sm:p-10">
        <h1 className="text-xl font-bold text-slate-900">{message}</h1>
        <div className="mt-6">
          <Button asChild variant="secondary">
            <Link to="/community">목록으로</Link>
          </Button>
        </div>
      </Card>
    </Section>
  );
}
