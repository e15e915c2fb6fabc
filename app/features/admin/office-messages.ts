// The office's own text messages (공지 and 광고): who they go to (the roster's filters, and the
// registrants of a seminar), what the office writes, and the frame the law puts around an
// advertisement (정보통신망법 제50조). Client-safe: the page previews with the same frame.
import { rosterQueryFromUrl, rosterQuerySchema } from "~/features/members/validation";
import { smsBytes } from "~/features/messages/templates";

export { inQuietHours } from "~/features/messages/templates";

import { z } from "~/lib/zod";

export const OFFICE_MESSAGE_KINDS = ["notice", "advertisement"] as const;
export type OfficeMessageKind = (typeof OFFICE_MESSAGE_KINDS)[number];
export const OFFICE_MESSAGE_KIND_LABELS: Record<OfficeMessageKind, string> = {
  notice: "공지",
  advertisement: "광고",
};

/** An LMS carries at most 2,000 bytes (a Korean character is two). */
export const MAX_MESSAGE_BYTES = 2000;
export const MAX_BODY_LENGTH = 900;

export const QUIET_HOURS_REFUSAL =
  "광고성 문자는 오후 9시부터 다음 날 오전 8시까지 보낼 수 없습니다. 오전 8시 이후에 보내주세요.";

const uuid = z.uuid({ error: "세미나를 찾을 수 없습니다." });

/**
 * Who receives it: the roster's filters (status, type, role, standing, dues for a year, a search,
 * the sign-up dates) and `seminarId`, the confirmed registrants of a seminar. `{}` is every
 * approved member. A name the roster does not know is refused, so a typo never widens the send.
 */
export const officeMessageFiltersSchema = rosterQuerySchema
  .omit({ page: true, pageSize: true, sort: true, order: true })
  .extend({ seminarId: uuid.optional(), seminar: uuid.optional() })
  .strict()
  .transform(({ seminar, seminarId, ...rest }) => ({
    ...rest,
    ...(seminarId || seminar ? { seminarId: seminarId ?? seminar } : {}),
  }));
export type OfficeMessageFilters = z.output<typeof officeMessageFiltersSchema>;

/**
 * Why nobody would get the text: with conditions, they may be too narrow; without, nobody has
 * switched on what this kind of text needs (a member's own choice, which the office cannot make).
 */
export function noRecipients(kind: OfficeMessageKind, filters: OfficeMessageFilters) {
  const filtered = Object.values(filters).some((value) => value !== undefined && value !== "");
  if (filtered) return "조건에 맞는 받는 사람이 없습니다. 조건을 바꿔주세요.";
  return kind === "advertisement"
    ? "광고성 문자 수신에 동의하고 휴대전화 번호를 등록한 회원이 없습니다. 회원이 마이페이지에서 동의해야 보낼 수 있습니다."
    : "문자 알림을 켜고 휴대전화 번호를 등록한 회원이 없습니다. 회원이 마이페이지에서 문자 알림을 켜야 보낼 수 있습니다.";
}

const body = z
  .string({ error: "보낼 내용을 입력해주세요." })
  .trim()
  .min(1, "보낼 내용을 입력해주세요.")
  .max(MAX_BODY_LENGTH, `내용은 ${MAX_BODY_LENGTH}자 이하로 입력해주세요.`)
  // SMS and LMS carry Korean text as the carriers encode it (EUC-KR), which has no emoji: they
  // would arrive broken or as "?".
  .refine((text) => !EMOJI.test(text), "문자에는 이모지를 쓸 수 없습니다. 이모지를 지워주세요.");
const EMOJI = /\p{Emoji_Presentation}|\uFE0F/u;

export const officeMessageSchema = z.strictObject(
  {
    // Required, and the body takes nothing else: a misspelt `filter` must not send to everyone.
    filters: z.record(z.string(), z.unknown(), {
      error: "수신자 조건(filters)을 보내주세요. 모든 회원에게 보낼 때는 {}를 보냅니다.",
    }),
    text: body,
    kind: z.enum(OFFICE_MESSAGE_KINDS, { error: "구분은 notice 또는 advertisement여야 합니다." }),
  },
  { error: "filters, text, kind 외의 항목은 보낼 수 없습니다." },
);

/** The page's send form: the text and kind, and the filters as the URL carried them. */
export const officeMessageFormSchema = z.object({
  text: body,
  kind: z.enum(OFFICE_MESSAGE_KINDS, { error: "구분을 선택해주세요." }),
  filters: z.string().max(2000).default(""),
});

type Society = { name: string; shortName: string; phone: string };

/**
 * The text as sent. A notice starts with the society's short name. An advertisement starts with
 * "(광고)", the society's name and its telephone (정보통신망법 시행령 제61조: the sender's name and
 * contact) and ends with the free opt-out, whatever the office wrote.
 */
export function frameOfficeMessage(
  kind: OfficeMessageKind,
  bodyText: string,
  society: Society,
  optOutUrl: string,
) {
  const trimmed = bodyText.trim();
  if (kind === "notice") return `[${society.shortName}] ${trimmed}`;
  const contact = society.phone.trim() ? ` ${society.phone.trim()}` : "";
  return `(광고) ${society.name}${contact}\n${trimmed}\n무료수신거부: 마이페이지 문자 수신 설정 ${optOutUrl}`;
}

/** The framed text's size, and whether it fits one LMS. */
export function messageSize(text: string) {
  const bytes = smsBytes(text);
  return { bytes, fits: bytes <= MAX_MESSAGE_BYTES, channel: bytes > 90 ? "LMS" : "SMS" };
}

/**
 * The kind and filters of the page's URL: a value that does not parse is left out (as on the
 * roster), so a hand-edited address shows the page rather than an error.
 */
export function officeFiltersFromUrl(searchParams: URLSearchParams) {
  const {
    page: _p,
    pageSize: _s,
    sort: _o,
    order: _d,
    ...roster
  } = rosterQueryFromUrl(searchParams);
  const seminarId = searchParams.get("seminarId") ?? "";
  const kind: OfficeMessageKind =
    searchParams.get("kind") === "advertisement" ? "advertisement" : "notice";
  const filters: OfficeMessageFilters = {
    ...roster,
    ...(/^[0-9a-f-]{36}$/i.test(seminarId) ? { seminarId } : {}),
  };
  return { kind, filters };
}
