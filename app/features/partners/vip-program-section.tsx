import { LinkButton } from "~/components/ui/link-button";
import { SectionHeading } from "~/components/ui/section-heading";
import type { CopyBlock } from "./partners.server";

/** The VIP Partnership Program's benefits and the way in: Become a Partner. */
export function VipProgramSection({ benefits }: { benefits: CopyBlock[] }) {
  return (
    <section aria-labelledby="vip-program-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <SectionHeading
        id="vip-program-heading"
        eyebrow="For our partners"
        title="VIP Partnership Program"
        description="Every partner and their guests are part of the team on race weekends."
      />
      <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {benefits.map((benefit, index) => (
          <li key={benefit.title} className="flex flex-col gap-2 rounded-card border border-line bg-surface p-5">
            <span aria-hidden="true" className="font-display text-3xl font-bold text-accent-text">
              {String(index + 1).padStart(2, "0")}
            </span>
            <h3 className="text-lg font-bold uppercase">{benefit.title}</h3>
            <p className="text-sm text-muted">{benefit.description}</p>
          </li>
        ))}
      </ol>
      <div className="mt-10 flex flex-col items-start gap-4 rounded-card border border-line bg-surface-raised p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8">
        <p className="max-w-2xl text-lg">Put your business on the grid with a partnership package built around race weekends.</p>
        <LinkButton to="/partner-packages" size="lg">
          Become a Partner
        </LinkButton>
      </div>
    </section>
  );
}
