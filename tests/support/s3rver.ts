// An S3-compatible server for the `s3` storage driver's tests: s3rver from npm on loopback, on a
// free port, keeping its buckets in a temporary directory, with one bucket made up front. The
// tests read the bucket with the AWS SDK itself, not through the app.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from "@aws-sdk/client-s3";
import S3rver from "s3rver";

/** s3rver's fixed credentials. */
export const S3RVER_KEY = "S3RVER";

export type FakeS3 = {
  endpoint: string;
  bucket: string;
  client: S3Client;
  /** The app's environment for this bucket (STORAGE_DRIVER=s3 …). */
  env: Record<string, string>;
  /** Every key in the bucket. */
  keys: () => Promise<string[]>;
  /** The bytes at `key`, or null when there is no such object. */
  read: (key: string) => Promise<Buffer | null>;
  exists: (key: string) => Promise<boolean>;
  close: () => Promise<void>;
};

export async function startS3rver(bucket = "society-uploads"): Promise<FakeS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "society-s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: "us-east-1",
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const missing = (error: unknown) =>
    (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

  return {
    endpoint,
    bucket,
    client,
    env: {
      STORAGE_DRIVER: "s3",
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
    },
    keys: async () => {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key ?? "");
    },
    read: async (key) => {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    exists: async (key) => {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if (missing(error)) return false;
        throw error;
      }
    },
    close: async () => {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
