import { describe, expect, it } from "vitest";
import { ResetPasswordEmail, VerificationEmail } from "~/features/account/account-emails";
import { NewsletterConfirmationEmail } from "~/features/newsletter/confirmation-email";
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
});
