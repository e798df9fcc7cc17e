import { describe, expect, it } from "vitest";
import { jsonDiff, type JsonObject } from "./json-diff";
import { readableDiff, readableDiffLabel, readableKey, readableValue, recordLabel } from "./readable-value";

describe("readableValue", () => {
  it("shows office hours (a list of records) as words, one line each, never as JSON", () => {
    const hours = [
      { days: "Monday – Friday", hours: "9:00 – 17:00" },
      { days: "Saturday", hours: "Closed" },
    ];
    expect(readableValue(hours)).toBe("Days: Monday – Friday, Hours: 9:00 – 17:00\nDays: Saturday, Hours: Closed");
    expect(readableValue(hours)).not.toMatch(/[{}[\]"]/);
  });

  it("reads plain values, lists, yes/no and times in UK time", () => {
    expect(readableValue("Silverstone")).toBe("Silverstone");
    expect(readableValue(12)).toBe("12");
    expect(readableValue(true)).toBe("Yes");
    expect(readableValue(false)).toBe("No");
    expect(readableValue(null)).toBe("");
    expect(readableValue(["F3A", "F3B"])).toBe("F3A, F3B");
    expect(readableValue("2026-07-01T08:30:00.000Z")).toBe("1 Jul 2026, 09:30 UK time");
    expect(readableValue({ name: "Instagram", url: "https://instagram.example/r", note: null })).toBe(
      "Name: Instagram, Url: https://instagram.example/r",
    );
  });

  it("reads an article body as its text, a paragraph a line, a picture by its alt text", () => {
    const body: JsonObject = {
      type: "doc",
      content: [
        { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Race 1" }] },
        {
          type: "paragraph",
          content: [
            { type: "text", text: "Oliver " },
            { type: "text", marks: [{ type: "bold" }], text: "won" },
            { type: "text", text: "." },
          ],
        },
        { type: "image", attrs: { src: "/media/u/x.webp", alt: "The podium" } },
      ],
    };
    expect(readableValue(body)).toBe("## Race 1\nOliver won.\n[Picture: The podium]");
    expect(readableValue(body.content)).toBe("## Race 1\nOliver won.\n[Picture: The podium]");
  });
});

describe("readableDiffLabel", () => {
  it("names a field in words, and an article body as the body", () => {
    const before = {
      officeHours: [{ days: "Mon", hours: "9" }],
      body: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "a" }] }] },
    };
    const after = {
      officeHours: [{ days: "Mon", hours: "10" }],
      body: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "b" }] }] },
    };
    expect(jsonDiff(before, after).map(readableDiffLabel)).toEqual(["Body", "Office hours"]);
    expect(readableDiffLabel({ path: ["seo", "shareImage"], kind: "added", after: "x" })).toBe("Seo › Share image");
    expect(readableDiffLabel({ path: [], kind: "added", after: "x" })).toBe("The record");
    expect(readableKey("author_name")).toBe("Author name");
  });
});

describe("readableDiff", () => {
  it("shows an edit late in a long text as the words that changed, not both texts cut at the same length", () => {
    const opening = "The team arrived at Cadwell Park with a new floor and a lot of hope. ".repeat(4);
    const before = { excerpt: `${opening}Oliver finished fourth.` };
    const after = { excerpt: `${opening}Oliver finished third.` };
    expect(opening.length).toBeGreaterThan(170);
    expect(readableDiff(jsonDiff(before, after))).toEqual([
      {
        label: "Excerpt",
        kind: "changed",
        parts: [
          { kind: "same", text: "… floor and a lot of hope. Oliver finished " },
          { kind: "removed", text: "fourth." },
          { kind: "added", text: "third." },
        ],
      },
    ]);
  });

  it("shows changed office hours as the words that changed", () => {
    const before = { officeHours: [{ days: "Monday – Friday", hours: "9:00 – 17:00" }] };
    const after = { officeHours: [{ days: "Monday – Friday", hours: "8:30 – 17:00" }] };
    expect(readableDiff(jsonDiff(before, after))).toEqual([
      {
        label: "Office hours",
        kind: "changed",
        parts: [
          { kind: "same", text: "Days: Monday – Friday, Hours: " },
          { kind: "removed", text: "9:00" },
          { kind: "added", text: "8:30" },
          { kind: "same", text: " – 17:00" },
        ],
      },
    ]);
  });

  it("reads a created record field by field, and a value emptied as removed", () => {
    expect(readableDiff(jsonDiff(null, { title: "Launch", published: false, venue: "" }))).toEqual([
      { label: "Published", kind: "added", text: "No" },
      { label: "Title", kind: "added", text: "Launch" },
    ]);
    expect(readableDiff(jsonDiff({ venue: "Thruxton" }, { venue: null }))).toEqual([{ label: "Venue", kind: "removed", text: "Thruxton" }]);
    const long = "x".repeat(500);
    const added = readableDiff(jsonDiff({}, { body: long }))[0]!;
    expect(added.kind === "added" && added.text.length).toBe(301);
  });
});

describe("recordLabel", () => {
  it("names a record by its title, else its name, else what else it is known by", () => {
    expect(recordLabel({ id: "3f2c…", title: "Mountain Battle at Cadwell", name: "x" })).toBe("Mountain Battle at Cadwell");
    expect(recordLabel({ id: "oliver-hartley", name: "Oliver Hartley" })).toBe("Oliver Hartley");
    expect(recordLabel({ id: "m1", caption: "", altText: "The podium at Thruxton" })).toBe("The podium at Thruxton");
    expect(recordLabel({ id: "x", title: "  " })).toBeNull();
    expect(recordLabel(null)).toBeNull();
  });
});
