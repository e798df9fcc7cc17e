import { Column, Row, Section } from "@react-email/components";
import { brand } from "~/brand";
import { EmailButton, EmailLayout, EmailLink, EmailSmallPrint, EmailText, type EmailFrame } from "~/features/mail/email-layout";
import { formatPence } from "~/lib/money";
import { formatUkLongDate as orderDate } from "~/lib/dates";
import type { AddressInput } from "./address";
import { Amounts, cell, DeliveringTo, LineList } from "./order-email-parts";

export interface OrderEmailOrder {
  orderNumber: string;
  customerName: string;
  createdAt: Date;
  subtotalPence: number;
  discountPence: number;
  promoCode: string | null;
  shippingMethod: string | null;
  shippingPence: number;
  totalPence: number;
  shippingAddress: AddressInput | null;
}

export interface OrderEmailLine {
  productName: string;
  size: string;
  quantity: number;
  unitPricePence: number;
}

/**
 * Sent when the payment for an order arrives: what was bought (unit and line prices), when,
 * where it goes, how to see the order, and the right to cancel that UK distance selling gives.
 */
export function OrderConfirmationEmail({
  frame,
  order,
  lines,
  orderUrl,
}: {
  frame: EmailFrame;
  order: OrderEmailOrder;
  lines: OrderEmailLine[];
  orderUrl: string;
}) {
  const shipping = order.shippingMethod ?? "Delivery";
  return (
    <EmailLayout
      frame={frame}
      preview={`Order ${order.orderNumber}: ${formatPence(order.totalPence)}, placed ${orderDate(order.createdAt)}.`}
      heading={`Thanks for your order, ${order.customerName}`}
    >
      <EmailText>We&apos;ve got your order and are getting it ready. We&apos;ll e-mail you again when it is on its way.</EmailText>
      <EmailText>
        <strong>Order {order.orderNumber}</strong> · placed {orderDate(order.createdAt)}
      </EmailText>
      <Section style={{ margin: "0 0 8px" }}>
        {lines.map((line) => (
          <Row key={`${line.productName}-${line.size}`}>
            <Column style={cell}>
              {line.productName} ({line.size})
              <br />
              <span style={{ color: "#4a515c", fontSize: "14px" }}>
                {line.quantity} × {formatPence(line.unitPricePence)}
              </span>
            </Column>
            <Column align="right" data-text-prefix=" = " style={cell}>
              {formatPence(line.unitPricePence * line.quantity)}
            </Column>
          </Row>
        ))}
      </Section>
      <Amounts
        rows={[
          ["Subtotal", formatPence(order.subtotalPence)],
          ...(order.discountPence > 0
            ? ([[`Discount (${order.promoCode})`, `-${formatPence(order.discountPence)}`]] as Array<[string, string]>)
            : []),
          [shipping, order.shippingPence === 0 ? "Free" : formatPence(order.shippingPence)],
          ["Total", formatPence(order.totalPence), true],
        ]}
      />
      {order.shippingAddress ? <DeliveringTo address={order.shippingAddress} /> : null}
      <EmailButton href={orderUrl}>View your order</EmailButton>
      <EmailSmallPrint>
        Your right to cancel: you may cancel this order without giving a reason within 14 days of the day you receive the goods (Consumer
        Contracts Regulations 2013). Tell us by e-mail to {brand.email} or by post to the address below, then send the goods back within 14
        days; we refund the price and the standard delivery cost within 14 days of receiving them. How to return:{" "}
        <EmailLink href={`${frame.publicUrl}/returns`}>our returns policy</EmailLink>
      </EmailSmallPrint>
      <EmailSmallPrint>Questions? Reply to this e-mail or write to {brand.email}.</EmailSmallPrint>
    </EmailLayout>
  );
}

