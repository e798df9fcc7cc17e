import type { ReactNode } from "react";
import type { SocialNetwork } from "~/brand";
import type { SiteSettings } from "~/features/settings/site-settings";

const CONTACT_SOCIALS: readonly SocialNetwork[] = ["Twitter", "Instagram", "Facebook", "YouTube"];

/** The side panel: how else to reach the team, from the site settings (/admin/settings). */
export function ContactDetails({ settings }: { settings: Pick<SiteSettings, "email" | "phone" | "address" | "officeHours" | "socials"> }) {
  const socials = CONTACT_SOCIALS.flatMap((name) => settings.socials.filter((social) => social.name === name && social.url));
  return (
    <aside aria-labelledby="contact-details-heading" className="flex flex-col gap-6">
      <section className="rounded-card border border-line bg-surface p-5 sm:p-6">
        <h2 id="contact-details-heading" className="text-2xl font-bold uppercase">
          Get in Touch
        </h2>
        <dl className="mt-5 flex flex-col gap-4">
          <Detail term="Email">
            <a href={`mailto:${settings.email}`} className="break-all text-accent-text hover:underline">
              {settings.email}
            </a>
          </Detail>
          <Detail term="Phone">
            <a href={`tel:${settings.phone.replace(/[\s()-]/g, "")}`} className="text-accent-text hover:underline">
              {settings.phone}
            </a>
          </Detail>
          <Detail term="Headquarters">{settings.address}</Detail>
        </dl>
      </section>

      <section aria-labelledby="office-hours-heading" className="rounded-card border border-line bg-surface p-5 sm:p-6">
        <h2 id="office-hours-heading" className="text-xl font-bold uppercase">
          Office Hours
        </h2>
        <ul className="mt-3 flex flex-col gap-1.5 text-muted">
          {settings.officeHours.map(({ days, hours }) => (
            <li key={days}>{`${days}: ${hours}`}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="contact-socials-heading" className="rounded-card border border-line bg-surface p-5 sm:p-6">
        <h2 id="contact-socials-heading" className="text-xl font-bold uppercase">
          Follow Us
        </h2>
        <ul className="mt-4 flex flex-wrap gap-2">
          {socials.map((social) => (
            <li key={social.name}>
              <a
                href={social.url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-11 items-center rounded-full border border-line px-4 text-sm font-semibold hover:border-accent-text hover:text-accent-text"
              >
                {social.name}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </aside>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wider text-muted">{term}</dt>
      <dd className="mt-1 text-text">{children}</dd>
    </div>
  );
}
