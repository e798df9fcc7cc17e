import type { OrderAddress } from "../../../../db/schema";
import { addressLines } from "./address";

/** Where an order goes and how: the same block on the payment page and the confirmation. */
export function DeliveryDetails({
  address,
  method,
  headingLevel = 3,
  className = "",
}: {
  address: OrderAddress | null;
  method: string | null;
  headingLevel?: 2 | 3;
  className?: string;
}) {
  if (!address) return null;
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={className} data-testid="delivery-details">
      <Heading className="text-sm font-bold uppercase tracking-wide">Delivery</Heading>
      <address className="mt-2 text-sm not-italic leading-relaxed">
        {addressLines(address).map((line, index) => (
          <span key={index} className="block">
            {line}
          </span>
        ))}
      </address>
      {method && <p className="mt-2 text-sm text-muted">{method}</p>}
    </div>
  );
}
