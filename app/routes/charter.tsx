import { Lock } from "lucide-react";
import { Link } from "react-router";
import { PageHeader, Section } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/charter";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "학회 정관",
    description: "학회 정관은 승인된 회원만 열람할 수 있습니다.",
    path: "/charter",
  });

// The charter text is for approved members only; until the accounts issue brings sessions, every
// reader is a visitor and sees the lock notice. The text is never sent to a visitor.
export default function Charter() {
  return (
    <>
      <PageHeader eyebrow="CHARTER" title="학회 정관" />
      <Section className="max-w-2xl">
        <Card className="p-8 text-center sm:p-10">
          <span className="mx-auto grid size-14 place-items-center rounded-full bg-brand-50 text-brand-700">
            <Lock aria-hidden="true" />
          </span>
          <h2 className="mt-5 text-xl font-bold text-slate-900">회원 전용 콘텐츠입니다</h2>
          <p className="mt-2 text-slate-600">학회 정관은 승인된 회원만 열람할 수 있습니다.</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Button asChild>
              <Link to="/login">로그인</Link>
            </Button>
            <Button asChild variant="secondary">
              <Link to="/signup">회원가입</Link>
            </Button>
          </div>
        </Card>
      </Section>
    </>
  );
}
