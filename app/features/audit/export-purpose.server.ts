// Every download of members' personal data states its purpose first (개인정보의 안전성 확보조치
// 기준 제8조): the export reads it from the address (`?purpose=`, sent by ExportPurposeForm) and
// the audit trail records it with the row count. A new export calls readExportPurpose(url) and
// passes the purpose to its audit entry; nothing else is needed.
import { AppError } from "~/lib/errors.server";

export const EXPORT_PURPOSE_PARAM = "purpose";
export const EXPORT_PURPOSE_MAX = 200;
export const EXPORT_PURPOSE_REQUIRED =
  "개인정보가 담긴 파일을 내려받는 목적을 입력해주세요. (예: 정기총회 회원 명부 확인)";

/** The stated purpose of an export (2–200 characters), or a 400 with a Korean message. */
export function readExportPurpose(url: URL): string {
  const values = url.searchParams.getAll(EXPORT_PURPOSE_PARAM);
  const purpose = (values.length === 1 ? (values[0] ?? "") : "").replace(/\s+/g, " ").trim();
  if (purpose.length < 2) {
    throw new AppError("invalid", EXPORT_PURPOSE_REQUIRED, {
      [EXPORT_PURPOSE_PARAM]: EXPORT_PURPOSE_REQUIRED,
    });
  }
  if (purpose.length > EXPORT_PURPOSE_MAX) {
    const message = `내려받는 목적은 ${EXPORT_PURPOSE_MAX}자 이내로 입력해주세요.`;
    throw new AppError("invalid", message, { [EXPORT_PURPOSE_PARAM]: message });
  }
  return purpose;
}
