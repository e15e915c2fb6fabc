// The 납부확인서 (receipt of dues paid) as a PDF, drawn with the certificate's machinery (pdf-lib,
// fontkit, Pretendard embedded as a subset), and its public check at /verify/{code}.
import { PDFDocument, type PDFFont, rgb } from "pdf-lib";
import { env } from "~/env.server";
import { formatDate } from "~/lib/dates";
import {
  fontEngine,
  fontFiles,
  maskName,
  normalizeCode,
  wrap,
} from "../seminars/certificates.server";
import { societyConfig } from "../society/config.server";
import { paymentByReceiptCode } from "./dues.server";
import { formatDay, won } from "./format";

export type Receipt = {
  receiptCode: string;
  memberName: string;
  licenseNumber?: string;
  year: number;
  amount: number;
  method: string;
  paidAt: string;
  createdAt: Date;
};

const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.38, 0.42, 0.48);
const BRAND = rgb(0.1, 0.28, 0.58);

/** The receipt as a one-page A4 PDF. */
export async function receiptPdf(receipt: Receipt): Promise<Uint8Array> {
  const { regular, bold } = await fontFiles();
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontEngine as unknown as Parameters<typeof pdf.registerFontkit>[0]);
  const society = societyConfig;
  pdf.setTitle(`납부확인서 - ${receipt.year}년 회비`);
  pdf.setAuthor(society.name);
  pdf.setSubject(`납부확인서 ${receipt.receiptCode}`);
  pdf.setLanguage("ko-KR");
  const font = await pdf.embedFont(regular, { subset: true });
  const strong = await pdf.embedFont(bold, { subset: true });
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
  centered("납 부 확 인 서", height - 140, 30, strong);
  centered("Receipt of Membership Dues", height - 166, 11, font, MUTED);

  const rows: [string, string][] = [
    ["성명", receipt.memberName],
    ...(receipt.licenseNumber ? [["면허번호", receipt.licenseNumber] as [string, string]] : []),
    ["회비 연도", `${receipt.year}년 연회비`],
    ["납부 금액", won(receipt.amount)],
    ["납부일", formatDay(receipt.paidAt)],
    ["납부 방법", receipt.method],
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
    `위 사람이 ${society.name}의 ${receipt.year}년 회비를 위와 같이 납부하였음을 확인합니다.`,
    font,
    14,
    width - margin * 2,
  )) {
    centered(line, y, 14, font);
    y -= 22;
  }
  centered(formatDate(receipt.createdAt), y - 30, 14, font);
  centered(society.name, y - 80, 20, strong);
  centered(`${society.address} ${society.building} · ${society.phone}`, y - 102, 9.5, font, MUTED);

  const verifyUrl = `${env.PUBLIC_URL}/verify/${receipt.receiptCode}`;
  page.drawText(`확인번호 ${receipt.receiptCode}`, {
    x: margin,
    y: 72,
    size: 11,
    font: strong,
    color: INK,
  });
  page.drawText(`진위 확인: ${verifyUrl}`, { x: margin, y: 56, size: 9.5, font, color: MUTED });
  return pdf.save();
}

/** What /verify/{code} shows of a genuine receipt (masked name), or null. */
export async function verifyReceipt(code: string) {
  const normalized = normalizeCode(code);
  if (!normalized) return null;
  const payment = await paymentByReceiptCode(normalized);
  if (!payment) return null;
  return {
    code: payment.receiptCode,
    name: maskName(payment.memberName),
    year: payment.year,
    amount: payment.amount,
    paidAt: payment.paidAt,
  };
}

/** The Content-Disposition of a receipt download (RFC 6266 / 5987, Korean file name). */
export const receiptDisposition = (code: string) =>
  `attachment; filename="receipt-${code}.pdf"; filename*=UTF-8''${encodeURIComponent(`납부확인서-${code}.pdf`)}`;
