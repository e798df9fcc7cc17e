import { asc } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { galleryItems } from "../../../db/schema";

/** The season's gallery, in the order the team numbered it. */
export async function getGalleryItems(db: Database) {
  return db.select().from(galleryItems).orderBy(asc(galleryItems.id));
}

export type GalleryItem = Awaited<ReturnType<typeof getGalleryItems>>[number];
