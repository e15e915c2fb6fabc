import type { Route } from "./+types/not-found";

// Any address under /api/ that names no call: 404 in JSON, whatever the method, as every other
// refusal of the API answers.
const notFound = () =>
  Response.json(
    { message: "요청한 API를 찾을 수 없습니다. 주소를 확인해주세요." },
    { status: 404 },
  );

export const loader = (_args: Route.LoaderArgs) => notFound();
export const action = (_args: Route.ActionArgs) => notFound();
