import { Link } from "react-router";
import { PageHeader, Section } from "~/components/layout/page-header";
import { Card } from "~/components/ui/card";
import { TermsText } from "~/features/society/components/terms-text";
import { termsForReaders, termsVersionList } from "~/features/society/terms.server";
import { formatDate, isoDate } from "~/lib/dates";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "이용약관",
    description:
      "학회 홈페이지와 회원 서비스의 이용 조건과 절차, 학회와 이용자의 권리·의무를 안내합니다.",
    path: "/terms",
  });

// The version in force, or an older one by ?version=N (a member's consent names its version).
export async function loader({ request }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get("version");
  const version = asked === null ? undefined : Number(asked);
  if (version !== undefined && !(Number.isSafeInteger(version) && version > 0)) {
    throw new Response("Not Found", { status: 404 });
  }
  const [terms, versions] = await Promise.all([termsForReaders(version), termsVersionList()]);
  if (!terms) throw new Response("Not Found", { status: 404 });
  return { terms, versions, current: versions[0]?.version ?? terms.version };
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  const { terms, versions, current } = loaderData;
  const older = terms.version !== current;
  return (
    <>
      <PageHeader title="이용약관">
        학회 홈페이지와 회원 서비스를 이용하는 조건과 절차를 안내합니다.
      </PageHeader>
      <Section>
        <p className="text-sm text-slate-600">
          버전 {terms.version} · 시행일{" "}
          <time dateTime={isoDate(terms.publishedAt)}>{formatDate(terms.publishedAt)}</time>
          {older ? " · 이전 버전" : " · 현재 시행 중"}
        </p>
        {older ? (
          <p role="note" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            지금 보고 계신 약관은 이전 버전입니다.{" "}
            <Link to="/terms" className="font-semibold underline">
              현재 시행 중인 약관 보기
            </Link>
          </p>
        ) : null}
        <Card className="mt-6 p-6 sm:p-8">
          <TermsText body={terms.body} />
        </Card>
        {versions.length > 1 ? (
          <nav aria-labelledby="terms-versions" className="mt-8">
            <h2 id="terms-versions" className="text-base font-bold text-slate-900">
              약관 변경 이력
            </h2>
            <ul className="mt-3 space-y-1 text-sm">
              {versions.map((item) => (
                <li key={item.version}>
                  <Link
                    to={item.version === current ? "/terms" : `/terms?version=${item.version}`}
                    aria-current={item.version === terms.version ? "page" : undefined}
                    className="inline-flex min-h-11 items-center text-brand-700 hover:underline aria-[current=page]:font-bold aria-[current=page]:text-slate-900"
                  >
                    버전 {item.version} · {formatDate(item.publishedAt)} 시행
                    {item.version === current ? " (현재)" : ""}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </Section>
    </>
  );
}
