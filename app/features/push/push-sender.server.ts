/**
 * Sending pushes (issue 40, ADR 0136), in every process, after the change they tell of has
 * committed. Two steps, each safe with any number of processes:
 *
 * 1. **Fan-out**: a due push not fanned out yet is locked (`FOR UPDATE SKIP LOCKED`) and given one
 *    delivery row per subscription that chose its kind and follows a driver it concerns (or the
 *    whole team), in one statement.
 * 2. **Delivery**: due deliveries are claimed in batches with a lease (`claimed_until`, picked with
 *    `FOR UPDATE SKIP LOCKED`); each is encrypted for its subscription (RFC 8291) and posted to its
 *    push service outside any transaction, a bounded number at once over kept-open connections,
 *    with the push's TTL, Urgency and Topic; each answer is recorded. A delivery the push service
 *    accepted is `sent` and never sent again. Before a group's requests go out, the group is
 *    marked `sending` in one statement, and a `sending` delivery is never claimed again: one a
 *    killed process had in flight may or may not have reached its push service, so it is left
 *    alone and counted "not confirmed" rather than sent twice (ADR 0147). A claimed delivery not
 *    yet marked is due again once its lease runs out; 429, 5xx and no answer are tried again with
 *    back-off; 404 and 410 remove the subscription.
 */
import https from "node:https";
import { setTimeout as sleep } from "node:timers/promises";
import tls from "node:tls";
import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import webpush from "web-push";
import type { Logger } from "pino";
import { queryRows, type Database } from "../../../db/client.server";
import type { ChannelListener } from "../../../db/notifications.server";
import { pushDeliveries, pushes, pushSubscriptions } from "../../../db/schema";
import { pushDeliveries as pushDeliveryCounter } from "../operations/metrics.server";
import { driversConcerned, type PushContent, type PushUrgency } from "./push-content";
import { classifyPushAnswer, describePushFailure, givesUp, retryDelayMs, topicHeader } from "./push-delivery-policy";
import { pushMessageFor } from "./push-payload";
import { PUSH_QUEUE_CHANNEL } from "./push-queue.server";
import type { VapidDetails } from "./vapid";

/** What a push service said to one message: its status (null: no answer), body and Retry-After. */
export interface PushAnswer {
  status: number | null;
  body: string | null;
  retryAfter: string | null;
  error?: unknown;
}

export interface PushMessage {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  payload: string;
  ttlSeconds: number;
  urgency: PushUrgency;
  /** The `Topic` header. */
  topic: string;
}

export interface PushTransport {
  send(message: PushMessage): Promise<PushAnswer>;
  /** How many messages it has in flight at once. */
  concurrency: number;
  /** How long one message may take (ms). */
  timeoutMs: number;
  close(): void;
}

/**
 * The `web-push` library: it encrypts each message for its subscription (aes128gcm) and signs
 * the VAPID header; requests go over a pool of kept-open TLS connections, at most `concurrency`.
 */
