import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { Section } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

/**
 * The error boundary's content of an administrator's page about one thing (a member, a seminar,
 * an import): an address that names nothing says so inside the admin area, with its menu and the
 * way back to the list. Refused access and other errors are thrown on to the area's own boundary
 * (admin-layout.tsx).
 */
export function AdminNotFound({
  what,
  back,
}: {
  what: string;
  back: { to: string; label: string };
}) {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <Section className="max-w-xl">
      <title>{`${what} | 관리자`}</title>
      <Card className="p-8 text-center">
        <h1 className="text-xl font-bold text-slate-900">{what}</h1>
        <Button asChild className="mt-6">
          <Link to={back.to}>{back.label}</Link>
        </Button>
      </Card>
    </Section>
  );
}
