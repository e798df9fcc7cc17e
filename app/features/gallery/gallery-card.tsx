import { SitePicture } from "~/components/site-picture";
import type { GalleryItem } from "./gallery.server";

/** The size of the gallery art (its SVG viewBox); CSS scales it. */
export const GALLERY_IMAGE = { width: 800, height: 800 } as const;

export function GalleryCard({ item, eager }: { item: GalleryItem; eager: boolean }) {
  return (
    <figure className="flex h-full flex-col overflow-hidden rounded-card border border-line bg-surface">
      <SitePicture
        photo={item.photo}
        src={item.image}
        alt={item.alt}
        width={GALLERY_IMAGE.width}
        height={GALLERY_IMAGE.height}
        sizes="(min-width: 64rem) 33vw, (min-width: 40rem) 50vw, 100vw"
        objectPosition={item.objectPosition}
        className="aspect-square w-full bg-surface-raised object-cover"
        loading={eager ? undefined : "lazy"}
      />
      <figcaption className="flex flex-1 flex-col gap-2 p-5">
        <h2 className="text-xl font-bold uppercase">{item.title}</h2>
        <p className="text-sm font-semibold text-accent-text">
          {item.circuit} <span aria-hidden="true">·</span> <span className="text-muted">{item.dateText}</span>
        </p>
        <p className="text-sm text-muted">{item.description}</p>
      </figcaption>
    </figure>
  );
}
