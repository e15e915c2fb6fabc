import { requiredText } from "~/lib/validation";
import { z } from "~/lib/zod";

const MONTH = "월은 1부터 12 사이로 입력해주세요";

export const historySchema = z.object({
  year: z.coerce
    .number({ error: "연도를 입력해주세요" })
    .int("연도는 정수로 입력해주세요")
    .min(1900, "연도를 확인해주세요")
    .max(2100, "연도를 확인해주세요"),
  // Empty or null: no month. A form sends text, the API a number.
  month: z
    .union([z.literal(""), z.null(), z.number(), z.string()], { error: MONTH })
    .transform((value) => (value === "" || value === null ? null : Number(value)))
    .pipe(z.number({ error: MONTH }).int(MONTH).min(1, MONTH).max(12, MONTH).nullable())
    .optional(),
  title: requiredText("제목을 입력해주세요", 200),
  description: requiredText("설명을 입력해주세요", 1000),
});

export const historyPatchSchema = historySchema.partial();
export type HistoryInput = z.infer<typeof historySchema>;
export type HistoryPatch = z.infer<typeof historyPatchSchema>;
