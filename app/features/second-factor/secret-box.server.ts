// Second-factor secrets at rest: AES-256-GCM with a key derived from APP_SECRET by HKDF, so a
// copy of the database alone does not give anyone an administrator's codes. While APP_SECRET is
// being rotated, APP_SECRET_PREVIOUS still opens what the old key sealed (docs/operations.md).
import crypto from "node:crypto";
import { env } from "~/env.server";
import { appSecret } from "~/lib/secret.server";

const VERSION = "v1";
const INFO = "society-site second-factor secret v1";

const keyOf = (secret: string) =>
  Buffer.from(crypto.hkdfSync("sha256", secret, "", INFO, 32) as ArrayBuffer);

/** Seals `plain` with the current key: `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function seal(plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", keyOf(appSecret()), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url"));
  return [VERSION, ...parts].join(".");
}

/**
 * Opens a sealed value; `rotated` says it was sealed with APP_SECRET_PREVIOUS (the caller seals it
 * again with the current key). Null when no key opens it (APP_SECRET changed without the previous
 * one given): the owner's factor must then be reset.
 */
export function open(sealed: string): { plain: string; rotated: boolean } | null {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || !body) return null;
  const keys = [appSecret(), env.APP_SECRET_PREVIOUS].filter((k): k is string => Boolean(k));
  for (const [index, secret] of keys.entries()) {
    try {
      const decipher = crypto.createDecipheriv(
        "aes-256-gcm",
        keyOf(secret),
        Buffer.from(iv, "base64url"),
      );
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      const plain = Buffer.concat([
        decipher.update(Buffer.from(body, "base64url")),
        decipher.final(),
      ]).toString("utf8");
      return { plain, rotated: index > 0 };
    } catch {
      // Not this key: try the next one.
    }
  }
  return null;
}
