import { describe, expect, it } from "vitest";
import { ResetPasswordEmail, VerificationEmail } from "~/features/account/account-emails";
import { NewsletterConfirmationEmail } from "~/features/newsletter/confirmation-email";
import { LatePaymentEmail, OrderConfirmationEmail, OrderShippedEmail, RefundEmail } from "~/features/store/order-emails";
import { renderEmail } from "./render-email.server";

const frame = {
  publicUrl: "https://ridgeway-racing.example",
  postalAddress: "Unit 4, Ridgeway Business Park, Swindon SN4 0AA",
  reason: "You receive this because it concerns your Ridgeway Racing account.",
};
const url = `https://ridgeway-racing.example/reset-password?token=${"t".repeat(43)}`;

describe("e-mails rendered from the one layout", () => {
  it("have an HTML part with the PNG logo, the action as a button, the reason and the postal address, and a matching text part", async () => {
    const { html, text } = await renderEmail(<ResetPasswordEmail frame={frame} name="Sam" url={url} />);
    expect(html).toContain('src="https://ridgeway-racing.example/email/logo.png"');
    expect(html).toContain(`href="${url}"`);
    expect(html).toContain("Choose a new password");
    expect(html).toContain(frame.reason);
    expect(html).toContain(frame.postalAddress);
    expect(html).toContain("max-width:600px");
    for (const part of [`Hello Sam,`, url, frame.reason, frame.postalAddress]) expect(text).toContain(part);
    expect(text).not.toContain("<");
  });

  it("escape what people typed: markup in a name is shown, never run", async () => {
    const name = `<img src=x onerror=alert(1)> مرحبا 🏁 ${"a".repeat(500)}`;
    const { html, text } = await renderEmail(<VerificationEmail frame={frame} name={name} url={url} />);
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("مرحبا 🏁");
    expect(text).toContain(name);
  });

  it("newsletter confirmation: a confirm button and a way to stop the newsletter, not 'all e-mails'", async () => {
    const confirmUrl = "https://ridgeway-racing.example/newsletter/confirm?token=abc";
    const leaveUrl = "https://ridgeway-racing.example/newsletter/unsubscribe?token=def";
    const { html, text } = await renderEmail(<NewsletterConfirmationEmail frame={frame} confirmUrl={confirmUrl} leaveUrl={leaveUrl} />);
    expect(html).toMatch(/Confirm subscription/);
    expect(text).toContain(confirmUrl);
    expect(text).toContain(leaveUrl);
    expect(`${html} ${text}`).not.toMatch(/all e-?mails/i);
  });

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

  it("order confirmation: unit and line prices, the UK date, the address, the order page, returns and the right to cancel", async () => {
    const orderUrl = "https://ridgeway-racing.example/order-confirmation?session_id=cs_1";
    const { html, text } = await renderEmail(<OrderConfirmationEmail frame={frame} order={order} lines={lines} orderUrl={orderUrl} />);
    for (const part of [
      "Order RR-7K2M9Q · placed 25 November 2026",
      "2 × £24.00 = £48.00",
      "1 × £24.00 = £24.00",
      "Subtotal: £72.00",
      "Discount (RIDGEWAY10): -£7.20",
      "UK delivery (3-5 business days): Free",
      "Total: £64.80",
      "Delivering to\nAlex Fan\n1 Pit Lane\nAndover\nSP11 8PW\nUnited Kingdom",
      `View your order ${orderUrl}`,
      "https://ridgeway-racing.example/returns",
      "within 14 days of the day you receive the goods",
      frame.postalAddress,
    ])
      expect(text).toContain(part);
    expect(html).toContain(`href="${orderUrl}"`);
    // The words SpamAssassin's advance-fee rules look for are gone.
    expect(text).not.toMatch(/payment has been received/i);
  });

  it("late payment: says the order could not be filled and that the whole amount comes back", async () => {
    const { text } = await renderEmail(<LatePaymentEmail frame={frame} order={order} lines={lines} />);
    expect(text).toContain("£64.80 for order RR-7K2M9Q");
    expect(text).toContain("2 × Team Cap (One size)");
    expect(text).toContain("whole amount is being returned");
  });

  it("never put punctuation straight after an address in the text part (it would be read as part of the link)", async () => {
    const url = "https://ridgeway-racing.example/x?token=abc";
    const shipped = { ...order, carrier: "royal-mail", carrierName: "Royal Mail", trackingNumber: "AB123456785GB", trackingUrl: url };
    const messages = [
      <ResetPasswordEmail key="reset" frame={frame} name="Sam" url={url} />,
      <VerificationEmail key="verify" frame={frame} name="Sam" url={url} />,
      <NewsletterConfirmationEmail key="newsletter" frame={frame} confirmUrl={url} leaveUrl={url} />,
      <OrderConfirmationEmail key="order" frame={frame} order={order} lines={lines} orderUrl={url} />,
      <LatePaymentEmail key="late" frame={frame} order={order} lines={lines} />,
      <OrderShippedEmail key="shipped" frame={frame} order={shipped} lines={lines} orderUrl={url} />,
      <RefundEmail key="refund" frame={frame} order={order} amountPence={1200} items={[{ quantity: 1, name: "Team Cap (One size)" }]} />,
    ];
    for (const message of messages) {
      const { text } = await renderEmail(message);
      const addresses = text.match(/https?:\/\/\S+/g) ?? [];
      expect(addresses.length).toBeGreaterThan(0);
      for (const address of addresses) expect(address, `${message.key}: ${address}`).not.toMatch(/[.,;:!?)]$/);
    }
  });
});
