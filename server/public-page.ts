/**
 * A page the cache keeps is sent to many people, so its inline scripts cannot be allowed by a
 * nonce: a nonce repeated to everyone is no secret. Such a page leaves without nonce attributes,
 * and its Content-Security-Policy allows exactly the app's own inline scripts by their SHA-256
 * hashes (ADR 0085). A page made for one person keeps its per-request nonce.
 *
 * The app's own scripts are the ones written with this render's nonce: every place that writes
 * a script (React Router's `<Scripts>`, React's streaming, the brand-fonts starter, the entry's
 * paint-first rewrite) gives it the nonce, which nobody else can know in advance. A script that
 * reached the page any other way (stored text that slipped past the renderer) carries no nonce,
 * gets no hash and is refused by the browser, on a cached page as on a personal one (ADR 0094).
 */
import { createHash } from "node:crypto";

/** An inline script's opening tag and its text; scripts with `src` are allowed by 'self'. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
/** Data blocks (JSON-LD) are never run, so they need no allowance. */
const DATA_BLOCK = /\btype="application\/(?:ld\+)?json"/;

export interface PublicPage {
  html: string;
  /** CSP source expressions, e.g. `'sha256-…'`, one per distinct inline script the app wrote. */
  scriptHashes: string[];
}

/**
 * The page without its nonce, with the hashes of the inline scripts written with that nonce; null
 * when the nonce appears anywhere else than in a `nonce` attribute (the page cannot then be shared
 * safely).
 */
export function toPublicPage(html: string, nonce: string): PublicPage | null {
  if (nonce.length < 8) return null;
  const nonceAttribute = ` nonce="${nonce}"`;
  if (html.replaceAll(nonceAttribute, "").includes(nonce)) return null;
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(INLINE_SCRIPT)) {
    if (!attributes!.includes(nonceAttribute)) continue;
    if (/\bsrc=/.test(attributes!) || DATA_BLOCK.test(attributes!) || text === "") continue;
    hashes.add(`'sha256-${createHash("sha256").update(text!, "utf8").digest("base64")}'`);
  }
  return { html: html.replaceAll(nonceAttribute, ""), scriptHashes: [...hashes] };
}

/** The policy with its script nonce replaced by the page's script hashes. */
export function policyWithScriptHashes(policy: string, scriptHashes: readonly string[]): string {
  return policy.replace(/\s*'nonce-[^']*'/, scriptHashes.length > 0 ? ` ${scriptHashes.join(" ")}` : "");
}
