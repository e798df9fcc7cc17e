import { brand } from "~/brand";
import { EmailButton, EmailLayout, EmailText, type EmailFrame } from "~/features/mail/email-layout";
import { EMAIL_VERIFICATION_LINK_HOURS, RESET_LINK_MINUTES } from "./token-lifetimes";

export function ResetPasswordEmail({ frame, name, url }: { frame: EmailFrame; name: string; url: string }) {
  return (
    <EmailLayout frame={frame} preview={`Choose a new password. The link works for ${RESET_LINK_MINUTES} minutes.`} heading="Reset your password">
      <EmailText>Hello {name},</EmailText>
      <EmailText>Someone (we hope you) asked to reset the password of your {brand.name} account. Choose a new password here:</EmailText>
      <EmailButton href={url}>Choose a new password</EmailButton>
      <EmailText>
        The link works once, for {RESET_LINK_MINUTES} minutes. Setting a new password signs you out everywhere else. If you didn&apos;t ask for
        this, ignore this e-mail: your password stays as it is.
      </EmailText>
    </EmailLayout>
  );
}

export function VerificationEmail({ frame, name, url }: { frame: EmailFrame; name: string; url: string }) {
  return (
    <EmailLayout frame={frame} preview="Confirm your e-mail address to finish setting up your account." heading="Confirm your e-mail address">
      <EmailText>Hello {name},</EmailText>
      <EmailText>Welcome to {brand.name}. Please confirm that this is your e-mail address:</EmailText>
      <EmailButton href={url}>Confirm my address</EmailButton>
      <EmailText>
        The link works for {EMAIL_VERIFICATION_LINK_HOURS} hours. You can ask for a new one from the Security page of your dashboard. If you
        didn&apos;t create an account, ignore this e-mail.
      </EmailText>
    </EmailLayout>
  );
}
