// The upload flow of SPEC.md §4: the client asks for an upload URL, PUTs the file to it, and
// stores the returned objectPath. URLs are HMAC-signed, expire in minutes and name one object.
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { getDb } from "~/db.server";
import { env } from "~/env.server";
import { type Actor, assertAdmin } from "~/features/audit/actor.server";
import { isUniqueViolation } from "~/lib/db-errors.server";
import { AppError } from "~/lib/errors.server";
import { isUuid } from "~/lib/ids";
import { readBodyBytes } from "~/lib/request-body.server";
import { appSecret } from "~/lib/secret.server";
import { logger } from "~/logger.server";
import type { Database } from "~db/client.server";
import { communityPosts, storedObjects, users } from "~db/schema";
import { recordAudit } from "../audit/audit.server";
import {
  clear as clearLimit,
  firstInWindow,
  ipKey,
  limitAuthRequestsByIp,
  limitMemberImageBytes,
  limitSignupUploadsByIp,
  limitUploadUrlsByAccount,
} from "../security/rate-limit.server";
import { IMAGE_TYPES, type ImageType, MAX_IMAGE_BYTES, UPLOAD_MESSAGES } from "./constants";
import { sniffDocument } from "./document-sniff.server";
import { DOCUMENT_MESSAGES, DOCUMENT_TYPES, MAX_DOCUMENT_BYTES } from "./document-types";
import { checkWholeImage } from "./image-check.server";
import { objectStorage } from "./storage.server";

type Grant = {
  /** Object id. */
  id: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
  /** The uploader, or null for an anonymous sign-up upload. */
  owner: string | null;
  /** 'library': a library file, served only through the library's download call. */
  visibility: "public" | "private" | DocumentVisibility;
  /** 'library': an administrator's document for the library (50 MB, documents and images). */
  origin: "signup" | "member" | "library";
};

const USED_URL = "이미 사용된 업로드 주소입니다. 새 업로드 주소로 다시 시도해주세요.";

const OBJECT_PATH = /^\/objects\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

function sign(payload: string) {
  return crypto.createHmac("sha256", appSecret()).update(`upload:${payload}`).digest("base64url");
}

/**
 * Who asks for an upload URL: the client's address (for the limits) and the origin the page was
 * opened at. The URL is on PUBLIC_URL when it is configured; without it, on the asking origin, so
 * a site opened at 127.0.0.1 or a LAN name is not sent to localhost. The Host header only ever
 * points the asking client at itself.
 */
export type UploadRequester = { ip?: string; origin?: string };

/**
 * An upload URL for `uploader` (null: an anonymous sign-up), within the limits: a signed-in
 * account's own count; for anonymous sign-ups the shared per-address budget and the hourly quota. Administrators'
 * uploads are public, all others private.
 */
export async function requestUploadUrl(
  uploader: { id: string; role: string } | null,
  from: UploadRequester = {},
) {
  if (uploader) {
    await limitUploadUrlsByAccount(uploader.id);
  } else {
    await limitAuthRequestsByIp(from.ip);
    await limitSignupUploadsByIp(from.ip);
  }
  return signedUploadUrl(newGrant(uploader), from.origin);
}

/**
 * Where a document goes: the library ('library') or a notice's attachments ('notice'). Either is
 * served only by its own download call, under its own reading rule, never at /objects/{id}.
 */
export type DocumentVisibility = "library" | "notice";

/**
 * An upload URL for one document, for an administrator only (decided here): up to 50 MB,
 * checked by content, private to the download call of where it goes.
 */
export async function requestDocumentUploadUrl(
  actor: Actor,
  from: UploadRequester = {},
  visibility: DocumentVisibility = "library",
) {
  assertAdmin(actor);
  await limitUploadUrlsByAccount(actor.user.id);
  return signedUploadUrl(
    {
      id: crypto.randomUUID(),
      exp: Math.floor(Date.now() / 1000) + env.UPLOAD_URL_TTL_SECONDS,
      owner: actor.user.id,
      visibility,
      origin: "library",
    },
    from.origin,
  );
}

function newGrant(uploader: { id: string; role: string } | null): Grant {
  return {
    id: crypto.randomUUID(),
    exp: Math.floor(Date.now() / 1000) + env.UPLOAD_URL_TTL_SECONDS,
    owner: uploader?.id ?? null,
    visibility: uploader?.role === "admin" ? "public" : "private",
    origin: uploader ? "member" : "signup",
  };
}

