import { Link } from "react-router";
import { formatAuditTime } from "~/features/admin/audit-views";
import { OrderLines } from "~/features/shop/store/order-lines";
import { formatPence } from "~/lib/money";

interface DeskOrderLine {
  id: number;
  productName: string;
  size: string;
  quantity: number;
  unitPricePence: number;
  refundedQuantity: number;
  restockedQuantity: number;
}

/** The order desk's Items: each line with what was refunded and restocked, then the order's sums. */
export function OrderItems({
  order,
  lines,
}: {
  order: {
    subtotalPence: number;
    discountPence: number;
    promoCode: string | null;
    shippingPence: number;
    totalPence: number;
    refundedPence: number;
  };
  lines: readonly DeskOrderLine[];
}) {
  return (
    <section aria-labelledby="lines-heading">
      <h2 id="lines-heading" className="text-xl font-bold uppercase">
        Items
      </h2>
      <OrderLines
        desk
        lines={lines.map((line) => ({
          key: line.id,
          name: line.productName,
          size: line.size,
          quantity: line.quantity,
          linePence: line.unitPricePence * line.quantity,
          refundedQuantity: line.refundedQuantity,
          restockedQuantity: line.restockedQuantity,
        }))}
      />
      <dl className="mt-3 grid gap-1 text-sm sm:max-w-sm sm:ml-auto">
        <Money label="Subtotal" pence={order.subtotalPence} />
        {order.discountPence > 0 && (
          <Money label={`Discount${order.promoCode ? ` (${order.promoCode})` : ""}`} pence={-order.discountPence} />
        )}
        <Money label="Shipping" pence={order.shippingPence} />
        <Money label="Total" pence={order.totalPence} strong />
        {order.refundedPence > 0 && <Money label="Refunded" pence={-order.refundedPence} />}
      </dl>
    </section>
  );
}

function Money({ label, pence, strong }: { label: string; pence: number; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? "font-bold" : ""}`}>
      <dt className={strong ? undefined : "text-muted"}>{label}</dt>
      <dd>{pence < 0 ? `−${formatPence(-pence)}` : formatPence(pence)}</dd>
    </div>
  );
}

interface CustomerOrder {
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  userId: string | null;
  notes: string | null;
  createdAt: string;
  paidAt: string | null;
  paymentProvider: string;
  shippingAddress: {
    name: string;
    line1: string;
    line2?: string | null;
    town: string;
    county?: string | null;
    postcode: string;
    country: string;
  } | null;
}

/** The order desk's Customer and Delivery address, side by side. */
export function OrderCustomer({ order }: { order: CustomerOrder }) {
  const address = order.shippingAddress;
  return (
    <div className="grid grid-cols-1 gap-8 md:grid-cols-2">
      <section aria-labelledby="customer-heading">
        <h2 id="customer-heading" className="text-xl font-bold uppercase">
          Customer
        </h2>
        <dl className="mt-3 grid gap-2 text-sm">
          <Field label="Name" value={order.customerName} />
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wider text-muted">E-mail</dt>
            <dd className="break-all">
              <a href={`mailto:${order.customerEmail}`} className="underline">
                {order.customerEmail}
              </a>{" "}
              ·{" "}
              <Link to={`/admin/orders?email=${encodeURIComponent(order.customerEmail.toLowerCase())}`} className="underline">
                their orders
              </Link>
            </dd>
          </div>
          {order.customerPhone && <Field label="Phone" value={order.customerPhone} />}
          <Field label="Account" value={order.userId ? "Signed in when ordering" : "Guest"} />
          {order.notes && <Field label="Notes" value={order.notes} />}
          <Field label="Placed" value={formatAuditTime(order.createdAt)} />
          {order.paidAt && <Field label="Paid" value={`${formatAuditTime(order.paidAt)} (${order.paymentProvider})`} />}
        </dl>
      </section>
      <section aria-labelledby="address-heading">
        <h2 id="address-heading" className="text-xl font-bold uppercase">
          Delivery address
        </h2>
        {address ? (
          <address className="mt-3 text-sm not-italic">
            {[address.name, address.line1, address.line2, address.town, address.county, address.postcode, address.country]
              .filter(Boolean)
              .map((part, index) => (
                <span key={index} className="block break-words">
                  {part}
                </span>
              ))}
          </address>
        ) : (
          <p className="mt-3 text-sm text-muted">No delivery address</p>
        )}
      </section>
    </div>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wider text-muted">{label}</dt>
      <dd className="break-words">{value}</dd>
    </div>
  );
}
