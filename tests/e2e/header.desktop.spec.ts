import { expect, test } from "@playwright/test";

test.describe("desktop navigation", () => {
  test("lists the eight sections in order", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText([
      "Home",
      "Team",
      "Calendar",
      "News",
      "Gallery",
      "Store",
      "Partners",
      "Contact",
    ]);
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
  });
});

test("a keyboard user can skip to the content", async ({ page }) => {
  await page.goto("/");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
});
