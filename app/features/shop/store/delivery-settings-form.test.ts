import { describe, expect, it } from "vitest";
import { deliverySettingsForm, describeCountries, formOfSettings, settingsOfForm } from "./delivery-settings-form";
import { FLAT_RATE_UNDER_50 } from "./shop-settings";

describe("the delivery settings form", () => {
  it("reads the seed's £4.99-under-£50 rule and back", () => {
    const settings = { shipsTo: ["GB", "IE"], shippingMethodName: "Royal Mail Tracked", rule: FLAT_RATE_UNDER_50 };
    const form = formOfSettings(settings);
    expect(form).toEqual({ shipsTo: "GB, IE", shippingMethodName: "Royal Mail Tracked", flatRate: "4.99", freeAbove: "50" });
    expect(settingsOfForm(deliverySettingsForm.parse({ ...form, version: "1" }))).toEqual(settings);
  });

  it("takes free delivery (0, no threshold), lower-case codes and repeats", () => {
    const parsed = deliverySettingsForm.parse({
      version: "0",
      shipsTo: "gb gb; fr",
      shippingMethodName: "Free UK delivery",
      flatRate: "£0",
      freeAbove: "",
    });
    expect(settingsOfForm(parsed)).toEqual({
      shipsTo: ["GB", "FR"],
      shippingMethodName: "Free UK delivery",
      rule: { flatRatePence: 0, freeAbovePence: null },
    });
    expect(describeCountries(["GB", "FR"])).toBe("United Kingdom (GB), France (FR)");
  });

  it("says what to fix", () => {
    const issue = (fields: Record<string, string>) =>
      deliverySettingsForm.safeParse({ version: "1", shipsTo: "GB", shippingMethodName: "UK", flatRate: "0", freeAbove: "", ...fields })
        .error?.issues[0];
    expect(issue({ shipsTo: "" })).toMatchObject({ path: ["shipsTo"], message: expect.stringMatching(/at least one/) });
    expect(issue({ shipsTo: "GB, XX, UK" })?.message).toMatch(/Not a country code: XX, UK/);
    expect(issue({ flatRate: "-1" })).toMatchObject({ path: ["flatRate"] });
    expect(issue({ freeAbove: "lots" })).toMatchObject({ path: ["freeAbove"], message: expect.stringMatching(/in pounds/) });
    expect(issue({ shippingMethodName: " " })).toMatchObject({ path: ["shippingMethodName"] });
  });
});
