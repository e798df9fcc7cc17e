import { asc, isNull } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { galleryItems } from "../../../db/schema";
import { withLibraryPhotos } from "~/features/media/media.server";

/** The season's gallery, in the order the team numbered it. */
export async function getGalleryItems(db: Database) {
  const rows = await db
    .select({
      id: galleryItems.id,
      image: galleryItems.image,
      photoAssetId: galleryItems.photoAssetId,
      title: galleryItems.title,
      circuit: galleryItems.circuit,
      dateText: galleryItems.dateText,
      description: galleryItems.description,
      alt: galleryItems.alt,
      objectPosition: galleryItems.objectPosition,
    })
    .from(galleryItems)
    .where(isNull(galleryItems.deletedAt))
    .orderBy(asc(galleryItems.id));
  const items = await withLibraryPhotos(db, rows, (row) => row.photoAssetId);
  return items.map(({ photoAssetId: _assetId, ...item }) => item);
}

export type GalleryItem = Awaited<ReturnType<typeof getGalleryItems>>[number];
