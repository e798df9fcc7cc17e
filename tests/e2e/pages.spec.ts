import { expect } from "@playwright/test";
import { test } from "../support/hydrated-test";

test.describe("gallery", () => {
  test("shows the season's twelve photos and a Follow link to Instagram", async ({ page }) => {
    const response = await page.goto("/gallery");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Gallery | Ridgeway Racing");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("2025 Season Gallery");

    const items = page.getByRole("main").getByRole("figure");
    await expect(items).toHaveCount(12);
    const first = items.first();
    await expect(first.getByRole("heading")).toHaveText("Wheel to Wheel");
    await expect(first).toContainText("Silverstone International");
    await expect(first).toContainText("5 April 2025");
    await expect(first).toContainText("Two of the team's cars side by side");
    const image = first.getByRole("img");
    expect(await image.getAttribute("alt")).toMatch(/single-seater side by side through a sweeping corner/);
    expect(await image.getAttribute("width")).toBeTruthy();
    expect(await image.getAttribute("height")).toBeTruthy();
    // Only the first row loads straight away.
    await expect(items.last().getByRole("img")).toHaveAttribute("loading", "lazy");

    const follow = page.getByRole("link", { name: "Follow on Instagram" });
    await expect(follow).toHaveAttribute("href", "https://instagram.example/ridgewayracing");
    await expect(follow).toHaveAttribute("target", "_blank");
  });
});

