import { Link } from "react-router";
import { formatAuditTime } from "~/features/admin/audit-views";

/** A result published with its push not sent, as the watchdog (push-desk.server.ts) finds it. */
export interface UnsentPushView {
  roundId: string;
  roundName: string;
  sessionName: string;
  version: number;
  publishedAt: string;
  problem: "not-queued" | "not-sent-out" | "none-delivered";
}

const PROBLEMS: Record<UnsentPushView["problem"], string> = {
  "not-queued": "no push was queued",
  "not-sent-out": "its push was queued but never sent out: is the site's push sending running?",
  "none-delivered": "not one of its notifications was accepted by the push services",
};

/** The watchdog's warning, on the Today page and the notifications desk. */
export function UnsentPushes({ pushes }: { pushes: UnsentPushView[] }) {
  return (
    <section
      aria-labelledby="unsent-pushes-heading"
      role="alert"
      className="min-w-0 rounded-card border border-warning/60 bg-warning/10 p-4 md:col-span-2"
    >
      <h2 id="unsent-pushes-heading" className="text-lg font-bold uppercase">
        Results not pushed<span className="ml-2 text-accent-text">{pushes.length}</span>
      </h2>
      <ul className="mt-2 grid gap-1 text-sm">
        {pushes.map((push) => (
          <li key={`${push.roundId}-${push.sessionName}-${push.version}`} className="break-words">
            <strong>
              {push.sessionName}, {push.roundName} (v{push.version})
            </strong>{" "}
            published {formatAuditTime(push.publishedAt)}, but {PROBLEMS[push.problem]}{" "}
            <Link to="/admin/notifications" className="inline-flex min-h-11 items-center font-semibold text-accent-text underline">
              See the pushes
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
