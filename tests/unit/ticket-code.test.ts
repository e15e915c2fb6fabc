// The ticket's QR code in the confirmation mail: a PNG the door's scanner (jsQR, as on the check-in
// page) reads back to the very token, drawn large enough for a phone's camera.
import jsQR from "jsqr";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ticketQrPngBase64 } from "~/features/seminars/ticket-code.server";

describe("the ticket's QR code as a PNG", () => {
  it("reads back to the token it was drawn from", async () => {
    const token = "t1.9f0c6a2e-3b1d-4c55-9a0e-7d2f4b8c1e63.Zk3q-8xWmP2vLr7YtN0sHc4uJd6aFb9e";
    const png = Buffer.from(await ticketQrPngBase64(token), "base64");
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    const { data, info } = await sharp(png)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(info.height);
    expect(info.width).toBeGreaterThanOrEqual(250);
    const read = jsQR(new Uint8ClampedArray(data), info.width, info.height);
    expect(read?.data).toBe(token);
  });

  it("differs from one ticket to the next", async () => {
    const [a, b] = await Promise.all([ticketQrPngBase64("t1.a"), ticketQrPngBase64("t1.b")]);
    expect(a).not.toBe(b);
  });
});
