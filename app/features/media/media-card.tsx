import { Link } from "react-router";
import { buildSrcSet, mediaFileUrl, type MediaVariant } from "./media";

/** What a library card shows of an asset. */
export interface MediaCardAsset {
  id: string;
  kind: "image" | "video";
  altText: string;
  caption: string;
  width: number | null;
  height: number | null;
  variants: MediaVariant[];
  deletedAt: string | null;
}

/** One asset in the library grid: a square thumbnail (the small WebP) and its alt text. */
export function MediaCard({ asset }: { asset: MediaCardAsset }) {
  return (
    <Link
      to={`/admin/media/${asset.id}`}
      className="group flex h-full flex-col overflow-hidden rounded-card border border-line bg-surface focus-visible:border-accent-text"
    >
      {asset.kind === "image" ? (
        <img
          src={mediaFileUrl(asset.variants.find((variant) => variant.format === "webp")?.key ?? "")}
          srcSet={buildSrcSet(asset.variants, "webp")}
          sizes="(min-width: 64rem) 16rem, 50vw"
          alt=""
          width={asset.width ?? undefined}
          height={asset.height ?? undefined}
          loading="lazy"
          decoding="async"
          className="aspect-square w-full bg-surface-raised object-cover"
        />
      ) : (
        <span className="flex aspect-square w-full items-center justify-center bg-surface-raised text-sm font-semibold uppercase text-muted">
          MP4 clip
        </span>
      )}
      <span className="flex flex-1 flex-col gap-1 p-3">
        <span className="line-clamp-2 text-sm font-medium text-text group-hover:underline">{asset.altText}</span>
        {asset.caption && <span className="line-clamp-1 text-xs text-muted">{asset.caption}</span>}
      </span>
    </Link>
  );
}
