import { holdInstallPromptScript } from "./install-prompt-script";

/**
 * The page script that holds Chromium's install event from the start (install-prompt-script.ts). Written
 * by the server only, like the brand-fonts starter: it has run before hydration, and its bytes
 * stay out of the page's JavaScript. React does not rewrite a hydrated element's inner HTML.
 */
export function HoldInstallPrompt({ nonce }: { nonce: string | undefined }) {
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? holdInstallPromptScript() : "" }}
    />
  );
}
