/*
 * What a push is about (issue 40), as stored with it (`pushes.content`), and the rules that follow
 * from its kind alone: its topic (one push per event), what a newer push replaces, how long a push
 * service keeps it for a phone that is offline, how urgent it is, and which fans it concerns.
 * Pure: the queue, the sender and the tests share it.
 */

/** What a fan can choose to hear. */
export const PUSH_KINDS = ["session", "result", "report", "drop"] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

export const PUSH_KIND_LABELS: Record<PushKind, { label: string; hint: string }> = {
  session: { label: "Sessions", hint: "15 minutes before each session starts" },
  result: { label: "Results", hint: "When a result is out, provisional and final" },
  report: { label: "Race reports", hint: "When a race report is published" },
  drop: { label: "Shop drops", hint: "New kit in the shop, and sales" },
};

/** A driver's place in a classification, as fans read it: "P3", "DNF", "DSQ". */
export interface Placing {
  driverId: string;
  name: string;
  placing: string;
}

export type PushContent =
  | {
      kind: "session";
      roundId: string;
      roundName: string;
      roundNumber: number;
      sessionId: string;
      sessionName: string;
      /** UK local time it starts, as printed: "13:15". */
      startsAt: string;
      /** Our drivers in the session's class (every driver when its name names no class). */
      drivers: Array<{ id: string; name: string }>;
    }
  | {
      kind: "result";
      roundId: string;
      roundName: string;
      roundNumber: number;
      sessionId: string;
      sessionName: string;
      version: number;
      status: "provisional" | "final";
      /** A later version of a result already out (a re-issue after a bulletin). */
      revised: boolean;
      /** Our drivers in this classification, in finishing order. */
      placings: Placing[];
    }
  | { kind: "report"; articleId: string; slug: string; title: string; excerpt: string }
  | {
      kind: "drop";
      productId: number;
      slug: string;
      name: string;
      /** New in the shop (added, or shown again), or on sale. */
      event: "new" | "sale";
      pricePence: number;
      originalPricePence: number | null;
    };

export type PushUrgency = "very-low" | "low" | "normal" | "high";

/** How a push is sent: its unique topic, what it replaces, its TTL and urgency. */
export interface PushPolicy {
  topic: string;
  collapseKey: string;
  ttlSeconds: number;
  urgency: PushUrgency;
}

const HOUR = 3_600;

/**
 * The topic (one push per event, whoever queues it), the collapse key (a final result replaces
 * its provisional one still waiting at the push service or shown on the phone), and a TTL in
 * hours, never 0: a phone offline at the circuit still gets the result when it has signal again.
 * `version` is a drop's product version (a product can go on sale again later).
 */
export function pushPolicy(content: PushContent, version = 0): PushPolicy {
  switch (content.kind) {
    case "session":
      // Worth hearing until the session has been running a while; not the next morning.
      return { topic: `session-soon:${content.sessionId}`, collapseKey: `session-${content.sessionId}`, ttlSeconds: HOUR, urgency: "high" };
    case "result":
      return {
        topic: `result:${content.sessionId}:v${content.version}`,
        collapseKey: `result-${content.sessionId}`,
        ttlSeconds: 6 * HOUR,
        urgency: "high",
      };
    case "report":
      return {
        topic: `article:${content.articleId}`,
        collapseKey: `report-${content.articleId}`,
        ttlSeconds: 24 * HOUR,
        urgency: "normal",
      };
    case "drop":
      return {
        topic: `drop:${content.productId}:v${version}`,
        collapseKey: `drop-${content.productId}`,
        ttlSeconds: 24 * HOUR,
        urgency: "normal",
      };
  }
}

/**
 * The drivers a push concerns, for choosing its recipients: a fan who follows drivers hears about
 * those; a fan who follows none hears about the whole team. `null`: the push is about no driver
 * (a race report, a shop drop), so everyone who chose its kind hears it.
 */
export function driversConcerned(content: PushContent): string[] | null {
  switch (content.kind) {
    case "session":
      return content.drivers.map((driver) => driver.id);
    case "result":
      return content.placings.map((placing) => placing.driverId);
    case "report":
    case "drop":
      return null;
  }
}

/** Whether a subscription with these choices receives the push (the fan-out's SQL says the same). */
export function isRecipient(choices: { kinds: readonly string[]; driverIds: readonly string[] }, content: PushContent): boolean {
  if (!choices.kinds.includes(content.kind)) return false;
  const drivers = driversConcerned(content);
  if (drivers === null || choices.driverIds.length === 0) return true;
  return choices.driverIds.some((id) => drivers.includes(id));
}

/**
 * The class a session is for, when its name says ("F3A Race 1", "FF1600 Qualifying"); null when
 * it names none (the seed's "Race 1"), which means every class of the round.
 */
export function sessionClassOf(sessionName: string, classes: readonly string[]): string | null {
  const words = sessionName.toUpperCase().split(/[^A-Z0-9]+/);
  return classes.find((racingClass) => words.includes(racingClass.toUpperCase())) ?? null;
}

/** What a push was about, in a line for staff: "Race 2, Silverstone National: final result (v2)". */
export function describePush(content: PushContent): string {
  switch (content.kind) {
    case "session":
      return `${content.sessionName}, ${content.roundName}: starts at ${content.startsAt}`;
    case "result":
      return `${content.sessionName}, ${content.roundName}: ${content.revised ? "revised" : content.status} result (v${content.version})`;
    case "report":
      return `Race report: ${content.title}`;
    case "drop":
      return `${content.event === "sale" ? "On sale" : "New in the shop"}: ${content.name}`;
  }
}

export interface ProductState {
  id: number;
  slug: string;
  name: string;
  active: boolean;
  pricePence: number;
  originalPricePence: number | null;
  version: number;
}

/**
 * What a product change is for fans (ADR 0138): "new" when a product appears in the shop (made
 * visible, or shown again), "sale" when a shown product goes on sale; anything else is not a drop.
 */
export function dropOf(before: ProductState | null, after: ProductState): "new" | "sale" | null {
  if (!after.active) return null;
  if (!before?.active) return "new";
  if (after.originalPricePence !== null && before.originalPricePence === null) return "sale";
  return null;
}
