// The ticket's QR code, drawn on the server as SVG: the page needs no script to show it, and it
// stays sharp at any size on a phone held up to the door staff's camera.
import QRCode from "qrcode";

export function ticketQrSvg(token: string): Promise<string> {
  return QRCode.toString(token, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}
