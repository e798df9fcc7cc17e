/**
 * The live desk's actions, read from a request: the page's form (with or without JavaScript) and
 * the phone's outbox (`/admin/live/:roundId/posts`, JSON answers) both come here. Every input is
 * read with Zod; a refusal is a message, never a 500; nothing is saved unless all of it is.
 */
import { asc, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { drivers, rounds, roundSessions, seasons, tickerPosts } from "../../../db/schema";
import { auditedWrite, type AuditContext } from "~/features/admin/audit.server";
import { DeskInputError } from "~/features/admin/desk/desk-write.server";
import type { StaffUser } from "~/features/admin/staff.server";
import { MEDIA_MESSAGES } from "~/features/media/media";
import { saveUpload } from "~/features/media/media.server";
import { processUpload } from "~/features/media/process.server";
import { databaseMediaStorage } from "~/features/media/storage.server";
import { readMediaUploadForm } from "~/features/media/upload.server";
import { parseFormBody } from "~/lib/forms.server";
import { firstErrorPerField } from "~/lib/form-errors";
import { nextRound, withInstants } from "~/lib/race-time";
import { createTickerPost, editTickerPost, removeTickerPost, sessionActionOutcome, setSessionState } from "./live-desk.server";
import { formFields, sessionStateSchema, tickerEditSchema, tickerPostSchema, tickerRemoveSchema } from "./live-desk-form";

export interface LiveDeskAnswer {
  tone: "success" | "error";
  message: string;
  errors: Record<string, string>;
  /** The post stored (a new one, or the one a retried key had stored). */
  postId?: number;
  /** The key of the post this answer is about, so the outbox knows which to let go. */
  clientKey?: string;
}

export type LiveDeskOutcome = { status: 200 | 400 | 404 | 409 | 413; answer: LiveDeskAnswer };

const refused = (
  status: 400 | 404 | 409 | 413,
  message: string,
  errors: Record<string, string> = {},
  clientKey?: string,
): LiveDeskOutcome => ({
  status,
  answer: { tone: "error", message, errors, clientKey },
});

type FormRead = { ok: true; form: FormData; photo: Buffer | null } | { ok: false; status: 400 | 413; message: string };

/** The desk's form: multipart when it may carry a photo (read as it streams, at most one file), else urlencoded. */
async function readDeskForm(request: Request): Promise<FormRead> {
  if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    const read = await readMediaUploadForm(request);
    if (!read.ok) return { ok: false, status: read.status, message: read.status === 413 ? MEDIA_MESSAGES.imageTooLarge : read.message };
    return { ok: true, form: read.form, photo: read.file };
  }
  const body = await parseFormBody(request);
  return body.ok ? { ok: true, form: body.form, photo: null } : body;
}

/** Runs a desk write; a DeskInputError is a 400 with its field's message, a version conflict a 409. */
async function write<T>(
  context: AuditContext,
  staff: StaffUser,
  work: Parameters<typeof auditedWrite<T>>[2],
  success: (value: T) => Omit<LiveDeskAnswer, "tone" | "errors">,
  clientKey?: string,
): Promise<LiveDeskOutcome> {
  try {
    const result = await auditedWrite(context, staff, work);
    if (!result.ok) return refused(409, "Someone changed this post since you opened it; reload to see it.", {}, clientKey);
    return { status: 200, answer: { tone: "success", errors: {}, clientKey, ...success(result.value) } };
  } catch (error) {
    if (error instanceof DeskInputError) return refused(400, error.message, { [error.field]: error.message }, clientKey);
    throw error;
  }
}

