import type { Partner } from "./partners.server";

/** The size of a partner logo (its SVG viewBox); CSS scales it. */
export const PARTNER_LOGO = { width: 400, height: 200 } as const;

/** The id of a partner's card, which the logos on /partners link to. */
export function partnerAnchor(partner: Pick<Partner, "id">): string {
  return `partner-${partner.id}`;
}
