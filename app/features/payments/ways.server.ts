import { offeredMethods, paymentsMode } from "../gateway/portone.server";
import { EASY_PAY_LABELS, PAY_METHOD_LABELS } from "./validation";

/**
 * The ways this site takes money online, in words for the pages that explain paying (회원 안내,
 * the application's dialog, /mypage); null when payments are off (bank transfer only).
 */
export function waysToPayOnline(): string[] | null {
  if (paymentsMode() === "off") return null;
  const { methods, easyPays } = offeredMethods();
  const ways = methods.map((method) =>
    method === "easy_pay"
      ? `간편결제(${easyPays.map((name) => EASY_PAY_LABELS[name]).join("·")})`
      : PAY_METHOD_LABELS[method],
  );
  return ways.length > 0 ? ways : null;
}
