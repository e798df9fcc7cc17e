import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_SETTINGS, officeHoursText, socialUrl } from "./site-settings";
import { settingsFromForm, siteSettingsFormSchema } from "./site-settings-form";

const form = {
  email: "info@ridgeway-racing.example",
  phone: "+44 1632 960 123",
  address: "Wiltshire, England, UK",
  officeHours: officeHoursText(DEFAULT_SITE_SETTINGS.officeHours),
  joinTheTeamUrl: DEFAULT_SITE_SETTINGS.joinTheTeamUrl,
  version: "1",
  ...Object.fromEntries(DEFAULT_SITE_SETTINGS.socials.map((social) => [`social.${social.name}`, social.url])),
};

describe("site settings form", () => {
  it("reads the defaults back to the defaults", () => {
    expect(settingsFromForm(siteSettingsFormSchema.parse(form))).toEqual(DEFAULT_SITE_SETTINGS);
  });

  it("leaves out a network with no address", () => {
    const settings = settingsFromForm(siteSettingsFormSchema.parse({ ...form, "social.Instagram": "" }));
    expect(socialUrl(settings, "Instagram")).toBeNull();
    expect(settings.socials).toHaveLength(5);
  });

  it("refuses bad office hours, addresses and links with a message each", () => {
    const result = siteSettingsFormSchema.safeParse({ ...form, officeHours: "Monday", email: "x", "social.TikTok": "tiktok" });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path[0]);
    expect(paths).toEqual(expect.arrayContaining(["officeHours", "email", "social.TikTok"]));
  });
});