/**
 * The image of a page form (sign-up and the full-membership application work without
 * JavaScript): the address of the image the browser uploaded first, or else the file sent with
 * the form itself, stored now under the same limits and the same type and size checks as an
 * upload. A refusal is the upload's AppError (a 4xx and its Korean message) under `field`; a
 * failure of our own (5xx) is thrown as it is.
 */
export async function imageSentWithForm(
  address: string,
  file: File | null,
  options: { field: string; uploader: { id: string; role: string } | null; ip?: string },
): Promise<string> {
  if (!file || address) return address;
  try {
    if (options.uploader) {
      await limitUploadUrlsByAccount(options.uploader.id);
    } else {
      await limitAuthRequestsByIp(options.ip);
      await limitSignupUploadsByIp(options.ip);
    }
    const body = Buffer.from(await file.arrayBuffer());
    const grant = newGrant(options.uploader);
    const { objectPath } = await storeObject(grant, body, uploaderKey(grant, options.ip));
    return objectPath;
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    throw new AppError(error.code, error.message, { [options.field]: error.message });
  }
}

function signedUploadUrl(
  grant: Grant,
  askingOrigin?: string,
): { uploadURL: string; objectPath: string } {
  const payload = Buffer.from(JSON.stringify(grant)).toString("base64url");
  const token = `${payload}.${sign(payload)}`;
  const base = env.PUBLIC_URL_CONFIGURED ? env.PUBLIC_URL : (askingOrigin ?? env.PUBLIC_URL);
  return {
    uploadURL: `${base}/api/objects/put?token=${token}`,
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
 * Accepts the PUT to an upload URL: one object per URL, images only (by content, decoded to the
 * end), 5 MB, within the member's daily image quota. A URL takes one PUT, whatever becomes of it:
 * a refused file used to leave its URL open, and one broken 2 KB image sent to it again and again
 * kept every other doctor's upload waiting behind its checks. The browser asks for a new URL for
 * each file.
 */
export async function receiveUpload(request: Request, token: string | null, ip?: string) {
  const grant = readGrant(token);
  const db = await getDb();
  const [existing] = await db
    .select({ id: storedObjects.id })
    .from(storedObjects)
    .where(eq(storedObjects.id, grant.id));
  if (existing) throw new AppError("conflict", USED_URL);
  const spent = `upload-put:${grant.id}`;
  if (!(await firstInWindow(spent, grant.exp * 1000 - Date.now() + 60_000))) {
    throw new AppError("conflict", USED_URL);
  }
  try {
    if (grant.origin === "library") return await receiveDocument(request, grant);
    const body = await readBodyBytes(request, MAX_IMAGE_BYTES, UPLOAD_MESSAGES.tooLarge);
    return await storeObject(grant, body, uploaderKey(grant, ip));
  } catch (error) {
    // A failure of our own (storage, the database) does not spend the URL: the same file may be
    // sent again. Only a file refused for what it is does.
    if (!(error instanceof AppError) || error.status >= 500) {
      await clearLimit(spent).catch(() => undefined);
    }
    throw error;
  }
}

/** Whose turn an image check is (image-check.server.ts): the account, or a visitor's address. */
function uploaderKey(grant: Grant, ip: string | undefined) {
  return grant.owner ? `account:${grant.owner}` : `ip:${ipKey(ip)}`;
}

/** Checks an image by its content and size and stores it under the grant's one id. */
async function storeObject(grant: Grant, body: Buffer, uploader: string) {
  const db = await getDb();
  if (body.length === 0) throw new AppError("invalid", "업로드할 파일이 없습니다.");
  if (body.length > MAX_IMAGE_BYTES) throw new AppError("too_large", UPLOAD_MESSAGES.tooLarge);
  const type = await fileTypeFromBuffer(body);
  if (!type || !(IMAGE_TYPES as readonly string[]).includes(type.mime)) {
    throw new AppError("unsupported_type", UPLOAD_MESSAGES.wrongType);
  }
  // What is kept: the image as sent, or without where and when it was taken (a phone's EXIF).
  const kept = await checkWholeImage(body, type.mime as ImageType, uploader);
  // A member's own images count against their daily quota; administrators' page images do not.
  if (grant.origin === "member" && grant.visibility === "private" && grant.owner) {
    await limitMemberImageBytes(grant.owner, kept.length);
  }

  // The row is the claim on this URL's object, made before any byte is stored: of two PUTs to
  // one URL at the same time exactly one inserts it and writes the file; the other gets 409 and
  // never touches storage, so it cannot overwrite or delete the winner's file.
  try {
    await db.insert(storedObjects).values({
      id: grant.id,
      visibility: grant.visibility,
      ownerId: grant.owner,
      origin: grant.origin,
      contentType: type.mime,
      size: kept.length,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", USED_URL);
    throw error;
  }
  try {
    await objectStorage.put(grant.id, kept);
  } catch (error) {
    // Storage failed: give the URL back, so the same upload may be tried again.
    await db
      .delete(storedObjects)
      .where(and(eq(storedObjects.id, grant.id), isNull(storedObjects.claimedAt)));
    throw error;
  }
  return { objectPath: `/objects/${grant.id}` };
}

/**
 * A library document: the body is written to a temporary file as it arrives (never held in
 * memory) and refused at the first byte past 50 MB; its type is read from the file; only then is
 * its row claimed and the file handed to storage.
 */
async function receiveDocument(request: Request, grant: Grant) {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > MAX_DOCUMENT_BYTES) {
    throw new AppError("too_large", DOCUMENT_MESSAGES.tooLarge);
  }
  const incoming = path.join(env.DATA_DIR, "incoming");
  await fs.mkdir(incoming, { recursive: true });
  const temporary = path.join(incoming, `${grant.id}.${crypto.randomBytes(4).toString("hex")}`);
  try {
    const size = await writeBodyToFile(request, temporary, MAX_DOCUMENT_BYTES);
    if (size === 0) throw new AppError("invalid", DOCUMENT_MESSAGES.empty);
    const kind = await sniffDocument(temporary);
    if (!kind) throw new AppError("unsupported_type", DOCUMENT_MESSAGES.wrongType);
    const contentType = DOCUMENT_TYPES[kind].mime;
    const db = await getDb();
    try {
      await db.insert(storedObjects).values({
        id: grant.id,
        visibility: grant.visibility,
        ownerId: grant.owner,
        origin: grant.origin,
        contentType,
        size,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError("conflict", USED_URL);
      throw error;
    }
    try {
      await objectStorage.putFile(grant.id, temporary, size);
    } catch (error) {
      await db
        .delete(storedObjects)
        .where(and(eq(storedObjects.id, grant.id), isNull(storedObjects.claimedAt)));
      throw error;
    }
    return { objectPath: `/objects/${grant.id}`, contentType, size };
  } finally {
    await fs.rm(temporary, { force: true });
  }
}

/** Writes the request's body to `target`, stopping with 413 at the first byte past `maxBytes`. */
async function writeBodyToFile(request: Request, target: string, maxBytes: number) {
  const file = await fs.open(target, "w");
  let size = 0;
  try {
    if (!request.body) return 0;
    const reader = request.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > maxBytes) throw new AppError("too_large", DOCUMENT_MESSAGES.tooLarge);
        await file.write(value);
      }
    } finally {
      reader.releaseLock();
    }
    return size;
  } finally {
    await file.close();
  }
}

/**
 * A document's object, claimed inside the transaction of the row that takes it (a library item,
 * a notice's attachment): it must come from the document upload flow for that place and not be
 * claimed yet. Answers its type and size, or null.
 */
export async function claimDocument(
  tx: Pick<Database, "update">,
  objectPath: string,
  visibility: DocumentVisibility = "library",
) {
  const id = objectIdFromPath(objectPath);
  if (!id) return null;
  const [claimed] = await tx
    .update(storedObjects)
    .set({ claimedAt: new Date() })
    .where(
      and(
        eq(storedObjects.id, id),
        eq(storedObjects.origin, "library"),
        eq(storedObjects.visibility, visibility),
        isNull(storedObjects.claimedAt),
      ),
    )
    .returning({
      id: storedObjects.id,
      contentType: storedObjects.contentType,
      size: storedObjects.size,
    });
  return claimed ?? null;
}

/** A library document's bytes as a stream, or null when its file is gone. */
export function streamDocument(objectPath: string) {
  const id = objectIdFromPath(objectPath);
  return id ? objectStorage.getStream(id) : Promise.resolve(null);
}

// Deleting stored objects, the one way every area does it (retention, withdrawal, the sweep).
// Rows go first, in the caller's transaction with its own change (an account deleted, an image
// cleared); files go after the commit: a file without its row can no longer be served or claimed,
// never the reverse. One failure policy for files: one the storage cannot delete right now is
// logged and the rest go on, because nothing can reach it any more and the caller's change is done.

/** Deletes the objects' rows, inside the caller's transaction (or on the database). */
export async function forgetStoredObjects(tx: Pick<Database, "delete">, ids: readonly string[]) {
  const valid = [...new Set(ids)].filter(isUuid);
  if (valid.length > 0) await tx.delete(storedObjects).where(inArray(storedObjects.id, valid));
}

/** Deletes the objects' files after their rows are gone; answers the ids it could not delete. */
export async function deleteStoredFiles(ids: readonly string[], reason: string) {
  const failed: string[] = [];
  for (const id of new Set(ids)) {
    if (!isUuid(id)) continue;
    try {
      await objectStorage.delete(id);
    } catch (error) {
      failed.push(id);
      logger.error({ err: error, objectId: id, reason }, "Could not delete a stored file");
    }
  }
  return failed;
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
 * Hands a member's own upload to their full-membership application, so the sweep of unattached
 * uploads leaves it: the object must be `ownerId`'s. Answers false when it is not.
 */
export async function claimApplicationImage(
  tx: Pick<Database, "update">,
  objectPath: string,
  ownerId: string,
) {
  const id = objectIdFromPath(objectPath);
  if (!id) return false;
  const claimed = await tx
    .update(storedObjects)
    // A licence image is private whoever uploaded it: an administrator's uploads are stored
    // public (they are the pages' pictures), and one who applies as a doctor uploads theirs too.
    .set({ claimedAt: sql`coalesce(${storedObjects.claimedAt}, now())`, visibility: "private" })
    .where(and(eq(storedObjects.id, id), eq(storedObjects.ownerId, ownerId)))
    .returning({ id: storedObjects.id });
  return claimed.length === 1;
}

/**
 * Hands a member's own uploads to a members' board post, inside the post's transaction: each must
 * be an object `ownerId` uploaded through the member flow and no post has taken yet. From then on
 * its visibility is 'members' (every approved member may read it, see readObject). Answers false,
 * changing nothing, unless every path qualifies.
 */
export async function claimMemberImages(
  tx: Pick<Database, "update">,
  objectPaths: readonly string[],
  ownerId: string,
) {
  if (objectPaths.length === 0) return true;
  const ids = objectPaths.map(objectIdFromPath);
  if (ids.some((id) => id === null)) return false;
  const claimed = await tx
    .update(storedObjects)
    .set({ claimedAt: new Date(), visibility: "members" })
    .where(
      and(
        inArray(storedObjects.id, ids as string[]),
        eq(storedObjects.ownerId, ownerId),
        eq(storedObjects.origin, "member"),
        isNull(storedObjects.claimedAt),
      ),
    )
    .returning({ id: storedObjects.id });
  return claimed.length === new Set(ids).size;
}

/**
 * A stored object for `viewer`: public ones for anyone, members' board images ('members') for
 * any signed-in viewer (only approved members in good standing have sessions) unless their post
 * is hidden, private ones for owner and admins. An administrator opening someone's private image
 * (a licence) is recorded in the audit log.
 */
async function inHiddenPost(id: string) {
  const db = await getDb();
  const [hidden] = await db
    .select({ id: communityPosts.id })
    .from(communityPosts)
    .where(
      and(
        sql`${communityPosts.hiddenAt} is not null`,
        sql`${communityPosts.images} @> ${JSON.stringify([`/objects/${id}`])}::jsonb`,
      ),
    )
    .limit(1);
  return hidden !== undefined;
}

export async function readObject(
  id: string,
  viewer: { id: string; email: string; role: string } | null,
  ip?: string,
) {
  const db = await getDb();
  const [row] = await db.select().from(storedObjects).where(eq(storedObjects.id, id));
  if (!row) return null;
  // Documents are served only by their own download calls (the library's, a notice's), under
  // the rule of the item or notice they belong to.
  if (row.visibility === "library" || row.visibility === "notice") return null;
  const allowed =
    row.visibility === "public" ||
    (row.visibility === "members" && viewer !== null) ||
    (viewer && (viewer.role === "admin" || (row.ownerId !== null && row.ownerId === viewer.id)));
  if (!allowed) return null;
  // A hidden post's images are hidden with it (from members who kept their address): its author
  // and the administrators still see them, as they see the post.
  if (
    row.visibility === "members" &&
    viewer?.role !== "admin" &&
    row.ownerId !== viewer?.id &&
    (await inHiddenPost(id))
  ) {
    return null;
  }
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
