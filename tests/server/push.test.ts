import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import pino from "pino";
import * as schema from "../../db/schema";
import { openDatabase, type Database, type DatabaseHandle } from "../../db/client.server";
import { action as resultAction } from "../../app/routes/admin/live-session-result";
import { routerContextFor } from "../../app/context";
import { PUSH_KINDS, type PushContent } from "../../app/features/push/push-content";
import { topicHeader } from "../../app/features/push/push-delivery-policy";
import {
  findUnsentResultPushes,
  listPushes,
  prunePushDeliveries,
  PUSH_DELIVERIES_KEPT_DAYS,
} from "../../app/features/push/push-desk.server";
import { queuePush, queueSessionPushes } from "../../app/features/push/push-queue.server";
import { pushRound, webPushTransport, type PushTransport } from "../../app/features/push/push-sender.server";
import { handleSubscriptionRequest, handleUnsubscribeRequest } from "../../app/features/push/push-subscriptions.server";
import { siteVapidKeys } from "../../app/features/push/vapid-keys.server";
import type { VapidDetails } from "../../app/features/push/vapid";
import { createTestAuth, formPost, requestContext, run } from "../support/accounts";
import { startMockPushService, type MockPushService, type MockSubscription } from "../support/mock-push-service";
import { routeArgs } from "../support/route-args";
import { makeStaff, signUpPerson } from "../support/staff";
import { seededTestDatabase } from "../support/test-database";
import { tslSheet } from "../support/tsl-sheet";
import { NO_OPTIONAL_ARTICLE_FIELDS } from "../support/article-content";
import { createArticle, transitionArticle } from "../../app/features/news/news-desk.server";
import { createProduct, updateProduct } from "../../app/features/shop/shop-desk/products.server";
import type { AuditActor } from "../../app/features/admin/audit.server";

/*
 * Web Push (issue 40) against a push service on this machine that checks every message's VAPID
 * signature and decrypts it with the subscription's own keys (tests/support/mock-push-service.ts):
 * subscriptions kept with their choices only; a result published at the desk queued in its
 * transaction, once; each fan gets exactly one message with their drivers' places (or the
 * spoiler-free teaser), with TTL, Topic and Urgency; two senders never send one delivery twice; a
 * killed sender's deliveries go out after its lease, repeating only the one in flight; 404 and 410
 * prune, 429 and 5xx retry. On the embedded database and on PostgreSQL (TEST_DATABASE_URL).
 */

const suite = seededTestDatabase();
const ROUND = "2025-r9-silverstone-national";
const PUBLIC_URL = "https://ridgeway-racing.example";
const log = pino({ level: "silent" });
let mock: MockPushService;
let vapid: VapidDetails;
let transport: PushTransport;

beforeAll(async () => {
  mock = await startMockPushService();
});
afterAll(async () => {
  transport?.close();
  await mock?.close();
});

beforeEach(async () => {
  // Each test starts with no subscriptions and no pushes (the seed has none).
  await suite.db.delete(schema.pushes);
  await suite.db.delete(schema.pushSubscriptions);
  if (!vapid) {
    vapid = { ...(await siteVapidKeys(suite.db, {})), subject: "mailto:press@ridgewayracing.co.uk" };
    transport = webPushTransport(vapid, { ca: mock.cert, concurrency: 8, timeoutMs: 5_000 });
  }
});

const context = (db: Database = suite.db, clientIp = "203.0.113.50") => ({ db, clientIp, serviceHosts: ["127.0.0.1"] });
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

async function subscribe(
  choices: { kinds: string[]; driverIds: string[] },
  extra: Record<string, unknown> = {},
): Promise<MockSubscription> {
  const subscription = mock.subscribe();
  const response = await handleSubscriptionRequest(
    post("/api/push/subscription", {
      subscription: { endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys },
      choices,
      ...extra,
    }),
    context(),
  );
  expect(response.status, await response.clone().text()).toBe(200);
  return subscription;
}

async function sessionId(name: string) {
  const [row] = await suite.db
    .select({ id: schema.roundSessions.id })
    .from(schema.roundSessions)
    .where(and(eq(schema.roundSessions.roundId, ROUND), eq(schema.roundSessions.name, name)));
  return row!.id;
}

