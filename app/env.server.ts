import { createPrivateKey } from "node:crypto";
import { readFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import type { ShippingRule } from "~/features/shop/store/pricing";
import type { HoldPolicy } from "~/features/shop/store/hold-policy";
import { DEFAULT_VITALS_SAMPLE_RATE } from "~/lib/web-vitals";
import { normaliseSetupCode } from "~/features/admin/first-admin";
import { vapidKeysProblem, vapidSubjectProblem } from "~/features/push/vapid";
import { z } from "~/lib/zod";

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
const isProxyAddress = (entry: string) => {
  const [address, bits, extra] = entry.split("/");
  if (extra !== undefined || !address) return false;
  if (PROXY_NAMES.has(address) && bits === undefined) return true;
  const version = isIP(address);
  if (version === 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
};

/**
 * Which proxies' X-Forwarded-For entries to believe, as Express's "trust proxy" takes it: the
 * client address is the first entry, counted from the right, that was not added by a trusted
 * proxy. Never the leftmost entry, which the client itself writes.
 * - "false" (default): no proxy; the socket's address.
 * - "true": one proxy in front (the usual load balancer); the same as "1".
 * - a number: that many proxies in front.
 * - addresses and subnets, comma-separated ("10.0.0.0/8, loopback"): the proxies by address.
 */
export type TrustProxy = false | number | string[];
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): TrustProxy => {
    if (value === "false" || value === "0") return false;
    if (value === "true") return 1;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(",").map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    ctx.addIssue({
      code: "custom",
      message: "must be false, true (one proxy), a number of proxies, or proxy addresses/subnets separated by commas",
    });
    return z.NEVER;
  });

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    HOST: z.string().min(1, "must not be empty").default("127.0.0.1"),
    PORT: z.coerce
      .number({ message: "must be a number" })
      .int("must be a whole number")
      .min(0, "must be between 0 and 65535")
      .max(65535, "must be between 0 and 65535")
      .default(3000),
    PUBLIC_URL: z.url({ message: "must be an absolute URL such as https://ridgeway-racing.example" }).optional(),
    DATA_DIR: z.string().min(1, "must not be empty").default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// or postgresql:// connection URL")
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/.+/, "must be an smtp:// or smtps:// URL")
      .optional(),
    MAIL_FROM: z.string().min(3, "must be a sender such as Ridgeway Racing <info@ridgeway-racing.example>").optional(),
    MAIL_DELIVERY_INTERVAL_MS: z.coerce.number({ message: "must be a number" }).int().min(100).default(2_000),
    /**
     * DKIM signing of outgoing mail (ADR 0072): all of DKIM_DOMAIN, DKIM_SELECTOR and the private
     * key (DKIM_PRIVATE_KEY as PEM text, "\n" for line breaks allowed, or DKIM_PRIVATE_KEY_FILE),
     * or none. The public key is published at <selector>._domainkey.<domain>.
     */
    DKIM_DOMAIN: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, "must be a domain name such as ridgeway-racing.example")
      .optional(),
    DKIM_SELECTOR: z
      .string()
      .trim()
      .regex(
        /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/,
        "must be a DNS label such as mail2026 (the key is published at <selector>._domainkey.<domain>)",
      )
      .optional(),
    DKIM_PRIVATE_KEY: z.string().optional(),
    DKIM_PRIVATE_KEY_FILE: z.string().min(1, "must not be empty").optional(),
    PAGE_CACHE_TTL_MS: z.coerce.number({ message: "must be a number" }).int().min(0).default(60_000),
    /** Partner counts (ADR 0130): "on" by default; "off" counts nothing (the bench's comparison). */
    PARTNER_COUNTING: z.enum(["on", "off"]).default("on"),
    /**
     * "nginx": pages keep the X-Partner-Impressions header for nginx, which logs it on its cache's
     * hits and hides it from browsers (deploy/nginx/page-cache.conf, ADR 0130).
     */
    PARTNER_IMPRESSIONS_VIA: z.enum(["app", "nginx"]).default("app"),
    /** nginx's log of the pages its cache served (PARTNER_IMPRESSIONS_VIA=nginx); read and counted every few seconds. */
    PARTNER_HIT_LOG: z.string().min(1).optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    TRUST_PROXY: trustProxy.default(false),
    /**
     * The first admin's set-up code (ADR 0108), for a host whose log is hard to read; unset, the
     * server derives one from AUTH_SECRET and prints it while the site has no admin.
     */
    FIRST_ADMIN_CODE: z
      .string()
      .refine(
        (value) => normaliseSetupCode(value) !== null,
        "must be 16 to 64 letters and digits (Crockford base32: no U; hyphens and spaces are ignored), e.g. openssl rand -hex 16",
      )
      .transform((value) => normaliseSetupCode(value)!)
      .optional(),
    AUTH_SECRET: z.string().min(32, "must be at least 32 characters (e.g. openssl rand -base64 32)").optional(),
    /** Open live streams (GET /live/:roundId/events) one process keeps; one more is answered 503 (ADR 0124). */
    LIVE_STREAM_LIMIT: z.coerce.number({ message: "must be a number" }).int().min(0).max(1_000_000).default(5_000),
    /** How often each live stream gets a heartbeat event, and each process reads the log regardless (ADR 0124). */
    LIVE_HEARTBEAT_MS: z.coerce.number({ message: "must be a number" }).int().min(100).max(300_000).default(15_000),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number({ message: "must be a number" }).int().min(0).default(10_000),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret key (sk_test_… or sk_live_…)")
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\w+$/, "must be a Stripe webhook signing secret (whsec_…)")
      .optional(),
    /**
     * Where the Stripe SDK sends its API calls instead of api.stripe.com: stripe-mock or a test
     * stand-in on this machine. Only a loopback address is accepted, so the secret key can never be
     * sent to another host by mistake.
     */
    STRIPE_API_URL: z
      .url({ message: "must be a URL such as http://127.0.0.1:12111" })
      .refine((value) => isLoopbackUrl(value), "must be on this machine (127.0.0.1, ::1 or localhost): it receives the Stripe secret key")
      .optional(),
    /**
     * "test" takes payments on the site's own test page, where no money moves, and says so on every
     * page; "stripe" needs the Stripe keys. Unset: Stripe when its key is set, otherwise the test
     * page, which production refuses unless chosen here.
     */
    PAYMENTS: z.enum(["stripe", "test"], { message: "must be stripe or test" }).optional(),
    ORDER_RESERVATION_MINUTES: z.coerce
      .number({ message: "must be a number" })
      .min(0.05, "must be at least 0.05 (3 seconds)")
      .max(24 * 60, "must be at most 1440 (a day)")
      .default(30),
    /** Most open unpaid orders one customer e-mail may have at once (ADR 0033); 0: no cap. */
    ORDER_HOLDS_PER_CUSTOMER: z.coerce
      .number({ message: "must be a whole number" })
      .int("must be a whole number")
      .min(0, "must be 0 or more")
      .default(2),
    /** Most open unpaid orders one client address may have at once (ADR 0033); 0: no cap. */
    ORDER_HOLDS_PER_CLIENT: z.coerce
      .number({ message: "must be a whole number" })
      .int("must be a whole number")
      .min(0, "must be 0 or more")
      .default(2),
    /** Most of a size's remaining stock one unpaid order may hold, in percent (ADR 0033); 100: no cap. */
    ORDER_HOLD_SHARE_PERCENT: z.coerce
      .number({ message: "must be a whole number" })
      .int("must be a whole number")
      .min(1, "must be 1 to 100")
      .max(100, "must be 1 to 100")
      .default(50),
    /** Shipping charged per order, in pence (0: free UK shipping, the site's claim). */
    SHIPPING_FLAT_RATE_PENCE: z.coerce
      .number({ message: "must be a whole number of pence" })
      .int("must be a whole number of pence")
      .min(0, "must be 0 or more")
      .max(100_000, "must be at most 100000 (£1,000)")
      .default(0),
    /** Orders whose subtotal is above this many pence ship free; unset: the flat rate always applies. */
    SHIPPING_FREE_ABOVE_PENCE: z.coerce
      .number({ message: "must be a whole number of pence" })
      .int("must be a whole number of pence")
      .min(0, "must be 0 or more")
      .optional(),
    /** Where backups are written (ADR 0043); outside DATA_DIR, so losing the data keeps them. */
    BACKUP_DIR: z.string().min(1, "must not be empty").default("./backups"),
    /**
     * How often a backup is expected: the embedded database makes it itself on this schedule;
     * on PostgreSQL a timer runs `npm run backup` (docs/production.md) and the back office warns
     * when the last one is older than this.
     */
    BACKUP_SCHEDULE: z.enum(["off", "hourly", "daily"], { message: "must be off, hourly or daily" }).default("daily"),
    /** How many backups to keep in BACKUP_DIR (the newest); 0 keeps all. */
    BACKUP_KEEP: z.coerce
      .number({ message: "must be a whole number" })
      .int("must be a whole number")
      .min(0, "must be 0 or more")
      .default(14),
    /** A copy of each backup goes here too when set: s3://bucket/optional/prefix (credentials: AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY). */
    BACKUP_S3_URL: z
      .string()
      .regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/, "must be s3://bucket or s3://bucket/prefix")
      .optional(),
    /** An S3-compatible store's endpoint (MinIO, Backblaze, R2 ...); unset: AWS S3 itself. */
    BACKUP_S3_ENDPOINT: z.url({ message: "must be an absolute URL such as https://s3.example.com" }).optional(),
    BACKUP_S3_REGION: z.string().min(1, "must not be empty").default("us-east-1"),
    /**
     * /metrics answers only a request with "Authorization: Bearer <this>" (ADR 0046); unset, it is
     * not served at all.
     */
    METRICS_TOKEN: z.string().min(32, "must be at least 32 characters (e.g. openssl rand -hex 32)").optional(),
    /**
     * The share of page views whose browser reports its Core Web Vitals to /api/vitals (ADR 0089),
     * from 0 (none) to 1 (every one, as the browser tests use).
     */
    VITALS_SAMPLE_RATE: z.coerce
      .number({ message: "must be a number from 0 to 1" })
      .min(0, "must be from 0 to 1")
      .max(1, "must be from 0 to 1")
      .default(DEFAULT_VITALS_SAMPLE_RATE),
    /**
     * Web Push (ADR 0137): the site's VAPID key pair (both or neither; `npx web-push
     * generate-vapid-keys`). Unset, one pair is made once and kept in the database, the same for
     * every process. VAPID_SUBJECT is the contact push services may use: a real mailto: or https:
     * address (Apple refuses anything else); unset, PUBLIC_URL when it is https.
     */
    VAPID_PUBLIC_KEY: z.string().trim().optional(),
    VAPID_PRIVATE_KEY: z.string().trim().optional(),
    VAPID_SUBJECT: z
      .string()
      .trim()
      .superRefine((value, ctx) => {
        const problem = vapidSubjectProblem(value);
        if (problem) ctx.addIssue({ code: "custom", message: `must be a real mailto: or https: address: ${problem}` });
      })
      .optional(),
    /**
     * The push services the site sends to, comma-separated (ADR 0136): a host, or ".domain" for its
     * hosts. Unset: the browsers' own (Google, Mozilla, Apple, Microsoft).
     */
    PUSH_SERVICE_HOSTS: z
      .string()
      .trim()
      .transform((value) =>
        value
          .split(",")
          .map((entry) => entry.trim().toLowerCase())
          .filter(Boolean),
      )
      .refine((hosts) => hosts.length > 0 && hosts.every((host) => /^\.?[a-z0-9.-]+$/.test(host)), "must be host names separated by commas")
      .optional(),
    /** How often each process looks for pushes to send besides being told (ms). */
    PUSH_SENDING_INTERVAL_MS: z.coerce.number({ message: "must be a number" }).int().min(100).max(600_000).default(5_000),
    /** An order the customer paid for (back from the payment page) but still unpaid after this many minutes is a warning. */
    PAYMENT_WEBHOOK_WARNING_MINUTES: z.coerce
      .number({ message: "must be a number" })
      .min(1, "must be at least 1")
      .max(24 * 60, "must be at most 1440 (a day)")
      .default(10),
  })
  .superRefine((env, ctx) => {
    const problem = (variable: string, message: string) => ctx.addIssue({ code: "custom", path: [variable], message });
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) problem("STRIPE_WEBHOOK_SECRET", "is required when STRIPE_SECRET_KEY is set");
    if (env.PAYMENTS === "stripe" && !env.STRIPE_SECRET_KEY) problem("STRIPE_SECRET_KEY", "is required with PAYMENTS=stripe");
    dkimProblems(env).forEach(([variable, message]) => problem(variable, message));
    if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
      problem(env.VAPID_PUBLIC_KEY === undefined ? "VAPID_PUBLIC_KEY" : "VAPID_PRIVATE_KEY", "set both VAPID keys, or neither");
    } else if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
      const keysProblem = vapidKeysProblem({ publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY });
      if (keysProblem) problem("VAPID_PRIVATE_KEY", keysProblem);
    }

    // Production: a real site on PostgreSQL, where several processes serve one database.
    if (env.NODE_ENV !== "production" || env.DATABASE_URL === undefined) return;
    if (!env.AUTH_SECRET) {
      problem(
        "AUTH_SECRET",
        "is required in production (NODE_ENV=production with DATABASE_URL): every process must sign sessions with the same secret",
      );
    }
    if (!env.STRIPE_SECRET_KEY && env.PAYMENTS !== "test") {
      problem("STRIPE_SECRET_KEY", "is required in production; to take test payments on purpose (no money moves), set PAYMENTS=test");
    }
  });

