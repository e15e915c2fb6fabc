// Field builders shared by the areas' schemas, with Korean messages.
import { z } from "./zod";

/** A required, trimmed text with a Korean message and an upper bound. */
export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `${max}자 이하로 입력해주세요`);

/** An optional http(s) link: empty means none (null). */
export const optionalHttpUrl = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(2000, "링크가 너무 깁니다")
    .refine((value) => value === "" || /^https?:\/\/[^\s]+$/i.test(value), message)
    .transform((value) => (value === "" ? null : value))
    .nullish();

/** The path of an object uploaded here (features/uploads). */
export const OBJECT_PATH =
  /^\/objects\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An optional image: an uploaded object's path or an https address; empty means none. */
export const optionalImageUrl = z
  .string({ error: "이미지 주소가 올바르지 않습니다" })
  .trim()
  .max(2000, "이미지 주소가 너무 깁니다")
  .refine(
    (value) => value === "" || OBJECT_PATH.test(value) || /^https:\/\/[^\s]+$/i.test(value),
    "이미지를 다시 업로드해주세요",
  )
  .transform((value) => (value === "" ? null : value))
  .nullish();

/** An optional image uploaded here (an object's path, never another site's); empty means none. */
export const optionalUploadedImage = z
  .string({ error: "이미지를 다시 업로드해주세요" })
  .trim()
  .refine((value) => value === "" || OBJECT_PATH.test(value), "이미지를 다시 업로드해주세요")
  .transform((value) => (value === "" ? null : value))
  .nullish()
  .transform((value) => value ?? null);
