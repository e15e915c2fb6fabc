// The one way a page action reads its form. Nothing an anonymous client sends reaches Conform or
// zod unchecked: the body is read with a byte limit, parsed by the platform's linear URL-encoded
// parser, and held to the fields the form declares before any schema library sees it. Conform
// expands names like `email[100000000]` into arrays and re-scans repeated names, so a 30-byte body
// could exhaust the heap and 40,000 repeated fields could block the event loop for seconds; here
// both are a 400 in microseconds.
import busboy, { type Busboy } from "busboy";
import { data } from "react-router";
import { AppError } from "./errors.server";
import {
  BODY_TOO_LARGE,
  DEFAULT_BODY_LIMIT,
  mediaType,
  NUL_MESSAGE,
  readBodyBytes,
} from "./request-body.server";
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
 * multipart/form-data, the file only under `name` and at most `maxBytes`.
 */
export type FormFile = {
  name: string;
  maxBytes: number /** Said when it is larger. */;
  tooLarge: string;
};

/**
 * The most a form with a file may send. A phone's photo of a licence is often 5–15 MB: its bytes
 * past the file's limit are counted and dropped as they arrive (never kept), so the fields after
 * it are still read and the form comes back whole with the size refused at its field. Past this,
 * the answer is a 413 and the connection closes, as for any body over its limit.
 */
const MULTIPART_CEILING = 40 * 1024 * 1024;

/**
 * Reads a page form that may carry one file: URL-encoded as readForm, or multipart/form-data
 * streamed through busboy and held to the declared fields (and the one file) the same way. A file
 * over `file.maxBytes` is not kept: `fileTooLarge` says so, and the fields are read all the same.
 */
export async function readFormWithFile(
  request: Request,
  fields: FormFields,
  file: FormFile,
): Promise<{ form: FormData; file: File | null; fileTooLarge: boolean }> {
  const type = mediaType(request);
  if (type !== "multipart/form-data") {
    return { form: await readForm(request, fields), file: null, fileTooLarge: false };
  }
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MULTIPART_CEILING) throw refuse(413, BODY_TOO_LARGE);
  if (!request.body) return { form: new FormData(), file: null, fileTooLarge: false };

  const form = new FormData();
  const seen = new Set<string>();
  let found: File | null = null;
  let fileTooLarge = false;
  let refusal: ReturnType<typeof refuse> | null = null;
  const fail = (status: number, message: string) => {
    refusal ??= refuse(status, message);
  };
  let parser: Busboy;
  try {
    parser = busboy({
      headers: { "content-type": request.headers.get("Content-Type") ?? "" },
      limits: {
        fileSize: file.maxBytes,
        // One file more than the form has, so a second one reaches the check below and is
        // named for what it is (a repeated field), not a count.
        files: 2,
        fields: Object.keys(fields).length + 1,
        fieldSize: DEFAULT_BODY_LIMIT,
        parts: Object.keys(fields).length + 3,
      },
      defParamCharset: "utf8",
    });
  } catch {
    throw refuse(400, "요청 형식이 올바르지 않습니다.");
  }
  const parts: Promise<void>[] = [];
  let fileSeen = false;
  parser.on("file", (name, stream, info) => {
    if (name !== file.name || fileSeen) {
      fail(400, name === file.name ? FORM_MESSAGES.repeatedField : FORM_MESSAGES.unknownField);
      stream.resume();
      return;
    }
    fileSeen = true;
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("limit", () => {
      fileTooLarge = true;
      chunks.length = 0;
    });
    parts.push(
      new Promise((resolve) =>
        stream.on("close", () => {
          if (!fileTooLarge && chunks.length > 0) {
            found = new File([new Uint8Array(Buffer.concat(chunks))], info.filename || "upload", {
              type: info.mimeType,
            });
          }
          resolve();
        }),
      ),
    );
  });
  parser.on("field", (name, value, info) => {
    const field = Object.hasOwn(fields, name) ? fields[name] : undefined;
    if (!field || name === file.name) return fail(400, FORM_MESSAGES.unknownField);
    if (info.valueTruncated) return fail(400, FORM_MESSAGES.tooLong);
    if (seen.has(name) && !field.multiple) return fail(400, FORM_MESSAGES.repeatedField);
    seen.add(name);
    try {
      form.append(name, boundedValue(field, value));
    } catch (thrown) {
      refusal ??= thrown as ReturnType<typeof refuse>;
    }
  });
  for (const event of ["partsLimit", "filesLimit", "fieldsLimit"] as const) {
    parser.on(event, () => fail(400, FORM_MESSAGES.tooManyFields));
  }

  const finished = new Promise<void>((resolve, reject) => {
    parser.on("close", resolve);
    parser.on("error", reject);
  });
  let received = 0;
  let overCeiling = false;
  const reader = request.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      // Reading stops here; the server closes the connection of a body left unread.
      if (received > MULTIPART_CEILING) {
        overCeiling = true;
        break;
      }
      parser.write(value);
    }
    if (!overCeiling) {
      parser.end();
      await finished;
      await Promise.all(parts);
    }
  } catch {
    throw refuse(400, "요청 형식이 올바르지 않습니다.");
  } finally {
    reader.releaseLock();
  }
  if (overCeiling) throw refuse(413, BODY_TOO_LARGE);
  if (refusal) throw refusal;
  const kept = found as File | null;
  return { form, file: kept && kept.size > 0 ? kept : null, fileTooLarge };
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
