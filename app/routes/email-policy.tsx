import { PageHeader, Section } from "~/components/layout/page-header";
import { Card } from "~/components/ui/card";
import { pageMeta } from "~/lib/meta";
import { useRootData } from "~/lib/root-data";
import type { Route } from "./+types/email-policy";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "이메일무단수집거부",
    description: "이 사이트에 게시된 이메일 주소를 무단으로 수집하는 것을 거부합니다.",
    path: "/email-policy",
  });

export default function EmailPolicy() {
  const { society } = useRootData();
  return (
    <>
      <PageHeader title="이메일무단수집거부" />
      <Section>
        <Card className="space-y-4 p-6 text-base leading-7 text-slate-700 sm:p-8">
          <p>
            {society.name}는 이 사이트에 게시된 이메일 주소가 전자우편 수집 프로그램이나 그 밖의
            기술적 장치로 무단 수집되는 것을 거부합니다.
          </p>
          <p>
            이를 위반하면 「정보통신망 이용촉진 및 정보보호 등에 관한 법률」 제50조의2에 따라 형사
            처벌을 받을 수 있습니다.
          </p>
          <p className="text-sm text-slate-600">
            문의:{" "}
            <a href={`mailto:${society.email}`} className="text-brand-700 hover:underline">
              {society.email}
            </a>
          </p>
        </Card>
      </Section>
    </>
  );
}
