import { expect, type Locator, type Page } from "@playwright/test";

/**
 * The back office's menu as a person reaches it: below the `lg` breakpoint its links sit behind
 * a Menu button (a <details> disclosure), which this opens first; on a desktop they are in view.
 */
export async function openBackOfficeMenu(page: Page): Promise<Locator> {
  const nav = page.getByRole("navigation", { name: "Back office" });
  const button = nav.locator("summary");
  if (await button.isVisible()) {
    const open = await nav.locator("details").evaluate((details) => (details as HTMLDetailsElement).open);
    if (!open) await button.click();
    await expect(nav.locator("details")).toHaveAttribute("open", "");
  }
  return nav;
}