/** The payment arrived after the hold ended and the units were sold meanwhile: the truth, and the refund. */
export function LatePaymentEmail({ frame, order, lines }: { frame: EmailFrame; order: OrderEmailOrder; lines: OrderEmailLine[] }) {
  return (
    <EmailLayout
      frame={frame}
      preview={`We could not fill order ${order.orderNumber}; the whole amount is coming back to your card.`}
      heading="We couldn't fill your order"
    >
      <EmailText>Hello {order.customerName},</EmailText>
      <EmailText>
        The payment of {formatPence(order.totalPence)} for order {order.orderNumber} reached us after the time we hold the items for an
        unpaid order, and by then some of them had been sold:
      </EmailText>
      <EmailText>
        {lines.map((line, index) => (
          <span key={`${line.productName}-${line.size}`}>
            {index > 0 ? <br /> : null}
            {line.quantity} × {line.productName} ({line.size})
          </span>
        ))}
      </EmailText>
      <EmailText>
        We are sorry. The order is cancelled and the whole amount is being returned to the card you used; banks usually take 5-10 business
        days to show it. A second e-mail confirms when the refund has gone through.
      </EmailText>
      <EmailSmallPrint>Questions? Reply to this e-mail or write to {brand.email}.</EmailSmallPrint>
    </EmailLayout>
  );
}

export interface ShippedEmailOrder {
  orderNumber: string;
  customerName: string;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
}

/** The order left the workshop: the carrier, the tracking number and link, what is in the parcel. */
export function OrderShippedEmail({
  frame,
  order,
  lines,
  orderUrl,
}: {
  frame: EmailFrame;
  order: ShippedEmailOrder & { carrierName: string | null };
  lines: OrderEmailLine[];
  orderUrl: string | null;
}) {
  return (
    <EmailLayout
      frame={frame}
      preview={`Order ${order.orderNumber} is on its way${order.carrierName ? ` with ${order.carrierName}` : ""}.`}
      heading="Your order is on its way"
    >
      <EmailText>Hello {order.customerName},</EmailText>
      <EmailText>
        Order {order.orderNumber} has left us{order.carrierName ? ` with ${order.carrierName}` : ""}.
        {order.trackingNumber ? ` Tracking number: ${order.trackingNumber}.` : ""}
      </EmailText>
      {order.trackingUrl ? <EmailButton href={order.trackingUrl}>Track your parcel</EmailButton> : null}
      <EmailText>
        <strong>In the parcel</strong>
        {lines.map((line) => (
          <span key={`${line.productName}-${line.size}`}>
            <br />
            {line.quantity} × {line.productName} ({line.size})
          </span>
        ))}
      </EmailText>
      {orderUrl ? (
        <EmailText>
          <EmailLink href={orderUrl}>See the order in your account</EmailLink>
        </EmailText>
      ) : null}
      <EmailSmallPrint>
        Changed your mind? You can return it within 14 days of receiving it: see{" "}
        <EmailLink href={`${frame.publicUrl}/returns`}>our returns policy</EmailLink>
      </EmailSmallPrint>
      <EmailSmallPrint>Questions? Reply to this e-mail or write to {brand.email}.</EmailSmallPrint>
    </EmailLayout>
  );
}

/** Money went back: how much, for what, and when the bank shows it. */
export function RefundEmail({
  frame,
  order,
  amountPence,
  items,
}: {
  frame: EmailFrame;
  order: { orderNumber: string; customerName: string };
  amountPence: number;
  items: Array<{ quantity: number; name: string }>;
}) {
  return (
    <EmailLayout
      frame={frame}
      preview={`${formatPence(amountPence)} is on its way back to your card.`}
      heading={`We've refunded ${formatPence(amountPence)}`}
    >
      <EmailText>Hello {order.customerName},</EmailText>
      <EmailText>
        We have refunded {formatPence(amountPence)} for your order {order.orderNumber}
        {items.length ? ":" : "."}
        {items.map((item) => (
          <span key={item.name}>
            <br />
            {item.quantity} × {item.name}
          </span>
        ))}
      </EmailText>
      <EmailText>It goes back to the card you paid with; banks usually take 5-10 business days to show it.</EmailText>
      <EmailSmallPrint>Questions? Reply to this e-mail or write to {brand.email}.</EmailSmallPrint>
    </EmailLayout>
  );
}

/**
 * The payment failed, or was not made before the hold ended: nothing was taken, the items went
 * back on sale, and the basket is still in the browser the order was placed from (only a paid
 * order empties it), which is what the button opens.
 */
