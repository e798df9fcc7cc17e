import type { ContactValues } from "./contact-schema";

/**
 * A mailto: link that opens the visitor's own mail app with their message
 * written out (RFC 6068: percent-encoded, CRLF line breaks).
 */
export function contactMailtoHref(to: string, message: ContactValues): string {
  const body = [`Name: ${message.name}`, `Email: ${message.email}`, `Category: ${message.category}`, "", "Message:", message.message].join(
    "\n",
  );
  return `mailto:${to}?subject=${encodeURIComponent(message.subject)}&body=${encodeURIComponent(body.replace(/\r?\n/g, "\r\n"))}`;
}
