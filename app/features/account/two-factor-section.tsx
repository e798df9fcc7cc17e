import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { CopyButton } from "~/components/ui/copy-button";
import { FormField } from "~/components/ui/form-field";
import { buttonClasses } from "~/components/ui/button";
import { SectionNotice, SecurityPanel } from "./security-panel";
import type { SecurityActionData } from "./security-intents";

export type TwoFactorView =
  { status: "off" } | { status: "on" } | { status: "pending"; qrCodeDataUri: string; secret: string; otpauthUri: string };

const TWO_FACTOR_INTENTS = ["two-factor-start", "two-factor-confirm", "two-factor-cancel", "two-factor-disable"] as const;

/** Two-factor authentication: turn on (password, QR code, first code, backup codes) and off (password). */
export function TwoFactorSection({ view, result }: { view: TwoFactorView; result: SecurityActionData | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <SecurityPanel
      id="two-factor"
      title="Two-Factor Authentication"
      description="With two-factor on, signing in needs your password and a code from an authenticator app on your phone."
    >
      <SectionNotice result={result} intents={TWO_FACTOR_INTENTS} />
      {result?.backupCodes && <BackupCodes codes={result.backupCodes} />}
      {view.status === "off" && (
        <Form method="post" className="grid max-w-sm gap-4">
          <p className="text-sm">
            Status: <strong>Off</strong>
          </p>
          <fieldset disabled={busy} className="grid gap-4">
            <legend className="sr-only">Turn on two-factor authentication</legend>
            <FormField label="Your Password" name="password" type="password" autoComplete="current-password" required />
          </fieldset>
          <div>
            <Button type="submit" name="intent" value="two-factor-start" disabled={busy}>
              Turn On Two-Factor
            </Button>
          </div>
        </Form>
      )}
      {view.status === "pending" && (
        <SetupSteps qrCodeDataUri={view.qrCodeDataUri} secret={view.secret} otpauthUri={view.otpauthUri} busy={busy} />
      )}
      {view.status === "on" && (
        <Form method="post" className="grid max-w-sm gap-4">
          <p className="text-sm">
            Status: <strong className="text-success">On</strong>
          </p>
          <fieldset disabled={busy} className="grid gap-4">
            <legend className="sr-only">Turn off two-factor authentication</legend>
            <FormField label="Your Password" name="password" type="password" autoComplete="current-password" required />
          </fieldset>
          <div>
            <Button type="submit" name="intent" value="two-factor-disable" variant="secondary" disabled={busy}>
              Turn Off Two-Factor
            </Button>
          </div>
        </Form>
      )}
    </SecurityPanel>
  );
}

function SetupSteps({
  qrCodeDataUri,
  secret,
  otpauthUri,
  busy,
}: {
  qrCodeDataUri: string;
  secret: string;
  otpauthUri: string;
  busy: boolean;
}) {
  return (
    <div className="grid gap-6 md:grid-cols-[auto_1fr] md:items-start">
      <figure className="grid justify-items-center gap-2">
        <img
          src={qrCodeDataUri}
          width={200}
          height={200}
          alt="QR code to add your Ridgeway Racing account to an authenticator app"
          className="rounded-lg bg-white p-1"
        />
        <figcaption className="text-xs text-muted">Scan with your authenticator app</figcaption>
      </figure>
      <div className="grid gap-4">
        <ol className="grid list-decimal gap-2 pl-5 text-sm">
          <li>Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Aegis...).</li>
          <li>Scan the QR code; on the phone that has the app, open the link below; or copy the key into the app.</li>
          <li>Enter the 6-digit code the app shows to finish.</li>
        </ol>
        <div>
          <p className="text-xs font-semibold uppercase tracking-wider text-muted">Key for typing in</p>
          <code data-testid="two-factor-secret" className="mt-1 block break-all rounded-lg bg-ink px-3 py-2 font-mono text-sm">
            {secret}
          </code>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            {/* An otpauth:// link opens the phone's authenticator app with the account filled in. */}
            <a href={otpauthUri} className={buttonClasses("secondary", "sm")}>
              Open in Authenticator App
            </a>
            <CopyButton text={secret.replace(/\s+/g, "")} label="Copy Key" copiedLabel="Key copied" />
          </div>
        </div>
        <Form method="post" className="grid max-w-sm gap-4">
          <fieldset disabled={busy} className="grid gap-4">
            <legend className="sr-only">Confirm two-factor authentication</legend>
            <FormField
              label="Code From Your App"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 \-]*"
              maxLength={9}
              required
            />
          </fieldset>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="two-factor-confirm" disabled={busy}>
              Confirm and Turn On
            </Button>
            <Button type="submit" name="intent" value="two-factor-cancel" variant="ghost" formNoValidate disabled={busy}>
              Cancel
            </Button>
          </div>
        </Form>
      </div>
    </div>
  );
}

function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <div className="mb-6 rounded-lg border border-accent-text/60 bg-ink p-4">
      <h3 className="font-semibold">Your backup codes</h3>
      <p className="mt-1 text-sm text-muted">
        Save these somewhere safe now: they are shown only this once. If you lose your phone, each code signs you in one time.
      </p>
      <ul aria-label="Backup codes" className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code} className="rounded bg-surface px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {/* A file to keep: works without a script, as the codes are in the link itself. */}
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(backupCodesText(codes))}`}
          download="ridgeway-racing-backup-codes.txt"
          className={buttonClasses("secondary", "sm")}
        >
          Download Codes
        </a>
        <CopyButton text={backupCodesText(codes)} label="Copy Codes" copiedLabel="Codes copied" />
      </div>
    </div>
  );
}

/** The backup codes as a text file: what they are for, then one code a line. */
export function backupCodesText(codes: readonly string[]): string {
  return [
    "Ridgeway Racing: two-factor backup codes",
    "Each code signs you in once if you lose your phone. Keep them somewhere safe.",
    "",
    ...codes,
    "",
  ].join("\n");
}
