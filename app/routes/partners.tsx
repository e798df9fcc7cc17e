import type { Route } from "./+types/partners";
import { brand } from "~/brand";
import { SectionHeading } from "~/components/ui/section-heading";
import { PartnerCard } from "~/features/partners/partner-card";
import { PartnerLogos } from "~/features/partners/partner-logos";
import { getPartnersSection } from "~/features/partners/partners.server";
import { placePartners } from "~/features/partners/placements.server";
import { VipProgramSection } from "~/features/partners/vip-program-section";
import { JsonLd } from "~/components/json-ld";
import { partnersJsonLd } from "~/features/seo/structured-data";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";

export async function loader({ context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const section = await getPartnersSection(context.db);
  return {
    ...section,
    // Structured data names the partners' own sites; the page's links go through /go/ when counted.
    jsonLdPartners: section.partners,
    partners: await placePartners(context, "partners-page", section.partners),
    publicUrl: context.publicUrl,
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Partners",
    description: `The technical partners behind ${brand.name}, and the VIP Partnership Program for businesses that join us on race weekends.`,
  });

export default function PartnersPage({ loaderData: { partners, jsonLdPartners, vipProgram, publicUrl } }: Route.ComponentProps) {
  return (
    <>
      <JsonLd data={import.meta.env.SSR ? partnersJsonLd(publicUrl, jsonLdPartners) : null} />
      <div className="mx-auto max-w-7xl px-4 pt-12 sm:px-6 sm:pt-16">
        <SectionHeading
          level={1}
          eyebrow="Partners"
          title="Our Partners"
          description="The businesses that keep our cars on track, our crew going and our livery sharp, race weekend after race weekend."
        />
      </div>
      <section aria-labelledby="technical-partners-heading" className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <SectionHeading
          id="technical-partners-heading"
          title="Technical Partners"
          description="Select a partner to learn more about them."
        />
        <PartnerLogos partners={partners} />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {partners.map((partner) => (
            <li key={partner.id}>
              <PartnerCard partner={partner} withFacts />
            </li>
          ))}
        </ul>
      </section>
      <VipProgramSection benefits={vipProgram} />
    </>
  );
}
