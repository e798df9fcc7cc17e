import { describe, expect, it } from "vitest";
import { buildNewsRss, rfc822Date } from "./news-rss";

const publicUrl = "https://ridgeway-racing.example";
const articles = [
  {
    id: "season-finale",
    title: "Podiums for Hartley & Marsh",
    excerpt: 'A "strong" finish <at> Silverstone',
    category: "race_report",
    publishedOn: "2025-11-03",
  },
  { id: "aero", title: "Inside the Aero Upgrade", excerpt: "Downforce.", category: "Technical", publishedOn: "2025-09-10" },
];

function items(xml: string): string[] {
  return xml.match(/<item>[\s\S]*?<\/item>/g) ?? [];
}

describe("rfc822Date", () => {
  it("formats a calendar date as an RFC 822 date", () => {
    expect(rfc822Date("2025-04-06")).toBe("Sun, 06 Apr 2025 00:00:00 GMT");
  });

  it("refuses something that is not a date", () => {
    expect(() => rfc822Date("soon")).toThrow(RangeError);
  });
});

describe("buildNewsRss", () => {
  const xml = buildNewsRss(publicUrl, articles);

  it("is an RSS 2.0 channel for the news page", () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    expect(xml).toContain("<title>Ridgeway Racing News</title>");
    expect(xml).toContain("<link>https://ridgeway-racing.example/news</link>");
    expect(xml).toContain('<atom:link href="https://ridgeway-racing.example/news/rss.xml" rel="self"');
    expect(xml).toContain("<lastBuildDate>Mon, 03 Nov 2025 00:00:00 GMT</lastBuildDate>");
  });

  it("has one item per article, in the order given, with canonical permalinks", () => {
    const [first, second] = items(xml);
    expect(items(xml)).toHaveLength(2);
    expect(first).toContain("<link>https://ridgeway-racing.example/news/season-finale</link>");
    expect(first).toContain('<guid isPermaLink="true">https://ridgeway-racing.example/news/season-finale</guid>');
    expect(first).toContain("<pubDate>Mon, 03 Nov 2025 00:00:00 GMT</pubDate>");
    expect(first).toContain("<category>Race Reports</category>");
    expect(second).toContain("<title>Inside the Aero Upgrade</title>");
    expect(second).toContain("<description>Downforce.</description>");
  });

  it("escapes text for XML", () => {
    const [first] = items(xml);
    expect(first).toContain("<title>Podiums for Hartley &amp; Marsh</title>");
    expect(first).toContain("<description>A &quot;strong&quot; finish &lt;at&gt; Silverstone</description>");
  });

  it("is a valid empty channel with no articles", () => {
    const empty = buildNewsRss(publicUrl, []);
    expect(items(empty)).toEqual([]);
    expect(empty).not.toContain("lastBuildDate");
    expect(empty).toContain("</channel>\n</rss>");
  });
});
