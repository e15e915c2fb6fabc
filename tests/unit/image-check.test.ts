// Image checks run one at a time, taken in turns by uploader: a large picture sent first by one
// uploader is decoded before a tiny one the same uploader sent after it, but another uploader's
// tiny one waits for one check at most, however many the first has sent. A phone's photo is kept
// without where and when it was taken, turned upright.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { UPLOAD_MESSAGES } from "~/features/uploads/constants";
import { checkWholeImage, PER_UPLOADER } from "~/features/uploads/image-check.server";

const png = (size: number) =>
  sharp({
    create: { width: size, height: size, channels: 3, background: { r: 200, g: 30, b: 30 } },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();

describe("checkWholeImage", () => {
  it("decodes one upload at a time: one uploader's in the order they came", async () => {
    const [large, small] = await Promise.all([png(3000), png(8)]);
    const finished: string[] = [];
    await Promise.all([
      checkWholeImage(large, "image/png", "account:a").then(() => finished.push("large")),
      checkWholeImage(small, "image/png", "account:a").then(() => finished.push("small")),
    ]);
    expect(finished).toEqual(["large", "small"]);
  });

  it("takes uploaders in turns: another's small image waits for one large check, not all", async () => {
    const [large, small] = await Promise.all([png(2500), png(8)]);
    const finished: string[] = [];
    const sent = [
      checkWholeImage(large, "image/png", "ip:10.0.0.1").then(() => finished.push("first")),
      checkWholeImage(large, "image/png", "ip:10.0.0.1").then(() => finished.push("second")),
      checkWholeImage(small, "image/png", "ip:10.0.0.2").then(() => finished.push("other")),
    ];
    await Promise.all(sent);
    expect(finished).toEqual(["first", "other", "second"]);
  });

  it("refuses at once (429) an image past the uploader's share of the line; others go on", async () => {
    const [large, small] = await Promise.all([png(1500), png(8)]);
    const results = await Promise.allSettled([
      ...Array.from({ length: PER_UPLOADER }, () =>
        checkWholeImage(large, "image/png", "account:busy"),
      ),
      checkWholeImage(small, "image/png", "account:busy"),
      checkWholeImage(small, "image/png", "account:calm"),
    ]);
    expect(results.map((result) => result.status)).toEqual([
      ...Array.from({ length: PER_UPLOADER }, () => "fulfilled"),
      "rejected",
      "fulfilled",
    ]);
    const refusal = (results[PER_UPLOADER] as PromiseRejectedResult).reason;
    expect(refusal).toMatchObject({ status: 429, message: UPLOAD_MESSAGES.busy });
    // Once its checks are done, the uploader may send again.
    await expect(checkWholeImage(small, "image/png", "account:busy")).resolves.toBeInstanceOf(
      Buffer,
    );
  });

  it("goes on after a refused image: the next one is still checked", async () => {
    const broken = Buffer.from((await png(64)).subarray(0, 60));
    const whole = await png(16);
    const results = await Promise.allSettled([
      checkWholeImage(broken, "image/png", "account:a"),
      checkWholeImage(whole, "image/png", "account:a"),
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
      const kept = await checkWholeImage(sent, type, "account:a");
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
    const kept = await checkWholeImage(sent, "image/png", "account:a");
    expect(kept.equals(sent)).toBe(true);
  });
});
