import { data, Link } from "react-router";
import { Button } from "~/components/ui/button";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [
  { title: "404 Page Not Found" },
  { name: "robots", content: "noindex" },
];

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">404 Page Not Found</h1>
      <p className="text-slate-600">
        요청하신 페이지를 찾을 수 없습니다. 주소를 다시 확인해 주세요.
      </p>
      <Button asChild>
        <Link to="/">홈으로</Link>
      </Button>
    </div>
  );
}
