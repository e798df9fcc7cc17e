import { asc, isNull } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { galleryItems } from "../../../db/schema";

/** The season's gallery, in the order the team numbered it. */
export async function getGalleryItems(db: Database) {
  return db
    .select({
      id: galleryItems.id,
      image: galleryItems.image,
      title: galleryItems.title,
      circuit: galleryItems.circuit,
      dateText: galleryItems.dateText,
      description: galleryItems.description,
      alt: galleryItems.alt,
      objectPosition: galleryItems.objectPosition,
    })
    .from(galleryItems)
    .where(isNull(galleryItems.deletedAt)).orderBy(asc(galleryItems.id));
}

export type GalleryItem = Awaited<ReturnType<typeof getGalleryItems>>[number];
