/**
 * A page the cache keeps is sent to many people, so its inline scripts cannot be allowed by a
 * nonce: a nonce repeated to everyone is no secret. Such a page leaves without nonce attributes,
 * and its Content-Security-Policy allows exactly its own inline scripts by their SHA-256 hashes
 * (ADR 0085). A page made for one person keeps its per-request nonce.
 */
import { createHash } from "node:crypto";

/** An inline script's opening tag and its text; scripts with `src` are allowed by 'self'. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
/** Data blocks (JSON-LD) are never run, so they need no allowance. */
const DATA_BLOCK = /\btype="application\/(?:ld\+)?json"/;

export interface PublicPage {
  html: string;
  /** CSP source expressions, e.g. `'sha256-…'`, one per distinct inline script. */
  scriptHashes: string[];
}

/**
 * The page without its nonce, with the hashes of its inline scripts; null when the nonce appears
 * anywhere else than in a `nonce` attribute (the page cannot then be shared safely).
 */
export function toPublicPage(html: string, nonce: string): PublicPage | null {
  if (nonce.length < 8) return null;
  const stripped = html.replaceAll(` nonce="${nonce}"`, "");
  if (stripped.includes(nonce)) return null;
  const hashes = new Set<string>();
  for (const [, attributes, text] of stripped.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc=/.test(attributes!) || DATA_BLOCK.test(attributes!) || text === "") continue;
    hashes.add(`'sha256-${createHash("sha256").update(text!, "utf8").digest("base64")}'`);
  }
  return { html: stripped, scriptHashes: [...hashes] };
}

/** The policy with its script nonce replaced by the page's script hashes. */
export function policyWithScriptHashes(policy: string, scriptHashes: readonly string[]): string {
  return policy.replace(/\s*'nonce-[^']*'/, scriptHashes.length > 0 ? ` ${scriptHashes.join(" ")}` : "");
}
