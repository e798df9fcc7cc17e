/**
 * The process entry: read configuration, open the database, serve, and shut
 * down cleanly. `--dev` serves through Vite with HMR; otherwise the production
 * build in build/ is served.
 */
// First: refuse an unsupported Node.js with one line naming it and the one needed (ADR 0113).
import "./supported-node";
// Then, before any module that loads React (see the file).
import "./node-env";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RequestHandler } from "express";
import { DataDirLockedError, openDatabase } from "../db/client.server";
import { brand } from "../app/brand";
import { pruneRateLimits } from "../app/lib/rate-limit.server";
import { pruneVitals } from "../app/features/vitals/vitals.server";
import { createPaymentProvider } from "../app/features/shop/payments/create-provider.server";
import { expireOverdueOrders } from "../app/features/shop/store/order-lifecycle.server";
import { sendLowStockAlerts } from "../app/features/shop/shop-desk/stock.server";
import { sendOverdueResultAlerts } from "../app/features/live/result-watchdog.server";
import { mentionsIn } from "../app/features/partners/placements";
import { queueDueMonthlyReports } from "../app/features/partners/monthly-report.server";
import { createPartnerCounter } from "../app/features/partners/partner-counter.server";
import { startPartnerHitLog } from "../app/features/partners/hit-log.server";
import { pickupDirectoryTransport, smtpTransport, startMailDelivery } from "../app/features/mail/delivery.server";
import { cleanStoredOriginals } from "../app/features/media/clean-originals.server";
import { databaseMediaStorage } from "../app/features/media/storage.server";
import { newsletterBatchSize, startNewsletterSending } from "../app/features/newsletter/newsletter-sending.server";
import { ConfigError, dkimFromEnv, holdPolicyFromEnv, loadEnv, shippingRuleFromEnv, type Env } from "../app/env.server";
import { announceFirstAdminSetup } from "../app/features/admin/first-admin.server";
import { backupSettingsFrom, runBackup } from "../app/features/operations/backup.server";
import { startBackupSchedule } from "../app/features/operations/backup-schedule.server";
import { startControlSocket } from "../app/features/operations/control-socket.server";
import { createJobClock } from "../app/features/operations/job-clock";
import { collectProcessMetrics, databaseQueryDuration } from "../app/features/operations/metrics.server";
import { registerOperationalMetrics } from "../app/features/operations/operational-metrics.server";
import { readOperationalState } from "../app/features/operations/operations.server";
import { degradedReasons, type OperationalSettings } from "../app/features/operations/warnings";
import type * as AppModule from "./app";
import type { AppOptions } from "./app";
import { resolveAppSecret } from "./app-secret";
import { drain, listen } from "./http";
import { createLogger } from "./logger";
import { startLiveHub } from "../app/features/live/live-hub.server";
import { resolveVapidDetails } from "../app/features/push/vapid-keys.server";
import { DEFAULT_PUSH_SERVICE_HOSTS } from "../app/features/push/vapid";
import { startPushSending, webPushTransport } from "../app/features/push/push-sender.server";
import { queueSessionPushes } from "../app/features/push/push-queue.server";
import { prunePushDeliveries } from "../app/features/push/push-desk.server";

const isDev = process.argv.includes("--dev");

