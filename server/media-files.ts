import type { RequestHandler } from "express";
import type { Database } from "../db/client.server";
import { isMediaKey } from "../app/features/media/media";
import { getServableMediaFile } from "../app/features/media/media.server";
import { databaseMediaStorage } from "../app/features/media/storage.server";

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * GET /media/u/<key>: the media library's files (docs/decisions/0024-media-storage.md). A key
 * names its content, so a response never changes and may be cached for a year. Served here,
 * before React Router and its page cache, which keeps whole pages as text and is no place
 * for image bytes. The site's own art under /media/ is static files, served before this.
 */
export function mediaFiles(db: Database): RequestHandler {
  const storage = databaseMediaStorage(db);
  return async (req, res, next) => {
    const key = String(req.params.key ?? "");
    try {
      const file = isMediaKey(key) ? await getServableMediaFile(db, storage, key) : null;
      if (!file) {
        res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not found");
        return;
      }
      const etag = `"${key}"`;
      res.set({ "Cache-Control": IMMUTABLE, ETag: etag, "X-Content-Type-Options": "nosniff" });
      if (req.headers["if-none-match"]?.split(/\s*,\s*/).some((tag) => tag === etag || tag === `W/${etag}`)) {
        res.status(304).end();
        return;
      }
      res.type(file.contentType).send(file.bytes);
    } catch (error) {
      next(error);
    }
  };
}
