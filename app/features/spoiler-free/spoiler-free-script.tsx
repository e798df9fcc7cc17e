import { spoilerFreeHeadScript } from "./head-script";

/**
 * The spoiler-free head script (ADR 0142), inline and blocking, so the parser has hidden a fan's
 * results before it reaches them. Written by the server only, with the render's nonce (a shared
 * page allows it by its hash, ADR 0094): it has run before hydration, and the client build
 * carries none of its text. React does not rewrite a hydrated element's inner HTML.
 */
export function SpoilerFreeScript({ nonce }: { nonce: string | undefined }) {
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{
        __html: import.meta.env.SSR ? spoilerFreeHeadScript() : "",
      }}
    />
  );
}