let env: Env;
try {
  env = loadEnv();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const logger = createLogger({ level: env.LOG_LEVEL, pretty: isDev });

const buildDir = path.resolve("build");
const serverBuild = path.join(buildDir, "server/index.js");
if (!isDev && !existsSync(serverBuild)) {
  console.error(`No production build at ${serverBuild}: run "npm run build" (npm start does this for you).`);
  process.exit(1);
}

collectProcessMetrics();

let database;
try {
  database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    onConnectionError: (error) => logger.error({ err: error }, "database connection lost"),
    onQuery: (seconds) => databaseQueryDuration.observe(seconds),
  });
} catch (error) {
  if (error instanceof DataDirLockedError) {
    logger.fatal(error.message);
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
logger.info({ database: database.kind, dataDir: database.kind === "pglite" ? env.DATA_DIR : undefined }, "database ready");

const appSecret = resolveAppSecret(env.AUTH_SECRET, env.DATA_DIR, (message) => logger.warn(message));

let shuttingDown = false;
// The process's one listener for live events (ADR 0124): every open stream is fed from it.
const liveHub = await startLiveHub({
  db: database.db,
  listen: database.listen,
  tickMs: env.LIVE_HEARTBEAT_MS,
  onError: (error) =>
    logger.warn({ err: error }, "the live hub could not read the live event log; it tries again on the next notice or tick"),
});
// Operations (ADRs 0046, 0047): the periodic jobs report when they ran; /metrics and /readyz
// read the outbox, payments and backups from the database.
const operations: OperationalSettings = {
  backupSchedule: env.BACKUP_SCHEDULE,
  paymentWebhookWarningMinutes: env.PAYMENT_WEBHOOK_WARNING_MINUTES,
};
const jobClock = createJobClock();
const readOperations = () => readOperationalState(database.db, operations);
registerOperationalMetrics({ read: readOperations, jobLags: jobClock.lags });
// Partner counts are held in memory and written every few seconds (ADR 0130); the last batch at shutdown.
const partnerCounter = env.PARTNER_COUNTING === "on" ? createPartnerCounter(database.db, { log: logger }) : undefined;

// Web Push (ADR 0136, 0137): the site's VAPID keys, the same for every process (set, or kept in the database).
const vapid = await resolveVapidDetails(database.db, env);
if (vapid.warning) logger.warn(vapid.warning);
const pushServiceHosts = env.PUSH_SERVICE_HOSTS ?? [...DEFAULT_PUSH_SERVICE_HOSTS];

const appOptions: AppOptions = {
  db: database.db,
  contentChanges: database.contentChanges,
  pingDatabase: database.ping,
  logger,
  publicUrl: env.PUBLIC_URL,
  appSecret,
  firstAdminCode: env.FIRST_ADMIN_CODE,
  payments: await createPaymentProvider(env, appSecret),
  testPaymentsBanner: env.PAYMENTS === "test",
  orderReservationMs: Math.round(env.ORDER_RESERVATION_MINUTES * 60_000),
  trustProxy: env.TRUST_PROXY,
  // In development every request renders, so edits show at once.
  pageCacheTtlMs: isDev ? 0 : env.PAGE_CACHE_TTL_MS,
  isShuttingDown: () => shuttingDown,
  shipping: shippingRuleFromEnv(env),
  holdPolicy: holdPolicyFromEnv(env),
  metricsToken: env.METRICS_TOKEN,
  vitalsSampleRate: env.VITALS_SAMPLE_RATE,
  operations,
  // A cache: drawn again from the database when missing, so backups leave it out.
  shareCardsDir: path.join(env.DATA_DIR, "share-cards"),
  partnerCounter,
  forwardPartnerImpressions: env.PARTNER_IMPRESSIONS_VIA === "nginx",
  degradedReasons: async () => degradedReasons((await readOperations()).email, jobClock.lags(), new Date()),
  liveHub,
  liveStreamLimit: env.LIVE_STREAM_LIMIT,
  push: { publicKey: vapid.details.publicKey, serviceHosts: pushServiceHosts },
};

// Backups (ADR 0043). On the embedded database only this process can copy the data directory:
// `npm run backup` asks it over DATA_DIR/control.sock, and the built-in schedule runs here.
const backupSettings = backupSettingsFrom(env);
const backUp = (trigger: "schedule" | "command") => runBackup(database, backupSettings, { trigger, log: logger });
const controlSocket =
  database.kind === "pglite"
    ? await startControlSocket(env.DATA_DIR, { backup: () => backUp("command") }).catch((error: unknown) => {
        logger.warn({ err: error }, "no control socket: npm run backup cannot reach this process");
        return null;
      })
    : null;
if (database.kind === "pglite" && !controlSocket)
  logger.warn(`DATA_DIR is too long for a control socket: stop the site to run npm run backup`);
const backupSchedule =
  database.kind === "pglite" && env.BACKUP_SCHEDULE !== "off"
    ? startBackupSchedule({
        db: database.db,
        schedule: env.BACKUP_SCHEDULE,
        backUp: () => backUp("schedule"),
        onChecked: jobClock.register("backup-schedule", 60_000).ran,
        onError: (error) => logger.warn({ err: error }, "the backup schedule could not check the last backup"),
      })
    : null;
if (backupSchedule)
  logger.info({ schedule: env.BACKUP_SCHEDULE, directory: backupSettings.directory, keep: env.BACKUP_KEEP }, "backup schedule on");

const handler = isDev ? await devHandler(appOptions) : await productionHandler(appOptions);
const server = await listen(handler, env.HOST, env.PORT);
const address = server.address();
const port = typeof address === "object" && address ? address.port : env.PORT;
logger.info(
  { host: env.HOST, port, node: process.version },
  `listening on http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${port}`,
);

// While the site has no admin, the log says how to make one without a shell (ADR 0108). Not
// awaited: the signal handlers below must be in place as soon as the server says it listens.
void announceFirstAdminSetup(database.db, { appSecret, firstAdminCode: env.FIRST_ADMIN_CODE, publicUrl: env.PUBLIC_URL }, logger).catch(
  (error: unknown) => logger.warn({ err: error }, "could not check whether the site has an admin"),
);

const mailTransport = env.SMTP_URL
  ? smtpTransport(env.SMTP_URL, { dkim: dkimFromEnv(env) })
  : pickupDirectoryTransport(path.join(env.DATA_DIR, "mail"));
if (appOptions.payments.name === "test") {
  logger.warn("STRIPE_SECRET_KEY is not set: checkout uses the test payment page (no real card is charged)");
}
if (!env.SMTP_URL) logger.warn(`SMTP_URL is not set: e-mails are written to ${mailTransport.description}`);
else logger.info(`e-mail goes to ${mailTransport.description}`);
const mailDelivery = startMailDelivery(database.db, mailTransport, {
  from: env.MAIL_FROM ?? `${brand.name} <${brand.email}>`,
  log: logger,
  intervalMs: env.MAIL_DELIVERY_INTERVAL_MS,
  onRound: jobClock.register("mail-delivery", env.MAIL_DELIVERY_INTERVAL_MS).ran,
  // A delivered copy of an e-mail that links to a partner counts for them (no open pixel: ADR 0130).
  onSent: (email) => {
    for (const [partnerId, placementId] of mentionsIn(email.htmlBody)) partnerCounter?.add(partnerId, placementId, "delivered");
  },
});

// Newsletter issues that are due are queued in batches (ADR 0074): at start (a send a restart
// cut short resumes), then every few seconds. Safe with several processes: one claims each issue.
const NEWSLETTER_INTERVAL_MS = 5_000;
const newsletterSending = startNewsletterSending(database.db, {
  publicUrl: env.PUBLIC_URL,
  log: logger,
  intervalMs: NEWSLETTER_INTERVAL_MS,
  batchSize: newsletterBatchSize(database.kind),
  onRound: jobClock.register("newsletter-sending", NEWSLETTER_INTERVAL_MS).ran,
});

// Originals stored before ADR 0096 lose their location and camera data, once, in the background;
// until then they are not served. Safe with several processes, and when stopped part-way.
const originalsCleaning = cleanStoredOriginals(database.db, databaseMediaStorage(database.db), {
  log: logger,
  contentChanged: () => database.contentChanges.announce(),
  stopped: () => shuttingDown,
}).catch((error: unknown) => logger.warn({ err: error }, "could not clean the stored media originals; the next start tries again"));

// Behind nginx, the pages its cache served are counted from its log (ADR 0130).
const partnerHitLog =
  partnerCounter && env.PARTNER_HIT_LOG ? startPartnerHitLog(database.db, env.PARTNER_HIT_LOG, partnerCounter, { log: logger }) : undefined;

// Each partner with a report contact gets last month's PDF and CSV through the outbox, once,
// whichever process gets there first (ADR 0131): checked at start and every hour.
let partnerReporting: Promise<unknown> = Promise.resolve();
const queuePartnerReports = () => {
  partnerReporting = queueDueMonthlyReports(database.db, env.PUBLIC_URL)
    .then((queued) => queued > 0 && logger.info({ queued }, "queued partners' monthly reports"))
    .catch((error: unknown) => logger.warn({ err: error }, "could not queue partners' monthly reports"));
};
queuePartnerReports();
const partnerReports = setInterval(queuePartnerReports, 60 * 60 * 1000);
partnerReports.unref();

const DAY_MS = 24 * 60 * 60 * 1000;
const pruning = setInterval(
  () => {
    pruneRateLimits(database.db, new Date(Date.now() - DAY_MS)).catch((error: unknown) =>
      logger.warn({ err: error }, "could not prune rate limit counters"),
    );
    pruneVitals(database.db).catch((error: unknown) => logger.warn({ err: error }, "could not prune old web vitals"));
    prunePushDeliveries(database.db).catch((error: unknown) => logger.warn({ err: error }, "could not prune old push deliveries"));
  },
  60 * 60 * 1000,
);
pruning.unref();

// Unpaid orders past their reservation give their stock back. Safe with several processes:
// each run claims different orders (FOR UPDATE SKIP LOCKED).
const ORDER_EXPIRY_INTERVAL_MS = Math.min(60_000, Math.max(1_000, appOptions.orderReservationMs / 4));
let expiring: Promise<unknown> = Promise.resolve();
const orderExpiryRan = jobClock.register("order-expiry", ORDER_EXPIRY_INTERVAL_MS).ran;
const expireOrders = () => {
  expiring = expireOverdueOrders(database.db, new Date(), { publicUrl: env.PUBLIC_URL })
    .then((expired) => {
      orderExpiryRan();
      if (expired > 0) logger.info({ expired }, "expired unpaid orders and freed their stock");
    })
    .catch((error: unknown) => logger.warn({ err: error }, "could not expire unpaid orders"));
};
// Once at start (orders may have run out while the process was down), then on a timer.
expireOrders();
const orderExpiry = setInterval(expireOrders, ORDER_EXPIRY_INTERVAL_MS);
orderExpiry.unref();

// A sale that takes a size below its low-stock level is mailed to shop staff within a minute
// (desk changes mail at once); once per fall, however many processes run this.
let alerting: Promise<unknown> = Promise.resolve();
const lowStockAlertsRan = jobClock.register("low-stock-alerts", 60_000).ran;
const lowStockAlerts = setInterval(() => {
  alerting = sendLowStockAlerts(database.db, env.PUBLIC_URL ?? "")
    .then(lowStockAlertsRan)
    .catch((error: unknown) => logger.warn({ err: error }, "could not send low-stock alerts"));
}, 60_000);
lowStockAlerts.unref();

// A race-weekend session finished more than 15 minutes ago with no result: the editors are
// mailed once per session, however many processes run this (issue 39).
let watching: Promise<unknown> = Promise.resolve();
const resultWatchdogRan = jobClock.register("result-watchdog", 60_000).ran;
const resultWatchdog = setInterval(() => {
  watching = sendOverdueResultAlerts(database.db, env.PUBLIC_URL ?? "")
    .then(resultWatchdogRan)
    .catch((error: unknown) => logger.warn({ err: error }, "could not check for overdue results"));
}, 60_000);
resultWatchdog.unref();

// Pushes go out from every process once their change has committed (ADR 0136): woken by the
// queue's NOTIFY, and every PUSH_SENDING_INTERVAL_MS for retries and scheduled ones.
const pushSending = startPushSending(database.db, webPushTransport(vapid.details), {
  publicUrl: env.PUBLIC_URL,
  log: logger,
  listen: database.listen,
  intervalMs: env.PUSH_SENDING_INTERVAL_MS,
  onRound: jobClock.register("push-sending", env.PUSH_SENDING_INTERVAL_MS).ran,
  onError: (error) => logger.warn({ err: error }, "a push round failed; the next one tries again"),
});

// 15 minutes before each session of a published season, its push is queued, once (its topic).
let queueingSessions: Promise<unknown> = Promise.resolve();
const sessionPushesRan = jobClock.register("session-pushes", 60_000).ran;
const queueSessions = () => {
  queueingSessions = queueSessionPushes(database.db, new Date())
    .then(sessionPushesRan)
    .catch((error: unknown) => logger.warn({ err: error }, "could not queue the pushes of sessions about to start"));
};
queueSessions();
const sessionPushes = setInterval(queueSessions, 60_000);
sessionPushes.unref();

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, async () => {
    // A second Ctrl-C or SIGTERM must not cut the drain short.
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    // Live streams never finish: end them now, and their readers reconnect to another process.
    liveHub.endStreams();
    const clean = await drain(server, {
      timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
      log: logger,
      cleanup: async () => {
        clearInterval(orderExpiry);
        clearInterval(lowStockAlerts);
        clearInterval(resultWatchdog);
        clearInterval(sessionPushes);
        clearInterval(partnerReports);
        await partnerReporting;
        await expiring;
        await alerting;
        await watching;
        await queueingSessions;
        await pushSending.stop();
        await originalsCleaning;
        await newsletterSending.stop();
        await mailDelivery.stop();
        await partnerHitLog?.stop();
        await partnerCounter?.stop();
        await controlSocket?.close();
        await backupSchedule?.stop();
        await liveHub.close();
        await database.close();
      },
    });
    logger.info({ clean }, "shut down");
    logger.flush();
    process.exit(clean ? 0 : 1);
  });
}

async function productionHandler(options: AppOptions) {
  const { createApp } = (await import(pathToFileURL(serverBuild).href)) as typeof AppModule;
  return createApp({ ...options, clientBuildDir: path.join(buildDir, "client") });
}

async function devHandler(options: AppOptions) {
  const [{ createServer }, { default: express }] = await Promise.all([import("vite"), import("express")]);
  const vite = await createServer({ server: { middlewareMode: true } });
  const app = express();
  app.use(vite.middlewares);
  // The app module is re-loaded through Vite so edits apply without a restart.
  let current: { module: unknown; app: RequestHandler } | undefined;
  app.use(async (req, res, next) => {
    try {
      const module = await vite.ssrLoadModule("./server/app.ts");
      if (current?.module !== module) {
        current = { module, app: (module as typeof AppModule).createApp(options) };
      }
      current.app(req, res, next);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      next(error);
    }
  });
  return app;
}
