import { isRouteErrorResponse } from "react-router";
import { Button } from "~/components/ui/button";

/**
 * The page for a route's error: 404, a refused request with its own Korean message, or a
 * temporary error. The root draws it, and so does the administrator area for what is not a
 * refused access, so a boundary never rethrows (a rethrow while rendering on the server is a 500).
 */
export function ErrorPage({ error }: { error: unknown }) {
  const response = isRouteErrorResponse(error) ? error : undefined;
  const notFound = response?.status === 404;
  // A refused request (a form past its limits, say) carries its own Korean message: show it, not
  // "temporary error", so the doctor knows it was the request and not the site.
  const refusal =
    response && response.status < 500 && typeof response.data?.message === "string"
      ? (response.data.message as string)
      : undefined;
  return (
    <main
      id="main"
      className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-6 text-center"
    >
      <h1 className="text-2xl font-bold text-slate-900">
        {notFound
          ? "404 Page Not Found"
          : refusal
            ? "요청을 처리할 수 없습니다"
            : "일시적인 오류가 발생했습니다"}
      </h1>
      <p className="text-slate-600">
        {notFound
          ? "요청하신 페이지를 찾을 수 없습니다."
          : refusal
            ? `${refusal} 이전 페이지로 돌아가 다시 시도해 주세요.`
            : "잠시 후 다시 시도해 주세요. 문제가 계속되면 학회 사무국으로 연락해 주세요."}
      </p>
      <Button asChild>
        <a href="/">홈으로</a>
      </Button>
    </main>
  );
}