/** Publishes a classification at the result desk, as staff do (preview, then publish). */
async function publishAtDesk(session: string, fields: Record<string, string>) {
  const auth = createTestAuth(suite.db);
  const editor = await makeStaff(suite.db, await signUpPerson(suite.db, auth, { email: `push-${Math.random()}@example.com` }), ["editor"]);
  const postForm = (values: Record<string, string>) =>
    run(() =>
      resultAction(
        routeArgs({
          request: formPost(`/admin/live/${ROUND}/sessions/${session}/result`, values, { cookie: editor.jar.header() }),
          context: routerContextFor(requestContext(suite.db, auth)),
          params: { roundId: ROUND, sessionId: session },
        }) as never,
      ),
    );
  const preview = await postForm({ ...fields, intent: "preview" });
  expect(preview.status, JSON.stringify(preview.data)).toBe(200);
  const fingerprint = (preview.data as { preview: { fingerprint: string } }).preview.fingerprint;
  const published = await postForm({ ...fields, intent: "publish", fingerprint });
  expect(published.status, JSON.stringify(published.data)).toBe(200);
}

async function sendAll(db: Database = suite.db, now = new Date()) {
  const rounds = [];
  for (let index = 0; index < 20; index++) {
    const round = await pushRound(db, transport, { publicUrl: PUBLIC_URL, log, now: () => now });
    rounds.push(round);
    if (round.claimed === 0 && round.fannedOut === 0) break;
  }
  return rounds;
}

const pushRow = async (topic: string) => (await suite.db.select().from(schema.pushes).where(eq(schema.pushes.topic, topic)))[0];
const texts = (subscription: MockSubscription) =>
  mock
    .messages(subscription)
    .map((message) => JSON.parse(message.text ?? "null") as { web_push: number; notification: Record<string, string> });

