import { describe, expect, it } from "vitest";
import {
  bodyParagraphs,
  emailablePicture,
  issueActions,
  issueFormSchema,
  issueHasContent,
  newsletterHeaders,
  newsletterListId,
  personalise,
  preheaderFrom,
  reportIsLive,
  SUBJECT_MAX,
  UNSUBSCRIBE_TOKEN_PLACEHOLDER,
} from "./newsletter-issue";

describe("issueFormSchema", () => {
  it("needs a subject, and names the field", () => {
    const parsed = issueFormSchema.safeParse({ subject: "   ", body: "Hello" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ["subject"], message: expect.stringMatching(/Write a subject/) });
  });

  it("takes a 500-character subject with markup, emoji and right-to-left text as it is, and refuses 501", () => {
    // Counted in characters (code points): the flag is one.
    const subject = [...`<b>مرحبا</b> 🏁 ${"x".repeat(SUBJECT_MAX)}`].slice(0, SUBJECT_MAX).join("");
    expect([...subject]).toHaveLength(SUBJECT_MAX);
    expect(issueFormSchema.parse({ subject }).subject).toBe(subject);
    expect(issueFormSchema.safeParse({ subject: `${subject}y` }).success).toBe(false);
  });

  it("refuses a subject or preview line over several lines (a subject becomes a mail header)", () => {
    expect(issueFormSchema.safeParse({ subject: "Race day\r\nBcc: everyone@example.com" }).success).toBe(false);
    expect(issueFormSchema.safeParse({ subject: "Race day", preheader: "a\nb" }).success).toBe(false);
  });
});

describe("bodyParagraphs", () => {
  it("splits at blank lines and keeps single line breaks inside a paragraph", () => {
    expect(bodyParagraphs("One\r\ntwo\r\n\r\n  \nThree\n \n\n")).toEqual([["One", "two"], ["Three"]]);
    expect(bodyParagraphs("   ")).toEqual([]);
  });
});

describe("issueHasContent", () => {
  it("is the text or the article's link", () => {
    expect(issueHasContent({ body: " \n", articleUrl: null })).toBe(false);
    expect(issueHasContent({ body: "", articleUrl: "https://x.example/news/a" })).toBe(true);
    expect(issueHasContent({ body: "Hi", articleUrl: null })).toBe(true);
  });
});

describe("list headers", () => {
  it("name the list after the site's host and offer one-click unsubscribe (RFC 8058)", () => {
    expect(newsletterListId("https://ridgeway-racing.example")).toBe("<newsletter.ridgeway-racing.example>");
    expect(
      newsletterHeaders("https://www.ridgeway.example:8443", "https://www.ridgeway.example:8443/newsletter/unsubscribe?token=abc"),
    ).toEqual({
      "List-Unsubscribe": "<https://www.ridgeway.example:8443/newsletter/unsubscribe?token=abc>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "List-Id": "<newsletter.www.ridgeway.example>",
    });
  });
});

describe("personalise", () => {
  it("puts the recipient's token wherever the placeholder is", () => {
    const rendered = `a ${UNSUBSCRIBE_TOKEN_PLACEHOLDER} b ${UNSUBSCRIBE_TOKEN_PLACEHOLDER}`;
    expect(personalise(rendered, "Ab_9-z")).toBe("a Ab_9-z b Ab_9-z");
  });

  it("encodes a token that would need escaping", () => {
    expect(personalise(`href="${UNSUBSCRIBE_TOKEN_PLACEHOLDER}"`, '"><script>&')).toBe('href="%22%3E%3Cscript%3E%26"');
  });
});

describe("emailablePicture", () => {
  it("keeps PNG, JPEG and GIF and drops SVG, WebP and AVIF (Outlook for Windows shows neither)", () => {
    expect(emailablePicture("/media/u/abc-1104.jpg")).toBe("/media/u/abc-1104.jpg");
    expect(emailablePicture("/media/share-card.png")).toBe("/media/share-card.png");
    expect(emailablePicture("https://cdn.example/a.JPG?w=2")).toBe("https://cdn.example/a.JPG?w=2");
    expect(emailablePicture("/media/u/abc-1280.webp")).toBeNull();
    expect(emailablePicture("/media/u/abc-1280.avif")).toBeNull();
    expect(emailablePicture("/media/news/season-opener.svg")).toBeNull();
    expect(emailablePicture(null)).toBeNull();
  });
});

describe("reportIsLive", () => {
  it("keeps the report moving while the issue is queued and while copies wait for the outbox", () => {
    expect(reportIsLive("sending", null)).toBe(true);
    expect(reportIsLive("sent", { waiting: 2 })).toBe(true);
    expect(reportIsLive("sent", { waiting: 0 })).toBe(false);
    expect(reportIsLive("draft", null)).toBe(false);
    expect(reportIsLive("scheduled", null)).toBe(false);
  });
});

describe("preheaderFrom", () => {
  it("keeps a short excerpt and cuts a long one at a word", () => {
    expect(preheaderFrom("A podium  in the\nwet.")).toBe("A podium in the wet.");
    const cut = preheaderFrom("word ".repeat(100));
    expect(cut.length).toBeLessThanOrEqual(200);
    expect(cut.endsWith("word…")).toBe(true);
  });
});

describe("issueActions", () => {
  it("edits and schedules drafts only; a scheduled issue can be cancelled or sent; a sent one nothing", () => {
    expect(issueActions("draft")).toEqual({ edit: true, schedule: true, unschedule: false, send: true });
    expect(issueActions("scheduled")).toEqual({ edit: false, schedule: false, unschedule: true, send: true });
    expect(issueActions("sending")).toEqual({ edit: false, schedule: false, unschedule: false, send: false });
    expect(issueActions("sent")).toEqual({ edit: false, schedule: false, unschedule: false, send: false });
  });
});
