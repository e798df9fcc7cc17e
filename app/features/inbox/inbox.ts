import { contactMessageStatuses } from "../../../db/schema/inbox";
import { z } from "~/lib/zod";

/*
 * The inbox's forms (/admin/messages): what can be done to a contact message, checked the same
 * way in the browser and the action.
 */

export const MESSAGE_VIEWS = ["inbox", "unread", "closed", "spam", "all"] as const;
export type MessageView = (typeof MESSAGE_VIEWS)[number];
export const MESSAGE_VIEW_LABELS: Record<MessageView, string> = {
  inbox: "Open",
  unread: "Unread",
  closed: "Closed",
  spam: "Spam",
  all: "All",
};
export const STATUS_LABELS: Record<(typeof contactMessageStatuses)[number], string> = { new: "New", replied: "Replied", closed: "Closed" };

const version = z.coerce.number({ message: "The form is missing its version; reload the page." }).int().positive();

export const messageActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("reply"),
    version,
    subject: z.string().trim().min(1, "Enter a subject.").max(200, "Keep the subject under 200 characters."),
    body: z.string().trim().min(1, "Write the reply.").max(10_000, "Keep the reply under 10,000 characters."),
  }),
  z.object({ intent: z.literal("status"), version, status: z.enum(contactMessageStatuses, { message: "Choose a status." }) }),
  z.object({ intent: z.enum(["spam", "not-spam", "unread"]), version }),
]);
export type MessageAction = z.output<typeof messageActionSchema>;

/** The reply's subject line, offered by default. */
export function replySubject(subject: string): string {
  return /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
}
