import type { RequestContext } from "~/context";
import { isRequestBodyTooLarge } from "~/lib/request-body";
import { z } from "~/lib/zod";
import { countsAsView, isPartnerSlug, placementShape } from "./placements";
import { hasSeenObjection, MAX_SEEN_PER_BEACON } from "./seen";

/**
 * Beacons this process takes per second from everyone together, before it reads a body: a flood
 * costs it a counter increment. A person's page sends one beacon for a few marks.
 */
export const SEEN_PROCESS_LIMIT_PER_SECOND = 200;

/** "<placement>/<partner>" pairs, space separated, as the reporter sends them. */
const seenBeaconSchema = z
  .string()
  .trim()
  .min(1, "The beacon names no partner")
  .transform((text) => [...new Set(text.split(/\s+/))])
  .pipe(
    z
      .array(
        z.string().refine((pair) => {
          const [placementId, partnerId, extra] = pair.split("/");
          return !!placementId && !!partnerId && extra === undefined && placementShape(placementId) !== null && isPartnerSlug(partnerId);
        }, "Each mark must be <placement>/<partner>"),
      )
      .max(MAX_SEEN_PER_BEACON, `A beacon names at most ${MAX_SEEN_PER_BEACON} marks`),
  );

const noStore = { "Cache-Control": "no-store" };

function answer(status: number, error?: string): Response {
  return error ? Response.json({ error }, { status, headers: noStore }) : new Response(null, { status, headers: noStore });
}

let processWindow = { second: 0, count: 0 };

function withinProcessLimit(now: number): boolean {
  const second = Math.floor(now / 1000);
  if (processWindow.second !== second) processWindow = { second, count: 0 };
  processWindow.count += 1;
  return processWindow.count <= SEEN_PROCESS_LIMIT_PER_SECOND;
}

/**
 * POST /api/partner-seen (ADR 0145): the marks a page saw, "<placement>/<partner>" pairs as text
 * (navigator.sendBeacon). Each counts one "seen" for its partner and placement today, when the
 * request is a person's browser (not a crawler, not a prefetch), carries no objection and no
 * Global Privacy Control signal; the counter drops pairs staff have not linked. 204 either way
 * (whether it counted says nothing about the sender); 400 for a body that is not that, 413 over
 * the size limit, 429 over the process's limit. Reads one cookie (the objection), sets none.
 */
export async function handleSeenBeacon(request: Request, context: Pick<RequestContext, "partnerCounter">): Promise<Response> {
  if (!withinProcessLimit(Date.now())) return answer(429, "Too many beacons just now");
  let text: string;
  try {
    text = await request.text();
  } catch (error) {
    return isRequestBodyTooLarge(error) ? answer(413, "The beacon is too large") : answer(400, "The request body could not be read");
  }
  const parsed = seenBeaconSchema.safeParse(text);
  if (!parsed.success) return answer(400, parsed.error.issues[0]?.message ?? "The beacon could not be read");
  const counter = context.partnerCounter;
  const header = (name: string) => request.headers.get(name);
  if (!counter || hasSeenObjection(header("cookie")) || header("sec-gpc") === "1" || !countsAsView(header)) return answer(204);
  for (const pair of parsed.data) {
    const [placementId, partnerId] = pair.split("/") as [string, string];
    counter.add(partnerId, placementId, "seen");
  }
  return answer(204);
}
