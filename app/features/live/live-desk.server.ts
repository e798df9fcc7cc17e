/**
 * The live desk's writes (issue 39): a session's state, and the paddock ticker's posts. Each is
 * an audited write, and each appends the live event the round page shows it by, in the same
 * transaction (`appendLiveEvent`): no change without its event, no event without its change.
 */
import { and, eq, isNull } from "drizzle-orm";
import { roundSessions, sessionStates, tickerPosts } from "../../../db/schema";
import { DeskInputError } from "~/features/admin/desk/desk-write.server";
import { lockRecord, updateVersioned, type AuditEntry, type Tx } from "~/features/admin/audit.server";
import { appendLiveEvent, rewriteTickerHistory } from "./live-events.server";
import { SESSION_PHASE_LABELS, type StaffSessionState } from "./live-round";
import { tickerViews } from "./live-round.server";
import { SESSION_ACTIONS, type SessionAction, type TickerPostInput } from "./live-desk-form";
import { drivers } from "../../../db/schema";

const TICKER_TABLE = { table: tickerPosts, id: tickerPosts.id, entityType: "ticker_post" } as const;

async function sessionOf(tx: Tx, roundId: string, sessionId: string) {
  const [session] = await tx
    .select()
    .from(roundSessions)
    .where(and(eq(roundSessions.roundId, roundId), eq(roundSessions.id, sessionId)));
  if (!session) throw new DeskInputError("sessionId", "That session is not one of this round's; reload the page.");
  return session;
}

/**
 * Sets a session's state as staff tapped it (null: back to its timetable). Audited as a
 * `session_state` of the session's id; appends a `session` live event.
 */
export async function setSessionState(
  tx: Tx,
  roundId: string,
  sessionId: string,
  state: StaffSessionState | null,
  actorId: string | null,
  at: Date = new Date(),
): Promise<{ value: { sessionName: string; state: StaffSessionState | null; changed: boolean }; audit: AuditEntry[] }> {
  const session = await sessionOf(tx, roundId, sessionId);
  const [before] = await tx.select().from(sessionStates).where(eq(sessionStates.sessionId, sessionId)).for("update");
  if ((before?.state ?? null) === state) return { value: { sessionName: session.name, state, changed: false }, audit: [] };
  let after: typeof sessionStates.$inferSelect | undefined;
  if (state === null) {
    await tx.delete(sessionStates).where(eq(sessionStates.sessionId, sessionId));
  } else {
    [after] = await tx
      .insert(sessionStates)
      .values({ sessionId, roundId, state, changedAt: at, changedBy: actorId })
      .onConflictDoUpdate({
        target: sessionStates.sessionId,
        set: { state, changedAt: at, changedBy: actorId, version: before ? before.version + 1 : 1 },
      })
      .returning();
  }
  await appendLiveEvent(tx, { roundId, kind: "session", payload: { sessionId, state, at: at.toISOString() } });
  return {
    value: { sessionName: session.name, state, changed: true },
    audit: [
      {
        action: state === null ? "delete" : before ? "update" : "create",
        entityType: "session_state",
        entityId: sessionId,
        entityLabel: `${session.name} (${roundId})`,
        before: before ?? null,
        after: after ?? null,
      },
    ],
  };
}

/** What a session action sets, and how the desk says it. */
export function sessionActionOutcome(action: SessionAction, sessionName: string): { state: StaffSessionState | null; words: string } {
  const { state } = SESSION_ACTIONS[action];
  return {
    state,
    words: state ? `${sessionName}: ${SESSION_PHASE_LABELS[state].toLowerCase()}` : `${sessionName} follows its timetable again`,
  };
}

async function postView(tx: Tx, row: typeof tickerPosts.$inferSelect) {
  const [view] = await tickerViews(tx, [row]);
  return view!;
}

/**
 * Stores a ticker post once per `clientKey`: a retried post (the phone never heard the answer)
 * finds the one stored and changes nothing. A state post also sets the session's state.
 */
