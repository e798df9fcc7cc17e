import { Link } from "react-router";
import { brand } from "~/brand";
import { ChequeredFlagIcon, SocialIcon } from "~/components/icons";
import { NewsletterForm } from "~/features/newsletter/newsletter-form";
import { footerQuickLinks, legalLinks } from "./navigation";

/** `contact`: the e-mail address and socials from the site settings (/admin/settings). */
export function Footer({
  year,
  contact,
}: {
  year: number;
  contact: { email: string; socials: ReadonlyArray<{ name: string; url: string }> };
}) {
  return (
    <footer className="border-t border-line bg-surface">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        {/* The brand block has no heading of its own, so it is not a section (the Nu checker warns). */}
        <div>
          <Link to="/" className="flex items-center gap-2 font-display text-xl font-bold uppercase">
            <ChequeredFlagIcon className="size-8" />
            {brand.name}
          </Link>
          <p className="mt-4 text-sm text-muted">{brand.tagline}</p>
          <ul className="mt-5 flex flex-wrap gap-1.5" aria-label="Social media">
            {contact.socials.map((social) => (
              <li key={social.name}>
                <a
                  href={social.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={social.name}
                  title={social.name}
                  className="inline-flex size-10 items-center justify-center rounded-full border border-line text-text transition-colors hover:border-accent-text hover:text-accent-text"
                >
                  <SocialIcon name={social.name} />
                </a>
              </li>
            ))}
          </ul>
        </div>

        <FooterLinkList title="Quick Links" links={footerQuickLinks} columns={2} />
        <FooterLinkList title="Legal" links={legalLinks} />

        <section aria-labelledby="footer-newsletter">
          {/* A page with its own newsletter form (data-newsletter-form) hides this one: site.css. */}
          <div data-footer-newsletter>
            <h2 id="footer-newsletter" className="text-lg font-bold uppercase">
              Subscribe
            </h2>
            <p className="mt-2 text-sm text-muted">Race reports, team news and store offers, straight to your inbox.</p>
            <div className="mt-4">
              <NewsletterForm source="footer" />
            </div>
          </div>
          <p className="mt-6 text-sm">
            <a href={`mailto:${contact.email}`} className="text-accent-text hover:underline">
              {contact.email}
            </a>
          </p>
        </section>
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-muted sm:px-6">
          © {year} {brand.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

function FooterLinkList({
  title,
  links,
  columns = 1,
}: {
  title: string;
  links: ReadonlyArray<{ to: string; label: string }>;
  columns?: 1 | 2;
}) {
  return (
    <nav aria-label={title}>
      <h2 className="text-lg font-bold uppercase">{title}</h2>
      <ul className={columns === 2 ? "mt-4 grid grid-cols-2 gap-x-6 gap-y-2" : "mt-4 flex flex-col gap-2"}>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="text-sm text-muted hover:text-accent-text">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
