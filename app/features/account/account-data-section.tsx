import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { SectionNotice, SecurityPanel } from "./security-panel";
import type { SecurityActionData } from "./security-intents";

/** Download my data, and delete my account (password and a tick to confirm). */
export function AccountDataSection({ result }: { result: SecurityActionData | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <SecurityPanel id="your-data" title="Your Data">
      <div className="grid gap-8 md:grid-cols-2">
        <div>
          <h3 className="font-semibold">Download your data</h3>
          <p className="mt-1 text-sm text-muted">
            A JSON file with your profile, your orders, where you're signed in and your newsletter consent. Passwords and security codes are
            never included.
          </p>
          <a
            href="/dashboard/security/export"
            download
            className="mt-4 inline-flex min-h-11 items-center rounded-full border border-line px-5 text-sm font-semibold uppercase tracking-wide hover:border-accent-text"
          >
            Download My Data
          </a>
        </div>
        <div>
          <h3 className="font-semibold text-danger">Delete your account</h3>
          <p className="mt-1 text-sm text-muted">
            Your profile, picture and sign-ins are deleted and you're signed out. Orders you placed are kept for our accounts, no longer
            linked to you. This can't be undone.
          </p>
          <SectionNotice result={result} intents={["delete-account"]} />
          <Form method="post" className="mt-4 grid gap-4">
            <fieldset disabled={busy} className="grid gap-4">
              <legend className="sr-only">Delete your account</legend>
              <FormField label="Your Password" name="password" type="password" autoComplete="current-password" required />
              <label className="flex min-h-11 items-center gap-2 text-sm">
                <input type="checkbox" name="confirm" value="yes" required className="size-5 accent-(--color-accent)" />I understand my
                account will be deleted for good.
              </label>
            </fieldset>
            <div>
              <Button type="submit" name="intent" value="delete-account" variant="secondary" disabled={busy}>
                Delete My Account
              </Button>
            </div>
          </Form>
        </div>
      </div>
    </SecurityPanel>
  );
}