export function PaymentNotCompletedEmail({
  frame,
  order,
  lines,
  outcome,
}: {
  frame: EmailFrame;
  order: Pick<OrderEmailOrder, "orderNumber" | "customerName" | "totalPence">;
  lines: OrderEmailLine[];
  outcome: "failed" | "expired";
}) {
  return (
    <EmailLayout
      frame={frame}
      preview={`Order ${order.orderNumber} was not completed and nothing was charged. Your basket is saved.`}
      heading="Your order was not completed"
    >
      <EmailText>Hello {order.customerName},</EmailText>
      <EmailText>
        {outcome === "failed"
          ? `The payment of ${formatPence(order.totalPence)} for order ${order.orderNumber} did not go through, so nothing was charged and the order is closed.`
          : `The payment of ${formatPence(order.totalPence)} for order ${order.orderNumber} was not finished within the time we hold the items for, so nothing was charged and the order is closed.`}{" "}
        The items have gone back on sale.
      </EmailText>
      <EmailText>
        <strong>What you chose</strong>
        <LineList lines={lines} />
      </EmailText>
      <EmailText>
        Your basket is saved in the browser you ordered from: open the link below there and the items are waiting, at today&apos;s prices
        and stock. On another phone or computer the basket starts empty.
      </EmailText>
      <EmailButton href={`${frame.publicUrl}/cart`}>Go to your basket</EmailButton>
      {outcome === "expired" ? (
        <EmailSmallPrint>
          Paid at the very last moment? Then you will get a second e-mail shortly: the order confirmed, or the whole amount refunded.
        </EmailSmallPrint>
      ) : null}
      <EmailSmallPrint>Questions? Reply to this e-mail or write to {brand.email}.</EmailSmallPrint>
    </EmailLayout>
  );
}

export interface TeamOrderEmailOrder extends OrderEmailOrder {
  customerEmail: string;
}

/** To the shop team: a paid order to pack, with what to pack, where it goes and the desk's link. */
export function TeamNewOrderEmail({
  frame,
  order,
  lines,
  deskUrl,
}: {
  frame: EmailFrame;
  order: TeamOrderEmailOrder;
  lines: OrderEmailLine[];
  deskUrl: string;
}) {
  return (
    <EmailLayout
      frame={frame}
      preview={`${order.customerName} paid ${formatPence(order.totalPence)} for order ${order.orderNumber}.`}
      heading={`New order ${order.orderNumber}`}
    >
      <EmailText>
        {order.customerName} ({order.customerEmail}) paid {formatPence(order.totalPence)} on {orderDate(order.createdAt)}.
      </EmailText>
      <Section style={{ margin: "0 0 8px" }}>
        {lines.map((line) => (
          <Row key={`${line.productName}-${line.size}`}>
            <Column style={cell}>
              {line.quantity} × {line.productName} ({line.size})
            </Column>
            <Column align="right" data-text-prefix=" = " style={cell}>
              {formatPence(line.unitPricePence * line.quantity)}
            </Column>
          </Row>
        ))}
      </Section>
      <Amounts
        rows={[
          ...(order.discountPence > 0
            ? ([[`Discount (${order.promoCode})`, `-${formatPence(order.discountPence)}`]] as Array<[string, string]>)
            : []),
          [order.shippingMethod ?? "Delivery", order.shippingPence === 0 ? "Free" : formatPence(order.shippingPence)],
          ["Total", formatPence(order.totalPence), true],
        ]}
      />
      {order.shippingAddress ? <DeliveringTo address={order.shippingAddress} /> : null}
      <EmailButton href={deskUrl}>Open the order</EmailButton>
    </EmailLayout>
  );
}

/**
 * To the shop team: a payment arrived after the order's hold ended and its units were sold
 * meanwhile. The customer has been told and the refund asked for; the team checks it went through.
 */
export function TeamOversoldOrderEmail({
  frame,
  order,
  lines,
  deskUrl,
}: {
  frame: EmailFrame;
  order: TeamOrderEmailOrder;
  lines: OrderEmailLine[];
  deskUrl: string;
}) {
  return (
    <EmailLayout
      frame={frame}
      preview={`Order ${order.orderNumber} was paid after its items were sold: cancelled and refunded.`}
      heading={`Paid too late: order ${order.orderNumber}`}
    >
      <EmailText>
        {order.customerName} ({order.customerEmail}) paid {formatPence(order.totalPence)} after the order&apos;s hold had ended, and some of
        its items had been sold meanwhile:
        <LineList lines={lines} />
      </EmailText>
      <EmailText>
        The order is cancelled, the customer has been told, and the whole payment is being refunded. Check on the order page that the refund
        went through; if it did not, refund it from there.
      </EmailText>
      <EmailButton href={deskUrl}>Open the order</EmailButton>
    </EmailLayout>
  );
}
