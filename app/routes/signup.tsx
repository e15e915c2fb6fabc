import { Link } from "react-router";
import { Section } from "~/components/layout/page-header";
import { Card } from "~/components/ui/card";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/signup";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "회원가입", description: "의사 회원가입", path: "/signup" });

export default function Signup() {
  return (
    <Section className="max-w-md">
      <Card className="p-6 sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">회원가입</h1>
        <p className="mt-3 text-slate-600">의사 회원가입 기능을 준비하고 있습니다.</p>
        <p className="mt-6 text-sm text-slate-600">
          이미 회원이신가요?{" "}
          <Link to="/login" className="font-semibold text-brand-700 hover:underline">
            로그인
          </Link>
        </p>
      </Card>
    </Section>
  );
}