export function webPushTransport(
  vapid: VapidDetails,
  options: {
    concurrency?: number;
    timeoutMs?: number;
    /** Certificates to trust besides the system's (NODE_EXTRA_CA_CERTS does it for a process). */ ca?: string;
  } = {},
): PushTransport {
  const concurrency = options.concurrency ?? 32;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const agent = new https.Agent({
    keepAlive: true,
    maxSockets: concurrency,
    maxFreeSockets: concurrency,
    ...(options.ca ? { ca: [...tls.rootCertificates, options.ca] } : {}),
  });
  // One VAPID token per push service, signed once and used for 12 hours (RFC 8292 allows 24),
  // rather than an ES256 signature per message.
  const tokens = new Map<string, { authorization: string; renewAt: number }>();
  const authorizationFor = (endpoint: string) => {
    const audience = new URL(endpoint).origin;
    const now = Date.now();
    const kept = tokens.get(audience);
    if (kept && kept.renewAt > now) return kept.authorization;
    const expires = Math.floor(now / 1000) + VAPID_TOKEN_SECONDS;
    const { Authorization } = webpush.getVapidHeaders(audience, vapid.subject, vapid.publicKey, vapid.privateKey, "aes128gcm", expires);
    tokens.set(audience, { authorization: Authorization, renewAt: now + (VAPID_TOKEN_SECONDS - 3600) * 1000 });
    return Authorization;
  };
  return {
    concurrency,
    timeoutMs,
    async send(message) {
      // Encrypting a message takes the event loop about half a millisecond: one per turn of the
      // loop, so requests arriving meanwhile are answered between two, not after 32.
      await nextTurn();
      try {
        const answer = await webpush.sendNotification({ endpoint: message.endpoint, keys: message.keys }, message.payload, {
          // The token is made above (no vapidDetails: web-push then adds no VAPID header of its own).
          headers: { Authorization: authorizationFor(message.endpoint) },
          TTL: message.ttlSeconds,
          urgency: message.urgency,
          topic: message.topic,
          agent,
          timeout: timeoutMs,
        });
        return { status: answer.statusCode, body: answer.body, retryAfter: null };
      } catch (error) {
        if (error instanceof webpush.WebPushError) {
          const retryAfter = error.headers?.["retry-after"];
          return {
            status: error.statusCode,
            body: error.body,
            retryAfter: typeof retryAfter === "string" ? retryAfter : null,
            error,
          };
        }
        return { status: null, body: null, retryAfter: null, error };
      }
    },
    close: () => agent.destroy(),
  };
}

let lastTurn: Promise<void> = Promise.resolve();

/** Resolves on a later turn of the event loop than the previous caller's: one caller per turn. */
function nextTurn(): Promise<void> {
  const turn = lastTurn.then(() => new Promise<void>((resolve) => setImmediate(resolve)));
  lastTurn = turn;
  return turn;
}

/** How long a VAPID token is valid; a new one is made an hour before it runs out. */
const VAPID_TOKEN_SECONDS = 12 * 3600;

/** Deliveries claimed per round; a full round is followed at once by the next. */
export const PUSH_BATCH_SIZE = 256;
/** How long a round owns what it claimed. A killed process's claims are due again after this. */
export const PUSH_LEASE_MS = 30_000;
/**
 * The rest after each group before the next, so the pages a process serves during a send wait
 * less often behind the sender's encryption and writes: 10,000 messages take about 22 s instead
 * of 14 s, and `/`'s p99 during a send went from 1.5× to 1.17× its p99 without (ADR 0147).
 */
export const PUSH_GROUP_PAUSE_MS = 30;

export interface PushSendingOptions {
  publicUrl: string;
  log: Pick<Logger, "info" | "warn">;
  now?: () => Date;
  batchSize?: number;
  leaseMs?: number;
  /** The rest between two groups of a round (PUSH_GROUP_PAUSE_MS). */
  groupPauseMs?: number;
}

export interface PushRound {
  fannedOut: number;
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
  pruned: number;
}

/** Writes each due push's deliveries, one per recipient; returns how many pushes were fanned out. */
export async function fanOutDuePushes(db: Database, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: pushes.id, kind: pushes.kind, content: pushes.content })
      .from(pushes)
      .where(and(isNull(pushes.fannedOutAt), lte(pushes.dueAt, now)))
      .orderBy(asc(pushes.dueAt), asc(pushes.id))
      .limit(10)
      .for("update", { skipLocked: true });
    for (const push of due) {
      const drivers = driversConcerned(push.content);
      const driverFilter =
        drivers === null
          ? sql`true`
          : sql`(cardinality(s.driver_ids) = 0 or s.driver_ids && array[${sql.join(
              drivers.map((id) => sql`${id}`),
              sql`, `,
            )}]::text[])`;
      const inserted = await queryRows<{ id: number }>(
        tx as unknown as Database,
        sql`insert into push_deliveries (push_id, subscription_id, next_attempt_at)
            select ${push.id}, s.id, ${now} from push_subscriptions s
            where ${push.kind} = any(s.kinds) and ${driverFilter}
            on conflict (push_id, subscription_id) do nothing
            returning id`,
      );
      await tx.update(pushes).set({ fannedOutAt: now, recipients: inserted.length }).where(eq(pushes.id, push.id));
    }
    return due.length;
  });
}

