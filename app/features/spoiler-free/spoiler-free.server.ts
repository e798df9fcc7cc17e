import { and, desc, eq, lte } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { rounds } from "../../../db/schema";
import { getPublicSeasonYear } from "~/features/calendar/season.server";
import { formatUkWeekdayDateTime, ukIsoDate } from "~/lib/dates";
import { pathOnThisSite } from "~/lib/site-path";
import {
  changeSpoilerFree,
  isRoundHidden,
  isSpoilerFreeRoundId,
  parseSpoilerFree,
  spoilerFreeCookieHeader,
  spoilerFreeCookieValue,
  type SpoilerFreeChange,
} from "~/lib/spoiler-free";
import { z } from "~/lib/zod";
import { SPOILER_FREE_FIELDS, SPOILER_FREE_PATH } from "./spoiler-guard";

const NOT_A_ROUND = "That is not a round of the calendar.";

const returnTo = z
  .string()
  .max(2_000)
  .optional()
  .transform((value) => pathOnThisSite(value) ?? SPOILER_FREE_PATH);

/** A change of the mode as the forms post it (spoiler-free-form.tsx). */
const spoilerFreeChangeSchema = z.discriminatedUnion(SPOILER_FREE_FIELDS.intent, [
  z.object({ intent: z.literal("on"), returnTo }),
  z.object({ intent: z.literal("off"), returnTo }),
  z.object({
    intent: z.literal("reveal"),
    roundId: z.string().refine(isSpoilerFreeRoundId),
    returnTo,
  }),
]);

export type SpoilerFreeFormOutcome =
  { kind: "changed"; location: string; setCookie: string } | { kind: "refused"; status: 400; message: string };

/**
 * A posted change: validated, the round to reveal looked up, the new cookie computed on the
 * server's clock (the browser loads no time-zone data, ADR 0112), and the page to go back to.
 */
export async function applySpoilerFreeForm(
  form: FormData,
  cookieHeader: string | null,
  context: { db: Database; now: Date; secure: boolean },
): Promise<SpoilerFreeFormOutcome> {
  const parsed = spoilerFreeChangeSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const aboutTheRound = parsed.error.issues.some((issue) => issue.path[0] === SPOILER_FREE_FIELDS.roundId);
    return {
      kind: "refused",
      status: 400,
      message: aboutTheRound ? NOT_A_ROUND : "Choose to turn spoiler-free mode on or off, or a round to reveal.",
    };
  }
  const { returnTo: location, ...fields } = parsed.data;
  const change: SpoilerFreeChange = fields;
  if (change.intent === "reveal" && !(await roundExists(context.db, change.roundId))) {
    return { kind: "refused", status: 400, message: NOT_A_ROUND };
  }
  const current = parseSpoilerFree(spoilerFreeCookieValue(cookieHeader), context.now);
  const next = changeSpoilerFree(current, change, context.now);
  return { kind: "changed", location, setCookie: spoilerFreeCookieHeader(next, { secure: context.secure, now: context.now }) };
}

async function roundExists(db: Database, roundId: string): Promise<boolean> {
  const [row] = await db.select({ id: rounds.id }).from(rounds).where(eq(rounds.id, roundId)).limit(1);
  return row !== undefined;
}

/** The mode as this browser has it, and the season's rounds so far, each hidden or shown. */
export async function getSpoilerFreePage(db: Database, cookieHeader: string | null, now: Date) {
  const state = parseSpoilerFree(spoilerFreeCookieValue(cookieHeader), now);
  const seasonYear = await getPublicSeasonYear(db);
  const started =
    seasonYear === null
      ? []
      : await db
          .select({ id: rounds.id, roundNumber: rounds.roundNumber, name: rounds.name })
          .from(rounds)
          .where(and(eq(rounds.seasonYear, seasonYear), lte(rounds.startDate, ukIsoDate(now))))
          .orderBy(desc(rounds.startDate));
  return {
    // "Monday 30 November at 23:00": written here, as every time the site shows in UK time.
    endsAt: state ? formatUkWeekdayDateTime(state.until) : null,
    rounds: started.map((round) => ({ ...round, hidden: isRoundHidden(state, round.id) })),
  };
}