describe("subscriptions", () => {
  it("keeps a browser's subscription with its choices and spoiler-free copy only, and deletes it on unsubscribe", async () => {
    const until = new Date(Date.now() + 86_400_000).toISOString();
    const subscription = await subscribe(
      { kinds: ["result", "session", "result"], driverIds: ["oliver-hartley"] },
      { spoilerFree: { until, revealedRoundIds: ["2025-r1-silverstone-international"] } },
    );
    const [row] = await suite.db.select().from(schema.pushSubscriptions);
    expect(row).toMatchObject({
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      kinds: ["session", "result"],
      driverIds: ["oliver-hartley"],
      spoilerFreeRevealed: ["2025-r1-silverstone-international"],
    });
    expect(row!.spoilerFreeUntil?.toISOString()).toBe(until);
    expect(Object.keys(row!).sort()).toEqual(
      [
        "auth",
        "createdAt",
        "driverIds",
        "endpoint",
        "id",
        "kinds",
        "lastSeenAt",
        "p256dh",
        "spoilerFreeRevealed",
        "spoilerFreeUntil",
      ].sort(),
    );

    // A visit's re-sync sends no choices: they are kept; spoiler-free turned off clears the copy.
    const sync = await handleSubscriptionRequest(
      post("/api/push/subscription", { subscription: { endpoint: subscription.endpoint, keys: subscription.keys }, spoilerFree: null }),
      context(),
    );
    expect(await sync.json()).toEqual({ choices: { kinds: ["session", "result"], driverIds: ["oliver-hartley"] } });
    expect((await suite.db.select().from(schema.pushSubscriptions))[0]).toMatchObject({ spoilerFreeUntil: null, spoilerFreeRevealed: [] });

    // The browser renewed its subscription: the choices move to the new endpoint, the old one goes.
    const renewed = mock.subscribe();
    const moved = await handleSubscriptionRequest(
      post("/api/push/subscription", { subscription: { endpoint: renewed.endpoint, keys: renewed.keys }, replaces: subscription.endpoint }),
      context(),
    );
    expect(moved.status).toBe(200);
    expect((await suite.db.select().from(schema.pushSubscriptions)).map((stored) => [stored.endpoint, stored.kinds])).toEqual([
      [renewed.endpoint, ["session", "result"]],
    ]);

    const removed = await handleUnsubscribeRequest(post("/api/push/unsubscribe", { endpoint: renewed.endpoint }), context());
    expect(await removed.json()).toEqual({ removed: true });
    expect(await suite.db.select().from(schema.pushSubscriptions)).toEqual([]);
  });

  it("refuses with a 4xx and a reason: another host than a push service, bad keys, an unknown driver or kind, not JSON, no choices for a new browser", async () => {
    const good = mock.subscribe();
    const attempt = async (body: unknown, raw?: string) => {
      const request =
        raw === undefined
          ? post("/api/push/subscription", body)
          : new Request("http://localhost/api/push/subscription", { method: "POST", body: raw });
      const response = await handleSubscriptionRequest(request, context(suite.db, "203.0.113.51"));
      return { status: response.status, error: ((await response.json()) as { error: string }).error };
    };
    const choices = { kinds: ["result"], driverIds: [] };
    expect(await attempt({ subscription: { endpoint: "https://10.0.0.5/push/x", keys: good.keys }, choices })).toEqual({
      status: 400,
      error: "That subscription is not at a browser's push service.",
    });
    expect(await attempt({ subscription: { endpoint: good.endpoint.replace("https:", "http:"), keys: good.keys }, choices })).toMatchObject(
      { status: 400 },
    );
    expect(await attempt({ subscription: { endpoint: good.endpoint, keys: { ...good.keys, p256dh: "abc" } }, choices })).toMatchObject({
      status: 400,
      error: "The subscription's p256dh key must be 65 bytes",
    });
    expect(
      await attempt({ subscription: { endpoint: good.endpoint, keys: good.keys }, choices: { kinds: ["gossip"], driverIds: [] } }),
    ).toMatchObject({ status: 400 });
    expect(
      await attempt({ subscription: { endpoint: good.endpoint, keys: good.keys }, choices: { kinds: [], driverIds: [] } }),
    ).toMatchObject({
      status: 400,
      error: "Choose at least one kind of notification",
    });
    expect(
      await attempt({ subscription: { endpoint: good.endpoint, keys: good.keys }, choices: { kinds: ["result"], driverIds: ["nobody"] } }),
    ).toEqual({
      status: 400,
      error: "One of those drivers is not in the team.",
    });
    expect(await attempt(null, "{not json")).toEqual({ status: 400, error: "The request body must be JSON." });
    expect(await attempt({ subscription: { endpoint: good.endpoint, keys: good.keys } })).toEqual({
      status: 404,
      error: "This browser is not subscribed: choose what to hear first.",
    });
    expect(await suite.db.select().from(schema.pushSubscriptions)).toEqual([]);
  });
});

