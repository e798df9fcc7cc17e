import { z } from "~/lib/zod";
import { firstErrorPerField } from "~/lib/form-errors";

export const CONTACT_CATEGORIES = ["General Inquiry", "Fan Engagement", "Media Request", "Sponsorship", "Career Opportunity"] as const;
export type ContactCategory = (typeof CONTACT_CATEGORIES)[number];
export const DEFAULT_CONTACT_CATEGORY: ContactCategory = "General Inquiry";

export const CONTACT_LIMITS = { name: 100, email: 254, subject: 150, messageMin: 10, messageMax: 5000 } as const;

/** How long the success notice replaces the form. */
export const CONTACT_NOTICE_MS = 5000;

/** Single-line fields: line breaks pasted or posted into them become spaces. */
const singleLine = (value: string) => value.replace(/\s+/g, " ").trim();

export const contactSchema = z.object({
  name: z
    .string({ message: "Enter your full name." })
    .transform(singleLine)
    .pipe(
      z.string().min(1, "Enter your full name.").max(CONTACT_LIMITS.name, `Keep your name to ${CONTACT_LIMITS.name} characters or fewer.`),
    ),
  email: z
    .string({ message: "Enter your email address." })
    .trim()
    .min(1, "Enter your email address.")
    .max(CONTACT_LIMITS.email, "That email address is too long.")
    .pipe(z.email({ message: "Enter a valid email address, like name@example.com." })),
  subject: z
    .string({ message: "Enter a subject." })
    .transform(singleLine)
    .pipe(
      z
        .string()
        .min(1, "Enter a subject.")
        .max(CONTACT_LIMITS.subject, `Keep the subject to ${CONTACT_LIMITS.subject} characters or fewer.`),
    ),
  category: z.enum(CONTACT_CATEGORIES, { message: "Choose a category from the list." }),
  message: z
    .string({ message: "Enter your message." })
    .trim()
    .min(1, "Enter your message.")
    .min(CONTACT_LIMITS.messageMin, `Your message needs at least ${CONTACT_LIMITS.messageMin} characters.`)
    .max(CONTACT_LIMITS.messageMax, "Keep your message to 5,000 characters or fewer."),
});

export type ContactMessage = z.output<typeof contactSchema>;
export type ContactField = keyof ContactMessage;
export type ContactFieldErrors = Partial<Record<ContactField, string>>;
/** What the visitor typed, to put back into the form when it is sent back. */
export type ContactValues = Record<ContactField, string>;

export type ContactResult =
  | { status: "sent"; mailtoHref: string }
  | { status: "invalid"; fieldErrors: ContactFieldErrors; values: ContactValues }
  | { status: "rate-limited"; message: string; values: ContactValues };

const fields = Object.keys(contactSchema.shape) as ContactField[];

/** The field hidden from people; bots that fill every input fill this too. */
export const HONEYPOT_FIELD = "website";

export function isHoneypotFilled(form: FormData): boolean {
  const value = form.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}

export function contactValues(form: FormData): ContactValues {
  const entries = fields.map((field) => {
    const value = form.get(field);
    return [field, typeof value === "string" ? value : ""] as const;
  });
  return Object.fromEntries(entries) as ContactValues;
}

const ECHO_LIMITS: Record<ContactField, number> = {
  name: CONTACT_LIMITS.name,
  email: CONTACT_LIMITS.email,
  subject: CONTACT_LIMITS.subject,
  category: 50,
  message: CONTACT_LIMITS.messageMax,
};

/**
 * What is put back into the form after a refusal: each field cut to the most it may hold, so a
 * refused post is never echoed back at length (the form's own maxlength stops a person earlier).
 */
export function echoContactValues(values: ContactValues): ContactValues {
  const entries = fields.map((field) => [field, values[field].slice(0, ECHO_LIMITS[field])] as const);
  return Object.fromEntries(entries) as ContactValues;
}

/** Validates a contact form; returns the clean message or what to fix (first problem per field). */
export function parseContactForm(form: FormData) {
  const values = contactValues(form);
  const parsed = contactSchema.safeParse(values);
  if (parsed.success) return { ok: true as const, value: parsed.data };
  const fieldErrors: ContactFieldErrors = firstErrorPerField<ContactField>(parsed.error);
  return { ok: false as const, fieldErrors, values: echoContactValues(values) };
}

export function isContactCategory(value: unknown): value is ContactCategory {
  return CONTACT_CATEGORIES.includes(value as ContactCategory);
}

/** "Please try again in 7 minutes." for a refused message. */
export function rateLimitedMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `You've sent several messages in a short time. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}
