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

/**
 * The years a date of the society's can fall in. Anything else is a slip of the keyboard, and a
 * year before 1000 or after 9999 does not even survive the database's text form (it came back as
 * another year, or failed the insert).
 */
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2100;
const FIRST_INSTANT = Date.UTC(FIRST_YEAR, 0, 1) - 9 * 3_600_000;
const END_INSTANT = Date.UTC(LAST_YEAR + 1, 0, 1) - 9 * 3_600_000;
export const YEAR_RANGE_MESSAGE = `${FIRST_YEAR}년부터 ${LAST_YEAR}년 사이의 날짜를 입력해주세요`;

/** Whether an instant falls in the years above, in Seoul. */
export const inSocietyYears = (date: Date) =>
  date.getTime() >= FIRST_INSTANT && date.getTime() < END_INSTANT;

/** Whether `value` is a real calendar day written `YYYY-MM-DD` (2026-02-30 is not). */
export function isCalendarDay(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;
const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date-time, from a Date or a string convertible to one. One without a zone (what a
 * datetime-local input sends), or a day alone, is Seoul time; an empty string is no value
 * (`message`). A string that is no date gets `invalidMessage`.
 */
export const seoulDateTime = (message: string, invalidMessage = message) =>
  z.preprocess(
    (value) => {
      if (typeof value !== "string") return value;
      const text = value.trim();
      if (text === "") return undefined;
      // The Date parser rolls 2026-02-30 over to 2 March: a vote would open on a day nobody meant.
      if (/^\d{4}-\d{2}-\d{2}/.test(text) && !isCalendarDay(text.slice(0, 10))) {
        return new Date(Number.NaN);
      }
      if (LOCAL_DATE_TIME.test(text)) return new Date(`${text}+09:00`);
      if (LOCAL_DATE.test(text)) return new Date(`${text}T00:00+09:00`);
      return new Date(text);
    },
    z
      // A string that is no date arrives as an Invalid Date, which z.date() refuses itself.
      .date({ error: (issue) => (issue.input instanceof Date ? invalidMessage : message) })
      .refine(inSocietyYears, YEAR_RANGE_MESSAGE),
  );
