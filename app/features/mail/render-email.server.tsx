import type { ReactElement } from "react";
import { render } from "@react-email/components";

/**
 * The text part's formatter for an element marked `data-text-prefix`: the prefix, then the
 * element's text. A table cell that shows an amount beside its label in HTML reads
 * "Subtotal: £72.00" in the text part rather than "Subtotal£72.00".
 */
const htmlToTextOptions = {
  formatters: {
    prefixed: (
      elem: { attribs?: Record<string, string>; children: unknown[] },
      walk: (nodes: unknown[], builder: unknown) => void,
      builder: { addInline(text: string): void },
    ) => {
      builder.addInline(elem.attribs?.["data-text-prefix"] ?? "");
      walk(elem.children, builder);
    },
  },
  selectors: [{ selector: "[data-text-prefix]", format: "prefixed" }],
};

/**
 * Both parts of an e-mail from one template: the HTML part, and a plain-text part derived from
 * it (links as "text address", so every action is still there for text-only readers).
 */
export async function renderEmail(element: ReactElement): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([
    render(element),
    render(element, { plainText: true, htmlToTextOptions: htmlToTextOptions as never }),
  ]);
  return { html, text };
}
