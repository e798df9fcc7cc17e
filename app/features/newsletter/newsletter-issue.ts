import type { NewsletterIssueStatus } from "../../../db/schema/mail";
import { z } from "~/lib/zod";

/*
 * A newsletter issue's rules, shared by the desk's form (browser) and the server (ADR 0073).
 */

export const SUBJECT_MAX = 500;
export const PREHEADER_MAX = 200;
export const BODY_MAX = 20_000;

/** Whether a one-line field holds a control character (a line break, a tab...): a subject becomes a mail header. */
const hasControlCharacter = (value: string) => [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

export const issueFormSchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1, "Write a subject: it is the first thing subscribers see.")
    .max(SUBJECT_MAX, `Keep the subject to ${SUBJECT_MAX} characters.`)
    .refine((value) => !hasControlCharacter(value), "The subject must be one line."),
  preheader: z
    .string()
    .trim()
    .max(PREHEADER_MAX, `Keep the preview line to ${PREHEADER_MAX} characters.`)
    .refine((value) => !hasControlCharacter(value), "The preview line must be one line.")
    .default(""),
  body: z
    .string()
    .max(BODY_MAX, `Keep the text to ${BODY_MAX.toLocaleString("en-GB")} characters.`)
    .default(""),
});

export type IssueContent = z.infer<typeof issueFormSchema>;

/** An issue needs something to read: its text, or the article it links to. */
export function issueHasContent(issue: { body: string; articleUrl: string | null }): boolean {
  return issue.body.trim() !== "" || Boolean(issue.articleUrl);
}

/** The body's paragraphs: split at blank lines; a single line break stays inside its paragraph. */
export function bodyParagraphs(body: string): string[][] {
  return body
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((paragraph) =>
      paragraph
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .filter((lines) => lines.length > 0);
}

/** `<newsletter.example.org>` (RFC 2919): one list per site, named from its public address. */
export function newsletterListId(publicUrl: string): string {
  return `<newsletter.${new URL(publicUrl).hostname}>`;
}

/** The headers every issue's e-mail carries: one-click unsubscribe (RFC 8058) and the list's id. */
export function newsletterHeaders(publicUrl: string, unsubscribeAddress: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeAddress}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    "List-Id": newsletterListId(publicUrl),
  };
}

/**
 * An issue is rendered once and personalised per recipient by replacing this placeholder with
 * the recipient's unsubscribe token, URL-encoded (tokens are base64url, which encoding leaves as
 * it is; an odd one becomes characters that are safe in HTML, text and a URL alike).
 */
export const UNSUBSCRIBE_TOKEN_PLACEHOLDER = "UNSUBSCRIBE-TOKEN-PLACEHOLDER";

export function personalise(rendered: string, token: string): string {
  return rendered.split(UNSUBSCRIBE_TOKEN_PLACEHOLDER).join(encodeURIComponent(token));
}

/**
 * A picture every mail client shows: PNG, JPEG or GIF. Mail clients do not show SVG, and Outlook
 * for Windows shows neither WebP nor AVIF (ADR 0103): a library photo goes as its JPEG instead.
 */
export function emailablePicture(path: string | null | undefined): string | null {
  if (!path) return null;
  const bare = path.split(/[?#]/)[0]!.toLowerCase();
  return /\.(png|jpe?g|gif)$/.test(bare) ? path : null;
}

/** A preview line from an article's excerpt, cut at a word within the limit. */
export function preheaderFrom(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= PREHEADER_MAX) return flat;
  const cut = flat.slice(0, PREHEADER_MAX - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 100 ? cut.lastIndexOf(" ") : cut.length)}…`;
}

export const ISSUE_STATUS_LABELS: Record<NewsletterIssueStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  sending: "Sending",
  sent: "Sent",
};

/** What can be done with an issue in each state. */
export function issueActions(status: NewsletterIssueStatus): { edit: boolean; schedule: boolean; unschedule: boolean; send: boolean } {
  return {
    edit: status === "draft",
    schedule: status === "draft",
    unschedule: status === "scheduled",
    send: status === "draft" || status === "scheduled",
  };
}

/** How often the issue's page reads its report again while it is changing. */
export const REPORT_REFRESH_MS = 3000;

/**
 * Whether an issue's report is still changing by itself: the issue is being queued, or copies
 * are still waiting for the outbox. Once every copy has gone, nothing changes unless someone
 * leaves the list, and the page stops asking.
 */
export function reportIsLive(status: NewsletterIssueStatus, report: Pick<SendingReport, "waiting"> | null): boolean {
  return status === "sending" || (report !== null && report.waiting > 0);
}

export interface SendingReport {
  recipients: number;
  /** Outbox rows still linked (a pruned row no longer counts). */
  queued: number;
  sent: number;
  /** Not sent yet, with an error from the last attempt (the outbox retries). */
  failing: number;
  waiting: number;
  unsubscribedSince: number;
}
