import { Badge } from "~/components/ui/badge";
import { LinkButton } from "~/components/ui/link-button";
import { partnerAnchor } from "./partner-display";
import { PartnerFacts } from "./partner-facts";
import type { Partner } from "./partners.server";

interface PartnerCardProps {
  partner: Partner;
  /** Show the company facts in a disclosure (the /partners page, where logos link here). */
  withFacts?: boolean;
}

export function PartnerCard({ partner, withFacts = false }: PartnerCardProps) {
  return (
    <article
      id={partnerAnchor(partner)}
      aria-labelledby={`${partnerAnchor(partner)}-name`}
      className="flex h-full flex-col gap-4 rounded-card border border-line bg-surface p-5 sm:p-6"
    >
      <div>
        <Badge tone="accent">{partner.category}</Badge>
        {partner.tier && <span className="ml-2 text-xs font-semibold uppercase tracking-wide text-muted">{partner.tier} partner</span>}
        <h3 id={`${partnerAnchor(partner)}-name`} className="mt-3 text-2xl font-bold uppercase">
          {partner.name}
        </h3>
      </div>
      <p className="text-muted">{partner.description}</p>
      {withFacts && (
        <details className="rounded-lg border border-line bg-ink/40 p-4">
          <summary className="cursor-pointer font-semibold text-text marker:text-accent-text">Company details</summary>
          <div className="mt-4">
            <PartnerFacts details={partner.details} />
          </div>
        </details>
      )}
      <div className="mt-auto pt-2">
        <LinkButton to={partner.website} variant="secondary" size="sm">
          Visit Website<span className="sr-only">: {partner.name}</span>
        </LinkButton>
      </div>
    </article>
  );
}
