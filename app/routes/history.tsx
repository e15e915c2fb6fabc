import { PageHeader, Section } from "~/components/layout/page-header";
import { EmptyState } from "~/components/ui/empty-state";
import { listHistory } from "~/features/history/history.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/history";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "연혁",
    description: "학회가 걸어온 길을 소개합니다.",
    path: "/history",
  });

export async function loader() {
  return { events: await listHistory() };
}

export default function History({ loaderData }: Route.ComponentProps) {
  const { events } = loaderData;
  return (
    <>
      <PageHeader title="연혁">학회가 걸어온 길을 소개합니다.</PageHeader>
      <Section className="max-w-3xl">
        {events.length === 0 ? (
          <EmptyState>연혁 정보가 준비 중입니다.</EmptyState>
        ) : (
          <ol className="relative border-l-2 border-brand-100 pl-6 sm:pl-8">
            {events.map((event) => (
              <li key={event.id} className="relative pb-10 last:pb-0">
                <span
                  aria-hidden="true"
                  className="absolute top-1.5 -left-[33px] size-4 rounded-full border-4 border-white bg-brand-600 ring-2 ring-brand-100 sm:-left-[41px]"
                />
                <p className="text-sm font-bold text-brand-700">
                  {event.year}년{event.month ? ` ${event.month}월` : ""}
                </p>
                <h2 className="mt-1 text-lg font-bold text-slate-900">{event.title}</h2>
                <p className="mt-1 text-base leading-7 text-slate-600">{event.description}</p>
              </li>
            ))}
          </ol>
        )}
      </Section>
    </>
  );
}
