import { useNonce } from "~/components/nonce";
import { serializeJsonLd } from "~/lib/json-ld";

/** Structured data for search engines (schema.org), as a CSP-nonced data block. */
export function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      // The client renders no nonce, so the attribute always differs after hydration.
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