test.describe("partners", () => {
  test("a logo opens the partner's details in a dialog; Escape and Close shut it and focus returns", async ({ page }) => {
    await page.goto("/partners");
    await expect(page).toHaveTitle("Partners | Ridgeway Racing");
    // The logos become buttons that open a dialog once the page is interactive.
    await page.waitForLoadState("networkidle");
    const logos = page.getByRole("list", { name: "Partner logos" }).getByRole("button");
    await expect(logos).toHaveCount(3);
    const vortex = logos.filter({ hasText: "Vortex Air Systems" });

    await vortex.click();
    const dialog = page.getByRole("dialog", { name: "Vortex Air Systems" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Technical Partner");
    await expect(dialog).toContainText("Founded1994");
    await expect(dialog).toContainText("HeadquartersSwindon, Wiltshire");
    await expect(dialog.getByRole("listitem")).toContainText(["Compressed-air systems for workshops", "High-torque pneumatic wheel guns"]);
    await expect(dialog.getByRole("link", { name: /Visit Website/ })).toHaveAttribute("href", "https://vortex-air-systems.example/");
    await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
    await expect(page).toHaveURL(/\/partners$/);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(vortex).toBeFocused();

    const peak = logos.filter({ hasText: "Peak Natural Energy" });
    await peak.focus();
    await page.keyboard.press("Enter");
    const peakDialog = page.getByRole("dialog", { name: "Peak Natural Energy" });
    await expect(peakDialog).toContainText("Bath, Somerset");
    await peakDialog.getByRole("button", { name: "Close" }).click();
    await expect(peakDialog).toBeHidden();
    await expect(peak).toBeFocused();
  });

  test("lists the partners, the VIP Partnership Program and a way to become a partner", async ({ page }) => {
    await page.goto("/partners");
    const cards = page.getByRole("main").getByRole("article");
    await expect(cards).toHaveCount(3);
    await expect(cards.first()).toContainText("Technical Partner");
    await expect(cards.first()).toContainText("designs and manufactures compressed-air equipment");
    await expect(cards.first().getByRole("link", { name: /Visit Website/ })).toHaveAttribute("target", "_blank");

    const vip = page.getByRole("region", { name: "VIP Partnership Program" });
    await expect(vip.getByRole("heading", { level: 3 })).toHaveText([
      "Luxury Hospitality",
      "Exclusive Access",
      "Team Connection",
      "Pit Lane Experience",
      "Shared Success",
    ]);
    await page.getByRole("link", { name: "Become a Partner" }).click();
    await expect(page).toHaveURL(/\/partner-packages$/);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("a logo leads to the partner's card, where the details open", async ({ page }) => {
      await page.goto("/partners");
      await page
        .getByRole("list", { name: "Partner logos" })
        .getByRole("link", { name: /Chroma Automotive Paints/ })
        .click();
      await expect(page).toHaveURL(/#partner-chroma-automotive-paints$/);
      const card = page.locator("#partner-chroma-automotive-paints");
      await expect(card).toBeInViewport();
      await card.getByText("Company details").click();
      await expect(card).toContainText("HeadquartersReading, Berkshire");
      await expect(card.getByText("Lightweight race-grade paint")).toBeVisible();
    });
  });
});

test.describe("partner packages", () => {
  test("shows the benefits, three tiers priced per race weekend and the value strip", async ({ page }) => {
    await page.goto("/partner-packages");
    await expect(page).toHaveTitle("Partner Packages | Ridgeway Racing");
    await expect(page.getByRole("region", { name: "Why Partner With Us" }).getByRole("listitem")).toHaveCount(6);

    for (const [tier, price, feature] of [
      ["Bronze", "£300", "2 VIP passes per race weekend"],
      ["Silver", "£500", "4 VIP passes per race weekend"],
      ["Platinum", "£1,000", "6 VIP passes per race weekend"],
    ] as const) {
      const card = page.getByRole("article", { name: tier });
      await expect(card).toContainText(`${price} per race weekend`);
      await expect(card).toContainText(feature);
      await expect(card.getByRole("link", { name: /Get Started/ })).toHaveAttribute("href", "/contact?category=Sponsorship");
    }

    await expect(page.getByRole("region", { name: "Value for your business" }).getByRole("heading", { level: 3 })).toHaveText([
      "Full Season Value",
      "Flexible Payments",
      "Tax Benefits",
      "ROI Focused",
    ]);
    await expect(page.getByRole("link", { name: "Schedule a Consultation" })).toHaveAttribute("href", "/contact");
  });

  test("Get Started opens the contact form with Sponsorship chosen", async ({ page }) => {
    await page.goto("/partner-packages");
    await page
      .getByRole("article", { name: "Silver" })
      .getByRole("link", { name: /Get Started/ })
      .click();
    await expect(page).toHaveURL(/\/contact\?category=Sponsorship$/);
    await expect(page.getByLabel("Category")).toHaveValue("Sponsorship");
  });
});

test.describe("podcast", () => {
  test("features the latest episode, the host and the schedule, and lists the episodes", async ({ page }) => {
    await page.goto("/podcast");
    await expect(page).toHaveTitle("Sector 1 Motorsport Podcast | Ridgeway Racing");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sector 1 Motorsport Podcast");

    const latest = page.getByRole("region", { name: "Ridgeway Racing: The Drivers Look Back on 2025" });
    await expect(latest).toContainText("Latest Episode");
    await expect(latest).toContainText("20 November 2025");
    const watch = latest.getByRole("link", { name: "Watch on YouTube" });
    await expect(watch).toHaveAttribute("href", "https://video.example/watch/sector1-ridgeway-drivers-2025");
    await expect(watch).toHaveAttribute("target", "_blank");
    const listen = latest.getByRole("link", { name: "Listen on Spotify" });
    await expect(listen).toHaveAttribute("href", "https://audio.example/episode/sector1-ridgeway-drivers-2025");
    await expect(listen).toHaveAttribute("target", "_blank");

    await expect(page.getByText("New episodes between race weekends, announced on our socials")).toBeVisible();
    const host = page.getByRole("region", { name: "Meet the Host" });
    await expect(host).toContainText("James Whitcombe");
    await expect(host).toContainText("Lauren Ebdon");
    await expect(host).toContainText("Producer");

    const episodes = page.getByRole("region", { name: "All Episodes" }).getByRole("article");
    await expect(episodes).toHaveCount(1);
    await expect(episodes.first()).toContainText("20 November 2025");
    await expect(episodes.first().locator("img")).toHaveAttribute("src", "/media/podcast/episode-1.svg");
    await expect(episodes.first().getByRole("link", { name: /Watch on YouTube/ })).toHaveAttribute("target", "_blank");
    await expect(episodes.first().getByRole("link", { name: /Listen on Spotify/ })).toHaveAttribute("target", "_blank");
  });
});