type DkimSettings = {
  DKIM_DOMAIN?: string;
  DKIM_SELECTOR?: string;
  DKIM_PRIVATE_KEY?: string;
  DKIM_PRIVATE_KEY_FILE?: string;
  MAIL_FROM?: string;
};

/** The PEM text of the DKIM key, from DKIM_PRIVATE_KEY (escaped "\n" taken as line breaks) or the file. */
function readDkimKey(env: DkimSettings): string {
  if (env.DKIM_PRIVATE_KEY !== undefined) return env.DKIM_PRIVATE_KEY.replace(/\\n/g, "\n").trim();
  return readFileSync(env.DKIM_PRIVATE_KEY_FILE!, "utf8").trim();
}

function dkimProblems(env: DkimSettings): Array<[string, string]> {
  const given = [env.DKIM_DOMAIN, env.DKIM_SELECTOR, env.DKIM_PRIVATE_KEY, env.DKIM_PRIVATE_KEY_FILE].some((value) => value !== undefined);
  if (!given) return [];
  const problems: Array<[string, string]> = [];
  const why = "to sign mail with DKIM, set DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (or DKIM_PRIVATE_KEY_FILE)";
  if (!env.DKIM_DOMAIN) problems.push(["DKIM_DOMAIN", `is required: ${why}`]);
  if (!env.DKIM_SELECTOR) problems.push(["DKIM_SELECTOR", `is required: ${why}`]);
  if (env.DKIM_PRIVATE_KEY !== undefined && env.DKIM_PRIVATE_KEY_FILE !== undefined) {
    problems.push(["DKIM_PRIVATE_KEY_FILE", "set either DKIM_PRIVATE_KEY or DKIM_PRIVATE_KEY_FILE, not both"]);
  } else if (env.DKIM_PRIVATE_KEY === undefined && env.DKIM_PRIVATE_KEY_FILE === undefined) {
    problems.push(["DKIM_PRIVATE_KEY", `is required: ${why}`]);
  } else {
    const variable = env.DKIM_PRIVATE_KEY !== undefined ? "DKIM_PRIVATE_KEY" : "DKIM_PRIVATE_KEY_FILE";
    let pem: string | undefined;
    try {
      pem = readDkimKey(env);
    } catch (error) {
      problems.push([variable, `cannot be read: ${(error as Error).message}`]);
    }
    if (pem !== undefined) {
      try {
        const key = createPrivateKey(pem);
        if (key.asymmetricKeyType !== "rsa" && key.asymmetricKeyType !== "ed25519")
          problems.push([variable, "must be an RSA (2048 bits or more) or Ed25519 private key"]);
        else if (key.asymmetricKeyType === "rsa" && (key.asymmetricKeyDetails?.modulusLength ?? 0) < 1024)
          problems.push([variable, "must be an RSA key of 1024 bits or more (2048 recommended)"]);
      } catch {
        problems.push([variable, `must be a PEM private key ("-----BEGIN PRIVATE KEY-----" …), e.g. from openssl genrsa 2048`]);
      }
    }
  }
  const fromDomain = env.MAIL_FROM?.match(/@([^>\s]+)/)?.[1]?.toLowerCase();
  if (env.DKIM_DOMAIN && fromDomain && fromDomain !== env.DKIM_DOMAIN && !fromDomain.endsWith(`.${env.DKIM_DOMAIN}`)) {
    problems.push([
      "DKIM_DOMAIN",
      `must be MAIL_FROM's domain (${fromDomain}) or a parent of it: receivers judge the signature by the sender's domain (DMARC)`,
    ]);
  }
  return problems;
}

