import { brand } from "~/brand";
import { EmailButton, EmailLayout, EmailLink, EmailSmallPrint, EmailText, type EmailFrame } from "~/features/mail/email-layout";
import { formatUkLongDateTime } from "~/lib/dates";
import { EMAIL_VERIFICATION_LINK_HOURS, RESET_LINK_MINUTES } from "./token-lifetimes";

export function ResetPasswordEmail({ frame, name, url }: { frame: EmailFrame; name: string; url: string }) {
  return (
    <EmailLayout
      frame={frame}
      preview={`Choose a new password. The link works for ${RESET_LINK_MINUTES} minutes.`}
      heading="Reset your password"
    >
      <EmailText>Hello {name},</EmailText>
      <EmailText>Someone (we hope you) asked to reset the password of your {brand.name} account. Choose a new password here:</EmailText>
      <EmailButton href={url}>Choose a new password</EmailButton>
      <EmailText>
        The link works once, for {RESET_LINK_MINUTES} minutes. Setting a new password signs you out everywhere else. If you didn&apos;t ask
        for this, ignore this e-mail: your password stays as it is.
      </EmailText>
    </EmailLayout>
  );
}

export function VerificationEmail({ frame, name, url }: { frame: EmailFrame; name: string; url: string }) {
  return (
    <EmailLayout
      frame={frame}
      preview="Confirm your e-mail address to finish setting up your account."
      heading="Confirm your e-mail address"
    >
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

/** Someone tried to sign up with an address that has an account: the owner's ways in, and nothing changed. */
export function SignUpAttemptEmail({ frame, name }: { frame: EmailFrame; name: string }) {
  return (
    <EmailLayout
      frame={frame}
      preview={`Someone tried to create a ${brand.name} account with this address. You already have one.`}
      heading="You already have an account"
    >
      <EmailText>Hello {name},</EmailText>
      <EmailText>
        Someone (we hope you) just tried to create a {brand.name} account with this e-mail address. It already has an account, so nothing
        was created and nothing was changed.
      </EmailText>
      <EmailButton href={`${frame.publicUrl}/login`}>Sign in</EmailButton>
      <EmailText>If it wasn&apos;t you, ignore this e-mail: your account and its password are as they were.</EmailText>
      {/* The link ends its paragraph: in the plain-text part a full stop after it would read as part of the address. */}
      <EmailText>
        Forgotten your password? Choose a new one with <EmailLink href={`${frame.publicUrl}/forgot-password`}>Forgot password</EmailLink>
      </EmailText>
    </EmailLayout>
  );
}

/** Someone who did not make the change needs a way back in that does not need the password. */
function NotYou({ frame }: { frame: EmailFrame }) {
  return (
    <EmailText>
      Not you? Someone else may know your password: choose a new one now with{" "}
      <EmailLink href={`${frame.publicUrl}/forgot-password`}>Forgot password</EmailLink>
    </EmailText>
  );
}

/** After a new password is set (today only by a reset link): every other session has ended. */
export function PasswordChangedEmail({ frame, name, at }: { frame: EmailFrame; name: string; at: Date }) {
  return (
    <EmailLayout
      frame={frame}
      preview={`The password of your ${brand.name} account was changed on ${formatUkLongDateTime(at)}.`}
      heading="Your password was changed"
    >
      <EmailText>Hello {name},</EmailText>
      <EmailText>
        The password of your {brand.name} account was changed on {formatUkLongDateTime(at)} (UK time). You were signed out everywhere; sign
        in again with the new password.
      </EmailText>
      <NotYou frame={frame} />
      <EmailSmallPrint>Questions? Reply to this e-mail or write to {brand.email}.</EmailSmallPrint>
    </EmailLayout>
  );
}

/** Two-factor sign-in was turned on (with the backup codes' reminder) or off (with the way to turn it back on). */
export function TwoFactorChangedEmail({ frame, name, on, at }: { frame: EmailFrame; name: string; on: boolean; at: Date }) {
  const state = on ? "on" : "off";
  return (
    <EmailLayout
      frame={frame}
      preview={`Two-factor sign-in was turned ${state} for your ${brand.name} account.`}
      heading={`Two-factor sign-in is ${state}`}
    >
      <EmailText>Hello {name},</EmailText>
      <EmailText>
        Two-factor sign-in was turned {state} for your {brand.name} account on {formatUkLongDateTime(at)} (UK time).
      </EmailText>
      <EmailText>
        {on
          ? "From now on, signing in asks for a code from your authenticator app after your password. Keep the backup codes you were shown somewhere safe: each one signs you in once if you lose your phone."
          : "Signing in now needs only your password. Two-factor keeps your account safe even if your password leaks: you can turn it back on from the Security page of your dashboard."}
      </EmailText>
      {on ? null : <EmailButton href={`${frame.publicUrl}/dashboard/security`}>Open the Security page</EmailButton>}
      <NotYou frame={frame} />
    </EmailLayout>
  );
}

/** The account is gone: what was deleted, what is kept (orders, for the accounts) and why. */
export function AccountDeletedEmail({ frame, name, ordersKept }: { frame: EmailFrame; name: string; ordersKept: number }) {
  return (
    <EmailLayout frame={frame} preview={`Your ${brand.name} account has been deleted.`} heading="Your account has been deleted">
      <EmailText>Hello {name},</EmailText>
      <EmailText>
        As you asked, your {brand.name} account has been deleted: your profile, password, sessions, two-factor settings and picture are
        gone, and this address can sign up again as a new account.
      </EmailText>
      {ordersKept > 0 ? (
        <EmailText>
          We keep the record of your {ordersKept === 1 ? "order" : `${ordersKept} orders`} (what was bought, for how much, where it went)
          for our accounts, as the law requires, but it is no longer linked to an account.
        </EmailText>
      ) : null}
      <EmailText>The newsletter is separate: if you subscribed, it continues until you use the unsubscribe link in any issue.</EmailText>
      <EmailSmallPrint>Didn&apos;t ask for this? Reply to this e-mail or write to {brand.email} at once.</EmailSmallPrint>
    </EmailLayout>
  );
}
