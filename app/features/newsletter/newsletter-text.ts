/** The newsletter's wording and sources, shared by the form (browser) and the schema (server). */
export const NEWSLETTER_CONSENT_TEXT = "I agree to receive emails about news, updates, and promotions";

/** Where a sign-up was made: the footer's form, the store's, or the /newsletter page's. */
export const newsletterSources = ["footer", "store", "newsletter-page"] as const;

export type NewsletterSource = (typeof newsletterSources)[number];
