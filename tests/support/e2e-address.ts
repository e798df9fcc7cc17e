import { expect, type Page } from "@playwright/test";

/** A UK delivery address, as a shopper types it at checkout (the postcode comes back tidied). */
export const DELIVERY = { name: "Sam Shopper", line1: "1 Pit Lane", town: "Andover", postcode: "sp11 8pw", shownPostcode: "SP11 8PW" };

export async function fillDeliveryAddress(page: Page, name = DELIVERY.name) {
  await page.getByLabel("Recipient Name").fill(name);
  await page.getByLabel("Address Line 1").fill(DELIVERY.line1);
  await page.getByLabel("Town or City").fill(DELIVERY.town);
  await page.getByLabel("Postcode").fill(DELIVERY.postcode);
}

/** The payment page and the confirmation show where the order goes. */
export async function expectDeliveryShown(page: Page) {
  await expect(page.getByTestId("delivery-details")).toContainText(DELIVERY.line1);
  await expect(page.getByTestId("delivery-details")).toContainText(DELIVERY.shownPostcode);
}
