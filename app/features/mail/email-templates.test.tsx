import { describe, expect, it } from "vitest";
import {
  AccountDeletedEmail,
  PasswordChangedEmail,
  ResetPasswordEmail,
  TwoFactorChangedEmail,
  VerificationEmail,
} from "~/features/account/account-emails";
import { ContactNoticeEmail } from "~/features/contact/contact-email";
import { LowStockEmail } from "~/features/shop/shop-desk/low-stock-email";
import { NewsletterConfirmationEmail } from "~/features/newsletter/confirmation-email";
import {
  LatePaymentEmail,
  OrderConfirmationEmail,
  OrderShippedEmail,
  PaymentNotCompletedEmail,
  RefundEmail,
  TeamNewOrderEmail,
  TeamOversoldOrderEmail,
} from "~/features/shop/store/order-emails";
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
    // Without it a phone's mail app lays the message out at 980 px and shrinks it.
    expect(html).toMatch(/<meta name="viewport" content="width=device-width, initial-scale=1"\/?>/);
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
    shippingAddress: {
      name: "Alex Fan",
      line1: "1 Pit Lane",
      line2: null,
      town: "Andover",
      county: null,
      postcode: "SP11 8PW",
      country: "GB",
    },
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

  const hostile = `<img src=x onerror=alert(1)> مرحبا 🏁 ${"a".repeat(500)}`;
  const expectEscaped = (html: string) => {
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt; مرحبا 🏁");
    expect(html).toContain("a".repeat(500));
  };

  it("payment failed: nothing charged, the items listed, and the basket link with the truth about where the basket is", async () => {
    const { html, text } = await renderEmail(<PaymentNotCompletedEmail frame={frame} order={order} lines={lines} outcome="failed" />);
    expect(text).toContain("The payment of £64.80 for order RR-7K2M9Q did not go through, so nothing was charged");
    expect(text).toContain("2 × Team Cap (One size)\n1 × Team Hoodie (M)");
    expect(text).toContain("saved in the browser you ordered from");
    expect(text).toContain("On another phone or computer the basket starts empty");
    expect(text).toContain("Go to your basket https://ridgeway-racing.example/cart");
    expect(html).toContain('href="https://ridgeway-racing.example/cart"');
    expect(text).not.toMatch(/very last moment/);
  });

  it("order not paid in time: says so, and that a last-moment payment gets its own answer", async () => {
    const { text } = await renderEmail(<PaymentNotCompletedEmail frame={frame} order={order} lines={lines} outcome="expired" />);
    expect(text).toContain("was not finished within the time we hold the items for, so nothing was charged");
    expect(text).toContain("Paid at the very last moment?");
  });

  it("new paid order, to the team: number, customer, lines, total, address and the desk's link; typed names escaped", async () => {
    const deskUrl = "https://ridgeway-racing.example/admin/orders/RR-7K2M9Q";
    const teamOrder = { ...order, customerEmail: "alex@example.com" };
    const { html, text } = await renderEmail(<TeamNewOrderEmail frame={frame} order={teamOrder} lines={lines} deskUrl={deskUrl} />);
    for (const part of [
      "NEW ORDER RR-7K2M9Q",
      "Alex Fan (alex@example.com) paid £64.80 on 25 November 2026",
      "2 × Team Cap (One size) = £48.00",
      "Total: £64.80",
      "1 Pit Lane",
      `Open the order ${deskUrl}`,
    ])
      expect(text).toContain(part);
    expect(html).toContain(`href="${deskUrl}"`);
    expectEscaped(
      (
        await renderEmail(
          <TeamNewOrderEmail frame={frame} order={{ ...teamOrder, customerName: hostile }} lines={lines} deskUrl={deskUrl} />,
        )
      ).html,
    );
  });

  it("paid-too-late alert, to the team: what happened, what was done, what to check", async () => {
    const deskUrl = "https://ridgeway-racing.example/admin/orders/RR-7K2M9Q";
    const { text } = await renderEmail(
      <TeamOversoldOrderEmail frame={frame} order={{ ...order, customerEmail: "alex@example.com" }} lines={lines} deskUrl={deskUrl} />,
    );
    expect(text).toContain("PAID TOO LATE: ORDER RR-7K2M9Q");
    expect(text).toContain("paid £64.80 after the order's hold had ended");
    expect(text).toContain("the customer has been told, and the whole payment is being refunded");
    expect(text).toContain(deskUrl);
  });

  it("account notices: password changed, two-factor on and off, account deleted; a way back in for someone it wasn't", async () => {
    const at = new Date("2026-07-01T09:05:00Z");
    const changed = (await renderEmail(<PasswordChangedEmail frame={frame} name="Sam" at={at} />)).text;
    expect(changed).toContain("was changed on 1 July 2026 at 10:05 (UK time)");
    expect(changed).toContain("signed out everywhere");
    expect(changed).toContain("Forgot password https://ridgeway-racing.example/forgot-password");
    const on = (await renderEmail(<TwoFactorChangedEmail frame={frame} name="Sam" on at={at} />)).text;
    expect(on).toContain("TWO-FACTOR SIGN-IN IS ON");
    expect(on).toContain("backup codes");
    expect(on).not.toContain("/dashboard/security");
    const off = (await renderEmail(<TwoFactorChangedEmail frame={frame} name="Sam" on={false} at={at} />)).text;
    expect(off).toContain("Two-factor sign-in was turned off");
    expect(off).toContain("Open the Security page https://ridgeway-racing.example/dashboard/security");
    const deleted = (await renderEmail(<AccountDeletedEmail frame={frame} name="Sam" ordersKept={2} />)).text;
    expect(deleted).toContain("your Ridgeway Racing account has been deleted");
    expect(deleted).toContain("We keep the record of your 2 orders");
    expect((await renderEmail(<AccountDeletedEmail frame={frame} name="Sam" ordersKept={0} />)).text).not.toContain("record of your");
    for (const element of [
      <PasswordChangedEmail key="p" frame={frame} name={hostile} at={at} />,
      <TwoFactorChangedEmail key="t" frame={frame} name={hostile} on at={at} />,
      <AccountDeletedEmail key="d" frame={frame} name={hostile} ordersKept={1} />,
    ])
      expectEscaped((await renderEmail(element)).html);
  });

  it("contact notice: sender, subject, the message with its line breaks, the inbox link; what they typed escaped", async () => {
    const inboxUrl = "https://ridgeway-racing.example/admin/messages/abc";
    const message = {
      name: hostile,
      email: "eve@example.com",
      category: "Sponsorship" as const,
      subject: `<b>Hi</b> שלום`,
      message: `First line\nSecond line ${hostile}`,
    };
    const { html, text } = await renderEmail(<ContactNoticeEmail frame={frame} message={message} inboxUrl={inboxUrl} />);
    expect(text).toContain("First line\nSecond line");
    expect(text).toContain("Subject: <b>Hi</b> שלום");
    expect(text).toContain(`Open it in the inbox ${inboxUrl}`);
    expectEscaped(html);
    expect(html).not.toContain("<b>Hi</b>");
  });

  it("low stock: each size with its stock, level, SKU and desk link", async () => {
    const { text } = await renderEmail(
      <LowStockEmail
        frame={frame}
        lines={[
          {
            productName: "Team Hoodie",
            size: "M",
            stock: 2,
            threshold: 3,
            sku: "team-hoodie/M",
            deskUrl: "https://ridgeway-racing.example/admin/products/2",
          },
        ]}
      />,
    );
    expect(text).toContain("A SIZE IS RUNNING LOW");
    expect(text).toContain("Team Hoodie, size M\n2 left (alert below 3) · SKU team-hoodie/M");
    expect(text).toContain("https://ridgeway-racing.example/admin/products/2");
  });
});
