import { MembersOnlyNotice } from "~/components/layout/members-only-notice";
import { PageHeader, Section } from "~/components/layout/page-header";
import { getCurrentUser } from "~/features/accounts/session.server";
import { readCharter } from "~/features/society/charter.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/charter";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "학회 정관",
    description: "학회 정관은 승인된 회원만 열람할 수 있습니다.",
    path: "/charter",
  });

// The service decides who reads the charter (readCharter); anyone else gets the locked card.
export async function loader({ request }: Route.LoaderArgs) {
  const charter = readCharter(await getCurrentUser(request));
  return charter
    ? { charter: charter.chapters, effectiveDate: charter.effectiveDate }
    : { charter: null };
}

export default function Charter({ loaderData }: Route.ComponentProps) {
  const { charter } = loaderData;
  if (!charter) return <Locked />;
  return (
    <>
      <PageHeader title="학회 정관">{loaderData.effectiveDate} 시행</PageHeader>
      <Section className="grid gap-10 lg:grid-cols-[14rem_1fr]">
        <nav aria-labelledby="charter-toc" className="lg:sticky lg:top-32 lg:self-start">
          <h2 id="charter-toc" className="text-sm font-bold text-slate-900">
            목차
          </h2>
          <ol className="mt-3 grid gap-1 text-base">
            {charter.map((chapter) => (
              <li key={chapter.number}>
                <a
                  href={`#chapter-${chapter.number}`}
                  className="block rounded-md px-2 py-1.5 text-slate-700 hover:bg-brand-50 hover:text-brand-700"
                >
                  제{chapter.number}장 {chapter.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="min-w-0">
          {charter.map((chapter) => (
            <section
              key={chapter.number}
              id={`chapter-${chapter.number}`}
              aria-labelledby={`chapter-${chapter.number}-title`}
              className="scroll-mt-32 border-b border-slate-200 pb-8 not-first:pt-8 last:border-0"
            >
              <h2
                id={`chapter-${chapter.number}-title`}
                className="text-xl font-bold text-slate-900"
              >
                제{chapter.number}장 {chapter.title}
              </h2>
              {chapter.articles.map((article) => (
                <article key={article.number} className="mt-6">
                  <h3 className="font-bold text-slate-900">
                    제{article.number}조({article.title})
                  </h3>
                  <div className="mt-2 grid gap-2 text-base leading-7 text-slate-700">
                    {article.paragraphs.map((paragraph) => (
                      <p key={paragraph} className="whitespace-pre-line">
                        {paragraph}
                      </p>
                    ))}
                  </div>
                </article>
              ))}
            </section>
          ))}
        </div>
      </Section>
    </>
  );
}

function Locked() {
  return (
    <>
      <PageHeader title="학회 정관" />
      <MembersOnlyNotice heading="회원 전용 콘텐츠입니다">
        학회 정관은 승인된 회원만 열람할 수 있습니다.
      </MembersOnlyNotice>
    </>
  );
}
