// The one way a page action reads its form. Nothing an anonymous client sends reaches Conform or
// zod unchecked: the body is read with a byte limit, parsed by the platform's linear URL-encoded
// parser, and held to the fields the form declares before any schema library sees it. Conform
// expands names like `email[100000000]` into arrays and re-scans repeated names, so a 30-byte body
// could exhaust the heap and 40,000 repeated fields could block the event loop for seconds; here
// both are a 400 in microseconds.
import { data } from "react-router";
import { AppError } from "./errors.server";
import { DEFAULT_BODY_LIMIT, mediaType, NUL_MESSAGE, readBodyBytes } from "./request-body.server";
import { z } from "./zod";

/**
 * A field a form accepts: its longest value in characters, and whether it may repeat. A value
 * past the longest is cut to one character more, so the schema's own Korean message answers it;
 * `refuseLonger` refuses it instead (400): for a field whose schema states no maximum the reader
 * can see, a cut value could pass the schema shortened without anyone noticing.
 */
export type FormField = { maxLength: number; multiple?: boolean; refuseLonger?: boolean };
export type FormFields = Record<string, FormField>;

type FormOptions = {
  /** Byte limit of the body; 64 KB unless the form needs more (long rich text). */
  maxBytes?: number;
};

/**
 * A form that also carries one file (the sign-up's licence image without JavaScript): read as
 * multipart/form-data, the whole body at most `maxBytes`, the file only under `name`.
 */
export type FormFile = { name: string; maxBytes: number };

/**
 * Reads a page form that may carry one file: URL-encoded as readForm, or multipart/form-data
 * within `file.maxBytes` plus the 64 KB of the fields, parsed by the platform's parser from the
 * bounded bytes and held to the declared fields (and the one file) the same way.
 */
export async function readFormWithFile(
  request: Request,
  fields: FormFields,
  file: FormFile,
): Promise<{ form: FormData; file: File | null }> {
  const type = mediaType(request);
  if (type !== "multipart/form-data") return { form: await readForm(request, fields), file: null };
  let body: Buffer;
  try {
    body = await readBodyBytes(request, file.maxBytes + DEFAULT_BODY_LIMIT);
  } catch (error) {
    if (error instanceof AppError) throw refuse(error.status, error.message);
    throw refuse(400, "요청 형식이 올바르지 않습니다.");
  }
  let parsed: FormData;
  try {
    parsed = await new Response(new Uint8Array(body), {
      headers: { "Content-Type": request.headers.get("Content-Type") ?? "" },
    }).formData();
  } catch {
    throw refuse(400, "요청 형식이 올바르지 않습니다.");
  }
  const form = new FormData();
  const seen = new Set<string>();
  let found: File | null = null;
  for (const [name, value] of parsed) {
    if (name === file.name) {
      if (typeof value === "string" || found) throw refuse(400, FORM_MESSAGES.repeatedField);
      found = value;
      continue;
    }
    const field = Object.hasOwn(fields, name) ? fields[name] : undefined;
    if (!field || typeof value !== "string") throw refuse(400, FORM_MESSAGES.unknownField);
    if (seen.has(name) && !field.multiple) throw refuse(400, FORM_MESSAGES.repeatedField);
    seen.add(name);
    form.append(name, boundedValue(field, value));
  }
  return { form, file: found && found.size > 0 ? found : null };
}

/**
 * The value as the schema will see it: cut one past the field's maximum, or refused (400), as is
 * a NUL, which PostgreSQL's text cannot hold.
 */
function boundedValue(field: FormField, value: string) {
  if (value.includes("\0")) throw refuse(400, NUL_MESSAGE);
  if (value.length <= field.maxLength) return value;
  if (field.refuseLonger) throw refuse(400, FORM_MESSAGES.tooLong);
  return value.slice(0, field.maxLength + 1);
}

/** How many values a repeatable field may carry at most (no form of ours has more options). */
const MAX_REPEATS = 100;
/** The longest value of a field whose schema names no maximum (an enum, a literal, a number). */
const DEFAULT_MAX_LENGTH = 200;

export const FORM_MESSAGES = {
  unsupportedType: "지원하지 않는 요청 형식입니다. 페이지를 새로 고친 뒤 다시 시도해주세요.",
  unknownField: "허용되지 않은 입력 항목이 포함되어 있습니다.",
  repeatedField: "같은 입력 항목이 여러 번 전송되었습니다.",
  tooManyFields: "입력 항목이 너무 많습니다.",
  tooLong: "입력값이 너무 깁니다.",
} as const;

