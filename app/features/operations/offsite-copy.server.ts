/**
 * A copy of each backup in S3-compatible storage (BACKUP_S3_URL), through the AWS SDK, which
 * speaks to AWS S3 and to the stores that copy its API (MinIO, Backblaze B2, Cloudflare R2...).
 * Credentials come from the SDK's usual places (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY).
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";

export interface OffsiteTarget {
  bucket: string;
  /** Key prefix, without a trailing slash; "" for the bucket's top level. */
  prefix: string;
  endpoint?: string;
  region: string;
}

/** The target from BACKUP_S3_URL (s3://bucket/prefix) and its companions; null when not configured. */
export function offsiteTargetFrom(env: {
  BACKUP_S3_URL?: string;
  BACKUP_S3_ENDPOINT?: string;
  BACKUP_S3_REGION: string;
}): OffsiteTarget | null {
  if (!env.BACKUP_S3_URL) return null;
  const rest = env.BACKUP_S3_URL.slice("s3://".length);
  const slash = rest.indexOf("/");
  const bucket = slash === -1 ? rest : rest.slice(0, slash);
  const prefix = slash === -1 ? "" : rest.slice(slash + 1).replace(/^\/+|\/+$/g, "");
  return { bucket, prefix, endpoint: env.BACKUP_S3_ENDPOINT, region: env.BACKUP_S3_REGION };
}

export function describeOffsiteTarget(target: OffsiteTarget): string {
  return `s3://${target.bucket}/${target.prefix ? `${target.prefix}/` : ""}${target.endpoint ? ` at ${target.endpoint}` : ""}`;
}

const ATTEMPTS = 3;
const silent = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/**
 * Uploads one backup file under its own name, trying three times (a file stream cannot be
 * replayed by the SDK's own retries, so each attempt opens the file again); throws the last
 * error when the store cannot be reached or refuses it.
 */
export async function copyOffsite(target: OffsiteTarget, file: string, fileName: string): Promise<void> {
  const client = new S3Client({
    region: target.region,
    endpoint: target.endpoint,
    // Stores other than AWS mostly want the bucket in the path, not in the host name.
    forcePathStyle: target.endpoint !== undefined,
    // The SDK's default checksums (aws-chunked uploads with CRC trailers) are refused by several
    // S3-compatible stores; a plain signed PUT works everywhere.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 1,
    // Failures are logged by the backup, once, with the file they concern.
    logger: silent,
    requestHandler: { connectionTimeout: 10_000, requestTimeout: 10 * 60_000 },
  });
  try {
    const { size } = await stat(file);
    for (let attempt = 1; ; attempt++) {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: target.bucket,
            Key: target.prefix ? `${target.prefix}/${fileName}` : fileName,
            Body: createReadStream(file),
            ContentLength: size,
            ContentType: "application/x-tar",
          }),
        );
        return;
      } catch (error) {
        if (attempt >= ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, attempt * 1_000));
      }
    }
  } finally {
    client.destroy();
  }
}
