import { describe, expect, it } from "vitest";
import { brand } from "~/brand";
import { buildSecurityTxt } from "./security-txt";

describe("security.txt", () => {
  it("gives the contact, languages and canonical address, with the fields RFC 9116 requires", () => {
    const text = buildSecurityTxt("https://ridgeway-racing.example", new Date("2026-05-10T14:30:00Z"));
    expect(text).toBe(
      [
        `# Reporting a vulnerability in Ridgeway Racing's site: please put "Security" in the subject.`,
        `Contact: mailto:${brand.email}`,
        "Expires: 2027-05-05T00:00:00Z",
        "Preferred-Languages: en",
        "Canonical: https://ridgeway-racing.example/.well-known/security.txt",
        "",
      ].join("\n"),
    );
  });

  it("expires less than a year after any day it is served, never in the past", () => {
    for (const now of [new Date("2026-01-01T00:00:00Z"), new Date("2028-02-29T23:59:59Z"), new Date()]) {
      const expires = Date.parse(/^Expires: (.+)$/m.exec(buildSecurityTxt("https://example.com", now))![1]!);
      expect(expires - now.getTime()).toBeGreaterThan(300 * 86_400_000);
      expect(expires - now.getTime()).toBeLessThan(365 * 86_400_000);
    }
  });
});
