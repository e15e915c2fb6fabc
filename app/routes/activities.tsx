import { PageHeader, Section } from "~/components/layout/page-header";
import { EmptyState } from "~/components/ui/empty-state";
import { PastSeminarCard, UpcomingSeminarCard } from "~/features/seminars/components/seminar-cards";
import { listSeminars, splitByDate } from "~/features/seminars/seminars.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/activities";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "학술 활동",
    description: "학회가 여는 세미나와 학술 행사 일정을 확인하고 참가를 신청하세요.",
    path: "/activities",
  });

export async function loader() {
  return splitByDate(await listSeminars());
}

export default function Activities({ loaderData }: Route.ComponentProps) {
  const { upcoming, past } = loaderData;
  return (
    <>
      <PageHeader title="학술 활동">
        회원의 전문성을 높이는 세미나와 학술 행사를 소개합니다.
      </PageHeader>
      <Section>
        <h2 className="text-2xl font-bold text-slate-900">예정된 세미나</h2>
        {upcoming.length === 0 ? (
          <div className="mt-6">
            <EmptyState>현재 등록된 세미나가 없습니다.</EmptyState>
          </div>
        ) : (
          <ul className="mt-6 grid gap-5 md:grid-cols-2">
            {upcoming.map((seminar) => (
              <li key={seminar.id} className="grid">
                <UpcomingSeminarCard seminar={seminar} />
              </li>
            ))}
          </ul>
        )}
        {past.length > 0 ? (
          <>
            <h2 className="mt-14 text-2xl font-bold text-slate-900">지난 세미나</h2>
            <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {past.map((seminar) => (
                <li key={seminar.id} className="grid">
                  <PastSeminarCard seminar={seminar} />
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </Section>
    </>
  );
}
