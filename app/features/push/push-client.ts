/*
 * The browser's side of Web Push (issue 40): whether this browser can be pushed to, turning
 * notifications on after a tap (the permission prompt comes from that tap, never on load),
 * keeping the subscription in step on every visit (browsers renew subscriptions without saying),
 * copying spoiler-free mode into it, and turning it off. The fan's choices live on the server with
 * the subscription; this browser keeps its endpoint and a copy of the choices to draw the controls.
 */
import { parseSpoilerFree, SPOILER_FREE_CHANGED_EVENT, SPOILER_FREE_COOKIE } from "~/lib/spoiler-free";
import { PUSH_KEY_META, pushSupport, storedPush, storePush as store, type StoredPush } from "./push-state";
import {
  PUSH_SUBSCRIPTION_PATH,
  PUSH_UNSUBSCRIBE_PATH,
  type PushChoices,
  type SubscriptionAnswer,
  type SubscriptionRequest,
} from "./subscription-request";

const SYNCED_KEY = "ridgeway-push-synced";

function publicKey(): string | null {
  return document.querySelector<HTMLMetaElement>(`meta[name="${PUSH_KEY_META}"]`)?.content || null;
}

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return decodeURIComponent(value.join("="));
  }
  return null;
}

/** The spoiler-free mode as the subscription keeps a copy of it. */
function spoilerFreeCopy(): SubscriptionRequest["spoilerFree"] {
  const state = parseSpoilerFree(readCookie(SPOILER_FREE_COOKIE), new Date());
  return state && { until: state.until.toISOString(), revealedRoundIds: state.revealedRoundIds };
}

async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  // The worker is registered when the page is idle (register-worker.ts); a tap may come first.
  if (!(await navigator.serviceWorker.getRegistration("/"))) await navigator.serviceWorker.register("/sw.js");
  return navigator.serviceWorker.ready;
}

function keyBytes(key: string): Uint8Array<ArrayBuffer> {
  const base64 = key.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function subscribedWith(subscription: PushSubscription, key: string): boolean {
  const current = subscription.options?.applicationServerKey;
  if (!current) return true;
  const bytes = new Uint8Array(current);
  const wanted = keyBytes(key);
  return bytes.length === wanted.length && bytes.every((byte, index) => byte === wanted[index]);
}

async function post(path: string, body: unknown): Promise<Response> {
  return fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
}

/** Sends the subscription (and the choices, when given) to the site; keeps what it answers. */
async function save(subscription: PushSubscription, choices?: PushChoices): Promise<StoredPush | null> {
  const previous = storedPush();
  const request: SubscriptionRequest = {
    subscription: subscription.toJSON() as SubscriptionRequest["subscription"],
    ...(previous && previous.endpoint !== subscription.endpoint ? { replaces: previous.endpoint } : {}),
    ...(choices ? { choices } : {}),
    spoilerFree: spoilerFreeCopy(),
  };
  const response = await post(PUSH_SUBSCRIPTION_PATH, request);
  if (response.status === 404) {
    store(null);
    return null;
  }
  if (!response.ok)
    throw new Error(((await response.json().catch(() => ({}))) as { error?: string }).error ?? "The site could not save it.");
  const { choices: saved } = (await response.json()) as SubscriptionAnswer;
  const kept = { endpoint: subscription.endpoint, choices: saved };
  store(kept);
  return kept;
}

export type TurnOnResult =
  { ok: true; stored: StoredPush } | { ok: false; reason: "denied" | "dismissed" | "unavailable" | "failed"; message?: string };

/**
 * Turns notifications on with `choices` (or changes them). `asked` is the permission request the
 * fan's tap made at once (askPermission, push-state.ts), while the tap still counts as the fan's.
 */
export async function turnOn(choices: PushChoices, asked: Promise<NotificationPermission>): Promise<TurnOnResult> {
  const permission = await asked;
  const key = publicKey();
  if (!key) return { ok: false, reason: "unavailable" };
  if (permission === "denied") return { ok: false, reason: "denied" };
  if (permission !== "granted") return { ok: false, reason: "dismissed" };
  try {
    const registration = await workerRegistration();
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !subscribedWith(subscription, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
    const stored = await save(subscription, choices);
    return stored ? { ok: true, stored } : { ok: false, reason: "failed" };
  } catch (error) {
    return { ok: false, reason: "failed", message: error instanceof Error ? error.message : undefined };
  }
}

/** Turns notifications off: the browser's subscription ends and the site deletes its copy. */
export async function turnOff(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  const subscription = await registration?.pushManager.getSubscription();
  const endpoint = subscription?.endpoint ?? storedPush()?.endpoint;
  await subscription?.unsubscribe();
  if (endpoint) await post(PUSH_UNSUBSCRIBE_PATH, { endpoint });
  store(null);
}

/**
 * Once per visit (a browser session), when this browser has notifications on: the subscription
 * is sent again (renewed by the browser? its choices move to the new one; gone? made again), with
 * the spoiler-free mode's copy, and again whenever that mode changes.
 */
export async function syncOnVisit(): Promise<void> {
  if (pushSupport() !== "ready" || Notification.permission !== "granted") return;
  const key = publicKey();
  const registration = await navigator.serviceWorker.getRegistration("/");
  if (!key || !registration) return;
  let subscription = await registration.pushManager.getSubscription();
  const previous = storedPush();
  if (!subscription && !previous) return;
  if (subscription && !subscribedWith(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
  await save(subscription);
}

/** Syncs once per browser session, and whenever spoiler-free mode changes. */
export async function keepInStep(): Promise<void> {
  try {
    if (!sessionStorage.getItem(SYNCED_KEY)) {
      await syncOnVisit();
      sessionStorage.setItem(SYNCED_KEY, "1");
    }
  } catch {
    // Offline, or storage refused: the next visit tries again.
  }
  addEventListener(SPOILER_FREE_CHANGED_EVENT, () => {
    void navigator.serviceWorker
      .getRegistration("/")
      .then((registration) => registration?.pushManager.getSubscription())
      .then((subscription) => subscription && storedPush() && save(subscription))
      .catch(() => undefined);
  });
}
