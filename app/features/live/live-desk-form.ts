/**
 * The live desk's inputs (issue 39), read with Zod on the server and shared with the phone's
 * composer: a session's state in two taps, and the paddock ticker's posts. Pure.
 */
import { z } from "~/lib/zod";
import { MEDIA_IMAGE_MAX_BYTES } from "~/features/media/media";
import type { StaffSessionState } from "./live-round";

/** The largest ticker form: a phone's photo and a few fields. Counted while it streams (server/body-limit.ts). */
export const LIVE_DESK_MAX_BODY_BYTES = MEDIA_IMAGE_MAX_BYTES + 64 * 1024;
export const TICKER_BODY_MAX = 280;
export const TICKER_PHOTO_FIELD = "photo";
export const TICKER_PHOTO_ACCEPT = "image/*";

/** The desk's address for a round. */
export const liveDeskPath = (roundId: string) => `/admin/live/${encodeURIComponent(roundId)}`;

/** The session actions staff tap, and the state each sets (null: back to the timetable). */
export const SESSION_ACTIONS = {
  start: { label: "Start", state: "running" },
  "red-flag": { label: "Red flag", state: "red_flag" },
  resume: { label: "Resume", state: "running" },
  chequered: { label: "Chequered flag", state: "finished" },
  timetable: { label: "Back to timetable", state: null },
} as const satisfies Record<string, { label: string; state: StaffSessionState | null }>;
export type SessionAction = keyof typeof SESSION_ACTIONS;

/** What can be tapped from where a session stands (its staff state, or null when following the timetable). */
export function sessionActionsFor(staffState: StaffSessionState | null): SessionAction[] {
  switch (staffState) {
    case null:
    case "scheduled":
      return staffState ? ["start", "chequered", "timetable"] : ["start", "red-flag", "chequered"];
    case "running":
      return ["red-flag", "chequered", "timetable"];
    case "red_flag":
      return ["resume", "chequered", "timetable"];
    case "finished":
      return ["resume", "timetable"];
  }
}

const id = (what: string) =>
  z
    .string({ error: `Choose the ${what}.` })
    .trim()
    .min(1, `Choose the ${what}.`)
    .max(200, `That ${what} is not one of this round's.`);

export const sessionStateSchema = z.object({
  sessionId: id("session"),
  action: z.enum(Object.keys(SESSION_ACTIONS) as [SessionAction, ...SessionAction[]], { error: "Choose what happened to the session." }),
});

/** A phone's own key for a post: random, so a retried post is stored once. */
export const clientKeyField = z
  .string({ error: "The post has no key; reload the page and post again." })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, "The post has no key; reload the page and post again.");

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Keep it to ${max} characters.`)
    .optional()
    .transform((value) => value ?? "");

const optionalId = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((value) => (value ? value : null));

const positionField = z.coerce
  .number({ error: "Give the position as a number." })
  .int("Give the position as a whole number.")
  .min(1, "Positions start at 1.")
  .max(99, "Positions stop at 99.");

export const TICKER_KINDS = ["text", "photo", "position", "state"] as const;

/** A new post, as the form sends it (the photo file is read apart). */
export const tickerPostSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({
      kind: z.literal("text"),
      clientKey: clientKeyField,
      body: z.string().trim().min(1, "Write the update.").max(TICKER_BODY_MAX, `Keep it to ${TICKER_BODY_MAX} characters.`),
    }),
    z.object({ kind: z.literal("photo"), clientKey: clientKeyField, body: optionalText(TICKER_BODY_MAX) }),
    z.object({
      kind: z.literal("position"),
      clientKey: clientKeyField,
      driverId: id("driver"),
      position: positionField,
      sessionId: optionalId,
      body: optionalText(TICKER_BODY_MAX),
    }),
    z.object({
      kind: z.literal("state"),
      clientKey: clientKeyField,
      sessionId: id("session"),
      action: z.enum(Object.keys(SESSION_ACTIONS) as [SessionAction, ...SessionAction[]], {
        error: "Choose what happened to the session.",
      }),
      body: optionalText(TICKER_BODY_MAX),
    }),
  ],
  { error: "Choose the kind of post." },
);
export type TickerPostInput = z.infer<typeof tickerPostSchema>;

export const tickerEditSchema = z.object({
  postId: z.coerce.number({ error: "Choose the post." }).int().positive("Choose the post."),
  version: z.coerce.number({ error: "Reload the page and try again." }).int().min(1).max(2_147_483_647, "Reload the page and try again."),
  body: optionalText(TICKER_BODY_MAX),
  position: z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), positionField.optional()),
});

export const tickerRemoveSchema = tickerEditSchema.pick({ postId: true, version: true });

/** Every form value as a string (a file is left out), for the schemas above. */
export function formFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string") fields[name] = value;
  return fields;
}
