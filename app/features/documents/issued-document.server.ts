// The society's issued documents (참석확인서, 납부확인서) share one A4 layout: a framed page, the
// document's name, its facts as label–value rows, the statement that the society confirms them,
// the issue date and the society, and the code that /verify/{code} checks. The Korean text is
// embedded as a subset of Pretendard (assets/fonts, OFL), so it prints and copies the same
// anywhere.
import { EventEmitter } from "node:events";
import { readFile } from "node:fs/promises";
import path from "node:path";
import * as fontkit from "fontkit";
import { PDFDocument, type PDFFont, rgb } from "pdf-lib";
import { env } from "~/env.server";
import { assetPath } from "~/lib/assets.server";
import { formatDate, seoulYear } from "~/lib/dates";
import type { SocietyConfig } from "~/lib/root-data";
import { issueNumberOf } from "./issued-number.server";

/** What one issued document says. */
export type IssuedDocument = {
  /** The document's key (kept_documents), which its 발급번호 is kept under. */
  key: string;
  /** The name as printed, spaced out: "참 석 확 인 서". */
  heading: string;
  /** The English line under it. */
  englishHeading: string;
  /** The PDF's own title and subject (document properties). */
  title: string;
  subject: string;
  rows: [label: string, value: string][];
  /** The sentence in which the society confirms the facts. */
  statement: string;
  issuedAt: Date;
  /** The verification code (/verify/{code}). */
  code: string;
};

const CODE = /^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/;

/**
 * What every document carries of the society: its details (the office's settings) and, when the
 * office uploaded them, the emblem and the president's seal as PNG bytes.
 */
export type DocumentLook = {
  society: SocietyConfig;
  emblem: Uint8Array | null;
  seal: Uint8Array | null;
};

/** A verification code as typed or linked: upper case, dashes where they belong; else null. */
export function normalizeCode(code: string) {
  const plain = code.toUpperCase().replace(/[^0-9A-Z]/g, "");
  if (plain.length !== 12) return null;
  const formatted = `${plain.slice(0, 4)}-${plain.slice(4, 8)}-${plain.slice(8)}`;
  return CODE.test(formatted) ? formatted : null;
}

