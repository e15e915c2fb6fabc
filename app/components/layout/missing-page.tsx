import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { Section } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

/**
 * A route's error inside the site (header, menu and footer stay): its own "not found" for a 404
 * (a deleted notice or seminar, a shared link's usual fate), the temporary error otherwise, and
 * always the way back. Apart from error-page.tsx, which the home page's script carries.
 */
export function MissingPage({
  title,
  note,
  back,
}: {
  title: string;
  note?: string;
  back: { to: string; label: string };
}) {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Section className="max-w-2xl">
      <Card className="p-8 text-center sm:p-10">
        <h1 className="text-xl font-bold text-slate-900">
          {notFound ? title : "일시적인 오류가 발생했습니다."}
        </h1>
        {notFound && !note ? null : (
          <p className="mt-2 text-slate-600">
            {notFound
              ? note
              : "잠시 후 다시 시도해 주세요. 문제가 계속되면 학회 사무국으로 연락해 주세요."}
          </p>
        )}
        <div className="mt-6">
          <Button asChild variant="secondary">
            <Link to={back.to}>{back.label}</Link>
          </Button>
        </div>
      </Card>
    </Section>
  );
}
