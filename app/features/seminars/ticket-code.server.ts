// The ticket's QR code, drawn on the server as SVG: the page needs no script to show it, and it
// stays sharp at any size on a phone held up to the door staff's camera.
import QRCode from "qrcode";

export function ticketQrSvg(token: string): Promise<string> {
  return QRCode.toString(token, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}

/** The same code as a PNG image (for mail, where SVG is not shown), base64-encoded. */
export async function ticketQrPngBase64(token: string): Promise<string> {
  // 8 px a module (≈ 300 px across): 16 ms of CPU per ticket where 480 px took 28, on the morning
  // every seat is confirmed at once (bench:rush). Phones read it from a screen or a print alike.
  const png = await QRCode.toBuffer(token, {
    type: "png",
    errorCorrectionLevel: "M",
    margin: 2,
    scale: 8,
  });
  return png.toString("base64");
}