/** Masks a name for the public check: 홍길동 → 홍*동, 남궁민수 → 남**수, 김구 → 김*. */
export function maskName(name: string) {
  const chars = [...name.trim()];
  if (chars.length <= 1) return "*";
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${"*".repeat(chars.length - 2)}${chars.at(-1)}`;
}

/**
 * fontkit for pdf-lib. pdf-lib's own fork (@pdf-lib/fontkit) writes broken TrueType and CFF
 * subsets (short `loca` offsets, a bad CFF header: most Korean glyphs come out blank while the
 * text still extracts), fixed long ago in fontkit itself. pdf-lib reads a subset as a stream,
 * which fontkit 2 no longer offers, so the subset's bytes are handed over as one.
 */
const fontEngine = {
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

// The font files are kept in the repository's assets/fonts: the npm package would bring 98 MB of
// other weights and formats to every install for these two files.
function fontDirectory() {
  return path.dirname(assetPath("fonts/Pretendard-Regular.ttf"));
}

let fonts: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;
function fontFiles() {
  fonts ??= (async () => {
    const dir = fontDirectory();
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

/**
 * Pretendard, regular and bold, embedded in `pdf` as subsets of the glyphs drawn (the files are
 * read once per process unless given).
 */
export async function embedKoreanFonts(
  pdf: PDFDocument,
  files?: { regular: Uint8Array; bold: Uint8Array },
): Promise<{ regular: PDFFont; bold: PDFFont }> {
  const { regular, bold } = files ?? (await fontFiles());
  pdf.registerFontkit(fontEngine as unknown as Parameters<typeof pdf.registerFontkit>[0]);
  const regularFont = await pdf.embedFont(regular, { subset: true });
  const boldFont = await pdf.embedFont(bold, { subset: true });
  return { regular: regularFont, bold: boldFont };
}

/**
 * Lines of `text` no wider than `width` at `size`. Lines break between words (Korean is written
 * with spaces between 어절, so "확인합니다" stays whole); only a word wider than the line itself
 * is broken inside.
 */
export function wrap(text: string, font: PDFFont, size: number, width: number) {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= width;
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (fits(next)) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    // A word longer than a whole line (a long address without spaces): broken by characters.
    let piece = "";
    for (const char of word) {
      if (piece && !fits(piece + char)) {
        lines.push(piece);
        piece = "";
      }
      piece += char;
    }
    line = piece;
  }
  if (line) lines.push(line);
  return lines;
}

const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.38, 0.42, 0.48);
const BRAND = rgb(0.1, 0.28, 0.58);

/** The document as a one-page A4 PDF. */
export async function issuedDocumentPdf(
  document: IssuedDocument,
  { society, emblem, seal }: DocumentLook,
): Promise<Uint8Array> {
  const [files, issueNumber] = await Promise.all([
    fontFiles(),
    issueNumberOf(document.key, seoulYear(document.issuedAt)),
  ]);
  const pdf = await PDFDocument.create();
  const { regular: font, bold: strong } = await embedKoreanFonts(pdf, files);
  pdf.setTitle(document.title);
  pdf.setAuthor(society.name);
  pdf.setSubject(document.subject);
  pdf.setLanguage("ko-KR");
  const page = pdf.addPage([595.28, 841.89]);
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
  page.drawText(`발급번호 ${issueNumber}`, {
    x: margin,
    y: height - 70,
    size: 10.5,
    font,
    color: MUTED,
  });
  if (emblem) {
    const image = await pdf.embedPng(emblem);
    const scaled = image.scaleToFit(60, 60);
    page.drawImage(image, {
      x: (width - scaled.width) / 2,
      y: height - 92 - scaled.height / 2,
      width: scaled.width,
      height: scaled.height,
    });
  }
  centered(document.heading, height - 170, 30, strong);
  centered(document.englishHeading, height - 196, 11, font, MUTED);

  const labelX = margin + 8;
  const valueX = margin + 110;
  const valueWidth = width - margin - valueX - 8;
  let y = height - 260;
  const rule = (at: number) =>
    page.drawLine({
      start: { x: margin, y: at },
      end: { x: width - margin, y: at },
      color: MUTED,
      thickness: 0.8,
    });
  rule(y + 24);
  for (const [label, value] of document.rows) {
    const lines = wrap(value, font, 13, valueWidth);
    page.drawText(label, { x: labelX, y, size: 13, font: strong, color: MUTED });
    for (const [i, line] of lines.entries()) {
      page.drawText(line, { x: valueX, y: y - i * 19, size: 13, font, color: INK });
    }
    y -= 19 * Math.max(1, lines.length) + 16;
  }
  rule(y + 18);

  y -= 40;
  for (const line of wrap(document.statement, font, 14, width - margin * 2)) {
    centered(line, y, 14, font);
    y -= 22;
  }
  centered(formatDate(document.issuedAt), y - 26, 14, font);
  centered(society.name, y - 72, 20, strong);
  // 회장 and the name, with the seal over the end of the name, as a stamped document has it.
  const signature = `회장 ${society.representative}`;
  const signatureWidth = strong.widthOfTextAtSize(signature, 15);
  const signatureX = (width - signatureWidth) / 2;
  page.drawText(signature, { x: signatureX, y: y - 100, size: 15, font: strong, color: INK });
  if (seal) {
    const image = await pdf.embedPng(seal);
    const scaled = image.scaleToFit(52, 52);
    page.drawImage(image, {
      x: signatureX + signatureWidth - scaled.width / 2 + 6,
      y: y - 100 + 5 - scaled.height / 2,
      width: scaled.width,
      height: scaled.height,
    });
  } else {
    page.drawText("(직인생략)", {
      x: signatureX + signatureWidth + 8,
      y: y - 100,
      size: 10,
      font,
      color: MUTED,
    });
  }
  centered(
    `${society.registrationLabel} ${society.registrationNumber} · ${society.address} ${society.building}`.trim(),
    y - 126,
    9.5,
    font,
    MUTED,
  );
  centered(
    `전화 ${society.phone} · 팩스 ${society.fax} · ${society.email}`,
    y - 140,
    9.5,
    font,
    MUTED,
  );

  const verifyUrl = `${env.PUBLIC_URL}/verify/${document.code}`;
  page.drawText(`확인번호 ${document.code}`, {
    x: margin,
    y: 72,
    size: 11,
    font: strong,
    color: INK,
  });
  page.drawText(`진위 확인: ${verifyUrl}`, { x: margin, y: 56, size: 9.5, font, color: MUTED });
  return pdf.save();
}
