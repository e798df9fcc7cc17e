import { useRef } from "react";
import { SectionHeading } from "~/components/ui/section-heading";
import { PartnerCard } from "./partner-card";
import type { Placed } from "./placements";
import type { CopyBlock, Partner } from "./partners.server";
import { SEEN_ATTRIBUTE } from "./seen";
import { useSeenCounting } from "./use-seen-counting";
import { VipProgramSection } from "./vip-program-section";

/**
 * The home page's partners: the technical partners, the VIP Partnership
 * Program and Become a Partner. Load its data with getPartnersSection().
 */
export function PartnersSection({ partners, vipProgram }: { partners: Array<Placed<Partner>>; vipProgram: CopyBlock[] }) {
  const section = useRef<HTMLElement>(null);
  useSeenCounting(section);
  return (
    <>
      <section ref={section} aria-labelledby="partners-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <SectionHeading id="partners-heading" eyebrow="Technical Partners" title="Our Partners" />
        <ul className="grid gap-6 md:grid-cols-3">
          {partners.map((partner) => (
            <li key={partner.id} {...{ [SEEN_ATTRIBUTE]: partner.seenKey }}>
              <PartnerCard partner={partner} />
            </li>
          ))}
        </ul>
      </section>
      <VipProgramSection benefits={vipProgram} />
    </>
  );
}
