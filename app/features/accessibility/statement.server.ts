import statementMarkdown from "../../../docs/accessibility.md?raw";
import { renderMarkdown } from "~/lib/markdown.server";

/**
 * The accessibility statement: docs/accessibility.md, the one text the team edits, shown at
 * /accessibility. Its first line is the title; the rest is the body.
 */
export function accessibilityStatement(): { title: string; html: string } {
  const [firstLine = "", ...rest] = statementMarkdown.split("\n");
  return { title: firstLine.replace(/^#\s*/, ""), html: renderMarkdown(rest.join("\n")) };
}