describe("a result published at the desk", () => {
  it("is queued once in the publish's transaction and reaches each fan exactly once, their drivers' places or the teaser, with TTL, Topic and Urgency", async () => {
    const race1 = await sessionId("Race 1");
    const oliverFan = await subscribe({ kinds: ["result"], driverIds: ["oliver-hartley"] });
    const teamFan = await subscribe({ kinds: ["result", "session"], driverIds: [] });
    const reportsOnly = await subscribe({ kinds: ["report"], driverIds: [] });
    const otherDriverFan = await subscribe({ kinds: ["result"], driverIds: ["amelia-ward"] });
    const spoilerFree = await subscribe(
      { kinds: ["result"], driverIds: [] },
      { spoilerFree: { until: new Date(Date.now() + 86_400_000).toISOString(), revealedRoundIds: [] } },
    );

    await publishAtDesk(race1, { text: tslSheet(), status: "provisional" });
    const topic = `result:${race1}:v1`;
    const queued = await pushRow(topic);
    expect(queued).toMatchObject({
      kind: "result",
      ttlSeconds: 6 * 3600,
      urgency: "high",
      collapseKey: `result-${race1}`,
      fannedOutAt: null,
    });
    // Queueing the same event again (a second process, a restart) is the same push.
    expect(await queuePush(suite.db, queued!.content, { now: new Date() })).toBeNull();

    await sendAll();
    expect(await pushRow(topic)).toMatchObject({ recipients: 3, sent: 3, failed: 0, pruned: 0 });
    expect(mock.messages(reportsOnly)).toEqual([]);
    expect(mock.messages(otherDriverFan)).toEqual([]);
    for (const fan of [oliverFan, teamFan, spoilerFree]) {
      const [message, ...more] = mock.messages(fan);
      expect(more).toEqual([]);
      expect(message).toMatchObject({
        status: 201,
        ttl: "21600",
        urgency: "high",
        topic: topicHeader(`result-${race1}`),
        contentEncoding: "aes128gcm",
        vapidKey: vapid.publicKey,
        problem: null,
      });
      expect(message!.claims).toMatchObject({ aud: mock.origin, sub: vapid.subject });
    }
    const notification = (fan: MockSubscription) => texts(fan)[0]!;
    expect(notification(oliverFan)).toEqual({
      web_push: 8030,
      notification: {
        title: "Race 1: provisional result",
        body: "Oliver Hartley P1 · Silverstone National",
        navigate: `${PUBLIC_URL}/calendar/${ROUND}`,
        tag: `result-${race1}`,
        lang: "en-GB",
        dir: "ltr",
        silent: false,
      },
    });
    expect(notification(teamFan).notification.body).toBe(
      "Oliver Hartley P1, Ethan Cole P3, Jack Pemberton P2, Sophie Marsh DNF · Silverstone National",
    );
    expect(notification(spoilerFree).notification).toMatchObject({
      title: "Race 1's result is in",
      body: "Round 9, Silverstone National. Spoiler-free mode is on: open it when you're ready.",
    });
    expect(JSON.stringify(notification(spoilerFree))).not.toMatch(/Hartley|Cole|P1|P3/);

    // Nothing is sent twice: another round finds nothing to do.
    const before = mock.messages().length;
    await sendAll();
    expect(mock.messages().length).toBe(before);
    expect(await findUnsentResultPushes(suite.db, new Date(Date.now() + 10 * 60_000))).toEqual([]);
  });
});

/** A result push for `fans` subscriptions following the whole team. */
async function queueResultFor(fans: number, label = "x") {
  const subscriptions: MockSubscription[] = [];
  for (let index = 0; index < fans; index++) subscriptions.push(await subscribe({ kinds: ["result"], driverIds: [] }));
  const content: PushContent = {
    kind: "result",
    roundId: ROUND,
    roundName: "Silverstone National",
    roundNumber: 9,
    sessionId: `session-${label}`,
    sessionName: "Race 2",
    version: 1,
    status: "provisional",
    revised: false,
    placings: [{ driverId: "oliver-hartley", name: "Oliver Hartley", placing: "P2" }],
  };
  await queuePush(suite.db, content, { now: new Date() });
  return { subscriptions, topic: `result:session-${label}:v1` };
}

