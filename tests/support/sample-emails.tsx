import { ResetPasswordEmail, VerificationEmail } from "../../app/features/account/account-emails";
import { EmailButton, EmailLayout, EmailText } from "../../app/features/mail/email-layout";
import type { OutgoingEmail } from "../../app/features/mail/outbox.server";
import { renderEmail } from "../../app/features/mail/render-email.server";
import { NewsletterConfirmationEmail } from "../../app/features/newsletter/confirmation-email";
import { LatePaymentEmail, OrderConfirmationEmail, OrderShippedEmail, RefundEmail } from "../../app/features/store/order-emails";

/*
 * One sample of each kind of message the site sends, rendered from its real template with
 * sample data, for the tests that look at messages as a whole (SpamAssassin). When the mail
 * catalogue (app/features/mail/catalogue.server.tsx) lists every kind, read it from there instead.
 */

const frame = {
  publicUrl: "https://ridgeway-racing.example",
  postalAddress: "Unit 4, Ridgeway Business Park, Swindon SN4 0AA",
  reason: "You receive this because it concerns your Ridgeway Racing account.",
};
const order = {
  orderNumber: "RR-7K2M9Q",
  customerName: "Alex Fan",
  createdAt: new Date("2026-11-25T23:30:00Z"),
  subtotalPence: 7200,
  discountPence: 720,
  promoCode: "RIDGEWAY10",
  shippingMethod: "UK delivery (3-5 business days)",
  shippingPence: 0,
  totalPence: 6480,
  shippingAddress: { name: "Alex Fan", line1: "1 Pit Lane", line2: null, town: "Andover", county: null, postcode: "SP11 8PW", country: "GB" },
};
const lines = [
  { productName: "Team Cap", size: "One size", quantity: 2, unitPricePence: 2400 },
  { productName: "Team Hoodie", size: "M", quantity: 1, unitPricePence: 2400 },
];
const token = "Xk3v9QpL2mN8rT5wY7zA1bC4dE6fG0hJ";
const to = "alex.fan@example.com";
const newsletterHeaders = {
  "List-Id": "Ridgeway Racing news <news.ridgeway-racing.example>",
  "List-Unsubscribe": `<https://ridgeway-racing.example/newsletter/unsubscribe?token=${token}>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
};

export const SAMPLE_MESSAGES: Array<{ kind: string; email: () => Promise<OutgoingEmail> }> = [
  {
    kind: "newsletter confirmation",
    email: async () => ({
      to,
      subject: "Confirm your Ridgeway Racing newsletter subscription",
      ...(await renderEmail(
        <NewsletterConfirmationEmail
          frame={{ ...frame, reason: "You receive this because this address was entered in the newsletter form on our website." }}
          confirmUrl={`${frame.publicUrl}/newsletter/confirm?token=${token}`}
          leaveUrl={`${frame.publicUrl}/newsletter/unsubscribe?token=${token}`}
        />,
      )),
      headers: { "List-Unsubscribe": `<${frame.publicUrl}/newsletter/unsubscribe?token=${token}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    }),
  },
  { kind: "password reset", email: async () => ({ to, subject: "Reset your Ridgeway Racing password", ...(await renderEmail(<ResetPasswordEmail frame={frame} name="Alex" url={`${frame.publicUrl}/reset-password/${token}`} />)) }) },
  { kind: "address confirmation", email: async () => ({ to, subject: "Confirm your Ridgeway Racing e-mail address", ...(await renderEmail(<VerificationEmail frame={frame} name="Alex" url={`${frame.publicUrl}/api/auth/verify-email?token=${token}`} />)) }) },
  {
    kind: "order confirmation",
    email: async () => ({ to, subject: `Your Ridgeway Racing order ${order.orderNumber}`, ...(await renderEmail(<OrderConfirmationEmail frame={frame} order={order} lines={lines} orderUrl={`${frame.publicUrl}/dashboard/orders/${order.orderNumber}`} />)) }),
  },
  { kind: "late payment (oversold)", email: async () => ({ to, subject: `Your Ridgeway Racing order ${order.orderNumber} could not be completed`, ...(await renderEmail(<LatePaymentEmail frame={frame} order={order} lines={lines} />)) }) },
  {
    kind: "order dispatched",
    email: async () => ({
      to,
      subject: `Your Ridgeway Racing order ${order.orderNumber} is on its way`,
      ...(await renderEmail(
        <OrderShippedEmail
          frame={frame}
          order={{ ...order, carrier: "royal-mail", carrierName: "Royal Mail", trackingNumber: "AB123456785GB", trackingUrl: "https://www.royalmail.com/track-your-item#/tracking-results/AB123456785GB" }}
          lines={lines}
          orderUrl={`${frame.publicUrl}/dashboard/orders/${order.orderNumber}`}
        />,
      )),
    }),
  },
  {
    kind: "refund",
    email: async () => ({ to, subject: `Refund for your Ridgeway Racing order ${order.orderNumber}`, ...(await renderEmail(<RefundEmail frame={frame} order={order} amountPence={2400} items={[{ quantity: 1, name: "Team Cap (One size)" }]} />)) }),
  },
  {
    kind: "newsletter issue (sample in the layout)",
    email: async () => ({
      to,
      subject: "Race report: Round 3 at Whilton Mill",
      ...(await renderEmail(
        <EmailLayout frame={{ ...frame, reason: "You receive this because you subscribed to the Ridgeway Racing newsletter." }} preview="Two podiums and a new lap record" heading="Race report: Round 3 at Whilton Mill">
          <EmailText>Two podiums and a new lap record for the team at Whilton Mill this weekend. Maya led the junior final from the second lap and held off a late challenge in the wet.</EmailText>
          <EmailText>Next up is Round 4 at PFI on 14 June. Come and say hello in the paddock.</EmailText>
          <EmailButton href={`${frame.publicUrl}/news/round-3-whilton-mill`}>Read the full report</EmailButton>
        </EmailLayout>,
      )),
      headers: newsletterHeaders,
    }),
  },
];
