import { describe, expect, it } from "vitest";
import { checkOrigin, normaliseOrigin, type OriginCheckRequest } from "./origin-check";

const site = "https://ridgeway-racing.example";
const local = "http://127.0.0.1:5220";

function decide(overrides: Partial<OriginCheckRequest>) {
  return checkOrigin({ method: "POST", path: "/contact", allowedOrigins: [site, local], ...overrides });
}

describe("checkOrigin", () => {
  it("lets reads through whatever their origin", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      expect(decide({ method, origin: "https://evil.example" })).toEqual({ allowed: true });
      expect(decide({ method, secFetchSite: "cross-site" })).toEqual({ allowed: true });
    }
  });

  it("allows a state-changing request from the site's own origin", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "post"]) {
      expect(decide({ method, origin: site })).toEqual({ allowed: true });
    }
    expect(decide({ origin: local, secFetchSite: "same-origin" })).toEqual({ allowed: true });
  });

  it("compares origins after normalising case and default ports", () => {
    expect(decide({ origin: "HTTPS://Ridgeway-Racing.example:443" })).toEqual({ allowed: true });
    expect(decide({ origin: "http://127.0.0.1:5220", allowedOrigins: ["http://127.0.0.1:5220/"] })).toEqual({
      allowed: true,
    });
  });

  it("refuses a state-changing request from another origin", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(decide({ method, origin: "https://evil.example" })).toEqual({ allowed: false, reason: "cross-origin" });
    }
    // Same host, other scheme or port: a different origin.
    expect(decide({ origin: "http://ridgeway-racing.example" })).toMatchObject({ allowed: false });
    expect(decide({ origin: "https://ridgeway-racing.example:8443" })).toMatchObject({ allowed: false });
    expect(decide({ origin: "https://shop.ridgeway-racing.example" })).toMatchObject({ allowed: false });
    expect(decide({ origin: "https://ridgeway-racing.example.evil.example" })).toMatchObject({ allowed: false });
  });

  it("trusts Origin over Sec-Fetch-Site when both are sent", () => {
    expect(decide({ origin: "https://evil.example", secFetchSite: "same-origin" })).toMatchObject({ allowed: false });
    expect(decide({ origin: site, secFetchSite: "cross-site" })).toEqual({ allowed: true });
  });

  it("refuses an opaque or malformed Origin", () => {
    for (const origin of ["null", "", "not a url", "file:///tmp/page.html", "chrome-extension://abc"]) {
      expect(decide({ origin })).toEqual({ allowed: false, reason: "opaque-origin" });
    }
  });

  it("falls back on Sec-Fetch-Site when there is no Origin", () => {
    expect(decide({ secFetchSite: "cross-site" })).toEqual({ allowed: false, reason: "cross-site-fetch" });
    expect(decide({ secFetchSite: "Cross-Site" })).toMatchObject({ allowed: false });
    for (const secFetchSite of ["same-origin", "same-site", "none"]) {
      expect(decide({ secFetchSite })).toEqual({ allowed: true });
    }
  });

  it("allows requests with neither header (curl, mail apps' one-click unsubscribe, servers)", () => {
    expect(decide({})).toEqual({ allowed: true });
    expect(decide({ method: "DELETE", path: "/contact" })).toEqual({ allowed: true });
    expect(decide({ path: "/newsletter/unsubscribe" })).toEqual({ allowed: true });
  });

  it("exempts the one-click unsubscribe, which a webmail posts with its own Origin (the link's token says who)", () => {
    expect(decide({ path: "/newsletter/unsubscribe", origin: "https://mail.example" })).toEqual({ allowed: true });
    expect(decide({ path: "/newsletter/unsubscribe", secFetchSite: "cross-site" })).toEqual({ allowed: true });
    expect(decide({ path: "/newsletter/confirm", origin: "https://mail.example" })).toMatchObject({ allowed: false });
  });

  it("exempts the payment provider's webhook", () => {
    expect(decide({ path: "/api/payments/webhook", origin: "https://payments.example" })).toEqual({ allowed: true });
    expect(decide({ path: "/api/payments/webhook/", secFetchSite: "cross-site" })).toEqual({ allowed: true });
    expect(decide({ path: "/api/payments/webhooks", origin: "https://payments.example" })).toMatchObject({
      allowed: false,
    });
    expect(decide({ path: "/api/payments", origin: "https://payments.example" })).toMatchObject({ allowed: false });
  });
});

describe("normaliseOrigin", () => {
  it("keeps scheme, host and a non-default port only", () => {
    expect(normaliseOrigin("https://Example.com:443/path?q=1")).toBe("https://example.com");
    expect(normaliseOrigin("http://localhost:3000/")).toBe("http://localhost:3000");
    expect(normaliseOrigin("null")).toBeNull();
    expect(normaliseOrigin("ftp://example.com")).toBeNull();
  });
});
