import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { SectionNotice, SecurityPanel } from "./security-panel";
import type { SecurityActionData } from "./security-intents";

export interface SessionRow {
  id: string;
  device: string;
  current: boolean;
  ipAddress: string | null;
  signedInAt: string;
  lastActiveAt: string;
}

/** Where the account is signed in, with a way to sign out everywhere else. */
export function SessionsSection({ sessions, result }: { sessions: SessionRow[]; result: SecurityActionData | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const others = sessions.filter((session) => !session.current).length;
  return (
    <SecurityPanel
      id="sessions"
      title="Active Sessions"
      description="The browsers and devices signed in to your account. Don't recognise one? Sign out the others and change your password."
    >
      <SectionNotice result={result} intents={["sign-out-others"]} />
      <ul className="grid gap-3">
        {sessions.map((session) => (
          <li key={session.id} className="rounded-lg border border-line bg-ink px-4 py-3">
            <p className="flex flex-wrap items-center gap-2 font-medium">
              {session.device}
              {session.current && (
                <span className="rounded-full bg-success/15 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide text-success">
                  This device
                </span>
              )}
            </p>
            <dl className="mt-1 grid gap-x-6 gap-y-1 text-sm text-muted sm:grid-cols-3">
              <div>
                <dt className="inline">Last active: </dt>
                <dd className="inline">{session.lastActiveAt}</dd>
              </div>
              <div>
                <dt className="inline">Signed in: </dt>
                <dd className="inline">{session.signedInAt}</dd>
              </div>
              {session.ipAddress && (
                <div>
                  <dt className="inline">Address: </dt>
                  <dd className="inline break-all">{session.ipAddress}</dd>
                </div>
              )}
            </dl>
          </li>
        ))}
      </ul>
      <Form method="post" className="mt-5">
        <Button type="submit" name="intent" value="sign-out-others" variant="secondary" disabled={busy || others === 0}>
          Sign Out Other Sessions
        </Button>
        {others === 0 && <p className="mt-2 text-sm text-muted">You're signed in on this device only.</p>}
      </Form>
    </SecurityPanel>
  );
}
