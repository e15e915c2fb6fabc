// Image checks run one at a time, in arrival order: a large picture sent first is decoded before
// a tiny one sent just after it (run side by side, the tiny one would finish first). A phone's
// photo is kept without where and when it was taken, turned upright.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { checkWholeImage } from "~/features/uploads/image-check.server";

const png = (size: number) =>
  sharp({
    create: { width: size, height: size, channels: 3, background: { r: 200, g: 30, b: 30 } },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();

describe("checkWholeImage", () => {
  it("decodes one upload at a time, in the order they came", async () => {
    const [large, small] = await Promise.all([png(3000), png(8)]);
    const finished: string[] = [];
    await Promise.all([
      checkWholeImage(large, "image/png").then(() => finished.push("large")),
      checkWholeImage(small, "image/png").then(() => finished.push("small")),
    ]);
    expect(finished).toEqual(["large", "small"]);
  });

  it("goes on after a refused image: the next one is still checked", async () => {
    const broken = Buffer.from((await png(64)).subarray(0, 60));
    const whole = await png(16);
    const results = await Promise.allSettled([
      checkWholeImage(broken, "image/png"),
      checkWholeImage(whole, "image/png"),
    ]);
    expect(results[0]?.status).toBe("rejected");
    expect(results[1]?.status).toBe("fulfilled");
  });
});

describe("what is kept of an image", () => {
  /** A phone's portrait as its camera writes it: stored on its side, with GPS and the camera. */
  const phonePhoto = (format: "jpeg" | "png" | "webp") =>
    sharp({
      create: { width: 40, height: 20, channels: 3, background: { r: 10, g: 200, b: 30 } },
    })
      [format]()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: "TestPhone", Model: "Galaxy" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "35/1 52/1 0/1" },
      })
      .toBuffer();

  it("a photo with EXIF is kept without it, upright", async () => {
    for (const [format, type] of [
      ["jpeg", "image/jpeg"],
      ["png", "image/png"],
      ["webp", "image/webp"],
    ] as const) {
      const sent = await phonePhoto(format);
      expect((await sharp(sent).metadata()).exif?.toString("latin1")).toContain("TestPhone");
      const kept = await checkWholeImage(sent, type);
      const metadata = await sharp(kept).metadata();
      expect(metadata.format, type).toBe(format);
      expect(metadata.exif, type).toBeUndefined();
      expect(kept.toString("latin1"), type).not.toContain("TestPhone");
      // Turned as its EXIF said: 40 × 20 on its side is a 20 × 40 portrait.
      expect([metadata.width, metadata.height, metadata.orientation ?? 1], type).toEqual([
        20, 40, 1,
      ]);
    }
  });

  it("an image without EXIF, XMP or IPTC is kept byte for byte", async () => {
    const sent = await png(32);
    const kept = await checkWholeImage(sent, "image/png");
    expect(kept.equals(sent)).toBe(true);
  });
});