describe("sending", () => {
  it("two senders at once send each delivery once", async () => {
    const { subscriptions, topic } = await queueResultFor(30, "two-senders");
    // On PostgreSQL a second process's own connections; on the embedded database, one database.
    let second: DatabaseHandle | undefined;
    if (suite.testDb.kind === "postgres")
      second = await openDatabase({
        dataDir: suite.testDb.dataDir,
        databaseUrl: suite.testDb.databaseUrl,
        migrate: false,
        seed: false,
        onConnectionError: () => {},
      });
    try {
      const options = { publicUrl: PUBLIC_URL, log, batchSize: 7 };
      const sender = async (db: Database) => {
        for (let index = 0; index < 20; index++) if ((await pushRound(db, transport, options)).claimed === 0) break;
      };
      await Promise.all([sender(suite.db), sender(second?.db ?? suite.db)]);
    } finally {
      await second?.close();
    }
    for (const subscription of subscriptions) expect(mock.messages(subscription), subscription.id).toHaveLength(1);
    expect(await pushRow(topic)).toMatchObject({ recipients: 30, sent: 30 });
  });

  it("a sender killed mid-send: after its lease the rest go out, and the message in flight is not sent again but shown as not confirmed", async () => {
    const { subscriptions, topic } = await queueResultFor(40, "killed");
    const start = new Date();
    // The killed process: its first 32 answers are recorded; the 33rd reaches the push service,
    // which accepts it, but the process dies before it hears so; it never records anything again.
    let sends = 0;
    const dying: PushTransport = {
      concurrency: 1,
      timeoutMs: 5_000,
      close: () => {},
      send: async (message) => {
        sends += 1;
        if (sends <= 32) return transport.send(message);
        void transport.send(message);
        return new Promise(() => {});
      },
    };
    void pushRound(suite.db, dying, { publicUrl: PUBLIC_URL, log, now: () => start, batchSize: 100 });
    await mock.waitFor(
      (messages) => messages.filter((message) => subscriptions.some((s) => s.id === message.subscriptionId)).length === 33,
    );
    await expect.poll(async () => (await pushRow(topic))!.sent).toBe(32);

    // Within the lease, another process leaves them alone.
    expect(
      (await pushRound(suite.db, transport, { publicUrl: PUBLIC_URL, log, now: () => new Date(start.getTime() + 10_000) })).claimed,
    ).toBe(0);
    // After it, the ones the killed process had not started go out; the one in flight does not.
    await sendAll(suite.db, new Date(start.getTime() + 31_000));
    for (const subscription of subscriptions) expect(mock.messages(subscription), subscription.id).toHaveLength(1);
    expect(await pushRow(topic)).toMatchObject({ recipients: 40, sent: 39 });
    const statuses = await suite.db
      .select({ status: schema.pushDeliveries.status, value: count() })
      .from(schema.pushDeliveries)
      .groupBy(schema.pushDeliveries.status);
    expect(Object.fromEntries(statuses.map((row) => [row.status, row.value]))).toEqual({ sent: 39, sending: 1 });
    // Staff see it as not confirmed, not as pending.
    const { rows } = await listPushes(suite.db, 1, new Date(start.getTime() + 31_000));
    expect(rows.find((row) => row.recipients === 40)).toMatchObject({ sent: 39, pending: 0, unconfirmed: 1 });
  });

  it("keeps a push's deliveries for a month, then only its counts", async () => {
    const { topic } = await queueResultFor(3, "kept");
    await sendAll();
    const deliveries = async () => (await suite.db.select({ value: count() }).from(schema.pushDeliveries))[0]!.value;
    const day = 24 * 60 * 60 * 1000;
    expect(await prunePushDeliveries(suite.db, new Date(Date.now() + (PUSH_DELIVERIES_KEPT_DAYS - 1) * day))).toBe(0);
    expect(await deliveries()).toBe(3);
    expect(await prunePushDeliveries(suite.db, new Date(Date.now() + (PUSH_DELIVERIES_KEPT_DAYS + 1) * day))).toBe(3);
    expect(await deliveries()).toBe(0);
    expect(await pushRow(topic)).toMatchObject({ recipients: 3, sent: 3 });
  });

  it("prunes a subscription on 404 and 410 only; retries 429 after its Retry-After and 5xx with back-off", async () => {
    const { subscriptions, topic } = await queueResultFor(5, "answers");
    const [gone, notFound, busy, broken, fine] = subscriptions as [
      MockSubscription,
      MockSubscription,
      MockSubscription,
      MockSubscription,
      MockSubscription,
    ];
    mock.answer(gone, 410);
    mock.answer(notFound, 404);
    mock.answer(busy, 429, { times: 1, retryAfter: "120" });
    mock.answer(broken, 503, { times: 1 });
    const now = new Date();
    await sendAll(suite.db, now);
    expect(await pushRow(topic)).toMatchObject({ recipients: 5, sent: 1, pruned: 2, failed: 0 });
    const endpoints = (await suite.db.select({ endpoint: schema.pushSubscriptions.endpoint }).from(schema.pushSubscriptions)).map(
      (row) => row.endpoint,
    );
    expect(endpoints.sort()).toEqual([busy.endpoint, broken.endpoint, fine.endpoint].sort());
    const pending = await suite.db.select().from(schema.pushDeliveries).where(eq(schema.pushDeliveries.status, "pending"));
    const waitOf = (subscription: MockSubscription) => {
      const delivery = pending.find((row) => row.subscriptionId === endpointIds.get(subscription.endpoint));
      return delivery ? (delivery.nextAttemptAt.getTime() - now.getTime()) / 1000 : null;
    };
    const endpointIds = new Map((await suite.db.select().from(schema.pushSubscriptions)).map((row) => [row.endpoint, row.id]));
    expect(waitOf(busy)).toBe(120);
    expect(waitOf(broken)).toBe(30);
    expect(pending.every((row) => row.attempts === 1 && row.lastError?.startsWith("The push service answered"))).toBe(true);

    // Not before their time; then both go out.
    await sendAll(suite.db, new Date(now.getTime() + 60_000));
    expect(await pushRow(topic)).toMatchObject({ sent: 2 });
    await sendAll(suite.db, new Date(now.getTime() + 121_000));
    expect(await pushRow(topic)).toMatchObject({ sent: 3, pruned: 2, failed: 0 });
    expect(mock.messages(busy).map((message) => message.status)).toEqual([429, 201]);
    expect(mock.messages(broken).map((message) => message.status)).toEqual([503, 201]);
  });

  it("gives up a delivery the push service refuses (403), and one still failing when its TTL runs out", async () => {
    const { subscriptions, topic } = await queueResultFor(2, "refused");
    mock.answer(subscriptions[0]!, 403);
    mock.answer(subscriptions[1]!, 500);
    const now = new Date();
    await sendAll(suite.db, now);
    expect(await pushRow(topic)).toMatchObject({ sent: 0, failed: 1 });
    // Six hours of TTL: the back-off's waits add up past it, and it is given up.
    for (let minutes = 1; minutes <= 7 * 60; minutes += 30) await sendAll(suite.db, new Date(now.getTime() + minutes * 60_000));
    expect(await pushRow(topic)).toMatchObject({ sent: 0, failed: 2 });
    expect(mock.messages(subscriptions[1]!).length).toBeLessThan(14);
  });
});

