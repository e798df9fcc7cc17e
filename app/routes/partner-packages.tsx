import type { Route } from "./+types/partner-packages";
import { brand } from "~/brand";
import { cx } from "~/components/ui/cx";
import { LinkButton } from "~/components/ui/link-button";
import { SectionHeading } from "~/components/ui/section-heading";
import { getPartners, getSponsorshipPackages, type CopyBlock } from "~/features/partners/partners.server";
import { partnersAt, placePartners } from "~/features/partners/placements.server";
import { PartnerNameLinks } from "~/features/partners/partner-name-links";
import { TierCard } from "~/features/partners/tier-card";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";

export async function loader({ context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const [packages, linked] = await Promise.all([getSponsorshipPackages(context.db), partnersAt(context.db, "packages-page")]);
  // Partners staff placed on this page: shown (and counted) only when there are some.
  const shown = linked.length > 0 ? (await getPartners(context.db)).filter((partner) => linked.some(({ id }) => id === partner.id)) : [];
  return { ...packages, partners: await placePartners(context, "packages-page", shown) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Partner Packages",
    description: `Sponsor ${brand.name}: Bronze, Silver and Platinum packages per race weekend, with VIP passes, branding on the cars and hospitality.`,
  });

export default function PartnerPackagesPage({ loaderData: { tiers, benefits, valueStrip, partners } }: Route.ComponentProps) {
  // The top tier is the one we lead with.
  const featuredTier = tiers.at(-1)?.tier;
  return (
    <>
      <div className="mx-auto max-w-7xl px-4 pt-12 sm:px-6 sm:pt-16">
        <SectionHeading
          level={1}
          eyebrow="Sponsorship"
          title="Partner Packages"
          description="Put your brand on our cars and your guests in our garage. Every package is priced per race weekend."
        />
      </div>

      <section aria-labelledby="benefits-heading" className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <SectionHeading id="benefits-heading" title="Why Partner With Us" />
        <CopyGrid blocks={benefits} className="sm:grid-cols-2 lg:grid-cols-3" />
      </section>

      <section aria-labelledby="packages-heading" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <SectionHeading id="packages-heading" title="Choose Your Package" />
        <ul className="grid gap-6 lg:grid-cols-3">
          {tiers.map((tier) => (
            <li key={tier.tier}>
              <TierCard tier={tier} featured={tier.tier === featuredTier} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="value-heading" className="border-y border-line bg-surface">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
          <h2 id="value-heading" className="sr-only">
            Value for your business
          </h2>
          <CopyGrid blocks={valueStrip} className="sm:grid-cols-2 lg:grid-cols-4" plain />
        </div>
      </section>

      {partners.length > 0 && (
        <section aria-labelledby="current-partners-heading" className="mx-auto max-w-7xl px-4 pt-12 sm:px-6">
          <SectionHeading id="current-partners-heading" title="Partners Racing With Us" />
          <PartnerNameLinks partners={partners} />
        </section>
      )}

      <section aria-labelledby="consultation-heading" className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
        <h2 id="consultation-heading" className="text-3xl font-bold uppercase sm:text-4xl">
          Not sure which package fits?
        </h2>
        <p className="mt-3 text-muted">
          Tell us about your business and what you'd like from a partnership, and we'll put together a package that works for you.
        </p>
        <div className="mt-6">
          <LinkButton to="/contact">Schedule a Consultation</LinkButton>
        </div>
      </section>
    </>
  );
}

function CopyGrid({ blocks, className, plain = false }: { blocks: CopyBlock[]; className: string; plain?: boolean }) {
  return (
    <ul className={cx("grid gap-4", className)}>
      {blocks.map((block) => (
        <li key={block.title} className={cx(!plain && "rounded-card border border-line bg-surface p-5 sm:p-6")}>
          <h3 className="text-xl font-bold uppercase text-text">{block.title}</h3>
          <p className="mt-2 text-sm text-muted">{block.description}</p>
        </li>
      ))}
    </ul>
  );
}
