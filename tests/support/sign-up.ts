import { expect, type Page } from "@playwright/test";

/**
 * What follows "Create Account": a sign-up signs nobody in (ADR 0099). The page says to check
 * the e-mail, above the sign-in form with the address filled in; this signs in there with the
 * password, as the person would. One try: the test is a client of its own (hydrated-test.ts),
 * so the per-client limit on sign-ins (3 per 10 s) counts its own sign-ins only, and a refusal
 * is a failure, with the page's words.
 */
export async function signInAfterSignUp(page: Page, password: string) {
  await expect(page.getByRole("status").filter({ hasText: "We've sent an e-mail to that address" })).toBeVisible();
  const form = page.locator("main form");
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
  const notice = page.getByRole("alert").filter({ hasText: /./ }).first();
  const outcome = await Promise.race([
    page.waitForURL((url) => url.pathname !== "/login").then(() => "left" as const),
    notice.waitFor().then(() => "notice" as const),
  ]);
  if (outcome === "notice") throw new Error(`signing in after sign-up was refused: ${await notice.textContent()}`);
}
