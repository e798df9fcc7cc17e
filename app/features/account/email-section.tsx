import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { SectionNotice, SecurityPanel } from "./security-panel";
import type { SecurityActionData } from "./security-intents";

/** Whether the account's address is confirmed, with a way to get a new link. */
export function EmailVerificationSection({
  email,
  verified,
  result,
}: {
  email: string;
  verified: boolean;
  result: SecurityActionData | undefined;
}) {
  return (
    <SecurityPanel id="email" title="E-mail Address">
      <SectionNotice result={result} intents={["resend-verification"]} />
      <p className="wrap-anywhere">
        <span className="font-medium">{email}</span>{" "}
        <span className={verified ? "text-success" : "text-muted"}>{verified ? "· Confirmed" : "· Not confirmed yet"}</span>
      </p>
      {!verified && (
        <Form method="post" className="mt-4">
          <p className="mb-3 text-sm text-muted">
            We sent a confirmation link when you created your account. Can't find it? We'll send a new one.
          </p>
          <Button type="submit" name="intent" value="resend-verification" variant="secondary" size="sm">
            Send a New Link
          </Button>
        </Form>
      )}
    </SecurityPanel>
  );
}
