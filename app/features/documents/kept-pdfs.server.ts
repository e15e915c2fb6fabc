// The PDFs the society issues (참석확인서, 납부확인서) cost 130–320 ms of CPU each to draw. Each is
// kept in `kept_documents` under its document's key with a hash of everything drawn on it, and
// served from there until that data changes; only a drawing counts against the member's hourly
// allowance (PDF_DRAWS_PER_HOUR), so downloading the same document again is always free.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "~/db.server";
import { env } from "~/env.server";
import { AppError } from "~/lib/errors.server";
import { keptDocuments } from "~db/schema";
import { hit } from "../security/rate-limit.server";
import { documentImages, societyDetails } from "../society/settings.server";

const HOUR_MS = 60 * 60 * 1000;

/**
 * The PDF `key` names, drawn from `data` by `draw`, as kept or newly drawn. `layout` names the
 * drawing's version: change it when the drawing code changes, so kept copies are drawn anew.
 * What else goes onto the page (the society's details, the site's address) is in the hash too.
 */
export async function keptPdf(document: {
  key: string;
  userId: string;
  layout: string;
  data: unknown;
  draw: () => Promise<Uint8Array>;
}): Promise<Buffer> {
  // The office's details and images are drawn on the page: a change of them draws it anew.
  const [society, images] = await Promise.all([societyDetails(), documentImages()]);
  const hash = crypto
    .createHash("sha256")
    .update(JSON.stringify([document.layout, env.PUBLIC_URL, society, images, document.data]))
    .digest("hex");
  const db = await getDb();
  const [kept] = await db
    .select({ hash: keptDocuments.hash, body: keptDocuments.body })
    .from(keptDocuments)
    .where(eq(keptDocuments.key, document.key));
  if (kept?.hash === hash) return kept.body;

  await limitDraws(document.userId);
  const body = Buffer.from(await document.draw());
  const values = { userId: document.userId, hash, body, createdAt: new Date() };
  await db
    .insert(keptDocuments)
    .values({ key: document.key, ...values })
    .onConflictDoUpdate({ target: keptDocuments.key, set: values });
  return body;
}

/** New drawings per member per hour (PDF_DRAWS_PER_HOUR); kept copies are not counted. */
async function limitDraws(userId: string) {
  const count = await hit(`pdf-draw:${userId}`, HOUR_MS);
  if (count > env.PDF_DRAWS_PER_HOUR) {
    throw new AppError(
      "rate_limited",
      "확인서 발급 요청이 너무 많습니다. 1시간 후에 다시 시도해주세요.",
    );
  }
}
