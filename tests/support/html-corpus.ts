/**
 * The document a page's HTML describes, with what differs between two builds of the same source
 * set aside (ADR 0118): content hashes in asset names, the scripts' contents and module preloads
 * (the bundler's chunking), the nonce of a response, the site's push key (made once per database), and the minute a live page says it was
 * rendered at ("As of 10:01 UK time": the fixed clock runs on from the instant, and a slow machine
 * reaches that page a minute or two in). Structured data (JSON-LD) is kept. One tag a line, so a
 * difference reads as a diff.
 */
export function normaliseDocument(html: string): string {
  return (
    html
      .replace(/<link rel="modulepreload"[^>]*>/g, "")
      .replace(/(<script(?![^>]*application\/ld\+json)[^>]*>)[\s\S]*?(<\/script>)/g, "$1$2")
      .replace(/ nonce="[^"]*"/g, "")
      .replace(/As of <!-- -->\d\d:\d\d<!-- --> UK time/g, "As of <!-- -->HH:MM<!-- --> UK time")
      // The site's VAPID key, made once per database (ADR 0137).
      .replace(/(<meta name="push-public-key" content=")[\w-]+"/g, "$1(the site's key)\"")
      .replace(/\/assets\/([\w.-]+?)-[\w-]{8}\.(js|css|svg|woff2|png|webp|avif|jpg)\b/g, "/assets/$1.$2")
      .replace(/></g, ">\n<")
  );
}

/** The pages compared before and after a platform change: every kind of public page. */
export const CORPUS_PAGES = [
  "/",
  "/news",
  "/news/season-opener-silverstone-international",
  "/calendar",
  "/calendar/2025-r2-anglesey",
  "/store",
  "/store/team-cap-red",
  "/cart",
  "/team",
  "/team/1",
  "/partners",
  "/partner-packages",
  "/female-side",
  "/gallery",
  "/podcast",
  "/contact",
  "/login",
  "/terms",
  "/a-page-that-does-not-exist",
] as const;

/** The file a page's normalised document is kept in. */
export function corpusFileName(page: string): string {
  return `${page === "/" ? "home" : page.slice(1).replaceAll("/", "--")}.html`;
}
