import { describe, expect, it } from "vitest";
import { renderEmail } from "~/features/mail/render-email.server";
import { NewsletterIssueEmail } from "./issue-email";
import { personalise, UNSUBSCRIBE_TOKEN_PLACEHOLDER } from "./newsletter-issue";

const frame = {
  publicUrl: "https://ridgeway-racing.example",
  postalAddress: "Unit 4, Ridgeway Business Park, Swindon SN4 0AA",
  reason: "You receive this because you subscribed to the Ridgeway Racing newsletter.",
};
const leaveUrl = `https://ridgeway-racing.example/newsletter/unsubscribe?token=${UNSUBSCRIBE_TOKEN_PLACEHOLDER}`;
const article = {
  subject: "Podium at Snetterton",
  preheader: "A podium in the wet for the F4 car.",
  body: "A podium in the wet.\nThird place.\n\nSee you at Brands Hatch.",
  articleTitle: "Podium at Snetterton",
  articleUrl: "https://ridgeway-racing.example/news/podium-at-snetterton",
  imageUrl: "https://ridgeway-racing.example/media/u/abc-1280.webp",
  imageAlt: "The car on the podium",
};

describe("a newsletter issue's e-mail", () => {
  it("shows the paragraphs, the article's picture and button, the unsubscribe link, and no tracking", async () => {
    const { html, text } = await renderEmail(<NewsletterIssueEmail frame={frame} issue={article} leaveUrl={leaveUrl} />);
    const mine = personalise(html, "tok_123");
    expect(mine).toContain('href="https://ridgeway-racing.example/newsletter/unsubscribe?token=tok_123"');
    expect(mine).toContain('href="https://ridgeway-racing.example/news/podium-at-snetterton"');
    expect(mine).toContain('src="https://ridgeway-racing.example/media/u/abc-1280.webp"');
    expect(mine).toContain("A podium in the wet.<br/>Third place.");
    expect(mine).toContain(frame.postalAddress);
    // The only images are the logo and the article's picture: no pixel.
    expect(mine.match(/<img /g)).toHaveLength(2);
    const plain = personalise(text, "tok_123");
    for (const part of [
      "See you at Brands Hatch.",
      "Read the full story",
      article.articleUrl,
      "newsletter/unsubscribe?token=tok_123",
      frame.postalAddress,
    ])
      expect(plain).toContain(part);
  });

  it("escapes markup in the subject and text; emoji and right-to-left text arrive as they are", async () => {
    const subject = `<img src=x onerror=alert(1)> مرحبا 🏁 ${"a".repeat(450)}`;
    const { html, text } = await renderEmail(
      <NewsletterIssueEmail
        frame={frame}
        issue={{ ...article, subject, body: "<script>alert(1)</script>", imageUrl: null }}
        leaveUrl={leaveUrl}
      />,
    );
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt; مرحبا 🏁");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    // The text part is text: what was typed, as typed.
    expect(text.toLowerCase()).toContain("<img src=x onerror=alert(1)>");
    expect(text).toContain("<script>alert(1)</script>");
  });
});
