import { expect, type Page } from "@playwright/test";

/**
 * What follows "Create Account": a sign-up signs nobody in (ADR 0099). The page says to check
 * the e-mail, above the sign-in form with the address filled in; this signs in there with the
 * password, as the person would, waiting out the per-client limit on sign-ins (3 per 10 s)
 * that browsers sharing one address in a run may meet.
 */
export async function signInAfterSignUp(page: Page, password: string) {
  await expect(page.getByRole("status").filter({ hasText: "We've sent an e-mail to that address" })).toBeVisible();
  const form = page.locator("main form");
  for (let attempt = 0; attempt < 4; attempt += 1) {
    await form.getByLabel("Password", { exact: true }).fill(password);
    await form.getByRole("button", { name: "Sign In" }).click();
    const notice = page.getByRole("alert").filter({ hasText: /./ }).first();
    const outcome = await Promise.race([
      page.waitForURL((url) => url.pathname !== "/login").then(() => "left" as const),
      notice.waitFor().then(() => "notice" as const),
    ]);
    if (outcome === "left") return;
    const wait = /wait (\d+) seconds?/.exec((await notice.textContent()) ?? "");
    if (!wait) throw new Error(`signing in after sign-up was refused: ${await notice.textContent()}`);
    await page.waitForTimeout(Number(wait[1]) * 1000 + 250);
  }
}
