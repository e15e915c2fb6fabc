// Image checks run one at a time, in arrival order: a large picture sent first is decoded before
// a tiny one sent just after it (run side by side, the tiny one would finish first).
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