interface ClaimedDelivery {
  id: number;
  attempts: number;
  pushId: number;
  subscriptionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  driverIds: string[];
  spoilerFreeUntil: Date | null;
  spoilerFreeRevealed: string[];
  content: PushContent;
  collapseKey: string;
  ttlSeconds: number;
  urgency: PushUrgency;
  queuedAt: Date;
}

const asDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

/**
 * Claims up to `limit` due deliveries with a lease, in one statement, with what sending each
 * needs: its subscription's keys and choices, and its push.
 */
async function claimDeliveries(db: Database, now: Date, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`update push_deliveries d set claimed_until = ${new Date(now.getTime() + leaseMs)}
        from push_subscriptions s, pushes p
        where d.id in (
          select id from push_deliveries
          where status = 'pending' and next_attempt_at <= ${now} and (claimed_until is null or claimed_until <= ${now})
          order by next_attempt_at, id
          limit ${limit}
          for update skip locked
        )
        and s.id = d.subscription_id and p.id = d.push_id
        returning d.id, d.attempts, d.push_id, s.id as subscription_id, s.endpoint, s.p256dh, s.auth, s.driver_ids,
          s.spoiler_free_until, s.spoiler_free_revealed, p.content, p.collapse_key, p.ttl_seconds, p.urgency, p.created_at`,
  );
  return rows
    .map((row) => ({
      id: Number(row.id),
      attempts: Number(row.attempts),
      pushId: Number(row.push_id),
      subscriptionId: String(row.subscription_id),
      endpoint: String(row.endpoint),
      p256dh: String(row.p256dh),
      auth: String(row.auth),
      driverIds: row.driver_ids as string[],
      spoilerFreeUntil: row.spoiler_free_until === null ? null : asDate(row.spoiler_free_until),
      spoilerFreeRevealed: row.spoiler_free_revealed as string[],
      content: (typeof row.content === "string" ? JSON.parse(row.content) : row.content) as PushContent,
      collapseKey: String(row.collapse_key),
      ttlSeconds: Number(row.ttl_seconds),
      urgency: String(row.urgency) as PushUrgency,
      queuedAt: asDate(row.created_at),
    }))
    .sort((a, b) => a.id - b.id);
}

/** Adds `counts` (push id → how many) to one of a push's counters. */
async function addToCounter(db: Database, column: "sent" | "failed" | "pruned", pushIds: number[]): Promise<void> {
  const counts = new Map<number, number>();
  for (const id of pushIds) counts.set(id, (counts.get(id) ?? 0) + 1);
  for (const [id, count] of counts) {
    await db
      .update(pushes)
      .set({ [column]: sql`${pushes[column]} + ${count}` })
      .where(eq(pushes.id, id));
  }
}

/**
 * Marks a group `sending` just before its requests go out: from here on a delivery is never
 * claimed again, whatever happens to this process (ADR 0147). Returns the ids still ours to send
 * (a delivery whose subscription was removed meanwhile is gone).
 */
async function markSending(db: Database, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const marked = await db
    .update(pushDeliveries)
    .set({ status: "sending" })
    .where(and(inArray(pushDeliveries.id, ids), eq(pushDeliveries.status, "pending")))
    .returning({ id: pushDeliveries.id });
  return new Set(marked.map((row) => row.id));
}

/** Records accepted deliveries; each counts once. */
async function recordSent(db: Database, ids: number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.transaction(async (tx) => {
    const done = await tx
      .update(pushDeliveries)
      .set({ status: "sent", sentAt: now, claimedUntil: null, attempts: sql`${pushDeliveries.attempts} + 1`, lastError: null })
      .where(and(inArray(pushDeliveries.id, ids), eq(pushDeliveries.status, "sending")))
      .returning({ pushId: pushDeliveries.pushId });
    await addToCounter(
      tx as unknown as Database,
      "sent",
      done.map((row) => row.pushId),
    );
  });
}

