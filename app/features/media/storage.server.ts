import { eq, inArray } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { mediaBlobs } from "../../../db/schema";

/** A stored file's bytes and type. */
export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}

/**
 * Where the media library keeps files, by key. Keys name their content (a hash), so a put of a
 * key that exists stores nothing new. The database implementation is the default; another
 * store (an object store, a disk) only has to offer these three calls.
 */
export interface MediaStorage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(keys: string[]): Promise<void>;
}

/**
 * Files as rows of media_blobs (bytea): every app process on one PostgreSQL sees them, and a
 * database backup holds them. On the embedded database the bytes cross to its thread and back
 * as copies of the same bytes (tests/server/media.test.ts checks every byte value survives).
 */
export function databaseMediaStorage(db: Database): MediaStorage {
  return {
    async put(key, bytes, contentType) {
      const data = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      await db.insert(mediaBlobs).values({ key, contentType, bytes: data.byteLength, data }).onConflictDoNothing();
    },
    async get(key) {
      const [row] = await db
        .select({ data: mediaBlobs.data, contentType: mediaBlobs.contentType })
        .from(mediaBlobs)
        .where(eq(mediaBlobs.key, key));
      return row ? { bytes: row.data, contentType: row.contentType } : null;
    },
    async delete(keys) {
      if (keys.length > 0) await db.delete(mediaBlobs).where(inArray(mediaBlobs.key, keys));
    },
  };
}
