// An administrator's uploaded image (the emblem, the seal) for printing: only a public image
// object qualifies, so no path can put a licence image onto a document. pdf-lib embeds PNG and
// JPEG alone; every image is handed over as a PNG, at most `maxSide` pixels a side.
import { readFile } from "node:fs/promises";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { getDb } from "~/db.server";
import { repositoryFile } from "~/lib/assets.server";
import { storedObjects } from "~db/schema";
import { documentImages, societyDetails } from "../society/settings.server";
import { IMAGE_TYPES } from "./constants";
import { objectStorage } from "./storage.server";
import { objectIdFromPath } from "./uploads.server";

/** Whether `objectPath` names an image uploaded by an administrator (public). */
export async function isPublicImage(objectPath: string) {
  const id = objectIdFromPath(objectPath);
  if (!id) return false;
  const db = await getDb();
  const [row] = await db
    .select({ visibility: storedObjects.visibility, contentType: storedObjects.contentType })
    .from(storedObjects)
    .where(eq(storedObjects.id, id));
  return (
    row?.visibility === "public" && (IMAGE_TYPES as readonly string[]).includes(row.contentType)
  );
}

/** The image at `objectPath` as PNG bytes, or null when it is not a public image (or is gone). */
export async function publicImagePng(objectPath: string | null, maxSide = 600) {
  if (!objectPath || !(await isPublicImage(objectPath))) return null;
  const id = objectIdFromPath(objectPath);
  const bytes = id ? await objectStorage.get(id) : null;
  if (!bytes) return null;
  return sharp(bytes, { limitInputPixels: 50_000_000 })
    .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true })
    .png()
    .toBuffer();
}

/** The built-in emblem (public/emblem.svg) as a PNG `size` pixels a side. */
export async function builtInEmblem(size: number) {
  const svg = await readFile(repositoryFile("public/emblem.svg"));
  return sharp(svg, { density: 72 * (size / 40) })
    .resize(size, size)
    .png()
    .toBuffer();
}

/**
 * What an issued document carries of the society now: its details, the emblem (the built-in one,
 * as the site's header and share images show it, until the office uploads its own) and the seal
 * (none until uploaded: a seal is never made up).
 */
export async function documentLook() {
  const [society, images] = await Promise.all([societyDetails(), documentImages()]);
  const [emblem, seal] = await Promise.all([
    publicImagePng(images.emblemUrl, 240).then((uploaded) => uploaded ?? builtInEmblem(240)),
    publicImagePng(images.sealUrl, 240),
  ]);
  return { society, emblem, seal };
}