/** A failed attempt: tried again after a back-off, or given up (refused, or past its TTL). */
async function recordFailure(
  db: Database,
  delivery: ClaimedDelivery,
  answer: PushAnswer,
  refused: boolean,
  now: Date,
): Promise<"retry" | "failed"> {
  const attempts = delivery.attempts + 1;
  const nextAttemptAt = new Date(now.getTime() + retryDelayMs(attempts, answer.retryAfter, now));
  const lastError = describePushFailure(answer.status, answer.body, answer.error);
  if (!refused && !givesUp(attempts, nextAttemptAt, delivery.queuedAt, delivery.ttlSeconds)) {
    await db
      .update(pushDeliveries)
      .set({ status: "pending", attempts, nextAttemptAt, lastError, claimedUntil: null })
      .where(and(eq(pushDeliveries.id, delivery.id), eq(pushDeliveries.status, "sending")));
    return "retry";
  }
  await db.transaction(async (tx) => {
    const done = await tx
      .update(pushDeliveries)
      .set({ status: "failed", attempts, lastError, claimedUntil: null })
      .where(and(eq(pushDeliveries.id, delivery.id), eq(pushDeliveries.status, "sending")))
      .returning({ pushId: pushDeliveries.pushId });
    await addToCounter(
      tx as unknown as Database,
      "failed",
      done.map((row) => row.pushId),
    );
  });
  return "failed";
}

/** 404 or 410: the subscription is gone; it is removed (its other deliveries with it). */
async function pruneSubscription(db: Database, delivery: ClaimedDelivery): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(pushSubscriptions)
      .where(eq(pushSubscriptions.id, delivery.subscriptionId))
      .returning({ id: pushSubscriptions.id });
    if (removed.length > 0) await addToCounter(tx as unknown as Database, "pruned", [delivery.pushId]);
  });
}

/**
 * One round: due pushes fanned out, then a batch of deliveries claimed, sent a bounded number at
 * once, and recorded. Stops starting new messages once its lease could run out before they are
 * answered, and gives the rest back.
 */
