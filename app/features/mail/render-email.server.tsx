import type { ReactElement } from "react";
import { render } from "@react-email/components";

/**
 * Both parts of an e-mail from one template: the HTML part, and a plain-text part derived from
 * it (links as "text [address]", so every action is still there for text-only readers).
 */
export async function renderEmail(element: ReactElement): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}
