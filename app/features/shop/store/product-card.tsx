import { useId } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { cx } from "~/components/ui/cx";
import { formatPence } from "~/lib/money";
import { AddToCart } from "./add-to-cart";
import { Stars } from "./stars";
import { HeartIcon } from "./store-icons";
import { PRODUCT_IMAGE_SIZE, isOnSale, productPath, type ProductView } from "./store-view";

interface ProductCardProps {
  product: ProductView;
  /** Load the picture at once (cards in the first screenful). */
  eager?: boolean;
  favourite: boolean;
  onToggleFavourite: () => void;
}

export function ProductCard({ product, eager = false, favourite, onToggleFavourite }: ProductCardProps) {
  const titleId = useId();
  const sale = isOnSale(product);
  return (
    <article aria-labelledby={titleId} className="relative flex h-full flex-col overflow-hidden rounded-card border border-line bg-surface">
      <div className="relative">
        <Link to={productPath(product)} tabIndex={-1} aria-hidden="true">
          <img
            src={product.image}
            alt=""
            width={PRODUCT_IMAGE_SIZE.width}
            height={PRODUCT_IMAGE_SIZE.height}
            loading={eager ? "eager" : "lazy"}
            fetchPriority={eager ? "high" : undefined}
            decoding="async"
            className="aspect-square w-full bg-surface-raised object-cover"
          />
        </Link>
        <div className="absolute left-2 top-2 flex flex-wrap gap-1 sm:left-3 sm:top-3 sm:gap-2">
          {sale && <Badge tone="accent">Sale</Badge>}
          {product.featured && <Badge tone="neutral">Featured</Badge>}
        </div>
        <FavouriteButton
          name={product.name}
          pressed={favourite}
          onToggle={onToggleFavourite}
          className="absolute right-2 top-2 sm:right-3 sm:top-3"
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3 sm:gap-3 sm:p-5">
        <h2 id={titleId} className="text-base font-bold leading-tight sm:text-xl">
          <Link to={productPath(product)} className="hover:text-accent-text hover:underline">
            {product.name}
          </Link>
        </h2>
        <Stars rating={product.rating} reviewCount={product.reviewCount} />
        <p className="text-sm text-muted">{product.description}</p>
        <Price pricePence={product.pricePence} originalPricePence={sale ? product.originalPricePence : null} />
        <div className="mt-auto">
          <AddToCart product={product} />
        </div>
      </div>
    </article>
  );
}

export function Price({
  pricePence,
  originalPricePence,
  large,
}: {
  pricePence: number;
  originalPricePence: number | null;
  large?: boolean;
}) {
  return (
    <p className="flex items-baseline gap-3">
      <span className={cx("font-display font-bold", large ? "text-4xl" : "text-xl sm:text-2xl")}>{formatPence(pricePence)}</span>
      {originalPricePence !== null && (
        <span className="text-muted line-through">
          <span className="sr-only">Was </span>
          {formatPence(originalPricePence)}
        </span>
      )}
    </p>
  );
}

export function FavouriteButton({
  name,
  pressed,
  onToggle,
  className,
}: {
  name: string;
  pressed: boolean;
  onToggle: () => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={`Favourite: ${name}`}
      title={pressed ? "Remove from favourites" : "Add to favourites"}
      onClick={onToggle}
      className={cx(
        "inline-flex size-11 items-center justify-center rounded-full border border-line bg-ink/80 transition-colors hover:border-accent-text",
        pressed ? "text-accent-text" : "text-text",
        className,
      )}
    >
      <HeartIcon filled={pressed} className="size-5" />
    </button>
  );
}
