// Where uploaded files live, chosen by STORAGE_DRIVER. The `local` driver keeps them under
// DATA_DIR/objects; every write goes to a temporary file first and is renamed into place, so a
// crash never leaves half a file. The `s3` driver keeps them in one bucket of an S3-compatible
// store shared by every instance. Either way the bytes pass through the app, which checks type
// and size before storing them (docs/decisions/004-uploads-pass-through-the-app.md).
import crypto from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import { type Env, env } from "~/env.server";

/** A stored file read as a stream: the bytes flow as the client takes them, never all at once. */
export type StoredStream = { body: Readable; size: number };

export type ObjectStorage = {
  put(id: string, body: Buffer): Promise<void>;
  /** Stores the file at `source` (a temporary file of `size` bytes) as `id`, streaming it. */
  putFile(id: string, source: string, size: number): Promise<void>;
  get(id: string): Promise<Buffer | null>;
  /** The object as a stream, or null when it does not exist. */
  getStream(id: string): Promise<StoredStream | null>;
  delete(id: string): Promise<void>;
};

function localStorage(root: string): ObjectStorage {
  const file = (id: string) => path.join(root, id.slice(0, 2), id);
  return {
    async put(id, body) {
      const target = file(id);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${crypto.randomBytes(4).toString("hex")}.tmp`;
      await fs.writeFile(temporary, body);
      await fs.rename(temporary, target);
    },
    async putFile(id, source) {
      const target = file(id);
      await fs.mkdir(path.dirname(target), { recursive: true });
      try {
        // The temporary file is the caller's to give away: moved into place when it can be.
        await fs.rename(source, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
        const temporary = `${target}.${crypto.randomBytes(4).toString("hex")}.tmp`;
        await fs.copyFile(source, temporary);
        await fs.rename(temporary, target);
      }
    },
    async getStream(id) {
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(file(id), "r");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
      const { size } = await handle.stat();
      // The stream owns the handle and closes it when it ends or is destroyed.
      return { body: handle.createReadStream({ highWaterMark: 64 * 1024 }), size };
    },
    async get(id) {
      try {
        return await fs.readFile(file(id));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(id) {
      await fs.rm(file(id), { force: true });
    },
  };
}

/** The object key of `id`: S3_PREFIX (with a trailing slash added when missing) then the id. */
export function s3Key(prefix: string | undefined, id: string) {
  if (!prefix) return id;
  return prefix.endsWith("/") ? `${prefix}${id}` : `${prefix}/${id}`;
}

/** True for the S3 answer "no such object" (a 404, whichever error name the server gives). */
function isMissing(error: unknown) {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}

type S3Settings = Pick<
  Env,
  | "S3_BUCKET"
  | "S3_REGION"
  | "S3_ENDPOINT"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
  | "S3_FORCE_PATH_STYLE"
  | "S3_PREFIX"
>;

/**
 * One bucket of AWS S3 or an S3-compatible server. The SDK is loaded on first use, so instances
 * on the local driver never pay for it.
 */
export function s3Storage(settings: S3Settings): ObjectStorage {
  const bucket = settings.S3_BUCKET;
  if (!bucket) throw new Error("S3_BUCKET is required when STORAGE_DRIVER=s3");
  const key = (id: string) => s3Key(settings.S3_PREFIX, id);

  let loaded: Promise<{ sdk: typeof import("@aws-sdk/client-s3"); client: S3Client }> | undefined;
  const load = () => {
    loaded ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.S3_REGION,
        endpoint: settings.S3_ENDPOINT,
        forcePathStyle: settings.S3_FORCE_PATH_STYLE,
        credentials:
          settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY
            ? {
                accessKeyId: settings.S3_ACCESS_KEY_ID,
                secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
              }
            : undefined,
        // Checksums only where S3 requires them: S3-compatible servers differ in the newer
        // checksum headers and trailers, and every body is small and sent whole.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
        // A store that does not answer fails the request cleanly instead of holding it open.
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
        maxAttempts: 3,
      }),
    }));
    return loaded;
  };

  return {
    async put(id, body) {
      const { sdk, client } = await load();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: key(id),
          Body: body,
          ContentLength: body.length,
          ContentType: "application/octet-stream",
        }),
      );
    },
    async putFile(id, source, size) {
      const { sdk, client } = await load();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: key(id),
          Body: createReadStream(source),
          ContentLength: size,
          ContentType: "application/octet-stream",
        }),
      );
    },
    async getStream(id) {
      const { sdk, client } = await load();
      try {
        const answer = await client.send(
          new sdk.GetObjectCommand({ Bucket: bucket, Key: key(id) }),
        );
        if (!answer.Body) return null;
        // In Node.js the SDK's body is the HTTP response itself, read as the client reads.
        const body =
          answer.Body instanceof Readable
            ? answer.Body
            : Readable.fromWeb(answer.Body.transformToWebStream() as never);
        return { body, size: Number(answer.ContentLength ?? 0) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async get(id) {
      const { sdk, client } = await load();
      try {
        const answer = await client.send(
          new sdk.GetObjectCommand({ Bucket: bucket, Key: key(id) }),
        );
        if (!answer.Body) return null;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(id) {
      const { sdk, client } = await load();
      // Deleting a missing key succeeds on S3, so this is idempotent like the local driver.
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key(id) }));
    },
  };
}

export const objectStorage: ObjectStorage =
  env.STORAGE_DRIVER === "s3" ? s3Storage(env) : localStorage(path.join(env.DATA_DIR, "objects"));
