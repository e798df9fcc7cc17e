import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import express, { type RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";
import type { Logger } from "pino";
import { createRequestHandler } from "react-router";
import { pinoHttp } from "pino-http";
import type { Database } from "../db/client.server";
import { routerContextFor, type RequestContext } from "../app/context";
import type { ContentChanges } from "../db/content-changes.server";
import type { PaymentProvider } from "../app/features/shop/payments/provider.server";
import type { TrustProxy } from "../app/env.server";
import { createAuth } from "../app/features/account/auth.server";
import { nextScheduledPublishAt } from "../app/features/news/news.server";
import { FREE_SHIPPING, type ShippingRule } from "../app/features/shop/store/pricing";
import { DEFAULT_HOLD_POLICY, type HoldPolicy } from "../app/features/shop/store/hold-policy";
import { getShopSettings } from "../app/features/shop/store/shop-settings.server";
import { stockFingerprint } from "../app/features/shop/store/catalogue.server";
import { PAGE_VALIDATORS } from "../app/lib/page-cache-validation";
import { isPrivatePath } from "../app/features/seo/sitemap";
import { cacheControlFor, isPersonalRequest } from "./cache-policy";
import { sendFetchResponse, toFetchRequest } from "./fetch-adapter";
import { originCheck } from "./origin-check";
import { mediaFiles } from "./media-files";
import { shareCards } from "./share-cards/handler";
import { createShareCardRenderer } from "./share-cards/renderer";
import { createPageCache, PAGE_SCRIPT_HASHES_HEADER } from "./page-cache";
import { createPageAudience } from "./page-audience";
import { allowScriptsByHash, sendCachedPage } from "./send-page";
import { securityHeaders } from "./security-headers";
import { knownMethodsOnly, noNulInUrl, oldRootDataAddress } from "./request-guards";
import { createFreshRead } from "./fresh-read";
import { createContentMemo } from "../app/lib/content-memo";
import { httpRequestDuration, httpRequests, pageCacheLookups, registry } from "../app/features/operations/metrics.server";
import type { OperationalSettings } from "../app/features/operations/warnings";
import type { PushSettings } from "../app/context";
import { DEFAULT_VITALS_SAMPLE_RATE } from "../app/lib/web-vitals";
import { loggedUrl } from "./logged-url";
import { createRouteLabeller, type ManifestRoute } from "./route-label";
import type { LiveHub } from "../app/features/live/live-hub.server";
import { liveRoutes } from "./live-routes";
import { countPageView, type PartnerCounter } from "../app/features/partners/partner-counter.server";
import { impressionsHeader, IMPRESSIONS_HEADER } from "../app/features/partners/placements";

export interface AppOptions {
  db: Database;
  /** Edits of published content, announced by this process or any other on the same database. */
  contentChanges: ContentChanges;
  /** Resolves when the database answers; used by /readyz. */
  pingDatabase: () => Promise<void>;
  logger: Logger;
  publicUrl: string;
  appSecret: string;
  /** FIRST_ADMIN_CODE, normalised (ADR 0108). */
  firstAdminCode?: string;
  payments: PaymentProvider;
  /** PAYMENTS=test: every page carries a banner saying payments are not real. */
  testPaymentsBanner?: boolean;
  orderReservationMs: number;
  /** Which proxies' X-Forwarded-* headers to believe (TRUST_PROXY; see app/env.server.ts). */
  trustProxy: TrustProxy;
  /** Where the client build lives; omitted in development, where Vite serves assets. */
  clientBuildDir?: string;
  /** How long an anonymous page is served from memory; 0 turns the page cache off. */
  pageCacheTtlMs: number;
  /** Whether the process is draining for shutdown (then /readyz answers 503). */
  isShuttingDown: () => boolean;
  /** The shipping rule loaders and actions price with while the shop settings have none; free when omitted. */
  shipping?: ShippingRule;
  /** The fair-hold policy (ADR 0033); the default when omitted. */
  holdPolicy?: HoldPolicy;
  /** METRICS_TOKEN: /metrics answers only "Authorization: Bearer <token>"; unset, there is no /metrics (ADR 0046). */
  metricsToken?: string;
  /**
   * What is behind without being down (the outbox, periodic jobs): /readyz still answers 200,
   * with status "degraded" and these reasons, so a load balancer keeps the process in.
   */
  degradedReasons?: () => Promise<string[]>;
  /** What the back office's operational warnings are judged against (ADR 0047). */
  operations?: OperationalSettings;
  /** Where drawn share cards are kept (DATA_DIR/share-cards); in memory only when omitted (ADR 0077). */
  shareCardsDir?: string;
  /** Partner counts (ADR 0130); none are counted without it. */
  partnerCounter?: PartnerCounter;
  /** Pages keep the X-Partner-Impressions header for nginx to log on its cache's hits (PARTNER_IMPRESSIONS_VIA=nginx). */
  forwardPartnerImpressions?: boolean;
  /** The share of page views whose browser reports its Core Web Vitals (VITALS_SAMPLE_RATE, ADR 0089). */
  vitalsSampleRate?: number;
  /** The process's one reader of the live event log (ADR 0124); without it /live/ is not answered here. */
  liveHub?: LiveHub;
  /** Open live streams this process keeps (LIVE_STREAM_LIMIT). */
  liveStreamLimit?: number;
  /** Web Push (ADR 0136, 0137): the VAPID public key browsers subscribe with, and the push services accepted; no push without it. */
  push?: PushSettings;
}

const DEFAULT_OPERATIONS: OperationalSettings = { backupSchedule: "daily", paymentWebhookWarningMinutes: 10 };
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

const REQUEST_ID = /^[\w-]{1,64}$/;

export function createApp(options: AppOptions) {
  const { logger, clientBuildDir } = options;
  const isDev = !clientBuildDir;
  const auth = createAuth({ db: options.db, publicUrl: options.publicUrl, secret: options.appSecret });
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", options.trustProxy);

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const incoming = req.headers["x-request-id"];
        const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === "/healthz" || req.url === "/readyz" },
      // One short line per request; headers stay out of the logs.
      serializers: {
        req: (req: { id: string; method: string; url: string; remoteAddress?: string }) => ({
          id: req.id,
          method: req.method,
          url: loggedUrl(req.url),
          remoteAddress: req.remoteAddress,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info"),
    }),
  );

  // Requests by route pattern and status, with their duration (ADR 0046).
  const labelPage = import("virtual:react-router/server-build").then((build) =>
    createRouteLabeller(build.routes as Record<string, ManifestRoute | undefined>),
  );
  let pageLabel: ((pathname: string) => string) | undefined;
  void labelPage.then((labeller) => (pageLabel = labeller));
  app.use((req, res, next) => {
    const started = performance.now();
    res.once("finish", () => {
      const route = routeLabel(req.path, res.locals.servedBy as string | undefined, pageLabel);
      const labels = { method: METHODS.has(req.method) ? req.method : "other", route, status: String(res.statusCode) };
      httpRequests.inc(labels);
      httpRequestDuration.observe(labels, (performance.now() - started) / 1000);
    });
    next();
  });

  app.use(securityHeaders(isDev, options.payments.hostedPageOrigins));
  // A round's live stream and feed (ADR 0124): before compression, which would hold a stream's
  // events back to fill its buffer, and before the page cache, which keeps whole answers.
  if (options.liveHub)
    app.use(
      liveRoutes({
        db: options.db,
        hub: options.liveHub,
        streamLimit: options.liveStreamLimit ?? 5_000,
        isShuttingDown: options.isShuttingDown,
      }),
    );
  // Brotli at quality 6 rather than the default 4: the home page's HTML goes from 13.9 kB to
  // 12.8 kB, so with its headers it fits what a new connection delivers in its first round trip
  // (ADR 20), for about 0.35 ms more CPU per page. Static files are compressed once at build
  // time instead (precompressedStatic).
  app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } } }));

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  app.get("/readyz", async (req, res) => {
    res.set("Cache-Control", "no-store");
    if (options.isShuttingDown()) {
      res.status(503).json({ status: "shutting down" });
      return;
    }
    try {
      await options.pingDatabase();
    } catch (error) {
      req.log.error({ err: error }, "readiness check: database unreachable");
      res.status(503).json({ status: "unavailable", database: "unreachable" });
      return;
    }
    const degraded = await (options.degradedReasons?.() ?? Promise.resolve([])).catch((error: unknown) => {
      req.log.warn({ err: error }, "readiness check: could not read the outbox and jobs");
      return ["could not read the outbox and jobs"];
    });
    res.json(degraded.length > 0 ? { status: "degraded", database: "ok", degraded } : { status: "ready", database: "ok" });
  });

  if (options.metricsToken) {
    const expected = createHash("sha256").update(`Bearer ${options.metricsToken}`).digest();
    app.get("/metrics", async (req, res) => {
      res.locals.servedBy = "/metrics";
      res.set("Cache-Control", "no-store");
      const given = createHash("sha256")
        .update(req.headers.authorization ?? "")
        .digest();
      if (!timingSafeEqual(given, expected)) {
        res
          .set("WWW-Authenticate", 'Bearer realm="metrics"')
          .status(401)
          .type("text/plain")
          .send("A bearer token (METRICS_TOKEN) is required.\n");
        return;
      }
      res.type(registry.contentType).send(await registry.metrics());
    });
  }

  if (clientBuildDir) {
    // File names under assets/ carry a content hash, so they never change.
    app.use("/assets", precompressedStatic(path.join(clientBuildDir, "assets"), { immutable: true, maxAge: "1y" }));
    // The service worker (ADR 0135): asked again on every check, so a new build's worker is found
    // at the next visit; never kept by nginx or a CDN in front.
    app.get("/sw.js", (_req, res, next) => {
      res.locals.servedBy = "/sw.js";
      res.setHeader("Cache-Control", "no-cache");
      next();
    });
    app.use(precompressedStatic(clientBuildDir, { maxAge: "1h" }));
  }

  app.get(
    "/media/u/:key",
    (_req, res, next) => {
      res.locals.servedBy = "/media/u/:key";
      next();
    },
    mediaFiles(options.db),
  );

  // Before React Router: a card is an image, and the page cache keeps pages as text.
  const shareCardRenderer = createShareCardRenderer({ cacheDir: options.shareCardsDir });
  app.get(
    "/share/:kind/:file",
    (_req, res, next) => {
      res.locals.servedBy = "/share/:kind/:file";
      next();
    },
    shareCards({
      db: options.db,
      renderer: shareCardRenderer,
      siteDir: clientBuildDir ?? path.resolve("public"),
      partnerCounter: options.partnerCounter,
    }),
  );

  const render = pageRenderer(isDev);
  // The partners a render showed travel with the page as a header, so a page-cache hit counts them too.
  const renderPage = async (request: Request, context: RequestContext) => {
    const response = await render(request, context);
    if (context.partnerImpressions?.length) response.headers.set(IMPRESSIONS_HEADER, impressionsHeader(context.partnerImpressions));
    return response;
  };
  const countImpressions = (req: express.Request, impressions: string | null | undefined) =>
    countPageView(options.partnerCounter, req.method, (name) => req.get(name), impressions);
  // The page cache never keeps a page past the moment the next scheduled article goes live
  // (ADR 26): that moment is data in the database, read at start, when it passes,
  // and after each content change.
  const refreshPublishSchedule = () =>
    nextScheduledPublishAt(options.db).then(
      (next) => pages.expireAllAt(next?.getTime() ?? null),
      (error: unknown) => logger.error({ err: error }, "could not read the next scheduled publication"),
    );
  const pages = createPageCache((request, context: RequestContext) => renderPage(request, context), {
    ttlMs: options.pageCacheTtlMs,
    maxEntries: 500,
    onExpireAll: () => void refreshPublishSchedule(),
    // Stock changes with every sale, in any process: the store's pages are checked against it on
    // every hit (ADR 0054).
    validators: { [PAGE_VALIDATORS.stock]: createFreshRead(() => stockFingerprint(options.db)) },
  });
  void refreshPublishSchedule();
  const contentMemo = createContentMemo();
  const audienceOf = createPageAudience(auth);
  // A change announced by any process (a back-office write): the pages and the memo of
  // settings go, and the next publication time is read again, since a schedule may have been
  // set or moved.
  options.contentChanges.subscribe(() => {
    pages.clear();
    contentMemo.clear();
    void refreshPublishSchedule();
  });
  app.use(knownMethodsOnly);
  app.use(noNulInUrl);
  // A state-changing request from another site's page is refused before any action runs.
  app.use(originCheck({ publicUrl: options.publicUrl }));

  app.use(oldRootDataAddress);

  app.use(async (req, res, next) => {
    res.locals.servedBy = "page";
    // Kept out of search results by a header rather than robots.txt (ADR 0076), cached or not.
    if (isPrivatePath(req.path)) res.setHeader("X-Robots-Tag", "noindex");
    const { audience, setCookies } = await audienceOf(req.method, req.headers.cookie);
    // A session the check extended: its fresh cookie goes with whatever page is sent.
    for (const cookie of setCookies) res.append("Set-Cookie", cookie);
    const pageRequest = { method: req.method, pathAndQuery: req.originalUrl, audience };
    const cached = await pages.lookup(pageRequest);
    if (pages.isCacheable(pageRequest)) pageCacheLookups.inc({ result: cached ? "hit" : "miss", audience });
    if (cached) {
      countImpressions(req, cached.headers.find(([name]) => name === IMPRESSIONS_HEADER)?.[1]);
      sendCachedPage(req, res, cached, audience, options.forwardPartnerImpressions ? [] : [IMPRESSIONS_HEADER]);
      return;
    }
    try {
      const shop = await getShopSettings({ db: options.db, contentMemo }, options.shipping ?? FREE_SHIPPING);
      const context: RequestContext = {
        db: options.db,
        log: req.log,
        cspNonce: res.locals.cspNonce as string,
        // With TRUST_PROXY set, Express takes this from X-Forwarded-For; otherwise the socket.
        clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
        publicUrl: options.publicUrl,
        appSecret: options.appSecret,
        firstAdminCode: options.firstAdminCode,
        payments: options.payments,
        orderReservationMs: options.orderReservationMs,
        shipping: shop.rule,
        shop,
        holdPolicy: options.holdPolicy ?? DEFAULT_HOLD_POLICY,
        auth,
        contentChanged: () => options.contentChanges.announce(),
        testPaymentsBanner: options.testPaymentsBanner ?? false,
        contentMemo,
        setCookies: [],
        requestId: String(req.id),
        operations: options.operations ?? DEFAULT_OPERATIONS,
        partnerCounter: options.partnerCounter,
        push: options.push,
        vitals: { sampleRate: options.vitalsSampleRate ?? DEFAULT_VITALS_SAMPLE_RATE, routePattern: pageLabel ?? (await labelPage) },
      };
      const response = withBackOfficeHeaders(req.path, await pages.handle(toFetchRequest(req, res), context, audience));
      const cacheControl = cacheControlFor(
        // An answer to a form post or any other write is about that one request: never kept.
        { personal: isPersonalRequest(req.headers.cookie) || !(req.method === "GET" || req.method === "HEAD") },
        {
          cacheControl: response.headers.get("cache-control"),
          setsCookie: response.headers.has("set-cookie") || context.setCookies.length > 0,
        },
      );
      response.headers.set("Cache-Control", cacheControl);
      if (response.status === 200) countImpressions(req, response.headers.get(IMPRESSIONS_HEADER));
      if (!options.forwardPartnerImpressions) response.headers.delete(IMPRESSIONS_HEADER);
      const scriptHashes = response.headers.get(PAGE_SCRIPT_HASHES_HEADER);
      if (scriptHashes !== null) {
        response.headers.delete(PAGE_SCRIPT_HASHES_HEADER);
        allowScriptsByHash(res, scriptHashes ? scriptHashes.split(" ") : []);
      }
      for (const cookie of context.setCookies) res.append("Set-Cookie", cookie);
      await sendFetchResponse(res, response);
    } catch (error) {
      next(error);
    }
  });
  return app;
}

