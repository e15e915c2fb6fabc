// The board's page forms, read through the one bounded form reader (lib/forms.server.ts). Values
// are cut a little past what the schemas allow, so the schema's own Korean message answers them.
import { data } from "react-router";
import { AppError, fieldErrors } from "~/lib/errors.server";
import { type FormFields, readForm } from "~/lib/forms.server";
import type { z } from "~/lib/zod";
import {
  BODY_MAX,
  COMMENT_MAX,
  commentSchema,
  hideSchema,
  MAX_IMAGES,
  postSchema,
  REASON_MAX,
  reportSchema,
  TITLE_MAX,
} from "./validation";

/** A post of 20,000 Korean characters, percent-encoded, is about 180 KB. */
const POST_FORM_BYTES = 512 * 1024;

const POST_FIELDS: FormFields = {
  // UTF-16 units: a character outside the BMP (an emoji) counts two.
  title: { maxLength: TITLE_MAX * 2 },
  body: { maxLength: BODY_MAX * 2 },
  images: { maxLength: 100, multiple: true },
};

export type FormReply = {
  ok: false;
  message: string;
  errors: Record<string, string>;
  values?: Record<string, string>;
};

export function formReply(error: AppError, values?: Record<string, string>) {
  return data<FormReply>(
    { ok: false, message: error.message, errors: error.errors ?? {}, values },
    { status: error.status },
  );
}

function parsed<S extends z.ZodType>(schema: S, input: unknown, values?: Record<string, string>) {
  const result = schema.safeParse(input);
  if (result.success) return { value: result.data as z.infer<S> };
  const errors = fieldErrors(result.error);
  const message = Object.values(errors)[0] ?? "입력값을 확인해주세요.";
  return { reply: formReply(new AppError("invalid", message, errors), values) };
}

/** The post form (new and edit): title, body and up to five uploaded images. */
export async function readPostForm(request: Request) {
  const form = await readForm(request, POST_FIELDS, { maxBytes: POST_FORM_BYTES });
  const values = { title: String(form.get("title") ?? ""), body: String(form.get("body") ?? "") };
  const images = form
    .getAll("images")
    .map(String)
    .filter((value) => value !== "")
    .slice(0, MAX_IMAGES + 1);
  return parsed(postSchema, { ...values, images }, values);
}

const POST_PAGE_INTENTS = [
  "comment",
  "deletePost",
  "deleteComment",
  "report",
  "hide",
  "restore",
  "pin",
  "unpin",
] as const;
export type PostPageIntent = (typeof POST_PAGE_INTENTS)[number];

const POST_PAGE_FIELDS: FormFields = {
  intent: { maxLength: 20 },
  kind: { maxLength: 10 },
  id: { maxLength: 40 },
  body: { maxLength: COMMENT_MAX * 2 },
  reason: { maxLength: REASON_MAX * 2 },
};

/** The forms of a post's page: one action, switched on `intent`. */
export async function readPostPageForm(request: Request) {
  const form = await readForm(request, POST_PAGE_FIELDS, { maxBytes: 64 * 1024 });
  const intent = String(form.get("intent") ?? "") as PostPageIntent;
  if (!POST_PAGE_INTENTS.includes(intent)) {
    throw data({ ok: false, message: "요청을 처리할 수 없습니다.", errors: {} }, { status: 400 });
  }
  const kind = form.get("kind") === "comments" ? ("comments" as const) : ("posts" as const);
  return {
    intent,
    kind,
    id: String(form.get("id") ?? ""),
    comment: () => parsed(commentSchema, { body: String(form.get("body") ?? "") }),
    report: () => parsed(reportSchema, { reason: String(form.get("reason") ?? "") }),
    hide: () => parsed(hideSchema, { reason: String(form.get("reason") ?? "") }),
  };
}
