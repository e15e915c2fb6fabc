// Reading a bank statement upload: a multipart form with the file and the year, read through the
// bounded body reader (413 past the limit, nothing more read) before the platform's multipart
// parser sees it. Only the declared fields are accepted.
import { AppError } from "~/lib/errors.server";
import { mediaType, readBodyBytes } from "~/lib/request-body.server";
import { STATEMENT_MAX_BYTES, STATEMENT_MESSAGES } from "./statement.server";

const FIELDS = new Set(["file", "year", "intent"]);

export async function readStatementUpload(request: Request) {
  if (mediaType(request) !== "multipart/form-data") {
    throw new AppError(
      "unsupported_type",
      "거래내역 파일은 파일 선택 양식(multipart/form-data)으로 올려주세요.",
    );
  }
  const bytes = await readBodyBytes(
    request,
    STATEMENT_MAX_BYTES + 64 * 1024,
    STATEMENT_MESSAGES.tooLarge,
  );
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(bytes), {
      headers: { "Content-Type": request.headers.get("content-type") ?? "" },
    }).formData();
  } catch {
    throw new AppError("invalid", "요청 형식이 올바르지 않습니다.");
  }
  for (const name of form.keys()) {
    if (!FIELDS.has(name))
      throw new AppError("invalid", "허용되지 않은 입력 항목이 포함되어 있습니다.");
  }
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) {
    throw new AppError("invalid", STATEMENT_MESSAGES.empty, { file: STATEMENT_MESSAGES.empty });
  }
  if (file.size > STATEMENT_MAX_BYTES) throw new AppError("too_large", STATEMENT_MESSAGES.tooLarge);
  return {
    fileName: file.name,
    bytes: Buffer.from(await file.arrayBuffer()),
    year: typeof form.get("year") === "string" ? String(form.get("year")) : undefined,
  };
}
