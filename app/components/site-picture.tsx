import type { CSSProperties } from "react";
import { ResponsivePicture } from "~/components/responsive-picture";
import { cx } from "~/components/ui/cx";
import type { PictureImage } from "~/features/media/media";

export interface SitePictureProps {
  /** The record's photo from the media library, when it has one (it wins). */
  photo: PictureImage | null | undefined;
  /** The record's own image path (the site's art): shown when there is no library photo. */
  src: string;
  /** The alt text of the image path; a library photo carries its own. */
  alt: string;
  /** The picture repeats what text beside it says (a card's name): no alt for either kind. */
  decorative?: boolean;
  draggable?: boolean;
  width: number;
  height: number;
  /** How wide the frame is drawn, for the browser to pick a photo's file. */
  sizes: string;
  className?: string;
  /** The art's crop (object-position); a library photo uses its focal point instead. */
  objectPosition?: string;
  loading?: "lazy" | "eager";
  fetchPriority?: "high" | "low" | "auto";
}

/**
 * A record's picture wherever the public site shows people, partners, the gallery or the hero:
 * the library photo as a responsive <picture> cropped around its focal point, else the
 * record's own image as one <img>. The <picture> wrapper takes no box of its own (display:
 * contents), so the <img> sits in the layout exactly where the plain image did.
 */
export function SitePicture({
  photo,
  src,
  alt,
  decorative,
  width,
  height,
  sizes,
  className,
  objectPosition,
  loading,
  fetchPriority,
  draggable,
}: SitePictureProps) {
  if (photo) {
    return (
      <ResponsivePicture
        image={decorative ? { ...photo, alt: "" } : photo}
        sizes={sizes}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
        className={className}
        pictureClassName="contents"
        draggable={draggable}
      />
    );
  }
  // A record whose library photo was deleted and that has no image path of its own: an empty frame, not a broken image.
  if (!src) return <span aria-hidden="true" className={cx("block", className)} />;
  const style: CSSProperties | undefined = objectPosition ? { objectPosition } : undefined;
  return (
    <img
      src={src}
      alt={decorative ? "" : alt}
      width={width}
      height={height}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding="async"
      className={className}
      style={style}
      draggable={draggable}
    />
  );
}
