import { Text } from "@react-email/components";
import { EmailButton, EmailLayout, EmailText, type EmailFrame } from "~/features/mail/email-layout";
import type { ContactMessage } from "./contact-schema";

const quoteStyle = {
  fontSize: "16px",
  lineHeight: "1.5",
  margin: "0 0 16px",
  padding: "12px 16px",
  backgroundColor: "#f1f2f4",
  borderRadius: "6px",
  overflowWrap: "anywhere" as const,
};

/** To the team: a message from the contact form, whole (its line breaks kept), with the inbox's link; a reply goes to the sender. */
export function ContactNoticeEmail({ frame, message, inboxUrl }: { frame: EmailFrame; message: ContactMessage; inboxUrl: string }) {
  return (
    <EmailLayout frame={frame} preview={`${message.name}: ${message.subject}`} heading={`New message: ${message.category}`}>
      <EmailText>
        <strong>From:</strong> {message.name} ({message.email})
        <br />
        <strong>Subject:</strong> {message.subject}
      </EmailText>
      <Text style={quoteStyle}>
        {message.message.split(/\r?\n/).map((line, index) => (
          <span key={index}>
            {index > 0 ? <br /> : null}
            {line}
          </span>
        ))}
      </Text>
      <EmailButton href={inboxUrl}>Open it in the inbox</EmailButton>
      <EmailText>Replying to this e-mail writes to {message.name}; a reply sent from the inbox is kept with the message.</EmailText>
    </EmailLayout>
  );
}
