/**
 * Where a subscriber signed up, as the back office says it ("the footer form"). Apart from
 * newsletter-text.ts, which the footer's form loads on every public page.
 */
export function newsletterSourceLabel(source: string): string {
  return source === "newsletter-page" ? "newsletter page" : `${source} form`;
}