/** The DKIM key nodemailer signs with, when configured (loadEnv has checked it). */
export function dkimFromEnv(
  env: Pick<Env, "DKIM_DOMAIN" | "DKIM_SELECTOR" | "DKIM_PRIVATE_KEY" | "DKIM_PRIVATE_KEY_FILE">,
): { domainName: string; keySelector: string; privateKey: string } | undefined {
  if (!env.DKIM_DOMAIN || !env.DKIM_SELECTOR) return undefined;
  return { domainName: env.DKIM_DOMAIN, keySelector: env.DKIM_SELECTOR, privateKey: readDkimKey(env) };
}

function isLoopbackUrl(value: string): boolean {
  const url = new URL(value);
  return (url.protocol === "http:" || url.protocol === "https:") && ["127.0.0.1", "[::1]", "localhost"].includes(url.hostname);
}

export type Env = z.infer<typeof envSchema> & { DATA_DIR: string; PUBLIC_URL: string; BACKUP_DIR: string };

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Reads and checks the process environment once; a bad value names the variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty variable means "not set", as in most .env tooling.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join(".");
        const given = source[name];
        // A private key is never repeated into the logs.
        const shown =
          name === "DKIM_PRIVATE_KEY" || name === "VAPID_PRIVATE_KEY" ? "" : given === undefined ? " (not set)" : ` (got "${given}")`;
        return `${name}: ${issue.message}${shown}`;
      }),
    );
  }
  const env = parsed.data;
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    BACKUP_DIR: path.resolve(env.BACKUP_DIR),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
  };
}

