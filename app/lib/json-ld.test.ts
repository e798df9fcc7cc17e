import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_SETTINGS } from "~/features/settings/site-settings";
import { organizationJsonLd, serializeJsonLd } from "./json-ld";

describe("serializeJsonLd", () => {
  it("cannot close the script element it sits in", () => {
    const json = serializeJsonLd({ name: "</script><script>alert(1)</script>" });
    expect(json).not.toContain("</script");
    expect(JSON.parse(json)).toEqual({ name: "</script><script>alert(1)</script>" });
  });
});

describe("organizationJsonLd", () => {
  it("names the team with absolute URLs and its six social profiles", () => {
    const org = organizationJsonLd("https://ridgeway-racing.example", DEFAULT_SITE_SETTINGS);
    expect(org).toMatchObject({ "@type": "SportsOrganization", name: "Ridgeway Racing", url: "https://ridgeway-racing.example/" });
    expect(org.sameAs).toHaveLength(6);
  });
});
