import { PageHeader, Section } from "~/components/layout/page-header";
import { EmptyState } from "~/components/ui/empty-state";
import { ExecutivePortrait } from "~/features/executives/components/portrait";
import { listExecutives } from "~/features/executives/executives.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/executives";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "임원진",
    description: "학회를 이끄는 임원진을 소개합니다.",
    path: "/executives",
  });

export async function loader() {
  return { executives: await listExecutives() };
}

export default function Executives({ loaderData }: Route.ComponentProps) {
  const { executives } = loaderData;
  return (
    <>
      <PageHeader title="임원진">학회를 이끄는 임원진을 소개합니다.</PageHeader>
      <Section>
        {executives.length === 0 ? (
          <EmptyState>임원진 정보가 준비 중입니다.</EmptyState>
        ) : (
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {executives.map((executive) => (
              <li
                key={executive.id}
                className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
              >
                <ExecutivePortrait name={executive.name} imageUrl={executive.imageUrl} />
                <div className="min-w-0">
                  <p className="text-sm font-semibold text-brand-700">{executive.position}</p>
                  <h2 className="mt-0.5 text-lg font-bold text-slate-900">{executive.name}</h2>
                  <p className="mt-1 text-sm text-slate-700">{executive.title}</p>
                  <p className="mt-2 text-sm leading-6 whitespace-pre-line text-slate-600">
                    {executive.credentials}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}
