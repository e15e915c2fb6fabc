// Client-safe formatting of dues figures, shared by pages, the receipt and mails.
import { formatDate } from "~/lib/dates";
import { formatNumber } from "~/lib/numbers";

/** 120000 → "120,000원". */
export const won = (amount: number) => `${formatNumber(amount)}원`;

/** A `YYYY-MM-DD` Seoul day as "2026년 3월 2일". */
export const formatDay = (day: string) => formatDate(new Date(`${day}T12:00:00+09:00`));

export const DUES_STATUS_LABELS = {
  paid: "납부 완료",
  unpaid: "미납",
  exempt: "면제",
  not_required: "해당 없음",
} as const;

export const REMINDER_LABELS = {
  before_due: "납부 기한 30일 전 안내",
  due: "납부 기한 안내",
  grace: "유예기간 종료 14일 전 안내",
  text_30: "납부 기한 30일 전 문자",
  text_7: "납부 기한 7일 전 문자",
  text_overdue: "기한 경과 7일 후 문자",
} as const;
