import { optionalImageUrl, requiredText } from "~/lib/validation";
import { z } from "~/lib/zod";

const fields = {
  name: requiredText("이름을 입력해주세요", 50),
  position: requiredText("직위를 입력해주세요", 50),
  title: requiredText("소속·직함을 입력해주세요", 100),
  credentials: requiredText("약력을 입력해주세요", 1000),
  imageUrl: optionalImageUrl,
  order: z.coerce
    .number({ error: "순서는 숫자로 입력해주세요" })
    .int("순서는 정수로 입력해주세요")
    .min(0, "순서는 0 이상이어야 합니다")
    .max(10000, "순서가 너무 큽니다"),
};

export const executiveSchema = z.object({ ...fields, order: fields.order.default(0) });

// A patch changes only what it names: no defaults here, or an omitted field would be reset.
export const executivePatchSchema = z.object(fields).partial();
export type ExecutiveInput = z.infer<typeof executiveSchema>;
export type ExecutivePatch = z.infer<typeof executivePatchSchema>;
