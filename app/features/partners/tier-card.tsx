import { LinkButton } from "~/components/ui/link-button";
import { cx } from "~/components/ui/cx";
import { formatPackagePrice } from "./package-price";
import type { SponsorshipTier } from "./partners.server";

/** Where a sponsor goes to start: the contact form with Sponsorship chosen. */
export const SPONSORSHIP_CONTACT_PATH = "/contact?category=Sponsorship";

export function TierCard({ tier, featured }: { tier: SponsorshipTier; featured: boolean }) {
  const headingId = `tier-${tier.tier.toLowerCase()}`;
  return (
    <article
      aria-labelledby={headingId}
      className={cx(
        "flex h-full flex-col gap-5 rounded-card border bg-surface p-6 sm:p-8",
        featured ? "border-accent-text" : "border-line",
      )}
    >
      <h3 id={headingId} className="text-2xl font-bold uppercase">
        {tier.tier}
      </h3>
      <p>
        <span className="font-display text-5xl font-bold">{formatPackagePrice(tier.pricePence)}</span>{" "}
        <span className="text-muted">{tier.period}</span>
      </p>
      <p className="text-muted">{tier.description}</p>
      <ul className="flex flex-col gap-2 text-sm">
        {tier.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <span aria-hidden="true" className="font-bold text-success">
              ✓
            </span>
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-auto pt-2">
        <LinkButton to={SPONSORSHIP_CONTACT_PATH} variant={featured ? "primary" : "secondary"} className="w-full">
          Get Started<span className="sr-only"> with {tier.tier}</span>
        </LinkButton>
      </div>
    </article>
  );
}
