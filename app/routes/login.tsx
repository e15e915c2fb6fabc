import { Link } from "react-router";
import { Section } from "~/components/layout/page-header";
import { Card } from "~/components/ui/card";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "로그인", description: "학회 회원 로그인", path: "/login" });

export default function Login() {
  return (
    <Section className="max-w-md">
      <Card className="p-6 sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">로그인</h1>
        <p className="mt-3 text-slate-600">회원 로그인 기능을 준비하고 있습니다.</p>
        <p className="mt-6 text-sm text-slate-600">
          아직 회원이 아니신가요?{" "}
          <Link to="/signup" className="font-semibold text-brand-700 hover:underline">
            회원가입
          </Link>
        </p>
      </Card>
    </Section>
  );
}