export async function createTickerPost(
  tx: Tx,
  roundId: string,
  input: TickerPostInput,
  extra: { mediaAssetId: string | null; actorId: string | null; at?: Date },
): Promise<{ value: { postId: number; created: boolean }; audit: AuditEntry[] }> {
  const at = extra.at ?? new Date();
  const [existing] = await tx.select().from(tickerPosts).where(eq(tickerPosts.clientKey, input.clientKey));
  if (existing) {
    if (existing.roundId !== roundId) throw new DeskInputError("clientKey", "That post belongs to another round; reload the page.");
    return { value: { postId: existing.id, created: false }, audit: [] };
  }
  const audit: AuditEntry[] = [];
  let body = input.body;
  let driverId: string | null = null;
  let position: number | null = null;
  let sessionId: string | null = null;
  if (input.kind === "photo" && !extra.mediaAssetId) throw new DeskInputError("photo", "Take or choose a photo to post.");
  if (input.kind === "position") {
    const [driver] = await tx
      .select({ id: drivers.id })
      .from(drivers)
      .where(and(eq(drivers.id, input.driverId), isNull(drivers.deletedAt)));
    if (!driver) throw new DeskInputError("driverId", "Choose one of our drivers.");
    if (input.sessionId) sessionId = (await sessionOf(tx, roundId, input.sessionId)).id;
    driverId = driver.id;
    position = input.position;
  }
  if (input.kind === "state") {
    const outcome = sessionActionOutcome(input.action, (await sessionOf(tx, roundId, input.sessionId)).name);
    const change = await setSessionState(tx, roundId, input.sessionId, outcome.state, extra.actorId, at);
    audit.push(...change.audit);
    sessionId = input.sessionId;
    if (!body) body = outcome.words.charAt(0).toUpperCase() + outcome.words.slice(1) + ".";
  }
  const inserted = await tx
    .insert(tickerPosts)
    .values({
      roundId,
      clientKey: input.clientKey,
      kind: input.kind,
      body,
      mediaAssetId: input.kind === "photo" ? extra.mediaAssetId : null,
      driverId,
      position,
      sessionId,
      postedAt: at,
      postedBy: extra.actorId,
    })
    .onConflictDoNothing({ target: tickerPosts.clientKey })
    .returning();
  const row = inserted[0];
  if (!row) {
    // Another request with the same key committed between the look-up and the insert.
    throw new DeskInputError("clientKey", "This post was just sent from another tab; reload the page.");
  }
  await appendLiveEvent(tx, { roundId, kind: "ticker", payload: await postView(tx, row) });
  audit.push({
    action: "create",
    entityType: TICKER_TABLE.entityType,
    entityId: String(row.id),
    entityLabel: row.body.slice(0, 60) || row.kind,
    before: null,
    after: row,
  });
  return { value: { postId: row.id, created: true }, audit };
}

async function lockPost(tx: Tx, roundId: string, postId: number) {
  const post = await lockRecord(tx, TICKER_TABLE, postId, and(eq(tickerPosts.roundId, roundId), isNull(tickerPosts.deletedAt)));
  if (!post) throw new DeskInputError("postId", "That post is no longer on the ticker; reload the page.");
  return post;
}

/** Changes a post's words (and a position post's position); the round page shows the edit. */
export async function editTickerPost(
  tx: Tx,
  roundId: string,
  edit: { postId: number; version: number; body: string; position?: number },
): Promise<{ value: { postId: number }; audit: AuditEntry[] }> {
  const before = await lockPost(tx, roundId, edit.postId);
  if (before.kind === "text" && !edit.body) throw new DeskInputError("body", "Write the update, or remove the post.");
  const after = await updateVersioned(tx, TICKER_TABLE, edit.postId, edit.version, {
    body: edit.body,
    position: before.kind === "position" && edit.position !== undefined ? edit.position : before.position,
    editedAt: new Date(),
  });
  const view = await postView(tx, after);
  await rewriteTickerHistory(tx, roundId, after.id, view);
  await appendLiveEvent(tx, { roundId, kind: "ticker", payload: view });
  return {
    value: { postId: after.id },
    audit: [{ action: "update", entityType: TICKER_TABLE.entityType, entityId: String(after.id), before, after }],
  };
}

/** Takes a post off the ticker (kept, marked deleted, for the audit trail). */
export async function removeTickerPost(
  tx: Tx,
  roundId: string,
  remove: { postId: number; version: number },
): Promise<{ value: { postId: number }; audit: AuditEntry[] }> {
  const before = await lockPost(tx, roundId, remove.postId);
  const after = await updateVersioned(tx, TICKER_TABLE, remove.postId, remove.version, { deletedAt: new Date() });
  await rewriteTickerHistory(tx, roundId, after.id, null);
  await appendLiveEvent(tx, { roundId, kind: "ticker-removed", payload: { postId: after.id } });
  return {
    value: { postId: after.id },
    audit: [{ action: "delete", entityType: TICKER_TABLE.entityType, entityId: String(after.id), before, after }],
  };
}

/** The posts a desk lists (with their versions, for editing), newest first. */
export async function deskTickerPosts(tx: Pick<Tx, "select">, roundId: string) {
  const rows = await tx
    .select()
    .from(tickerPosts)
    .where(and(eq(tickerPosts.roundId, roundId), isNull(tickerPosts.deletedAt)));
  rows.sort((a, b) => b.postedAt.getTime() - a.postedAt.getTime() || b.id - a.id);
  const views = await tickerViews(tx, rows);
  return views.map((view, index) => ({ ...view, version: rows[index]!.version }));
}
