import { buildPictureSources, focalObjectPosition, type PictureImage } from "~/features/media/media";

export interface ResponsivePictureProps {
  image: PictureImage;
  /** How wide the image is drawn, for the browser to pick a file (see buildSizes); "100vw" by default. */
  sizes?: string;
  /** "lazy" for images below the fold; the first screen's main image should stay "eager". */
  loading?: "lazy" | "eager";
  decoding?: "async" | "sync" | "auto";
  /** "high" for the page's largest image above the fold (its LCP element). */
  fetchPriority?: "high" | "low" | "auto";
  /** Classes of the <img> (size it and, with object-cover, let the focal point decide the crop). */
  className?: string;
  /** Classes of the <picture> wrapper. */
  pictureClassName?: string;
  /** False in a swipeable carousel, where dragging the image would fight the swipe. */
  draggable?: boolean;
}

/**
 * An image at the size the screen needs: AVIF, then WebP, at each generated width, with the
 * intrinsic width and height (nothing shifts while it loads) and the focal point as
 * object-position (a cropped frame keeps the subject). A plain file, such as the site's SVG
 * art, is one <img>.
 */
export function ResponsivePicture({
  image,
  sizes = "100vw",
  loading,
  decoding,
  fetchPriority,
  className,
  pictureClassName,
  draggable,
}: ResponsivePictureProps) {
  const imgProps = { alt: image.alt, width: image.width, height: image.height, loading, decoding, fetchPriority, className, draggable };
  if (image.kind === "file") return <img src={image.src} {...imgProps} />;
  const sources = buildPictureSources(image.variants);
  return (
    <picture className={pictureClassName}>
      {sources.avifSrcSet && <source type="image/avif" srcSet={sources.avifSrcSet} sizes={sizes} />}
      {sources.webpSrcSet && <source type="image/webp" srcSet={sources.webpSrcSet} sizes={sizes} />}
      <img src={sources.fallbackSrc} {...imgProps} style={{ objectPosition: focalObjectPosition(image.focalX, image.focalY) }} />
    </picture>
  );
}