/** A page answer for a refused form: the message as data, with the given status. */
function refuse(status: number, message: string) {
  // After a refused body the rest of it is unread: the connection must not be reused. A page's
  // answer does not always carry this header through; the server closes it anyway
  // (server/app.ts, closeAfterUnreadBody).
  const headers = status === 413 ? { Connection: "close" } : undefined;
  return data({ message }, { status, headers });
}

/**
 * The submitted form as FormData, read under a byte limit (413) and checked against `fields`:
 * an undeclared name (including bracket or dot syntax the form does not use), a repeated name
 * that is not declared `multiple`, or more values than the form has are a 400. A value longer
 * than its field allows is cut to one character past the limit, so the schema's own Korean
 * message for that field answers it and nothing longer reaches the schema.
 */
export async function readForm(
  request: Request,
  fields: FormFields,
  { maxBytes = DEFAULT_BODY_LIMIT }: FormOptions = {},
): Promise<FormData> {
  const type = mediaType(request);
  // Browsers send forms URL-encoded unless told otherwise; none of our forms asks for multipart.
  if (type !== "application/x-www-form-urlencoded" && type !== "") {
    throw refuse(415, FORM_MESSAGES.unsupportedType);
  }
  let body: Buffer;
  try {
    body = await readBodyBytes(request, maxBytes);
  } catch (error) {
    if (error instanceof AppError) throw refuse(error.status, error.message);
    throw refuse(400, "요청 형식이 올바르지 않습니다.");
  }
  const form = new FormData();
  const seen = new Map<string, number>();
  const allowedValues = Object.values(fields).reduce(
    (sum, field) => sum + (field.multiple ? MAX_REPEATS : 1),
    0,
  );
  let values = 0;
  for (const [name, value] of new URLSearchParams(body.toString("utf8"))) {
    const field = Object.hasOwn(fields, name) ? fields[name] : undefined;
    if (!field) throw refuse(400, FORM_MESSAGES.unknownField);
    values += 1;
    if (values > allowedValues) throw refuse(400, FORM_MESSAGES.tooManyFields);
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    if (count > (field.multiple ? MAX_REPEATS : 1)) {
      throw refuse(400, field.multiple ? FORM_MESSAGES.tooManyFields : FORM_MESSAGES.repeatedField);
    }
    form.append(name, boundedValue(field, value));
  }
  return form;
}

/** The longest string a schema accepts, looking through optional, default, pipe and the like. */
function maxLengthOf(schema: z.ZodType): number | undefined {
  let current: z.ZodType | undefined = schema;
  for (let depth = 0; current && depth < 10; depth++) {
    const maxLength = (current as { maxLength?: number | null }).maxLength;
    if (typeof maxLength === "number") return maxLength;
    const def = (current as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
    current = (def.innerType ?? def.in) as z.ZodType | undefined;
  }
  return undefined;
}

function isArraySchema(schema: z.ZodType) {
  let current: z.ZodType | undefined = schema;
  for (let depth = 0; current && depth < 10; depth++) {
    const def = (current as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
    if (def.type === "array") return true;
    current = (def.innerType ?? def.in) as z.ZodType | undefined;
  }
  return false;
}

/** Several forms' fields as one (a page with several forms): each name at its longest. */
export function mergeFormFields(...lists: FormFields[]): FormFields {
  const merged: FormFields = {};
  for (const list of lists) {
    for (const [name, field] of Object.entries(list)) {
      const known = merged[name];
      merged[name] = known
        ? {
            maxLength: Math.max(known.maxLength, field.maxLength),
            multiple: Boolean(known.multiple || field.multiple),
            // A stated maximum anywhere wins: that schema's message answers a longer value.
            ...(known.refuseLonger && field.refuseLonger ? { refuseLonger: true } : {}),
          }
        : field;
    }
  }
  return merged;
}

/**
 * The fields of a form's zod schema (an object, or a union of objects switched on an intent),
 * each with the maximum length its schema gives (or a small default), plus `extra` fields the
 * page reads itself (a redirect target).
 */
export function formFieldsOf(
  schema: z.ZodType,
  extra: FormFields = {},
  defaultMaxLength = DEFAULT_MAX_LENGTH,
): FormFields {
  if (schema instanceof z.ZodUnion) {
    const options = schema.options as readonly z.ZodType[];
    return mergeFormFields(
      ...options.map((option) => formFieldsOf(option, {}, defaultMaxLength)),
      extra,
    );
  }
  if (!(schema instanceof z.ZodObject)) {
    throw new TypeError("A form's schema is an object, or a union of objects");
  }
  const fields: FormFields = {};
  for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const maxLength = maxLengthOf(field);
    fields[name] = {
      maxLength: maxLength ?? defaultMaxLength,
      multiple: isArraySchema(field),
      ...(maxLength === undefined ? { refuseLonger: true } : {}),
    };
  }
  return mergeFormFields(fields, extra);
}