describe("the watchdog and the other pushes", () => {
  it("warns about a published result whose push did not go out, and stops once it has", async () => {
    await subscribe({ kinds: ["result"], driverIds: [] });
    const race2 = await sessionId("Race 2");
    await publishAtDesk(race2, { text: tslSheet({ session: "Race 2 - 15 Minutes", issued: "15:31" }), status: "provisional" });
    const later = new Date(Date.now() + 6 * 60_000);
    const race2Warnings = async (at: Date) =>
      (await findUnsentResultPushes(suite.db, at)).filter((warning) => warning.sessionName === "Race 2");
    expect(await race2Warnings(new Date())).toEqual([]);
    expect(await race2Warnings(later)).toMatchObject([{ sessionName: "Race 2", version: 1, problem: "not-sent-out" }]);
    await sendAll();
    expect(await race2Warnings(later)).toEqual([]);
  });

  it("queues a session's push 15 minutes before it starts, once, for the fans of the drivers racing", async () => {
    // A session of a published season starting 10 minutes from now (UK time).
    const now = new Date(Date.UTC(2025, 10, 2, 12, 20));
    const startsAt = "12:30";
    const race1 = await sessionId("Race 1");
    expect(
      await suite.db.select({ time: schema.roundSessions.time }).from(schema.roundSessions).where(eq(schema.roundSessions.id, race1)),
    ).toEqual([{ time: startsAt }]);
    const fan = await subscribe({ kinds: ["session"], driverIds: ["sophie-marsh"] });
    expect(await queueSessionPushes(suite.db, new Date(now.getTime() - 10 * 60_000))).toBe(0);
    expect(await queueSessionPushes(suite.db, now)).toBeGreaterThanOrEqual(1);
    expect(await queueSessionPushes(suite.db, now)).toBe(0);
    const push = await pushRow(`session-soon:${race1}`);
    expect(push).toMatchObject({ kind: "session", ttlSeconds: 3600, urgency: "high" });
    await sendAll(suite.db, now);
    expect(texts(fan).map((message) => message.notification.title)).toContain("Race 1 starts at 12:30");
    expect(texts(fan).find((message) => message.notification.title === "Race 1 starts at 12:30")!.notification.body).toBe(
      "Round 9, Silverstone National: 15 minutes to go. Sophie Marsh is out.",
    );
    expect(PUSH_KINDS).toContain(push!.kind);
  });

  it("queues a race report for its publish time (withdrawn if taken back first), and a shop drop when a product is shown or goes on sale", async () => {
    const desk = { db: suite.db, log, contentChanged: async () => {} };
    const editor: AuditActor = { id: null, label: "push test", roles: ["editor", "shop"], actingAs: "editor" };
    const article = await createArticle(desk, editor, {
      slug: "push-test-report",
      title: "Hartley wins at Silverstone",
      category: "Race Reports",
      venue: "Silverstone",
      image: "/media/news/season-opener-silverstone-international.svg",
      objectPosition: "center",
      heroAssetId: null,
      excerpt: "A lights-to-flag win.",
      body: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Report." }] }] },
      ...NO_OPTIONAL_ARTICLE_FIELDS,
    });
    if (!article.ok) throw new Error("the article was not created");
    const tomorrow = new Date(Date.now() + 86_400_000);
    const scheduled = await transitionArticle(desk, editor, {
      articleId: article.articleId,
      expectedVersion: 1,
      transition: { action: "schedule", publishAt: tomorrow },
    });
    expect(scheduled.ok).toBe(true);
    const topic = `article:${article.articleId}`;
    expect((await pushRow(topic))!.dueAt.toISOString()).toBe(tomorrow.toISOString());
    // Not sent before it is live.
    const fan = await subscribe({ kinds: ["report", "drop"], driverIds: ["jack-pemberton"] });
    await sendAll();
    expect(mock.messages(fan)).toEqual([]);
    // Taken back before its time: no push.
    const unpublished = await transitionArticle(desk, editor, {
      articleId: article.articleId,
      expectedVersion: 2,
      transition: { action: "unpublish" },
    });
    expect(unpublished.ok).toBe(true);
    expect(await pushRow(topic)).toBeUndefined();
    await transitionArticle(desk, editor, { articleId: article.articleId, expectedVersion: 3, transition: { action: "publish" } });
    await sendAll();
    expect(texts(fan).map((message) => message.notification.title)).toEqual(["Race report: Hartley wins at Silverstone"]);

    const shop: AuditActor = { id: null, label: "push test", roles: ["shop"], actingAs: "shop" };
    const input = {
      slug: "push-test-scarf",
      name: "Team Scarf",
      description: "Warm at Snetterton.",
      category: "accessories" as const,
      pricePence: 2000,
      originalPricePence: null,
      imageAssetId: null,
      image: "/media/store/team-cap-red.svg",
      imageAlt: "A scarf",
      featured: false,
      active: false,
    };
    const hidden = await createProduct(desk, shop, input);
    if (!hidden.ok) throw new Error(hidden.message);
    await sendAll();
    expect(texts(fan)).toHaveLength(1);
    const shown = await updateProduct(desk, shop, hidden.value.id, hidden.value.version, { ...input, active: true });
    if (!shown.ok) throw new Error(shown.message);
    const renamed = await updateProduct(desk, shop, shown.value.id, shown.value.version, {
      ...input,
      active: true,
      name: "Team Scarf 2026",
    });
    if (!renamed.ok) throw new Error(renamed.message);
    const sale = await updateProduct(desk, shop, renamed.value.id, renamed.value.version, {
      ...input,
      active: true,
      pricePence: 1500,
      originalPricePence: 2000,
    });
    if (!sale.ok) throw new Error(sale.message);
    await sendAll();
    expect(
      texts(fan)
        .slice(1)
        .map((message) => [message.notification.title, message.notification.body]),
    ).toEqual([
      ["New in the shop: Team Scarf", "£20.00."],
      ["On sale: Team Scarf", "Now £15.00 (was £20.00)."],
    ]);
  });
});
