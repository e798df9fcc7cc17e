import pino from "pino";
import type { Database } from "../../db/client.server";
import { createAuth, type Auth } from "../../app/features/account/auth.server";
import { createTestProvider } from "../../app/features/shop/payments/test-provider.server";
import type { RequestContext } from "../../app/context";
import { createContentMemo } from "../../app/lib/content-memo";
import { DEFAULT_HOLD_POLICY } from "../../app/features/shop/store/hold-policy";
import { defaultShopSettings } from "../../app/features/shop/store/shop-settings";

/*
 * Helpers for calling the account routes' loaders and actions in-process, as
 * the Express server would, with a real better-auth on a test database.
 */

export const TEST_PUBLIC_URL = "http://localhost:3000";
const appSecret = "test-secret-for-account-tests-0123456789abcdef";

export function createTestAuth(db: Database): Auth {
  return createAuth({ db, publicUrl: TEST_PUBLIC_URL, secret: appSecret });
}

/** A fresh request context, as server/app.ts builds one per request. */
export function requestContext(db: Database, auth: Auth, clientIp = "203.0.113.10"): RequestContext {
  return {
    db,
    log: pino({ level: "silent" }),
    cspNonce: "",
    clientIp,
    publicUrl: TEST_PUBLIC_URL,
    appSecret,
    payments: createTestProvider({ appSecret }),
    orderReservationMs: 30 * 60_000,
    shipping: { flatRatePence: 0, freeAbovePence: null },
    shop: defaultShopSettings({ flatRatePence: 0, freeAbovePence: null }),
    holdPolicy: DEFAULT_HOLD_POLICY,
    auth,
    contentChanged: async () => {},
    testPaymentsBanner: false,
    contentMemo: createContentMemo(),
    setCookies: [],
    operations: { backupSchedule: "daily", paymentWebhookWarningMinutes: 10 },
    vitals: { sampleRate: 0, routePattern: (pathname) => pathname },
  };
}

/** A browser's cookie store, enough for these tests: name → value, honouring Max-Age=0. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(setCookies: string[]): this {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(";").map((part) => part.trim());
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index);
      const expired = attributes.some((attribute) => /^max-age=0$/i.test(attribute)) || pair!.slice(index + 1) === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair!.slice(index + 1));
    }
    return this;
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

export function formPost(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Request {
  return new Request(`${TEST_PUBLIC_URL}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
  });
}

/** A multipart form post with its Content-Length, as a browser sends it. */
export async function multipartPost(path: string, form: FormData, headers: Record<string, string> = {}): Promise<Request> {
  const encoded = new Response(form);
  const body = new Uint8Array(await encoded.arrayBuffer());
  return new Request(`${TEST_PUBLIC_URL}${path}`, {
    method: "POST",
    body,
    headers: {
      "content-type": encoded.headers.get("content-type")!,
      "content-length": String(body.byteLength),
      ...headers,
    },
  });
}

export function get(path: string, headers: Record<string, string> = {}): Request {
  return new Request(`${TEST_PUBLIC_URL}${path}`, { headers });
}

/** What a loader or action gave back or threw: a Response, or React Router's data() wrapper. */
export interface Outcome {
  status: number;
  location: string | null;
  setCookies: string[];
  data: unknown;
  headers: Headers;
}

interface DataWithInit {
  type: "DataWithResponseInit";
  data: unknown;
  init: ResponseInit | null;
}

function isDataWithInit(value: unknown): value is DataWithInit {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

export function outcomeOf(value: unknown): Outcome {
  if (value instanceof Response) {
    return {
      status: value.status,
      location: value.headers.get("location"),
      setCookies: value.headers.getSetCookie(),
      data: null,
      headers: value.headers,
    };
  }
  if (isDataWithInit(value)) {
    const headers = new Headers(value.init?.headers);
    return {
      status: value.init?.status ?? 200,
      location: headers.get("location"),
      setCookies: headers.getSetCookie(),
      data: value.data,
      headers,
    };
  }
  return { status: 200, location: null, setCookies: [], data: value, headers: new Headers() };
}

/** Runs a loader or action and reports what it returned or threw, the same way. */
export async function run<T>(work: () => Promise<T> | T): Promise<Outcome> {
  try {
    return outcomeOf(await work());
  } catch (error) {
    if (error instanceof Response || isDataWithInit(error)) return outcomeOf(error);
    throw error;
  }
}
