import { brand } from "~/brand";
import { EmailButton, EmailLayout, EmailLink, EmailText, type EmailFrame } from "~/features/mail/email-layout";

export function NewsletterConfirmationEmail({ frame, confirmUrl, leaveUrl }: { frame: EmailFrame; confirmUrl: string; leaveUrl: string }) {
  return (
    <EmailLayout frame={frame} preview="One click and race reports and team news are on their way." heading="Confirm your subscription">
      <EmailText>
        Thanks for signing up to the {brand.name} newsletter: race reports, team news and the occasional offer from the store.
      </EmailText>
      <EmailText>Please confirm it is you:</EmailText>
      <EmailButton href={confirmUrl}>Confirm subscription</EmailButton>
      <EmailText>
        The link works for 7 days. If you didn&apos;t ask for this, ignore this e-mail and you won&apos;t hear from us again.
      </EmailText>
      {/* A link ends its paragraph: in the text part its address follows it, and a full stop there would become part of the address. */}
      <EmailText>
        Changed your mind later? <EmailLink href={leaveUrl}>Stop the newsletter</EmailLink>
      </EmailText>
    </EmailLayout>
  );
}
