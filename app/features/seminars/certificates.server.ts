// The 참석확인서 (certificate of attendance) of a locked credit sheet, as a PDF in the society's
// issued-document layout (documents/issued-document.server.ts), and the public check of its
// verification code at /verify/{code}.
import { and, eq, gt, isNotNull, sql } from "drizzle-orm";
import { getDb } from "~/db.server";
import { formatDateTime, formatDateTimeParts, formatDateTimeRange } from "~/lib/dates";
import { AppError } from "~/lib/errors.server";
import { isUuid } from "~/lib/ids";
import {
  seminarCreditSheets,
  seminarCredits,
  seminarRegistrations,
  seminars,
  users,
} from "~db/schema";
import {
  type DocumentLook,
  issuedDocumentPdf,
  maskName,
  normalizeCode,
} from "../documents/issued-document.server";
import { keptPdf } from "../documents/kept-pdfs.server";
import { documentLook } from "../uploads/public-image.server";

export type Certificate = {
  code: string;
  name: string;
  licenseNumber: string;
  seminarId: string;
  title: string;
  date: Date;
  endDate: Date | null;
  location: string;
  entryAt: Date | null;
  exitAt: Date | null;
  minutes: number;
  credits: number;
  issuedAt: Date;
};

async function certificateWhere(condition: ReturnType<typeof and>) {
  const db = await getDb();
  const [row] = await db
    .select({
      credit: seminarCredits,
      seminar: seminars,
      sheet: seminarCreditSheets,
      // A withdrawn member's certificate still checks out (decision 035): their registration
      // keeps the name and the licence number the account no longer holds.
      name: sql<string>`coalesce(${users.name}, ${seminarRegistrations.name})`,
      licenseNumber: sql<string>`coalesce(${users.licenseNumber}, ${seminarRegistrations.licenseNumber}, '')`,
    })
    .from(seminarCredits)
    .innerJoin(seminarRegistrations, eq(seminarRegistrations.id, seminarCredits.registrationId))
    .leftJoin(users, eq(users.id, seminarRegistrations.userId))
    .innerJoin(seminars, eq(seminars.id, seminarCredits.seminarId))
    .innerJoin(seminarCreditSheets, eq(seminarCreditSheets.seminarId, seminars.id))
    .where(
      and(
        condition,
        eq(seminarCreditSheets.status, "locked"),
        isNotNull(seminarCredits.certificateCode),
        // earnsCertificate: a code kept from before the rule on a zero-credit line is void.
        gt(seminarCredits.finalCredits, 0),
      ),
    );
  if (!row) return null;
  const { credit, seminar, sheet } = row;
  return {
    code: credit.certificateCode!,
    name: row.name,
    licenseNumber: row.licenseNumber,
    seminarId: seminar.id,
    title: seminar.title,
    date: seminar.date,
    endDate: seminar.endDate,
    location: seminar.location,
    entryAt: credit.finalEntryAt,
    exitAt: credit.finalExitAt,
    minutes: credit.finalMinutes ?? 0,
    credits: credit.finalCredits ?? 0,
    issuedAt: sheet.lockedAt ?? sheet.updatedAt,
  } satisfies Certificate;
}

/** The member's certificate for a seminar, once its sheet is locked (404 otherwise). */
export async function certificateOf(userId: string, seminarId: string): Promise<Certificate> {
  const notFound = new AppError("not_found", "내려받을 수 있는 참석확인서가 없습니다.");
  if (!isUuid(seminarId)) throw notFound;
  const found = await certificateWhere(
    and(eq(seminarRegistrations.userId, userId), eq(seminarCredits.seminarId, seminarId)),
  );
  if (!found) throw notFound;
  return found;
}

/** The drawing's version (keptPdf): change it whenever certificatePdf draws differently. */
const CERTIFICATE_LAYOUT = "certificate-4";

/**
 * The member's certificate for a seminar and its PDF, drawn once and kept until what it shows
 * changes (a new drawing counts against the member's hourly allowance: 429 past it).
 */
export async function certificatePdfOf(userId: string, seminarId: string) {
  const certificate = await certificateOf(userId, seminarId);
  const pdf = await keptPdf({
    key: `certificate:${certificate.code}`,
    userId,
    layout: CERTIFICATE_LAYOUT,
    data: certificate,
    draw: async () => certificatePdf(certificate, await documentLook()),
  });
  return { certificate, pdf };
}

/** What /verify/{code} shows of a genuine certificate, or null for an unknown code. */
export async function verifyCertificate(code: string) {
  const normalized = normalizeCode(code);
  if (!normalized) return null;
  const found = await certificateWhere(and(eq(seminarCredits.certificateCode, normalized)));
  if (!found) return null;
  return {
    code: found.code,
    name: maskName(found.name),
    title: found.title,
    date: found.date,
    credits: found.credits,
    issuedAt: found.issuedAt,
  };
}

/** The certificate as a one-page A4 PDF, in the society's issued-document layout. */
function certificatePdf(certificate: Certificate, look: DocumentLook): Promise<Uint8Array> {
  // One clock for both ends ("오후 7:00 ~ 오후 9:00"), and the end's day when it is another.
  const period = certificate.endDate
    ? formatDateTimeRange(certificate.date, certificate.endDate)
    : formatDateTime(certificate.date);
  const present =
    certificate.entryAt && certificate.exitAt
      ? // On the seminar's own clock (오후 7:00 ~ 오후 9:00 above it), not the door's 24-hour one.
        `${formatDateTimeParts(certificate.entryAt).time} ~ ${formatDateTimeParts(certificate.exitAt).time} (인정 ${certificate.minutes}분)`
      : `인정 ${certificate.minutes}분`;
  return issuedDocumentPdf(
    {
      key: `certificate:${certificate.code}`,
      heading: "참 석 확 인 서",
      englishHeading: "Certificate of Attendance",
      title: `참석확인서 - ${certificate.title}`,
      subject: `참석확인서 ${certificate.code}`,
      rows: [
        ["성명", certificate.name],
        ["면허번호", certificate.licenseNumber],
        ["교육명", certificate.title],
        ["일시", period],
        ["장소", certificate.location],
        ["참석 시간", present],
        ["인정 평점", `${certificate.credits}점`],
      ],
      statement: `위 사람은 ${look.society.name}가 주최한 위 교육에 참석하였음을 확인합니다.`,
      issuedAt: certificate.issuedAt,
      code: certificate.code,
    },
    look,
  );
}
