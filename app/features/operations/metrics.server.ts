/**
 * The process's Prometheus metrics (ADR 0046), in prom-client's default registry.
 *
 * The server entry (run by tsx) and the app bundle (built by Vite) can each load this module,
 * while prom-client itself is loaded once: every metric is therefore taken from the registry
 * when it is already there, so both copies count into the same series.
 */
import client, {
  type Counter,
  type CounterConfiguration,
  type Gauge,
  type GaugeConfiguration,
  type Histogram,
  type HistogramConfiguration,
} from "prom-client";

export const registry = client.register;

function counter<Label extends string>(config: CounterConfiguration<Label>): Counter<Label> {
  return (registry.getSingleMetric(config.name) as Counter<Label> | undefined) ?? new client.Counter(config);
}

function histogram<Label extends string>(config: HistogramConfiguration<Label>): Histogram<Label> {
  return (registry.getSingleMetric(config.name) as Histogram<Label> | undefined) ?? new client.Histogram(config);
}

/** A gauge read when scraped; registered once, later calls return the first. */
export function gauge<Label extends string>(config: GaugeConfiguration<Label>): Gauge<Label> {
  return (registry.getSingleMetric(config.name) as Gauge<Label> | undefined) ?? new client.Gauge(config);
}

export const httpRequests = counter({
  name: "ridgeway_http_requests_total",
  help: "HTTP requests answered, by method, route pattern and status code.",
  labelNames: ["method", "route", "status"],
});

export const httpRequestDuration = histogram({
  name: "ridgeway_http_request_duration_seconds",
  help: "Time from a request's arrival to the end of its answer, by method, route pattern and status code.",
  labelNames: ["method", "route", "status"],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
});

export const pageCacheLookups = counter({
  name: "ridgeway_page_cache_lookups_total",
  help: "GET requests that could be answered from the page cache (audience everyone or signed-in): hit or miss.",
  labelNames: ["result", "audience"],
});

export const databaseQueryDuration = histogram({
  name: "ridgeway_db_query_duration_seconds",
  help: "Time each database query took, from the app's side (queued time included).",
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
});

export const checkouts = counter({
  name: "ridgeway_checkouts_total",
  help: "Checkout attempts by outcome: placed (handed to the payment page), refused (stock, limits, input), failed (an error).",
  labelNames: ["outcome"],
});

export const paymentEvents = counter({
  name: "ridgeway_payment_events_total",
  help: "Payment provider webhook events handled, by what they did to the order.",
  labelNames: ["outcome"],
});

export const emailDeliveries = counter({
  name: "ridgeway_email_deliveries_total",
  help: "E-mail delivery attempts by outcome: sent, deferred (tried again later), failed (given up), skipped (a newsletter to a bouncing address).",
  labelNames: ["outcome"],
});

export const pushDeliveries = counter({
  name: "ridgeway_push_deliveries_total",
  help: "Web Push delivery attempts by outcome: sent, retry (tried again later), failed (given up), pruned (the subscription was gone).",
  labelNames: ["outcome"],
});

export const backups = counter({
  name: "ridgeway_backups_total",
  help: "Backups run by this process (schedule or npm run backup through it), by outcome; offsite copies counted apart.",
  labelNames: ["trigger", "outcome"],
});

export const offsiteCopies = counter({
  name: "ridgeway_backup_offsite_copies_total",
  help: "Copies of backups to S3-compatible storage, by outcome.",
  labelNames: ["outcome"],
});

/** Process memory, CPU, event-loop delay and the like, under their usual names (once per process). */
export function collectProcessMetrics(): void {
  if (registry.getSingleMetric("process_cpu_user_seconds_total")) return;
  client.collectDefaultMetrics({ register: registry });
}

/** Live streams opened, by outcome (ADR 0124): open, refused at the cap (503), bad (400/404). */
export const liveStreamOpens = counter({
  name: "ridgeway_live_stream_opens_total",
  help: "Requests for a round's live event stream, by outcome: opened, full (503 at LIVE_STREAM_LIMIT), refused (400, 404, 405).",
  labelNames: ["outcome"],
});

/** Reads of the live event log by the process's hub: one per notification burst, whatever the number of streams. */
export const liveHubReads = counter({
  name: "ridgeway_live_hub_reads_total",
  help: "Reads of the live event log by the process's live hub (one per batch of notifications, not per stream).",
});
