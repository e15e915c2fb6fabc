// Every request body the app reads goes through here: read as a stream, and never past a byte
// limit. The limit is checked against Content-Length first and then against the bytes actually
// received, so a chunked body of any length costs at most `maxBytes` of memory and stops being kept
// at the limit (the answer then closes the connection, and the rest is dropped as it arrives).
import { AppError } from "./errors.server";

/** The default for JSON calls and ordinary page forms (DESIGN.md, "Hostile input"). */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

export const BODY_TOO_LARGE = "요청 본문이 너무 큽니다.";

/**
 * The body's bytes, or an AppError `too_large` (413) as soon as more than `maxBytes` arrive.
 * Reading stops there: the stream is released, not drained. The server closes the connection of
 * every answer whose request body was left unread (server/app.ts, closeAfterUnreadBody) and drops
 * the client's remaining bytes meanwhile, so nothing past the limit is kept.
 */
export async function readBodyBytes(
  request: Request,
  maxBytes: number,
  message = BODY_TOO_LARGE,
): Promise<Buffer> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) throw new AppError("too_large", message);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw new AppError("too_large", message);
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  return Buffer.concat(chunks, size);
}

export const NUL_MESSAGE = "입력값에 쓸 수 없는 문자(NUL)가 들어 있습니다.";

/**
 * Whether a string of `value` (a key or a value, at any depth) holds U+0000. PostgreSQL's text
 * cannot store it, so such input is refused where bodies are read, as bad input (400), rather than
 * failing in the database.
 */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\0");
  if (value === null || typeof value !== "object" || depth > 100) return false;
  for (const [key, each] of Object.entries(value)) {
    if (key.includes("\0") || holdsNul(each, depth + 1)) return true;
  }
  return false;
}

/** The media type of the request's body, lower-case and without parameters ("" when none). */
export function mediaType(request: Request) {
  return (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

/**
 * The request's JSON body: read through the bounded body reader (413 once more than `maxBytes`
 * arrived, without reading the rest), 415 for a body that is not declared `application/json`, 400
 * for malformed JSON. An empty body is `{}`, so calls whose payload is optional need no header.
 */
export async function readJson(
  request: Request,
  { maxBytes = DEFAULT_BODY_LIMIT }: { maxBytes?: number } = {},
): Promise<unknown> {
  const type = mediaType(request);
  const bytes = await readBodyBytes(request, maxBytes);
  const text = bytes.toString("utf8");
  if (text.trim() === "") return {};
  if (type !== "application/json" && !type.endsWith("+json")) {
    throw new AppError(
      "unsupported_type",
      "요청 본문은 JSON 형식(Content-Type: application/json)이어야 합니다.",
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError("invalid", "요청 본문이 올바른 JSON 형식이 아닙니다.");
  }
  // JSON can only carry a NUL escaped, so most bodies are not walked at all.
  if (text.includes("\\u0000") && holdsNul(value)) throw new AppError("invalid", NUL_MESSAGE);
  return value;
}
