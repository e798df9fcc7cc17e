/** Where a browser keeps its push subscription, and removes it (push-subscriptions.server.ts). */
export const PUSH_SUBSCRIPTION_PATH = "/api/push/subscription";
export const PUSH_UNSUBSCRIBE_PATH = "/api/push/unsubscribe";
/** A subscription with every choice and a season of revealed rounds is under 3 kB. */
export const MAX_PUSH_REQUEST_BYTES = 8 * 1024;
