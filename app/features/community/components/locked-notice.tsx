import { Lock } from "lucide-react";
import { Link, useLocation } from "react-router";
import { PageHeader, Section } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

/**
 * What a visitor (or an account that is not an approved member) sees on every /community page:
 * the board's name and how to get in, never a title or a name from the board.
 */
export function BoardLocked() {
  const location = useLocation();
  return (
    <>
      <PageHeader eyebrow="COMMUNITY" title="회원 게시판">
        회원 여러분이 병원 운영, 마케팅 도구, 직원 관리, 제도 변화에 대해 묻고 답하는 공간입니다.
      </PageHeader>
      <Section className="max-w-2xl">
        <Card className="p-8 text-center sm:p-10">
          <span className="mx-auto grid size-14 place-items-center rounded-full bg-brand-50 text-brand-700">
            <Lock aria-hidden="true" />
          </span>
          <h2 className="mt-5 text-xl font-bold text-slate-900">회원 전용 게시판입니다</h2>
          <p className="mt-2 text-slate-600">
            회원 게시판은 승인된 회원으로 로그인한 뒤 이용할 수 있습니다.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Button asChild>
              <Link to={`/login?redirectTo=${encodeURIComponent(location.pathname)}`}>로그인</Link>
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
