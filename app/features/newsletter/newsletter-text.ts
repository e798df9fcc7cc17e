/** The newsletter's wording and sources, shared by the form (browser) and the schema (server). */
export const NEWSLETTER_CONSENT_TEXT = "I agree to receive emails about news, updates, and promotions";

export const newsletterSources = ["footer", "store"] as const;

export type NewsletterSource = (typeof newsletterSources)[number];