/**
 * The `route` label of a finished request: a page's route pattern, or what else answered it. The
 * label set stays small whatever paths are asked for.
 */
function routeLabel(pathname: string, servedBy: string | undefined, pageLabel: ((pathname: string) => string) | undefined): string {
  if (pathname === "/healthz" || pathname === "/readyz") return pathname;
  if (pathname.startsWith("/assets/")) return "/assets/*";
  if (servedBy === "page") return pageLabel?.(pathname) ?? "page";
  return servedBy ?? "static";
}

/**
 * Every back-office answer (pages, their .data requests, redirects and errors alike) is
 * private and kept out of search engines, whatever a route module says. The admin routes
 * set the same Cache-Control themselves; this covers answers no route shaped.
 */
function withBackOfficeHeaders(pathname: string, response: Response): Response {
  if (!/^\/admin(?:[/.]|$)/.test(pathname)) return response;
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", "private, no-store");
  headers.set("X-Robots-Tag", "noindex, nofollow");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * React Router's request handler. Given a function, React Router calls it and rebuilds its
 * route tables on every request (so Vite's edits apply at once in development); given the
 * build itself, it does that once. In production the build never changes, so it is loaded
 * once and handed over as a module. Loaders and actions get the request's context inside
 * React Router's own (ADR 0115); the page cache and this server keep the plain object.
 */
function pageRenderer(isDev: boolean): (request: Request, context: RequestContext) => Promise<Response> {
  const handler = isDev
    ? Promise.resolve(createRequestHandler(() => import("virtual:react-router/server-build"), "development"))
    : import("virtual:react-router/server-build").then((build) => createRequestHandler(build, "production"));
  return async (request, context) => (await handler)(request, routerContextFor(context));
}

/**
 * Serves the client build, preferring the brotli or gzip copy written at build
 * time (vite.config.ts) when the browser accepts it.
 */
function precompressedStatic(root: string, options: { maxAge: string; immutable?: boolean }): RequestHandler {
  return expressStaticGzip(root, {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    index: false,
    serveStatic: { ...options, index: false },
  });
}
