import { ResponsivePicture } from "~/components/responsive-picture";
import { cx } from "~/components/ui/cx";
import { NEWS_IMAGE_SIZE, type ArticleHero } from "./news-image";

interface ArticleHeroImageProps {
  hero: ArticleHero;
  /** How wide the frame is drawn, for the browser to pick a photo's file. */
  sizes: string;
  /** The article page's hero is its largest picture (LCP): fetched at once, first. Cards load lazily unless in the first screenful. */
  priority: "lcp" | "eager" | "lazy";
  className?: string;
}

/**
 * An article's hero in a 16:9 frame: a library photo as a responsive <picture> cropped around
 * its focal point, with its alt text; the site's art as the one <img> it always was (the
 * headline says what the art shows, so its alt is empty). The frame's ratio is fixed in CSS
 * and the image has its intrinsic size, so nothing shifts while it loads.
 */
export function ArticleHeroImage({ hero, sizes, priority, className }: ArticleHeroImageProps) {
  const frame = cx("aspect-video w-full bg-surface-raised object-cover", className);
  const loading = priority === "lazy" ? "lazy" : undefined;
  const fetchPriority = priority === "lcp" ? "high" : undefined;
  if (hero.kind === "photo") {
    return (
      <ResponsivePicture
        image={hero.picture}
        sizes={sizes}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
        className={frame}
        pictureClassName="block"
      />
    );
  }
  if (hero.kind === "art") {
    return (
      <img
        src={hero.src}
        alt=""
        width={NEWS_IMAGE_SIZE.width}
        height={NEWS_IMAGE_SIZE.height}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
        className={frame}
        style={{ objectPosition: hero.objectPosition }}
      />
    );
  }
  return <div aria-hidden="true" className={frame} />;
}
