import { Lock } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { Section } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

/**
 * What a visitor sees in place of members-only content (the charter, the library, the board, a
 * notice's body): a lock, why, and the way in. Login brings them back to this page. It never
 * names anything from the content behind it.
 */
export function MembersOnlyNotice({
  heading,
  children,
  headingLevel = "h2",
  other = { to: "/signup", label: "회원가입" },
}: {
  heading: string;
  children: ReactNode;
  /** h1 where the notice is the page's only heading. */
  headingLevel?: "h1" | "h2";
  /** The second button: sign-up, or back to a list. */
  other?: { to: string; label: string };
}) {
  const location = useLocation();
  const Heading = headingLevel;
  return (
    <Section className="max-w-2xl">
      <Card className="p-8 text-center sm:p-10">
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-brand-50 text-brand-700">
          <Lock aria-hidden="true" />
        </span>
        <Heading className="mt-5 text-xl font-bold text-slate-900">{heading}</Heading>
        <p className="mt-2 text-slate-600">{children}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link to={`/login?redirectTo=${encodeURIComponent(location.pathname)}`}>로그인</Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to={other.to}>{other.label}</Link>
          </Button>
        </div>
      </Card>
    </Section>
  );
}
