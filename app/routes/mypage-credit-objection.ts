import { redirect } from "react-router";
import { requireUser } from "~/features/accounts/session.server";
import { creditObjectionSchema } from "~/features/seminars/credit-validation";
import { objectToCredits } from "~/features/seminars/credits.server";
import { AppError, parse } from "~/lib/errors.server";
import { flashToast } from "~/lib/flash.server";
import { readForm } from "~/lib/forms.server";
import type { Route } from "./+types/mypage-credit-objection";

// POST /mypage/credits/{seminarId}/objection (the form on /mypage): the member's objection to
// their computed credits; back to /mypage with a toast either way (works without JavaScript).
export async function action({ request, params, url }: Route.ActionArgs) {
  const user = await requireUser({ request, url });
  const form = await readForm(request, { message: { maxLength: 1000 } });
  try {
    const input = parse(creditObjectionSchema, Object.fromEntries(form));
    await objectToCredits(params.id, user.id, input.message);
    return redirect("/mypage#credits", {
      headers: {
        "Set-Cookie": flashToast({
          title: "이의 신청 완료",
          description: "사무국이 확인한 뒤 평점표에 반영합니다.",
        }),
      },
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return redirect("/mypage#credits", {
      headers: {
        "Set-Cookie": flashToast({
          title: "이의 신청 실패",
          description: error.message,
          variant: "destructive",
        }),
      },
    });
  }
}

export const loader = () => redirect("/mypage#credits");
