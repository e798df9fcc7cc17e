import { Fragment } from "react";
import { Img, Section } from "@react-email/components";
import { brand } from "~/brand";
import { EmailButton, EmailLayout, EmailLink, EmailText, type EmailFrame } from "~/features/mail/email-layout";
import { bodyParagraphs } from "./newsletter-issue";

export interface IssueEmailContent {
  subject: string;
  preheader: string;
  body: string;
  articleTitle: string | null;
  articleUrl: string | null;
  imageUrl: string | null;
  imageAlt: string | null;
}

/**
 * A newsletter issue in the one layout: the text as paragraphs, then the article it was made
 * from (picture and a button), then how to stop the newsletter. No tracking pixel, no
 * redirecting links: the team sees what the server knows (ADR 0073).
 */
export function NewsletterIssueEmail({ frame, issue, leaveUrl }: { frame: EmailFrame; issue: IssueEmailContent; leaveUrl: string }) {
  const paragraphs = bodyParagraphs(issue.body);
  return (
    <EmailLayout frame={frame} preview={issue.preheader || issue.subject} heading={issue.subject}>
      {issue.imageUrl && issue.articleUrl && (
        <Section style={{ margin: "0 0 16px" }}>
          <Img
            src={issue.imageUrl}
            alt={issue.imageAlt ?? ""}
            width="552"
            style={{ width: "100%", maxWidth: "552px", height: "auto", borderRadius: "6px" }}
          />
        </Section>
      )}
      {paragraphs.map((lines, index) => (
        <EmailText key={index}>
          {lines.map((line, at) => (
            <Fragment key={at}>
              {at > 0 && <br />}
              {line}
            </Fragment>
          ))}
        </EmailText>
      ))}
      {issue.articleUrl && <EmailButton href={issue.articleUrl}>{issue.articleTitle ? "Read the full story" : "Read more"}</EmailButton>}
      {/* The link ends its paragraph: in the text part its address follows, and punctuation there would join it. */}
      <EmailText>
        You are subscribed to the {brand.name} newsletter. <EmailLink href={leaveUrl}>Unsubscribe</EmailLink>
      </EmailText>
    </EmailLayout>
  );
}
