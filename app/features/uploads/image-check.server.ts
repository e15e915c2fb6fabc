// An upload is taken as an image only when the whole of it decodes: its first bytes name the type,
// but a file cut short or broken inside would be kept (and shown to members as a broken picture)
// on the strength of its header alone. sharp (libvips) decodes every type the site takes; it is a
// native package, loaded on the server only.
import sharp from "sharp";
import { AppError } from "~/lib/errors.server";
import { type ImageType, UPLOAD_MESSAGES } from "./constants";

// Each upload is decoded once: libvips' operation cache would only hold memory for nothing.
sharp.cache(false);

/** More pixels than any licence photo or board picture needs, and a bound on decoding memory. */
export const MAX_IMAGE_PIXELS = 50_000_000;

const FORMATS: Record<ImageType, string> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
};

/**
 * Decodes every pixel of every frame of `body`, which claims to be `type`, and refuses it with a
 * Korean 400 when it does not decode to the end (truncated, corrupt, or another format inside).
 * libvips' warnings (common in camera JPEGs) pass; its errors and a premature end do not.
 * Answers the bytes to keep: `body` itself, or, when it carries EXIF, XMP or IPTC data, the image
 * drawn again without them (see `withoutMetadata`). `uploader` (an account id, or a visitor's
 * address key) is whose turn it is in the line of checks.
 */
export async function checkWholeImage(
  body: Buffer,
  type: ImageType,
  uploader: string,
): Promise<Buffer> {
  return inTurn(uploader, () => decodeWholeImage(body, type));
}

/**
 * Decodes run one at a time: eight 48-megapixel uploads at once (each within the limits) took the
 * thread pool that file reads share, and another member's library download waited 10 s while the
 * server grew by 450 MB. The line is taken in turns, one check per uploader each round, not in
 * arrival order: a 2 KB lossless WebP of 49 megapixels decodes for seconds, and one sender's
 * twenty of them kept a doctor's 68-byte licence photo waiting 26 s behind them. An uploader has
 * at most `PER_UPLOADER` checks in the line (each holds its file in memory: a board post's five
 * pictures are sent at once), the line at most `IN_LINE`; past either the upload is refused at once.
 */
export const PER_UPLOADER = 8;
const IN_LINE = 32;
const lanes = new Map<string, Array<() => Promise<void>>>();
const inLine = new Map<string, number>();
let waiting = 0;
let checking = false;

function inTurn<T>(uploader: string, work: () => Promise<T>): Promise<T> {
  const mine = inLine.get(uploader) ?? 0;
  if (mine >= PER_UPLOADER || waiting >= IN_LINE) {
    return Promise.reject(new AppError("rate_limited", UPLOAD_MESSAGES.busy));
  }
  inLine.set(uploader, mine + 1);
  waiting += 1;
  return new Promise<T>((resolve, reject) => {
    const job = () =>
      work()
        .then(resolve, reject)
        .finally(() => {
          const left = (inLine.get(uploader) ?? 1) - 1;
          if (left > 0) inLine.set(uploader, left);
          else inLine.delete(uploader);
          waiting -= 1;
        });
    const lane = lanes.get(uploader);
    if (lane) lane.push(job);
    else lanes.set(uploader, [job]);
    void nextCheck();
  });
}

async function nextCheck() {
  if (checking) return;
  checking = true;
  let last: string | undefined;
  try {
    while (lanes.size > 0) {
      // The first uploader in the map whose check did not run last (a Map keeps the order of
      // insertion); after one check an uploader with more goes to the back of the line.
      const uploader = [...lanes.keys()].find((key) => key !== last) ?? last!;
      const lane = lanes.get(uploader)!;
      const job = lane.shift()!;
      lanes.delete(uploader);
      if (lane.length > 0) lanes.set(uploader, lane);
      last = uploader;
      await job();
    }
  } finally {
    checking = false;
  }
}

const readOptions = {
  failOn: "error",
  animated: true,
  limitInputPixels: MAX_IMAGE_PIXELS,
  sequentialRead: true,
} as const;

async function decodeWholeImage(body: Buffer, type: ImageType) {
  try {
    const image = sharp(body, readOptions);
    const metadata = await image.metadata();
    if (metadata.format !== FORMATS[type]) throw new AppError("invalid", UPLOAD_MESSAGES.broken);
    // stats() reads the image through to its last pixel, without keeping it in memory.
    await image.stats();
    return metadata.exif || metadata.xmp || metadata.iptc ? withoutMetadata(body, type) : body;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const message = error instanceof Error ? error.message : "";
    if (/pixel limit/i.test(message)) throw new AppError("invalid", UPLOAD_MESSAGES.tooManyPixels);
    throw new AppError("invalid", UPLOAD_MESSAGES.broken);
  }
}

/**
 * A phone's photo says where it was taken (GPS), when, and with what; a picture on the board
 * would tell every member where a doctor lives. The image is drawn again without EXIF, XMP and
 * IPTC, turned upright first as its EXIF said (without the tag a phone's portrait shows on its
 * side), its colour profile kept. JPEG and WebP are encoded again at quality 90; PNG and GIF
 * losslessly. An image without such data is kept byte for byte.
 */
async function withoutMetadata(body: Buffer, type: ImageType) {
  const image = sharp(body, readOptions).autoOrient().keepIccProfile();
  switch (type) {
    case "image/jpeg":
      return image.jpeg({ quality: 90 }).toBuffer();
    case "image/webp":
      return image.webp({ quality: 90 }).toBuffer();
    case "image/png":
      return image.png().toBuffer();
    case "image/gif":
      return image.gif().toBuffer();
  }
}
