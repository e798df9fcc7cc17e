import { expect } from "@playwright/test";
import { test } from "../support/hydrated-test";
import { signInAsStaff, startDeskSite, type DeskSite } from "../support/desk-site";
import { expectNoSeriousViolations, expectNoSidewaysScroll } from "../support/page-checks";
import type { PreparedStaff } from "../support/prepared-staff";

/*
 * Issue 37: the first admin is made in the browser, with the code the server printed to its log
 * (ADR 0108). A site of its own with an editor and no admin; by keyboard, at 390 px on the phone
 * project; once there is an admin the page is gone.
 */

let desk: DeskSite;
let owner: PreparedStaff;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  ({
    site: desk,
    staff: [owner],
  } = await startDeskSite({ staff: [{ email: "olivia.owner@example.com", name: "Olivia Owner", roles: ["editor"] }] }));
});

test.afterAll(async () => {
  await desk?.close();
});

test("the owner becomes the first admin with the code from the server's log, by keyboard; then the page is gone", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  if (testInfo.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
  const logged = /first admin set-up code: ([0-9A-Z]{5}(?:-[0-9A-Z]{5}){3})/.exec(desk.server.output());
  expect(logged, "the server logs the set-up code while there is no admin").not.toBeNull();
  const code = logged![1]!;

  await signInAsStaff(page, desk, owner, "/admin/setup");
  await expect(page.getByRole("heading", { level: 1, name: "Set Up the First Admin" })).toBeVisible();
  const field = page.getByRole("textbox", { name: "Set-up code" });
  // After the sign-in's redirect the site puts focus at the page's start; the field is reached by Tab.
  for (let presses = 0; presses < 20 && !(await field.evaluate((input) => input === document.activeElement)); presses++)
    await page.keyboard.press("Tab");
  await expect(field).toBeFocused();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);

  // A wrong code is refused with what to do: the message takes focus (read out first, as on every
  // form of the site), the field is empty again, and Tab goes from the message to the field.
  await page.keyboard.type("ABCDE-FGHJK-MNPQR-STVWX");
  await page.keyboard.press("Enter");
  const refusal = page.getByRole("alert").filter({ hasText: /^That is not the set-up code/ });
  await expect(refusal).toBeVisible();
  await expect(refusal).toBeFocused();
  await expect(field).toHaveValue("");
  await page.keyboard.press("Tab");
  await expectNoSidewaysScroll(page);

  // The right one, typed in lower case as a person might, sent from the button by keyboard.
  await expect(field).toBeFocused();
  await page.keyboard.type(code.toLowerCase());
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Make Me the Admin" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${desk.url}/admin`);
  await expect(page.getByText("Olivia Owner · Admin")).toBeVisible();

  const again = await page.goto(`${desk.url}/admin/setup`);
  expect(again?.status()).toBe(404);
});
