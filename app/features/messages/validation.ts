import { z } from "~/lib/zod";

const switchOf = (label: string) =>
  z.boolean({ error: `${label}은(는) true 또는 false여야 합니다.` }).optional();

export const preferencesSchema = z
  .object({ messages: switchOf("messages"), marketing: switchOf("marketing") })
  .strict();

/** The /mypage form: each switch is `on` or `off`. */
export const preferencesFormSchema = z.object({
  messages: z.enum(["on", "off"], { error: "문자 수신 설정 값이 올바르지 않습니다." }),
  marketing: z.enum(["on", "off"], { error: "광고성 정보 수신 설정 값이 올바르지 않습니다." }),
});
