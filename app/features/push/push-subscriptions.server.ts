/**
 * The fan's side of Web Push (issue 40): `POST /api/push/subscription` keeps a browser's
 * subscription with its choices and its copy of spoiler-free mode (sent on the first tap, on every
 * visit, when the mode changes, and by the service worker when the browser renews the
 * subscription), and `POST /api/push/unsubscribe` removes it. Nothing about the person is kept:
 * the subscription's address and keys, the choices, the spoiler-free copy, and two dates.
 */
import { and, asc, eq, isNull, inArray, ne } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { drivers, pushSubscriptions } from "../../../db/schema";
import { consumeRateLimit } from "~/lib/rate-limit.server";
import { isRequestBodyTooLarge } from "~/lib/request-body";
import type { z } from "~/lib/zod";
import { subscriptionRequestSchema, unsubscribeRequestSchema, type PushChoices, type SubscriptionAnswer } from "./subscription-request";
import { isAllowedPushEndpoint } from "./vapid";
import type { PushKind } from "./push-content";

/** Requests one client may make: a visit syncs once, a fan choosing makes a few. */
export const PUSH_CLIENT_LIMIT = { limit: 120, windowMs: 10 * 60_000 } as const;

export interface PushEndpointContext {
  db: Database;
  clientIp: string;
  /** The push services a subscription may point at (PUSH_SERVICE_HOSTS). */
  serviceHosts: readonly string[];
  now?: Date;
}

const headers = { "Cache-Control": "private, no-store" };
const answer = (status: number, body: unknown) => Response.json(body, { status, headers });
const refuse = (status: number, error: string) => answer(status, { error });

/** The body as JSON checked by `schema`, or the answer that refuses it. */
async function readBody<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  context: PushEndpointContext,
): Promise<{ ok: true; body: z.output<Schema> } | { ok: false; response: Response }> {
  if (request.method !== "POST")
    return { ok: false, response: Response.json({ error: "Use POST" }, { status: 405, headers: { ...headers, Allow: "POST" } }) };
  const limit = await consumeRateLimit(context.db, { key: `push:${context.clientIp}`, ...PUSH_CLIENT_LIMIT }, context.now ?? new Date());
  if (!limit.allowed) {
    return {
      ok: false,
      response: Response.json(
        { error: "Too many requests from your connection just now. Please wait a moment and try again." },
        { status: 429, headers: { ...headers, "Retry-After": String(limit.retryAfterSeconds) } },
      ),
    };
  }
  let text: string;
  try {
    text = await request.text();
  } catch (error) {
    if (isRequestBodyTooLarge(error)) return { ok: false, response: refuse(413, "The request is too large.") };
    return { ok: false, response: refuse(400, "The request body could not be read.") };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, response: refuse(400, "The request body must be JSON.") };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
    return { ok: false, response: answer(400, { error: issues[0]?.message ?? "The request could not be read.", issues }) };
  }
  return { ok: true, body: parsed.data };
}

function choicesOf(row: { kinds: string[]; driverIds: string[] }): PushChoices {
  return { kinds: row.kinds as PushKind[], driverIds: row.driverIds };
}

/** POST /api/push/subscription: stores or updates this browser's subscription; answers its choices. */
export async function handleSubscriptionRequest(request: Request, context: PushEndpointContext): Promise<Response> {
  const read = await readBody(request, subscriptionRequestSchema, context);
  if (!read.ok) return read.response;
  const { subscription, replaces, choices, spoilerFree } = read.body;
  if (!isAllowedPushEndpoint(subscription.endpoint, context.serviceHosts)) {
    return refuse(400, "That subscription is not at a browser's push service.");
  }
  const now = context.now ?? new Date();
  if (choices && choices.driverIds.length > 0) {
    const known = await context.db
      .select({ id: drivers.id })
      .from(drivers)
      .where(and(inArray(drivers.id, choices.driverIds), isNull(drivers.deletedAt)));
    if (known.length !== choices.driverIds.length) return refuse(400, "One of those drivers is not in the team.");
  }
  const spoiler =
    spoilerFree === undefined
      ? {}
      : spoilerFree === null || Date.parse(spoilerFree.until) <= now.getTime()
        ? { spoilerFreeUntil: null, spoilerFreeRevealed: [] }
        : { spoilerFreeUntil: new Date(spoilerFree.until), spoilerFreeRevealed: spoilerFree.revealedRoundIds };
  const keys = { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth };

  const stored = await context.db.transaction(async (tx) => {
    const [current] = await tx.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, subscription.endpoint)).for("update");
    // A renewed subscription (the browser's new endpoint): the old one's choices move to it.
    const [previous] =
      !current && replaces && replaces !== subscription.endpoint
        ? await tx.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, replaces)).for("update")
        : [];
    const chosen = choices ?? (current ? choicesOf(current) : previous ? choicesOf(previous) : null);
    if (!chosen) return null;
    if (replaces && replaces !== subscription.endpoint) {
      await tx
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.endpoint, replaces), ne(pushSubscriptions.endpoint, subscription.endpoint)));
    }
    const inherited =
      spoilerFree === undefined && !current && previous
        ? { spoilerFreeUntil: previous.spoilerFreeUntil, spoilerFreeRevealed: previous.spoilerFreeRevealed }
        : {};
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({
        endpoint: subscription.endpoint,
        ...keys,
        kinds: chosen.kinds,
        driverIds: chosen.driverIds,
        ...inherited,
        ...spoiler,
        createdAt: now,
        lastSeenAt: now,
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { ...keys, kinds: chosen.kinds, driverIds: chosen.driverIds, ...spoiler, lastSeenAt: now },
      })
      .returning();
    return row!;
  });
  if (!stored) return refuse(404, "This browser is not subscribed: choose what to hear first.");
  return answer(200, { choices: choicesOf(stored) } satisfies SubscriptionAnswer);
}

/** POST /api/push/unsubscribe: removes this browser's subscription (nothing is kept). */
export async function handleUnsubscribeRequest(request: Request, context: PushEndpointContext): Promise<Response> {
  const read = await readBody(request, unsubscribeRequestSchema, context);
  if (!read.ok) return read.response;
  const removed = await context.db
    .delete(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, read.body.endpoint))
    .returning({ id: pushSubscriptions.id });
  return answer(200, { removed: removed.length > 0 });
}

/** The team's drivers, as the notifications page lists them. */
export async function driversToFollow(db: Database) {
  return db
    .select({ id: drivers.id, name: drivers.name, number: drivers.number, racingClass: drivers.racingClass })
    .from(drivers)
    .where(isNull(drivers.deletedAt))
    .orderBy(asc(drivers.sortOrder));
}
