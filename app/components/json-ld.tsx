import { useNonce } from "~/components/nonce";
import { serializeJsonLd } from "~/lib/json-ld";

/**
 * Structured data for search engines (schema.org), as a CSP-nonced data block. Crawlers read it in
 * the server's HTML, so it is built there only: callers pass
 * `data={import.meta.env.SSR ? build(...) : null}`, which leaves the builder out of the browser's
 * scripts. Hydration keeps the server's block as it is (React does not rewrite inner HTML while
 * hydrating), and a page reached by a client navigation has an empty one.
 */
export function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      // The client renders no nonce and no data, so both always differ after hydration.
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? serializeJsonLd(data) : "" }}
    />
  );
}
