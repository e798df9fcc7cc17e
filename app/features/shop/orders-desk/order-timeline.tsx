import { formatAuditTime } from "~/features/admin/audit-views";

interface PaymentEventView {
  id: number | string;
  eventId: string;
  type: string;
  receivedAt: string;
}

interface OrderEmailView {
  id: number | string;
  subject: string;
  sentAt: string | null;
  failedAt: string | null;
  attempts: number;
  lastError: string | null;
  textBody: string;
}

/** What happened around the order: the payment provider's events and the e-mails to the customer. */
export function OrderTimeline({ events, emails }: { events: readonly PaymentEventView[]; emails: readonly OrderEmailView[] }) {
  return (
    <div className="grid grid-cols-1 gap-8 md:grid-cols-2">
      <section aria-labelledby="events-heading">
        <h2 id="events-heading" className="text-xl font-bold uppercase">
          Payment events
        </h2>
        {events.length === 0 ? (
          <p className="mt-2 text-sm text-muted">None received.</p>
        ) : (
          <ul className="mt-3 grid gap-1 text-sm">
            {events.map((event) => (
              <li key={event.id} className="break-words">
                <span className="font-semibold">{event.type}</span>{" "}
                <span className="text-muted">
                  · {formatAuditTime(event.receivedAt)} · {event.eventId}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="emails-heading">
        <h2 id="emails-heading" className="text-xl font-bold uppercase">
          E-mails to the customer
        </h2>
        {emails.length === 0 ? (
          <p className="mt-2 text-sm text-muted">None.</p>
        ) : (
          <ul className="mt-3 grid gap-2 text-sm">
            {emails.map((email) => (
              <li key={email.id}>
                <details>
                  <summary className="cursor-pointer break-words">
                    <span className="font-semibold">{email.subject}</span>{" "}
                    <span className="text-muted">
                      ·{" "}
                      {email.sentAt
                        ? `sent ${formatAuditTime(email.sentAt)}`
                        : email.failedAt
                          ? `not delivered: ${email.lastError ?? "given up"} (see the mail queue)`
                          : email.lastError
                            ? `not sent yet (${email.attempts} tries)`
                            : "waiting to be sent"}
                    </span>
                  </summary>
                  <pre className="mt-2 whitespace-pre-wrap break-words rounded-lg bg-ink p-3 font-sans text-xs">{email.textBody}</pre>
                </details>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
