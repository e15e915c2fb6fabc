import { Lock } from "lucide-react";
import { Link } from "react-router";
import { PageHeader, Section } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { LIBRARY_DESCRIPTION } from "../validation";

/**
 * What a visitor sees on /library: the charter's locked notice, with the library's name and how
 * to get in, never a title or a file name from the library.
 */
export function LibraryLocked() {
  return (
    <>
      <PageHeader eyebrow="LIBRARY" title="자료실">
        {LIBRARY_DESCRIPTION}
      </PageHeader>
      <Section className="max-w-2xl">
        <Card className="p-8 text-center sm:p-10">
          <span className="mx-auto grid size-14 place-items-center rounded-full bg-brand-50 text-brand-700">
            <Lock aria-hidden="true" />
          </span>
          <h2 className="mt-5 text-xl font-bold text-slate-900">회원 전용 콘텐츠입니다</h2>
          <p className="mt-2 text-slate-600">자료실은 승인된 회원만 열람할 수 있습니다.</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Button asChild>
              <Link to="/login?redirectTo=%2Flibrary">로그인</Link>
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
