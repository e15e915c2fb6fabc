// The 납부확인서 (receipt of dues paid) as a PDF in the society's issued-document layout
// (documents/issued-document.server.ts), and its public check at /verify/{code}.
import {
  type DocumentLook,
  issuedDocumentPdf,
  maskName,
  normalizeCode,
} from "../documents/issued-document.server";
import { keptPdf } from "../documents/kept-pdfs.server";
import { documentLook } from "../uploads/public-image.server";
import { myPayment, paymentByReceiptCode } from "./dues.server";
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
  /** 소득공제 or 지출증빙 and its 승인번호, when paid online with one. */
  cashReceipt?: { type: string; number: string | null } | null;
};

/** The receipt as a one-page A4 PDF, in the society's issued-document layout. */
function receiptPdf(key: string, receipt: Receipt, look: DocumentLook): Promise<Uint8Array> {
  return issuedDocumentPdf(
    {
      key,
      heading: "납 부 확 인 서",
      englishHeading: "Receipt of Membership Dues",
      title: `납부확인서 - ${receipt.year}년 회비`,
      subject: `납부확인서 ${receipt.receiptCode}`,
      rows: [
        ["성명", receipt.memberName],
        ...(receipt.licenseNumber ? [["면허번호", receipt.licenseNumber] as [string, string]] : []),
        ["회비 연도", `${receipt.year}년 연회비`],
        ["납부 금액", won(receipt.amount)],
        ["납부일", formatDay(receipt.paidAt)],
        ["납부 방법", receipt.method],
        ...(receipt.cashReceipt
          ? [
              [
                "현금영수증",
                `${receipt.cashReceipt.type}${receipt.cashReceipt.number ? ` · 승인번호 ${receipt.cashReceipt.number}` : ""}`,
              ] as [string, string],
            ]
          : []),
      ],
      statement: `위 사람이 ${look.society.name}의 ${receipt.year}년 회비를 위와 같이 납부하였음을 확인합니다.`,
      issuedAt: receipt.createdAt,
      code: receipt.receiptCode,
    },
    look,
  );
}

/** The drawing's version (keptPdf): change it whenever receiptPdf draws differently. */
const RECEIPT_LAYOUT = "receipt-4";

/**
 * The receipt of `member`'s own payment and its PDF, drawn once and kept until what it shows
 * changes (a new drawing counts against the member's hourly allowance: 429 past it).
 */
export async function receiptPdfOf(member: { id: string; name: string }, paymentId: string) {
  const payment = await myPayment(member.id, paymentId);
  const receipt: Receipt = {
    receiptCode: payment.receiptCode,
    memberName: member.name,
    licenseNumber: payment.licenseNumber,
    year: payment.year,
    amount: payment.amount,
    method: payment.method,
    paidAt: payment.paidAt,
    createdAt: payment.createdAt,
    cashReceipt: payment.cashReceipt,
  };
  const key = `receipt:${payment.id}`;
  const pdf = await keptPdf({
    key,
    userId: member.id,
    layout: RECEIPT_LAYOUT,
    data: receipt,
    draw: async () => receiptPdf(key, receipt, await documentLook()),
  });
  return { payment, pdf };
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

/** The member's own receipt as the PDF download both its addresses answer. */
export async function receiptDownload(member: { id: string; name: string }, paymentId: string) {
  const { payment, pdf } = await receiptPdfOf(member, paymentId);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": receiptDisposition(payment.receiptCode),
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex",
    },
  });
}
