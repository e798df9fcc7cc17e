import { useEffect } from "react";
import { Link, useRevalidator } from "react-router";
import { REPORT_REFRESH_MS, type SendingReport } from "./newsletter-issue";

/** A sent (or sending) issue's figures, as the server knows them. */
export function ReportPanel({ report }: { report: SendingReport }) {
  const figures: Array<[string, number]> = [
    ["Recipients", report.recipients],
    ["Queued", report.queued],
    ["Sent", report.sent],
    ["Waiting", report.waiting],
    ["Failing", report.failing],
    ["Unsubscribed since", report.unsubscribedSince],
  ];
  return (
    <section aria-labelledby="report-heading" className="mb-8 max-w-3xl">
      <h2 id="report-heading" className="mb-3 text-xl font-bold uppercase">
        Sending report
      </h2>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-card border border-line bg-surface p-3">
            <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
            <dd className="text-2xl font-bold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-muted">
        What the server knows: no tracking pixels, so no opens or clicks. &ldquo;Failing&rdquo; messages are retried by the outbox;{" "}
        <Link to="/admin" className="underline">
          Today
        </Link>{" "}
        shows the outbox&apos;s health.
      </p>
    </section>
  );
}

/**
 * While an issue goes out, its page reads the loader again a few seconds after each read (never
 * two at once), so the report and status move without a reload; it stops once all have gone.
 */
export function useLiveReport(live: boolean) {
  const { state, revalidate } = useRevalidator();
  useEffect(() => {
    if (!live || state !== "idle") return;
    const timer = window.setTimeout(() => void revalidate(), REPORT_REFRESH_MS);
    return () => window.clearTimeout(timer);
  }, [live, state, revalidate]);
}
