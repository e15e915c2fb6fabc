// The ticket's QR code, drawn on the server as SVG: the page needs no script to show it, and it
// stays sharp at any size on a phone held up to the door staff's camera.
import QRCode from "qrcode";

export function ticketQrSvg(token: string): Promise<string> {
  return QRCode.toString(token, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}

/** The same code as a PNG image (for mail, where SVG is not shown), base64-encoded. */
export async function ticketQrPngBase64(token: string): Promise<string> {
  // 8 px a module (≈ 300 px across): phones read it from a screen or a print alike. Every row of
  // a module repeats the one above, so the "up" filter alone is as good as trying all five per
  // row (pngjs's default, two thirds of the cost): 3 ms a ticket instead of 9, on the morning
  // every seat is confirmed at once (bench:rush), for 8 KB instead of 3.
  const png = await QRCode.toBuffer(token, {
    type: "png",
    errorCorrectionLevel: "M",
    margin: 2,
    scale: 8,
    // Handed to pngjs whole; the qrcode types list only its deflate options.
    rendererOpts: { filterType: 2 } as QRCode.QRCodeToBufferOptions["rendererOpts"],
  });
  return png.toString("base64");
}
