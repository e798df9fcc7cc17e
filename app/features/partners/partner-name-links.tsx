import { useRef } from "react";
import { LinkButton } from "~/components/ui/link-button";
import type { Placed } from "./placements";
import { SEEN_ATTRIBUTE } from "./seen";
import { useSeenCounting } from "./use-seen-counting";

/** The partners racing with the team, as a row of links to their sites (the packages page). */
export function PartnerNameLinks({ partners }: { partners: Array<Placed<{ id: string; name: string; website: string }>> }) {
  const list = useRef<HTMLUListElement>(null);
  useSeenCounting(list);
  return (
    <ul ref={list} className="flex flex-wrap gap-3">
      {partners.map((partner) => (
        <li key={partner.id} {...{ [SEEN_ATTRIBUTE]: partner.seenKey }}>
          <LinkButton to={partner.website} variant="secondary" size="sm">
            {partner.name}
          </LinkButton>
        </li>
      ))}
    </ul>
  );
}