/** A new ticker post (with its photo through the media pipeline), stored once per clientKey. */
export async function postTicker(
  context: AuditContext,
  staff: StaffUser,
  roundId: string,
  form: FormData,
  photo: Buffer | null,
): Promise<LiveDeskOutcome> {
  const fields = formFields(form);
  const parsed = tickerPostSchema.safeParse(fields);
  const clientKey = typeof fields.clientKey === "string" ? fields.clientKey.slice(0, 64) : undefined;
  if (!parsed.success) {
    const errors = firstErrorPerField(parsed.error);
    return refused(400, Object.values(errors)[0] ?? "Please correct the post.", errors, clientKey);
  }
  const input = parsed.data;
  // A retry of a post already stored (the phone never heard the answer): answered before its
  // photo is processed and saved again, so a weak connection leaves one copy in the library.
  const [stored] = await context.db
    .select({ id: tickerPosts.id, roundId: tickerPosts.roundId })
    .from(tickerPosts)
    .where(eq(tickerPosts.clientKey, input.clientKey));
  if (stored && stored.roundId === roundId) {
    return {
      status: 200,
      answer: {
        tone: "success",
        errors: {},
        clientKey: input.clientKey,
        postId: stored.id,
        message: "Already posted: this update was stored once.",
      },
    };
  }
  let mediaAssetId: string | null = null;
  if (input.kind === "photo") {
    if (!photo) return refused(400, "Take or choose a photo to post.", { file: "Take or choose a photo to post." }, clientKey);
    const processed = await processUpload(photo);
    if (!processed.ok)
      return refused(
        processed.message === MEDIA_MESSAGES.imageTooLarge ? 413 : 400,
        processed.message,
        { file: processed.message },
        clientKey,
      );
    if (processed.media.type.kind !== "image") {
      const message = "Post a photo: a JPEG, PNG, WebP or AVIF image.";
      return refused(400, message, { file: message }, clientKey);
    }
    const altText = input.body ? input.body.slice(0, 300) : "A photo from the paddock";
    const saved = await saveUpload(context, staff, databaseMediaStorage(context.db), processed.media, {
      altText,
      caption: input.body,
      credit: "",
    });
    mediaAssetId = saved.asset.id;
  }
  return write(
    context,
    staff,
    (tx) => createTickerPost(tx, roundId, input, { mediaAssetId, actorId: staff.id }),
    ({ postId, created }) => ({ postId, message: created ? "Posted to the ticker." : "Already posted: this update was stored once." }),
    input.clientKey,
  );
}

/** Every desk action of the page's form, by its intent. */
export async function liveDeskAction(context: AuditContext, staff: StaffUser, roundId: string, request: Request): Promise<LiveDeskOutcome> {
  const read = await readDeskForm(request);
  if (!read.ok) return refused(read.status, read.message, { file: read.message });
  const { form } = read;
  const fields = formFields(form);
  const [round] = await context.db
    .select({ id: rounds.id })
    .from(rounds)
    .where(eq(rounds.id, roundId.slice(0, 200)));
  if (!round)
    return refused(
      404,
      "There is no such round; reload the page.",
      {},
      typeof fields.clientKey === "string" ? fields.clientKey.slice(0, 64) : undefined,
    );
  switch (fields.intent) {
    case "post":
      return postTicker(context, staff, roundId, form, read.photo);
    case "session": {
      const parsed = sessionStateSchema.safeParse(fields);
      if (!parsed.success) return refused(400, parsed.error.issues[0]!.message);
      const { sessionId, action } = parsed.data;
      return write(
        context,
        staff,
        async (tx) => {
          const [session] = await tx.select({ name: roundSessions.name }).from(roundSessions).where(eq(roundSessions.id, sessionId));
          const outcome = sessionActionOutcome(action, session?.name ?? "The session");
          const change = await setSessionState(tx, roundId, sessionId, outcome.state, staff.id);
          return { value: { ...change.value, words: outcome.words }, audit: change.audit };
        },
        ({ words, changed }) => ({
          message: changed ? `${words.charAt(0).toUpperCase()}${words.slice(1)}.` : `Nothing changed: ${words} already.`,
        }),
      );
    }
    case "edit": {
      const parsed = tickerEditSchema.safeParse(fields);
      if (!parsed.success) {
        const errors = firstErrorPerField(parsed.error);
        return refused(400, Object.values(errors)[0] ?? "Please correct the post.", errors);
      }
      return write(
        context,
        staff,
        (tx) => editTickerPost(tx, roundId, parsed.data),
        ({ postId }) => ({ postId, message: "Post updated." }),
      );
    }
    case "remove": {
      const parsed = tickerRemoveSchema.safeParse(fields);
      if (!parsed.success) return refused(400, parsed.error.issues[0]!.message);
      return write(
        context,
        staff,
        (tx) => removeTickerPost(tx, roundId, parsed.data),
        ({ postId }) => ({ postId, message: "Post removed from the ticker." }),
      );
    }
    default:
      return refused(400, "That is not something the live desk does.");
  }
}

/** The round the desk opens on: the one under way or next by the clock, else the last one. */
export async function currentDeskRoundId(db: Database, now: Date): Promise<string | null> {
  const [current] = await db.select({ year: seasons.year }).from(seasons).orderBy(desc(seasons.isCurrent), desc(seasons.year)).limit(1);
  if (!current) return null;
  const season = (await db.select().from(rounds).where(eq(rounds.seasonYear, current.year)).orderBy(asc(rounds.startDate))).map((round) =>
    withInstants(round),
  );
  return nextRound(season, now)?.id ?? season.at(-1)?.id ?? null;
}

/** Our drivers, for the position post's picker. */
export async function deskDrivers(db: Database) {
  return db
    .select({ id: drivers.id, name: drivers.name, number: drivers.number })
    .from(drivers)
    .where(isNull(drivers.deletedAt))
    .orderBy(asc(drivers.sortOrder));
}
