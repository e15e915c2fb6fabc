// The 참석확인서 (certificate of attendance) of a locked credit sheet, as a PDF with its Korean text
// embedded as a subset of Pretendard (read from the pretendard package at run time, so it prints
// the same anywhere), and the public check of its verification code at /verify/{code}.
import { EventEmitter } from "node:events";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { and, eq, isNotNull } from "drizzle-orm";
import * as fontkit from "fontkit";
import { PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";
import { getDb } from "~/db.server";
import { env } from "~/env.server";
import { formatClock, formatDate, formatDateTime } from "~/lib/dates";
import { AppError } from "~/lib/errors.server";
import { isUuid } from "~/lib/ids";
import {
  seminarCreditSheets,
  seminarCredits,
  seminarRegistrations,
  seminars,
  users,
} from "~db/schema";
import { societyConfig } from "../society/config.server";

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

const CODE = /^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/;

/** A code as typed or linked: upper case, dashes where they belong. */
export function normalizeCode(code: string) {
  const plain = code.toUpperCase().replace(/[^0-9A-Z]/g, "");
  if (plain.length !== 12) return null;
  const formatted = `${plain.slice(0, 4)}-${plain.slice(4, 8)}-${plain.slice(8)}`;
  return CODE.test(formatted) ? formatted : null;
}

async function certificateWhere(condition: ReturnType<typeof and>) {
  const db = await getDb();
  const [row] = await db
    .select({
      credit: seminarCredits,
      seminar: seminars,
      sheet: seminarCreditSheets,
      name: users.name,
      licenseNumber: users.licenseNumber,
    })
    .from(seminarCredits)
    .innerJoin(seminarRegistrations, eq(seminarRegistrations.id, seminarCredits.registrationId))
    .innerJoin(users, eq(users.id, seminarRegistrations.userId))
    .innerJoin(seminars, eq(seminars.id, seminarCredits.seminarId))
    .innerJoin(seminarCreditSheets, eq(seminarCreditSheets.seminarId, seminars.id))
    .where(
      and(
        condition,
        eq(seminarCreditSheets.status, "locked"),
        isNotNull(seminarCredits.certificateCode),
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

/** Masks a name for the public check: 홍길동 → 홍*동, 남궁민수 → 남**수, 김구 → 김*. */
export function maskName(name: string) {
  const chars = [...name.trim()];
  if (chars.length <= 1) return "*";
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${"*".repeat(chars.length - 2)}${chars.at(-1)}`;
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

/**
 * fontkit for pdf-lib. pdf-lib's own fork (@pdf-lib/fontkit) writes broken TrueType and CFF
 * subsets (short `loca` offsets, a bad CFF header: most Korean glyphs come out blank while the
 * text still extracts), fixed long ago in fontkit itself. pdf-lib reads a subset as a stream,
 * which fontkit 2 no longer offers, so the subset's bytes are handed over as one.
 */
export const fontEngine = {
  create(data: Uint8Array) {
    const font = fontkit.create(Buffer.from(data));
    const createSubset = font.createSubset.bind(font);
    font.createSubset = () => {
      const subset = createSubset();
      subset.encodeStream = () => {
        const stream = new EventEmitter();
        setImmediate(() => {
          try {
            stream.emit("data", subset.encode());
            stream.emit("end");
          } catch (error) {
            stream.emit("error", error);
          }
        });
        return stream;
      };
      return subset;
    };
    return font;
  },
};

// The font files come from the pretendard package in node_modules, found from this module at run
// time (the built server too), and are read once.
let fonts: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;
export function fontFiles() {
  fonts ??= (async () => {
    const require = createRequire(import.meta.url);
    const dir = path.join(
      path.dirname(require.resolve("pretendard/package.json")),
      "dist/public/static/alternative",
    );
    const [regular, bold] = await Promise.all([
      readFile(path.join(dir, "Pretendard-Regular.ttf")),
      readFile(path.join(dir, "Pretendard-Bold.ttf")),
    ]);
    return { regular, bold };
  })();
  fonts.catch(() => {
    fonts = undefined;
  });
  return fonts;
}

const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.38, 0.42, 0.48);
const BRAND = rgb(0.1, 0.28, 0.58);

/** Lines of `text` no wider than `width` at `size` (Korean breaks anywhere, others at spaces). */
export function wrap(text: string, font: PDFFont, size: number, width: number) {
  const lines: string[] = [];
  let line = "";
  for (const char of [...text]) {
    const next = line + char;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      const space = line.lastIndexOf(" ");
      if (/[A-Za-z0-9]/.test(char) && space > 0) {
        lines.push(line.slice(0, space));
        line = line.slice(space + 1) + char;
      } else {
        lines.push(line);
        line = char.trim() ? char : "";
      }
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The certificate as a one-page A4 PDF. */
export async function certificatePdf(certificate: Certificate): Promise<Uint8Array> {
  const { regular, bold } = await fontFiles();
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontEngine as unknown as Parameters<typeof pdf.registerFontkit>[0]);
  const society = societyConfig;
  pdf.setTitle(`참석확인서 - ${certificate.title}`);
  pdf.setAuthor(society.name);
  pdf.setSubject(`참석확인서 ${certificate.code}`);
  pdf.setLanguage("ko-KR");
  const font = await pdf.embedFont(regular, { subset: true });
  const strong = await pdf.embedFont(bold, { subset: true });
  const page: PDFPage = pdf.addPage([595.28, 841.89]);
  const { width, height } = page.getSize();
  const margin = 64;

  page.drawRectangle({
    x: 32,
    y: 32,
    width: width - 64,
    height: height - 64,
    borderColor: BRAND,
    borderWidth: 1.5,
  });
  const centered = (text: string, y: number, size: number, f: PDFFont, color = INK) => {
    page.drawText(text, {
      x: (width - f.widthOfTextAtSize(text, size)) / 2,
      y,
      size,
      font: f,
      color,
    });
  };
  centered("참 석 확 인 서", height - 140, 30, strong);
  centered("Certificate of Attendance", height - 166, 11, font, MUTED);

  const period = certificate.endDate
    ? `${formatDateTime(certificate.date)} ~ ${formatClock(certificate.endDate)}`
    : formatDateTime(certificate.date);
  const present =
    certificate.entryAt && certificate.exitAt
      ? `${formatClock(certificate.entryAt)} ~ ${formatClock(certificate.exitAt)} (인정 ${certificate.minutes}분)`
      : `인정 ${certificate.minutes}분`;
  const rows: [string, string][] = [
    ["성명", certificate.name],
    ["면허번호", certificate.licenseNumber],
    ["교육명", certificate.title],
    ["일시", period],
    ["장소", certificate.location],
    ["참석 시간", present],
    ["인정 평점", `${certificate.credits}점`],
  ];
  const labelX = margin + 8;
  const valueX = margin + 110;
  const valueWidth = width - margin - valueX - 8;
  let y = height - 240;
  page.drawLine({
    start: { x: margin, y: y + 24 },
    end: { x: width - margin, y: y + 24 },
    color: MUTED,
    thickness: 0.8,
  });
  for (const [label, value] of rows) {
    const lines = wrap(value, font, 13, valueWidth);
    page.drawText(label, { x: labelX, y, size: 13, font: strong, color: MUTED });
    for (const [i, line] of lines.entries()) {
      page.drawText(line, { x: valueX, y: y - i * 19, size: 13, font, color: INK });
    }
    y -= 19 * Math.max(1, lines.length) + 16;
  }
  page.drawLine({
    start: { x: margin, y: y + 18 },
    end: { x: width - margin, y: y + 18 },
    color: MUTED,
    thickness: 0.8,
  });

  y -= 40;
  for (const line of wrap(
    `위 사람은 ${society.name}가 주최한 위 교육에 참석하였음을 확인합니다.`,
    font,
    14,
    width - margin * 2,
  )) {
    centered(line, y, 14, font);
    y -= 22;
  }
  centered(formatDate(certificate.issuedAt), y - 30, 14, font);
  centered(society.name, y - 80, 20, strong);
  centered(`${society.address} ${society.building} · ${society.phone}`, y - 102, 9.5, font, MUTED);

  const verifyUrl = `${env.PUBLIC_URL}/verify/${certificate.code}`;
  page.drawText(`확인번호 ${certificate.code}`, {
    x: margin,
    y: 72,
    size: 11,
    font: strong,
    color: INK,
  });
  page.drawText(`진위 확인: ${verifyUrl}`, { x: margin, y: 56, size: 9.5, font, color: MUTED });
  return pdf.save();
}
