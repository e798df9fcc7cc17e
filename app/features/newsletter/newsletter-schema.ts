import { z } from "~/lib/zod";
import { newsletterSources } from "./newsletter-text";

export const subscribeSchema = z.object({
  email: z
    .string({ message: "Enter your email address." })
    .trim()
    .min(1, "Enter your email address.")
    .max(254, "That email address is too long.")
    .pipe(z.email({ message: "Enter a valid email address, like name@example.com." }))
    .transform((email) => email.toLowerCase()),
  consent: z.literal("yes", { message: "Tick the box to agree to receive our emails." }),
  source: z.enum(newsletterSources).catch("footer"),
  /** A field people never see; bots that fill every input fill this too. */
  website: z.string().max(0).optional(),
});

export type SubscribeResult =
  | { status: "subscribed"; message: string }
  | { status: "rate-limited"; message: string }
  | { status: "invalid"; fieldErrors: { email?: string; consent?: string }; email: string };

/**
 * Sign-ups from one client address: a person subscribes once or twice (a typo, a second
 * address), a script sending confirmation e-mails to strangers is stopped after a few.
 */
export const NEWSLETTER_RATE_LIMIT = { limit: 5, windowMs: 60 * 60_000 } as const;

export function newsletterRateLimitedMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Several sign-ups have come from your connection in a short time. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

export const SUBSCRIBED_MESSAGE = "Thanks! Check your inbox: we've sent you a link to confirm your subscription.";

/** Validates a subscribe form; returns the clean values or what to fix. */
export function parseSubscribeForm(form: FormData) {
  const raw = Object.fromEntries([...form.entries()].map(([key, value]) => [key, String(value)]));
  const parsed = subscribeSchema.safeParse(raw);
  if (parsed.success) return { ok: true as const, value: parsed.data };
  const fieldErrors: { email?: string; consent?: string } = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === "email" || field === "consent") && !fieldErrors[field]) fieldErrors[field] = issue.message;
  }
  return { ok: false as const, fieldErrors, honeypot: parsed.error.issues.some((i) => i.path[0] === "website"), email: raw.email ?? "" };
}
