/** How a page leaves: a cached page as stored, and a page's policy allowing its inline scripts by their hashes. */
import type express from "express";
import { cacheControlFor } from "./cache-policy";
import type { CachedPage, PageAudience } from "./page-cache";
import { policyWithScriptHashes } from "./public-page";

/** The page's policy allows its inline scripts by their hashes instead of this request's nonce. */
export function allowScriptsByHash(res: express.Response, scriptHashes: readonly string[]) {
  const policy = res.getHeader("Content-Security-Policy");
  if (typeof policy === "string") res.setHeader("Content-Security-Policy", policyWithScriptHashes(policy, scriptHashes));
}

/**
 * A page from the cache, as stored: the same bytes for everyone, compressed once, with a strong
 * ETag per encoding, so a browser or a shared cache that holds it gets a 304.
 */
export function sendCachedPage(
  req: express.Request,
  res: express.Response,
  page: CachedPage,
  audience: PageAudience,
  /** Headers kept with the page for the server only (lower case). */
  withheld: readonly string[] = [],
) {
  res.status(page.status);
  for (const [name, value] of page.headers) if (!withheld.includes(name)) res.append(name, value);
  const cacheControl = page.headers.find(([name]) => name === "cache-control")?.[1] ?? null;
  // The signed-in page holds nothing of the person, but says someone is signed in: never for a shared cache.
  res.setHeader("Cache-Control", cacheControlFor({ personal: audience !== "everyone" }, { cacheControl, setsCookie: false }));
  allowScriptsByHash(res, page.scriptHashes);
  res.vary("Accept-Encoding");
  // Brotli whenever the browser takes it, as the compression middleware does: browsers list gzip first.
  const encoding = req.acceptsEncodings("br") ? "br" : req.acceptsEncodings("gzip") ? "gzip" : undefined;
  const encoded = encoding && page.encoded[encoding];
  res.setHeader("ETag", encoded ? page.etag.replace(/"$/, `-${encoding}"`) : page.etag);
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  if (!encoded) {
    res.end(page.body);
    return;
  }
  res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", encoded.length);
  res.end(encoded);
}
