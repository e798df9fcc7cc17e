import { fullStars } from "./catalogue";
import { ratingLabel } from "./store-view";
import { StarIcon } from "./store-icons";

/**
 * Five stars, the rating floored to whole stars, with the review count; nothing at all for a
 * product nobody has reviewed (a rating is data, not decoration).
 */
export function Stars({ rating, reviewCount }: { rating: number; reviewCount: number }) {
  if (reviewCount === 0) return null;
  const filled = fullStars(rating);
  return (
    <div className="flex items-center gap-2 text-sm">
      <span role="img" aria-label={ratingLabel(rating, reviewCount)} className="flex text-warning">
        {Array.from({ length: 5 }, (_, index) => (
          <StarIcon key={index} filled={index < filled} className="size-4" />
        ))}
      </span>
      <span className="text-muted" aria-hidden="true">
        ({reviewCount})
      </span>
    </div>
  );
}