/** The fair-hold policy (ADR 0033), from ORDER_HOLDS_PER_CLIENT and ORDER_HOLD_SHARE_PERCENT. */
export function holdPolicyFromEnv(
  env: Pick<Env, "ORDER_HOLDS_PER_CUSTOMER" | "ORDER_HOLDS_PER_CLIENT" | "ORDER_HOLD_SHARE_PERCENT">,
): HoldPolicy {
  return {
    holdsPerCustomer: env.ORDER_HOLDS_PER_CUSTOMER === 0 ? null : env.ORDER_HOLDS_PER_CUSTOMER,
    holdsPerClient: env.ORDER_HOLDS_PER_CLIENT === 0 ? null : env.ORDER_HOLDS_PER_CLIENT,
    holdSharePercent: env.ORDER_HOLD_SHARE_PERCENT === 100 ? null : env.ORDER_HOLD_SHARE_PERCENT,
  };
}

/** The one shipping rule, from SHIPPING_FLAT_RATE_PENCE and SHIPPING_FREE_ABOVE_PENCE. */
export function shippingRuleFromEnv(env: Pick<Env, "SHIPPING_FLAT_RATE_PENCE" | "SHIPPING_FREE_ABOVE_PENCE">): ShippingRule {
  return { flatRatePence: env.SHIPPING_FLAT_RATE_PENCE, freeAbovePence: env.SHIPPING_FREE_ABOVE_PENCE ?? null };
}
