import { expect } from "@playwright/test";
import { test } from "../support/hydrated-test";
import { expectNoSeriousViolations } from "../support/page-checks";

/** Every public screen; axe must find no serious or critical WCAG 2.2 AA violation on any. */
const routes = [
  "/",
  "/?driver=oliver-hartley",
  "/team",
  "/team?driver=sophie-marsh",
  "/team/1",
  "/team/99",
  "/calendar",
  "/news",
  "/news?q=zzzz",
  "/news/season-opener-silverstone-international",
  "/race-reports/interview-team-principal",
  "/news/no-such-report",
  "/gallery",
  "/partners",
  "/partner-packages",
  "/contact",
  "/female-side",
  "/podcast",
  "/terms",
  "/privacy",
  "/cookies",
  "/returns",
  "/newsletter",
  "/no-such-page",
];

for (const route of routes) {
  test(`${route} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(route);
    await expectNoSeriousViolations(page);
  });
}

test("a driver's detail that could not be loaded has no serious accessibility violations", async ({ page }) => {
  await page.route("**/api/drivers/**", (route) => route.abort());
  await page.goto("/team");
  await page.waitForLoadState("networkidle");
  await page
    .getByRole("button", { name: /Oliver Hartley F3A Driver/ })
    .first()
    .click();
  await expect(page.locator("#driver-detail").getByRole("alert")).toBeVisible();
  await expectNoSeriousViolations(page, { include: "#driver-detail" });
});
