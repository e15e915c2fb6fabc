// The images a shared link and a phone's home screen show: the Open Graph image (1200 × 630) and
// the touch icon (180 × 180), each with the emblem the office uploaded (/admin/settings), or the
// built-in one (public/emblem.svg) until it has. Drawn with sharp on first request and kept per
// emblem, so a new emblem is a new image (and a new address in the pages' og:image, which
// KakaoTalk caches by address).
import sharp from "sharp";
import { documentImages } from "~/features/society/settings.server";
import { assetPath } from "~/lib/assets.server";
import { builtInEmblem, publicImagePng } from "./public-image.server";

/** Where the emblem sits on assets/og-base.png (scripts/render-brand-images.mjs leaves it free). */
const OG_EMBLEM = { left: 80, top: 150, size: 120 };
const TOUCH_ICON = { size: 180, padding: 18 };

const kept = new Map<string, Promise<Buffer>>();

function keep(key: string, draw: () => Promise<Buffer>) {
  let image = kept.get(key);
  if (!image) {
    image = draw();
    // A failed drawing is not kept: the next request tries again.
    image.catch(() => kept.delete(key));
    // Only the current emblem's images matter; a few old ones are harmless, many are not.
    if (kept.size > 8) kept.clear();
    kept.set(key, image);
  }
  return image;
}

/** The emblem at `size` pixels a side (the uploaded one fitted inside, transparent around). */
async function emblemAt(emblemUrl: string | null, size: number) {
  const uploaded = await publicImagePng(emblemUrl, size);
  if (!uploaded) return builtInEmblem(size);
  return sharp(uploaded)
    .resize(size, size, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
}

export async function openGraphImage() {
  const { emblemUrl } = await documentImages();
  return keep(`og:${emblemUrl ?? ""}`, async () => {
    const emblem = await emblemAt(emblemUrl, OG_EMBLEM.size);
    return sharp(assetPath("og-base.png"))
      .composite([{ input: emblem, left: OG_EMBLEM.left, top: OG_EMBLEM.top }])
      .png({ compressionLevel: 9 })
      .toBuffer();
  });
}

export async function touchIcon() {
  const { emblemUrl } = await documentImages();
  return keep(`touch:${emblemUrl ?? ""}`, async () => {
    const inner = TOUCH_ICON.size - 2 * TOUCH_ICON.padding;
    const emblem = await emblemAt(emblemUrl, inner);
    return sharp({
      create: {
        width: TOUCH_ICON.size,
        height: TOUCH_ICON.size,
        channels: 4,
        background: { r: 255, g: 255, b: 255, alpha: 1 },
      },
    })
      .composite([{ input: emblem, left: TOUCH_ICON.padding, top: TOUCH_ICON.padding }])
      .png()
      .toBuffer();
  });
}

/**
 * /favicon.ico, which browsers, bookmark services and crawlers ask for whatever the page names: the
 * touch icon at 32 px in an ICO file with one PNG image (every browser since 2010 reads these).
 */
export async function faviconIco() {
  const { emblemUrl } = await documentImages();
  return keep(`ico:${emblemUrl ?? ""}`, async () => {
    const png = await sharp(await touchIcon())
      .resize(32, 32)
      .png()
      .toBuffer();
    const header = Buffer.alloc(22);
    header.writeUInt16LE(0, 0); // reserved
    header.writeUInt16LE(1, 2); // an icon
    header.writeUInt16LE(1, 4); // one image
    header.writeUInt8(32, 6); // width
    header.writeUInt8(32, 7); // height
    header.writeUInt8(0, 8); // no palette
    header.writeUInt8(0, 9); // reserved
    header.writeUInt16LE(1, 10); // colour planes
    header.writeUInt16LE(32, 12); // bits per pixel
    header.writeUInt32LE(png.length, 14);
    header.writeUInt32LE(22, 18); // where the image starts
    return Buffer.concat([header, png]);
  });
}
