import { describe, expect, it } from "vitest";
import {
  countsAsView,
  displayCount,
  impressionsHeader,
  mentionsIn,
  parseImpressions,
  placementShape,
  previewCrawler,
  withUtm,
} from "./placements";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const headersOf = (values: Record<string, string>) => (name: string) => values[name];

describe("placements", () => {
  it("knows fixed placements, e-mail kinds and per-thing ones, and refuses the rest", () => {
    expect(placementShape("home")).toEqual({ kind: "fixed" });
    expect(placementShape("email-order-confirmation")).toEqual({ kind: "email" });
    expect(placementShape("livery-2026-r1")).toEqual({ kind: "thing", prefix: "livery-", thingId: "2026-r1" });
    expect(placementShape("livery-")).toBeNull();
    expect(placementShape("../etc")).toBeNull();
    expect(placementShape("https:")).toBeNull();
  });

  it("round-trips the impressions header and drops malformed tokens", () => {
    const header = impressionsHeader([
      ["home", "acme"],
      ["partners-page", "peak-natural-energy"],
    ]);
    expect(parseImpressions(header)).toEqual([
      ["home", "acme"],
      ["partners-page", "peak-natural-energy"],
    ]);
    expect(parseImpressions("home/acme/x nowhere/acme home/Bad_Slug")).toEqual([]);
  });

  it("counts people's browsers, not crawlers or prefetches", () => {
    expect(countsAsView(headersOf({ "user-agent": CHROME }))).toBe(true);
    expect(countsAsView(headersOf({ "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }))).toBe(false);
    expect(countsAsView(headersOf({ "user-agent": CHROME, "sec-purpose": "prefetch" }))).toBe(false);
    expect(countsAsView(headersOf({ "user-agent": CHROME, purpose: "prefetch" }))).toBe(false);
    expect(countsAsView(headersOf({}))).toBe(false);
  });

  it.each([
    ["facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)", "Facebook"],
    ["facebookexternalhit/1.1 Facebot Twitterbot/1.0", "Facebook"],
    ["Twitterbot/1.0", "X"],
    ["LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)", "LinkedIn"],
    ["Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)", "Slack"],
    ["Slack-ImgProxy (+https://api.slack.com/robots)", "Slack"],
    ["WhatsApp/2.23.20.0 A", "WhatsApp"],
    ["Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)", "Discord"],
    ["TelegramBot (like TwitterBot)", "Telegram"],
    ["Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5 skype-url-preview@microsoft.com", "Microsoft Teams and Skype"],
    ["Pinterestbot/1.0 (+http://www.pinterest.com/bot.html)", "Pinterest"],
    ["Mozilla/5.0 (compatible; Bluesky Cardyb/1.1; +mailto:support@bsky.app)", "Bluesky"],
    ["http.rb/5.1.1 (Mastodon/4.2.1; +https://mastodon.social/)", "Mastodon"],
  ])("knows %s as %s's link-preview crawler", (userAgent, platform) => {
    expect(previewCrawler(userAgent)).toBe(platform);
  });

  it("does not take a person's browser, a search engine or a script for a link preview", () => {
    expect(previewCrawler(CHROME)).toBeNull();
    expect(previewCrawler("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")).toBeNull();
    expect(previewCrawler("curl/8.5.0")).toBeNull();
    expect(previewCrawler("")).toBeNull();
    expect(previewCrawler(null)).toBeNull();
  });

  it('shows counts under 10 as "fewer than 10"', () => {
    expect(displayCount(0)).toBe("fewer than 10");
    expect(displayCount(9)).toBe("fewer than 10");
    expect(displayCount(10)).toBe("10");
    expect(displayCount(12345)).toBe("12,345");
  });

  it("adds UTM parameters and refuses addresses that are not http(s)", () => {
    expect(withUtm("https://acme.example/shop?x=1", "home")).toBe(
      "https://acme.example/shop?x=1&utm_source=ridgeway-racing&utm_medium=referral&utm_campaign=partnership&utm_content=home",
    );
    expect(withUtm("https://acme.example/?utm_source=theirs", "newsletter-abc")).toContain("utm_source=theirs&utm_medium=email");
    expect(withUtm("javascript:alert(1)", "home")).toBeNull();
    expect(withUtm("not a url", "home")).toBeNull();
  });

  it("finds the redirect links an e-mail carries, once each", () => {
    const html = `<a href="https://site.example/go/acme/email-order-confirmation">A</a><a href="https://site.example/go/acme/email-order-confirmation">B</a><a href="/go/bad/nowhere">C</a>`;
    expect(mentionsIn(html)).toEqual([["acme", "email-order-confirmation"]]);
  });
});
