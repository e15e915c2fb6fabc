// The upload flow of SPEC.md §4: the client asks for an upload URL, PUTs the file to it, and
// stores the returned objectPath. URLs are HMAC-signed, expire in minutes and name one object.
import crypto from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { getDb } from "~/db.server";
import { env } from "~/env.server";
import { isUniqueViolation } from "~/lib/db-errors.server";
import { AppError } from "~/lib/errors.server";
import { appSecret } from "~/lib/secret.server";
import type { Database } from "../../../db/client.server";
import { storedObjects, users } from "../../../db/schema";
import { recordAudit } from "../audit/audit.server";
import { IMAGE_TYPES, MAX_IMAGE_BYTES, UPLOAD_MESSAGES } from "./constants";
import { objectStorage } from "./storage.server";

type Grant = {
  /** Object id. */
  id: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
  /** The uploader, or null for an anonymous sign-up upload. */
  owner: string | null;
  visibility: "public" | "private";
  origin: "signup" | "member";
};

const OBJECT_PATH = /^\/objects\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

function sign(payload: string) {
  return crypto.createHmac("sha256", appSecret()).update(`upload:${payload}`).digest("base64url");
}

/** An upload URL for one new object; administrators' uploads are public, all others private. */
export function createUploadUrl(
  origin: string,
  uploader: { id: string; role: string } | null,
): { uploadURL: string; objectPath: string } {
  const grant: Grant = {
    id: crypto.randomUUID(),
    exp: Math.floor(Date.now() / 1000) + env.UPLOAD_URL_TTL_SECONDS,
    owner: uploader?.id ?? null,
    visibility: uploader?.role === "admin" ? "public" : "private",
    origin: uploader ? "member" : "signup",
  };
  const payload = Buffer.from(JSON.stringify(grant)).toString("base64url");
  const token = `${payload}.${sign(payload)}`;
  return {
    uploadURL: `${origin}/api/objects/put?token=${token}`,
    objectPath: `/objects/${grant.id}`,
  };
}

function readGrant(token: string | null): Grant {
  const [payload, signature] = (token ?? "").split(".");
  const expected = payload ? sign(payload) : "";
  if (
    !payload ||
    !signature ||
    signature.length !== expected.length ||
    !crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
  ) {
    throw new AppError("forbidden", "유효하지 않은 업로드 주소입니다.");
  }
  const grant = JSON.parse(Buffer.from(payload, "base64url").toString()) as Grant;
  if (grant.exp * 1000 < Date.now()) {
    throw new AppError("forbidden", "업로드 주소가 만료되었습니다. 다시 시도해주세요.");
  }
  return grant;
}

/**
 * Reads at most `limit` bytes of the body; 413 past that. A too-large body is drained (up to a
 * hard cap) rather than cut off, so the client gets the answer instead of a reset connection.
 */
async function readLimited(request: Request, limit: number): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > limit) throw new AppError("too_large", UPLOAD_MESSAGES.tooLarge);
  if (!request.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit * 4) {
      await reader.cancel();
      break;
    }
    if (size <= limit) chunks.push(value);
  }
  if (size > limit) throw new AppError("too_large", UPLOAD_MESSAGES.tooLarge);
  return Buffer.concat(chunks);
}

/** Accepts the PUT to an upload URL: one object per URL, images only (by content), 5 MB. */
export async function receiveUpload(request: Request, token: string | null) {
  const grant = readGrant(token);
  const db = await getDb();
  const [existing] = await db
    .select({ id: storedObjects.id })
    .from(storedObjects)
    .where(eq(storedObjects.id, grant.id));
  if (existing) throw new AppError("conflict", "이미 사용된 업로드 주소입니다.");

  const body = await readLimited(request, MAX_IMAGE_BYTES);
  if (body.length === 0) throw new AppError("invalid", "업로드할 파일이 없습니다.");
  const type = await fileTypeFromBuffer(body);
  if (!type || !(IMAGE_TYPES as readonly string[]).includes(type.mime)) {
    throw new AppError("unsupported_type", UPLOAD_MESSAGES.wrongType);
  }

  await objectStorage.put(grant.id, body);
  try {
    await db.insert(storedObjects).values({
      id: grant.id,
      visibility: grant.visibility,
      ownerId: grant.owner,
      origin: grant.origin,
      contentType: type.mime,
      size: body.length,
    });
  } catch (error) {
    await objectStorage.delete(grant.id);
    if (isUniqueViolation(error)) {
      throw new AppError("conflict", "이미 사용된 업로드 주소입니다.");
    }
    throw error;
  }
  return { objectPath: `/objects/${grant.id}` };
}

export function objectIdFromPath(objectPath: string) {
  return OBJECT_PATH.exec(objectPath)?.[1] ?? null;
}

/**
 * Hands an anonymous sign-up upload to the new account, inside the sign-up's transaction.
 * Answers false when the path is not an unclaimed object from the sign-up upload flow.
 */
export async function claimSignupImage(
  tx: Pick<Database, "update">,
  objectPath: string,
  userId: string,
) {
  const id = objectIdFromPath(objectPath);
  if (!id) return false;
  const claimed = await tx
    .update(storedObjects)
    .set({ ownerId: userId, claimedAt: new Date() })
    .where(
      and(
        eq(storedObjects.id, id),
        eq(storedObjects.origin, "signup"),
        isNull(storedObjects.ownerId),
        isNull(storedObjects.claimedAt),
      ),
    )
    .returning({ id: storedObjects.id });
  return claimed.length === 1;
}

/**
 * A stored object for `viewer`: public ones for anyone, private ones for owner and admins. An
 * administrator opening someone's private image (a licence) is recorded in the audit log.
 */
export async function readObject(
  id: string,
  viewer: { id: string; email: string; role: string } | null,
  ip?: string,
) {
  const db = await getDb();
  const [row] = await db.select().from(storedObjects).where(eq(storedObjects.id, id));
  if (!row) return null;
  const allowed =
    row.visibility === "public" ||
    (viewer && (viewer.role === "admin" || (row.ownerId !== null && row.ownerId === viewer.id)));
  if (!allowed) return null;
  if (row.visibility === "private" && viewer && row.ownerId !== viewer.id) {
    const [owner] = row.ownerId
      ? await db
          .select({ name: users.name, email: users.email })
          .from(users)
          .where(eq(users.id, row.ownerId))
      : [];
    await recordAudit({
      actor: { id: viewer.id, email: viewer.email },
      action: "view_license_image",
      subject: { id: row.ownerId, label: owner ? `${owner.name} <${owner.email}>` : null },
      detail: { objectId: id },
      ip,
    });
  }
  const body = await objectStorage.get(id);
  return body ? { ...row, body } : null;
}
