import { pageParam } from "~/lib/pagination";

/** The subscribers list's states and search, shared by the page, its export and the server code. */

export const SUBSCRIBER_PAGE_SIZE = 50;
export const SUBSCRIBER_STATES = ["all", "confirmed", "pending", "unsubscribed"] as const;
export type SubscriberState = (typeof SUBSCRIBER_STATES)[number];

export function subscriberState(row: { confirmedAt: Date | null; unsubscribedAt: Date | null }): Exclude<SubscriberState, "all"> {
  if (row.unsubscribedAt) return "unsubscribed";
  return row.confirmedAt ? "confirmed" : "pending";
}

/** The list's search from its URL (the export reads the same). */
export function subscriberQuery(url: URL): { q: string; state: SubscriberState; page: number } {
  const state = url.searchParams.get("state");
  return {
    q: (url.searchParams.get("q") ?? "").slice(0, 200),
    state: (SUBSCRIBER_STATES as readonly string[]).includes(state ?? "") ? (state as SubscriberState) : "all",
    page: pageParam(url.searchParams),
  };
}
