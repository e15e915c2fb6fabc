import { z } from "~/lib/zod";

const switchOf = (message: string) => z.boolean({ error: message }).optional();

export const preferencesSchema = z
  .object({
    messages: switchOf("문자 수신 설정(messages)은 true 또는 false로 보내주세요."),
    marketing: switchOf("광고성 정보 수신 설정(marketing)은 true 또는 false로 보내주세요."),
  })
  .strict();

/**
 * The /mypage forms: each sends its own switch, `on` or `off`, and only it. Turning texts off and
 * on again must not touch the advertising consent, whose date is the day the member agreed.
 */
export const preferencesFormSchema = z
  .object({
    messages: z.enum(["on", "off"], { error: "문자 수신 설정 값이 올바르지 않습니다." }).optional(),
    marketing: z
      .enum(["on", "off"], { error: "광고성 정보 수신 설정 값이 올바르지 않습니다." })
      .optional(),
  })
  .refine((value) => value.messages !== undefined || value.marketing !== undefined, {
    message: "바꿀 수신 설정을 골라주세요.",
  });
