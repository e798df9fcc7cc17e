import { brand } from "~/brand";

/** JSON for a <script> element: "<" is escaped so no text in it can close the element. */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/** schema.org SportsOrganization for the team, with its social profiles. */
export function organizationJsonLd(publicUrl: string, contact: { email: string; phone: string; socials: ReadonlyArray<{ url: string }> }) {
  return {
    "@context": "https://schema.org",
    "@type": "SportsOrganization",
    name: brand.name,
    url: `${publicUrl}/`,
    logo: `${publicUrl}/favicon.svg`,
    email: contact.email,
    telephone: contact.phone,
    sport: "Motorsport",
    address: { "@type": "PostalAddress", addressRegion: "Wiltshire", addressCountry: "GB" },
    sameAs: contact.socials.map((social) => social.url),
  };
}