export async function pushRound(db: Database, transport: PushTransport, options: PushSendingOptions): Promise<PushRound> {
  const clock = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? PUSH_LEASE_MS;
  const startedAt = clock();
  const round: PushRound = { fannedOut: await fanOutDuePushes(db, startedAt), claimed: 0, sent: 0, retrying: 0, failed: 0, pruned: 0 };
  const batch = await claimDeliveries(db, startedAt, options.batchSize ?? PUSH_BATCH_SIZE, leaseMs);
  round.claimed = batch.length;
  if (batch.length === 0) return round;

  const givenBack: number[] = [];
  const sendOne = async (delivery: ClaimedDelivery): Promise<number | null> => {
    const now = clock();
    const message = pushMessageFor(
      delivery.content,
      {
        driverIds: delivery.driverIds,
        spoilerFree: delivery.spoilerFreeUntil
          ? { until: delivery.spoilerFreeUntil, revealedRoundIds: delivery.spoilerFreeRevealed }
          : null,
      },
      { publicUrl: options.publicUrl, collapseKey: delivery.collapseKey, now },
    );
    const answer = await transport.send({
      endpoint: delivery.endpoint,
      keys: { p256dh: delivery.p256dh, auth: delivery.auth },
      payload: JSON.stringify(message),
      ttlSeconds: delivery.ttlSeconds,
      urgency: delivery.urgency,
      topic: topicHeader(delivery.collapseKey),
    });
    const outcome = classifyPushAnswer(answer.status);
    if (outcome === "sent") {
      round.sent += 1;
      pushDeliveryCounter.inc({ outcome: "sent" });
      return delivery.id;
    }
    if (outcome === "gone") {
      await pruneSubscription(db, delivery);
      round.pruned += 1;
      pushDeliveryCounter.inc({ outcome: "pruned" });
      return null;
    }
    const recorded = await recordFailure(db, delivery, answer, outcome === "refused", clock());
    if (recorded === "retry") round.retrying += 1;
    else round.failed += 1;
    pushDeliveryCounter.inc({ outcome: recorded });
    options.log.warn(
      { pushId: delivery.pushId, deliveryId: delivery.id, status: answer.status, outcome: recorded, err: answer.error },
      recorded === "retry" ? "push delivery failed; tried again later" : "push delivery failed; not tried again",
    );
    return null;
  };
  // In groups as large as the transport's concurrency: each marked `sending`, sent at once, and
  // its accepted deliveries recorded, before the next. A killed process leaves at most one group
  // not confirmed, and nothing it claimed but had not started is lost (ADR 0147).
  const groupSize = Math.max(1, transport.concurrency);
  try {
    for (let first = 0; first < batch.length; first += groupSize) {
      const leaseLeft = startedAt.getTime() + leaseMs - clock().getTime();
      if (leaseLeft < transport.timeoutMs + 5_000) {
        givenBack.push(...batch.slice(first).map((delivery) => delivery.id));
        break;
      }
      const group = batch.slice(first, first + groupSize);
      const ours = await markSending(
        db,
        group.map((delivery) => delivery.id),
      );
      const answers = await Promise.allSettled(group.filter((delivery) => ours.has(delivery.id)).map(sendOne));
      // What was accepted is recorded even if another delivery's record failed.
      await recordSent(
        db,
        answers.flatMap((answer) => (answer.status === "fulfilled" && answer.value !== null ? [answer.value] : [])),
        clock(),
      );
      const failure = answers.find((answer) => answer.status === "rejected");
      if (failure) throw failure.reason;
      if (first + groupSize < batch.length) await sleep(options.groupPauseMs ?? PUSH_GROUP_PAUSE_MS);
    }
  } finally {
    if (givenBack.length > 0) {
      await db
        .update(pushDeliveries)
        .set({ claimedUntil: null })
        .where(and(inArray(pushDeliveries.id, givenBack), eq(pushDeliveries.status, "pending")));
    }
  }
  return round;
}

/**
 * Sends pushes until stopped: woken by each queued push's NOTIFY (at its commit) and every
 * `intervalMs` (retries, scheduled pushes, a missed notification). A full round is followed at once
 * by the next, after the event loop has served what waits, so pages keep answering during a send.
 */
export function startPushSending(
  db: Database,
  transport: PushTransport,
  options: PushSendingOptions & {
    listen(channel: string, handlers: { onNotify(payload: string): void; onListening(): void }): ChannelListener;
    intervalMs: number;
    onRound?: () => void;
    onError(error: unknown): void;
  },
): { stop(): Promise<void>; wake(): void } {
  let stopped = false;
  let busy = false;
  let again = false;
  let running: Promise<unknown> = Promise.resolve();
  const rounds = async () => {
    do {
      again = false;
      for (;;) {
        if (stopped) return;
        const round = await pushRound(db, transport, options);
        options.onRound?.();
        if (round.claimed > 0 || round.fannedOut > 0)
          options.log.info({ ...round }, round.claimed > 0 ? "push round sent" : "push fanned out");
        if (round.claimed < (options.batchSize ?? PUSH_BATCH_SIZE) && round.fannedOut === 0) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
    } while (again && !stopped);
  };
  const wake = () => {
    if (stopped) return;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    running = rounds()
      .catch(options.onError)
      .finally(() => {
        busy = false;
      });
  };
  const listener = options.listen(PUSH_QUEUE_CHANNEL, { onNotify: wake, onListening: wake });
  const timer = setInterval(wake, options.intervalMs);
  timer.unref();
  return {
    wake,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
      await listener.close();
      transport.close();
    },
  };
}
