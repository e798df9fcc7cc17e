import { XMLParser, XMLValidator } from "fast-xml-parser";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { serverForTests } from "../support/server-fixture";

/*
 * The feeds other programs read, through the built server (npm run build first), each checked
 * with a parser this site does not use to write it: the RSS feed and the sitemap with
 * fast-xml-parser, the calendar with ical.js (the parser behind Thunderbird's calendar).
 */

const site = serverForTests();

async function text(path: string): Promise<string> {
  const response = await fetch(`${site.url}${path}`);
  expect(response.status).toBe(200);
  return response.text();
}

const asList = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" });
const isAbsoluteUrl = (value: unknown) => typeof value === "string" && /^https?:\/\/[^/\s]+\/\S*$/.test(value);

describe("feeds read by an independent parser", () => {
  it("the RSS feed is well-formed RSS 2.0: every item has a title, an absolute link, a permalink guid, a date and a description", async () => {
    const xml = await text("/news/rss.xml");
    expect(XMLValidator.validate(xml)).toBe(true);
    const { rss } = parser.parse(xml) as { rss: { "@version": string; channel: Record<string, unknown> } };
    expect(rss["@version"]).toBe("2.0");
    const { channel } = rss;
    expect(channel.title).toEqual(expect.any(String));
    expect(isAbsoluteUrl(channel.link)).toBe(true);
    expect(channel.description).toEqual(expect.any(String));
    const items = asList(channel.item as Array<Record<string, unknown>> | undefined);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item.title).toEqual(expect.any(String));
      expect(isAbsoluteUrl(item.link)).toBe(true);
      expect(item.guid).toEqual({ "#text": item.link, "@isPermaLink": "true" });
      expect(Number.isNaN(Date.parse(String(item.pubDate)))).toBe(false);
      expect(String(item.description).length).toBeGreaterThan(0);
    }
    expect(new Set(items.map((item) => item.link)).size).toBe(items.length);
    const dates = items.map((item) => Date.parse(String(item.pubDate)));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it("the sitemap is a well-formed sitemaps.org urlset of unique absolute addresses with valid dates", async () => {
    const xml = await text("/sitemap.xml");
    expect(XMLValidator.validate(xml)).toBe(true);
    const { urlset } = parser.parse(xml) as { urlset: { "@xmlns": string; url: unknown } };
    expect(urlset["@xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    const urls = asList(urlset.url as Array<{ loc: string; lastmod?: string }>);
    expect(urls.length).toBeGreaterThan(10);
    for (const url of urls) {
      expect(isAbsoluteUrl(url.loc)).toBe(true);
      if (url.lastmod !== undefined) expect(url.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/);
    }
    expect(new Set(urls.map((url) => url.loc)).size).toBe(urls.length);
  });

  it("the calendar is iCalendar 2.0 ical.js can read: every event has a unique UID, a summary and an end after its start", async () => {
    const feed = await text("/calendar.ics");
    const calendar = new ICAL.Component(ICAL.parse(feed));
    expect(calendar.name).toBe("vcalendar");
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(calendar.getFirstPropertyValue("prodid")).toEqual(expect.any(String));
    const events = calendar.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      expect(event.uid).toMatch(/\S+@\S+/);
      expect(event.summary.length).toBeGreaterThan(0);
      expect(event.startDate).toBeTruthy();
      expect(event.endDate.compare(event.startDate)).toBeGreaterThanOrEqual(0);
    }
    expect(new Set(events.map((event) => event.uid)).size).toBe(events.length);
  });
});
