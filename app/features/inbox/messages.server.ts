import { and, asc, count, desc, eq, ilike, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { contactMessageReplies, contactMessages } from "../../../db/schema";
import {
  auditedWrite,
  lockRecord,
  updateVersioned,
  type AuditActor,
  type AuditContext,
  type VersionedTable,
} from "~/features/admin/audit.server";
import { queueEmail } from "~/features/mail/outbox.server";
import type { MessageAction, MessageView } from "./inbox";
import { pageOffset } from "~/lib/pagination";

/*
 * The inbox of the contact form. Every change (status, spam, a reply) is audited and based on
 * the message's version; a reply is queued in the e-mail outbox and recorded on the message in
 * the same transaction. Opening a message marks it read without an audit row: reading is not
 * a change anyone needs to undo (ADR 0038).
 */

export const MESSAGE_TABLE: VersionedTable<typeof contactMessages> = {
  table: contactMessages,
  id: contactMessages.id,
  entityType: "contact_message",
};
export const MESSAGE_PAGE_SIZE = 25;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function viewFilter(view: MessageView): SQL | undefined {
  switch (view) {
    case "inbox":
      return and(eq(contactMessages.spam, false), ne(contactMessages.status, "closed"));
    case "unread":
      return and(eq(contactMessages.spam, false), isNull(contactMessages.readAt));
    case "closed":
      return and(eq(contactMessages.spam, false), eq(contactMessages.status, "closed"));
    case "spam":
      return eq(contactMessages.spam, true);
    case "all":
      return undefined;
  }
}

export async function listMessages(db: Database, { view, query, page }: { view: MessageView; query: string; page: number }) {
  const needle = query.trim().slice(0, 100);
  const pattern = `%${needle.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const where = and(
    viewFilter(view),
    needle
      ? or(ilike(contactMessages.name, pattern), ilike(contactMessages.email, pattern), ilike(contactMessages.subject, pattern))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: contactMessages.id,
        name: contactMessages.name,
        email: contactMessages.email,
        subject: contactMessages.subject,
        category: contactMessages.category,
        status: contactMessages.status,
        spam: contactMessages.spam,
        readAt: contactMessages.readAt,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(MESSAGE_PAGE_SIZE)
      .offset(pageOffset(page, MESSAGE_PAGE_SIZE)),
    db.select({ value: count() }).from(contactMessages).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function countUnreadMessages(db: Database): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(contactMessages)
    .where(and(eq(contactMessages.spam, false), isNull(contactMessages.readAt)));
  return row?.value ?? 0;
}

/** One message with its replies; marks it read the first time it is opened. */
export async function openMessage(db: Database, id: string) {
  if (!UUID.test(id)) return null;
  const [message] = await db
    .update(contactMessages)
    .set({ readAt: sql`coalesce(${contactMessages.readAt}, now())` })
    .where(eq(contactMessages.id, id))
    .returning();
  if (!message) return null;
  const replies = await db
    .select()
    .from(contactMessageReplies)
    .where(eq(contactMessageReplies.messageId, id))
    .orderBy(asc(contactMessageReplies.createdAt), asc(contactMessageReplies.id));
  return { message, replies };
}

export type MessageWriteResult = { ok: true; message: string } | { ok: false; status: 400 | 404 | 409; message: string };

/** Does one inbox action on message `id` (based on `action.version`). */
export async function actOnMessage(
  context: AuditContext,
  actor: AuditActor,
  id: string,
  action: MessageAction,
): Promise<MessageWriteResult> {
  if (!UUID.test(id)) return { ok: false, status: 404, message: "There is no such message." };
  class Refused extends Error {
    constructor(
      readonly status: 400 | 404,
      message: string,
    ) {
      super(message);
    }
  }
  try {
    const result = await auditedWrite(context, actor, async (tx) => {
      const current = await lockRecord(tx, MESSAGE_TABLE, id);
      if (!current) throw new Refused(404, "There is no such message.");
      let values: Partial<typeof contactMessages.$inferInsert>;
      let done: string;
      let reason: string | null = null;
      switch (action.intent) {
        case "reply": {
          if (current.spam) throw new Refused(400, "This message is marked as spam: mark it as not spam before replying.");
          const actorLabel = actor.id === null ? actor.label : `${actor.name} <${actor.email}>`;
          await tx.insert(contactMessageReplies).values({
            messageId: id,
            toAddress: current.email,
            subject: action.subject,
            body: action.body,
            actorUserId: actor.id,
            actorLabel,
          });
          const quoted = current.message
            .split(/\r?\n/)
            .map((line) => `> ${line}`)
            .join("\n");
          await queueEmail(tx, {
            to: current.email,
            subject: action.subject,
            text: `${action.body}\n\nOn ${current.createdAt.toUTCString()}, ${current.name} wrote:\n${quoted}\n`,
          });
          values = { status: "replied", readAt: current.readAt ?? new Date() };
          done = `Reply queued to ${current.email}; the message is marked replied.`;
          reason = `Replied: ${action.subject}`;
          break;
        }
        case "status":
          values = { status: action.status };
          done = `Status set to ${action.status}.`;
          break;
        case "spam":
          values = { spam: true, readAt: current.readAt ?? new Date() };
          done = "Marked as spam: it has left the inbox.";
          break;
        case "not-spam":
          values = { spam: false };
          done = "Marked as not spam: it is back in the inbox.";
          break;
        case "unread":
          values = { readAt: null };
          done = "Marked as unread.";
          break;
      }
      const after = await updateVersioned(tx, MESSAGE_TABLE, id, action.version, values);
      const snapshot = (row: typeof current) => ({ status: row.status, spam: row.spam, read: row.readAt !== null, version: row.version });
      return {
        value: done,
        audit: {
          action: `message.${action.intent}`,
          entityType: "contact_message",
          entityId: id,
          entityLabel: `${current.subject} (${current.email})`,
          before: snapshot(current),
          after: snapshot(after),
          reason,
        },
      };
    });
    if (!result.ok) return { ok: false, status: 409, message: result.message };
    return { ok: true, message: result.value };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, status: error.status, message: error.message };
    throw error;
  }
}
