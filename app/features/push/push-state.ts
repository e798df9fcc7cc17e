/*
 * What a page needs to draw a "notify me" control before any push code has loaded (issue 40):
 * whether this browser can be pushed to, and the copy of the fan's choices it keeps. Small on
 * purpose: the controls import it; the code that subscribes (push-client.ts) loads on the tap.
 */
import type { PushKind } from "./push-content";
import type { PushChoices } from "./subscription-request";
import { isAppleTouchDevice, isInstalledApp } from "~/features/install/installed-app";

/** What the control can offer in this browser. */
export type PushSupport = "ready" | "add-to-home-screen" | "unsupported" | "denied";

const STORE_KEY = "ridgeway-push";
/** The meta tag the site's VAPID public key is in (root.tsx). */
export const PUSH_KEY_META = "push-public-key";

export interface StoredPush {
  endpoint: string;
  choices: PushChoices;
}

/** A control's request: kinds to add, and maybe one driver to follow. */
export interface PushRequest {
  kinds: PushKind[];
  driverId?: string;
}

export function pushSupport(): PushSupport {
  const capable = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  // Safari on an iPhone pushes only to a site added to the Home Screen (iOS 16.4 and later).
  if (!capable)
    return isAppleTouchDevice(navigator.userAgent, navigator.maxTouchPoints) && !isInstalledApp() ? "add-to-home-screen" : "unsupported";
  if (Notification.permission === "denied") return "denied";
  return "ready";
}

export function storedPush(): StoredPush | null {
  try {
    const value = JSON.parse(localStorage.getItem(STORE_KEY) ?? "null") as StoredPush | null;
    return value && typeof value.endpoint === "string" && Array.isArray(value.choices?.kinds) ? value : null;
  } catch {
    return null;
  }
}

export function storePush(value: StoredPush | null): void {
  try {
    if (value) localStorage.setItem(STORE_KEY, JSON.stringify(value));
    else localStorage.removeItem(STORE_KEY);
  } catch {
    // Private browsing without storage: the controls just do not remember.
  }
  pushStateChanged();
}

const listeners = new Set<() => void>();

/** Tells the controls on the page that the stored choices or the permission changed. */
export function pushStateChanged(): void {
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: this page's changes, and another tab's (the storage event). */
export function subscribeToPushState(listener: () => void): () => void {
  listeners.add(listener);
  addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    removeEventListener("storage", listener);
  };
}

/** For useSyncExternalStore: what the controls draw from, as one comparable string. */
export function pushStateSnapshot(): string {
  let stored = "";
  try {
    stored = localStorage.getItem(STORE_KEY) ?? "";
  } catch {
    // No storage: nothing stored.
  }
  return `${pushSupport()} ${stored}`;
}

/** The snapshot read back: this browser's support and its stored choices. */
export function readPushSnapshot(snapshot: string): { support: PushSupport; stored: StoredPush | null } {
  const space = snapshot.indexOf(" ");
  const support = snapshot.slice(0, space) as PushSupport;
  try {
    const value = JSON.parse(snapshot.slice(space + 1) || "null") as StoredPush | null;
    return { support, stored: value && typeof value.endpoint === "string" && Array.isArray(value.choices?.kinds) ? value : null };
  } catch {
    return { support, stored: null };
  }
}

/** Whether what a control asks for is among the stored choices already. */
export function isIncluded(stored: StoredPush | null, request: PushRequest): boolean {
  if (!stored) return false;
  const kinds = request.kinds.every((kind) => stored.choices.kinds.includes(kind));
  const driver = !request.driverId || stored.choices.driverIds.length === 0 || stored.choices.driverIds.includes(request.driverId);
  return kinds && driver;
}

/**
 * The choices after a control's tap: its kinds added; its driver added to those followed (a fan
 * who follows the whole team hears about every driver already, so that stays).
 */
export function mergedChoices(stored: StoredPush | null, request: PushRequest): PushChoices {
  if (!stored) return { kinds: request.kinds, driverIds: request.driverId ? [request.driverId] : [] };
  const kinds = [...new Set([...stored.choices.kinds, ...request.kinds])];
  const driverIds =
    request.driverId && stored.choices.driverIds.length > 0 && !stored.choices.driverIds.includes(request.driverId)
      ? [...stored.choices.driverIds, request.driverId]
      : stored.choices.driverIds;
  return { kinds, driverIds };
}

/** Asks for permission; call it first thing in a tap's handler (Safari asks only in answer to one). */
export function askPermission(): Promise<NotificationPermission> {
  return Notification.permission === "granted" ? Promise.resolve("granted") : Notification.requestPermission();
}
