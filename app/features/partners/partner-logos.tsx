import { useRef, useState, type MouseEvent } from "react";
import { PARTNER_LOGO, partnerAnchor } from "./partner-display";
import { PartnerDialog } from "./partner-dialog";
import type { Partner } from "./partners.server";
import { SitePicture } from "~/components/site-picture";

/**
 * Partner logos. Each is a link to the partner's card on the page; with
 * JavaScript it opens the partner's details in a dialog instead, and focus
 * returns to the logo when the dialog closes.
 */
export function PartnerLogos({ partners }: { partners: Partner[] }) {
  const [open, setOpen] = useState<Partner | null>(null);
  const triggerRef = useRef<HTMLAnchorElement | null>(null);

  function openDetails(event: MouseEvent<HTMLAnchorElement>, partner: Partner) {
    event.preventDefault();
    triggerRef.current = event.currentTarget;
    setOpen(partner);
  }

  function closeDetails(closed: Partner) {
    // A dialog's close event comes a moment later; by then another logo may have been chosen.
    setOpen((current) => (current?.id === closed.id ? null : current));
    // Current browsers return focus on their own; older ones leave it on <body>. Only then is
    // it moved here: by the time the close event comes, the visitor may have moved on.
    if (document.activeElement === null || document.activeElement === document.body) triggerRef.current?.focus();
  }

  return (
    <>
      <ul aria-label="Partner logos" className="grid gap-4 sm:grid-cols-3">
        {partners.map((partner) => (
          <li key={partner.id}>
            <a
              href={`#${partnerAnchor(partner)}`}
              onClick={(event) => openDetails(event, partner)}
              className="group flex h-full flex-col items-center gap-3 rounded-card border border-line bg-surface p-5 text-center transition-colors hover:border-accent-text"
            >
              <SitePicture
                photo={partner.logoPhoto}
                src={partner.logo}
                alt=""
                decorative
                width={PARTNER_LOGO.width}
                height={PARTNER_LOGO.height}
                sizes="15rem"
                className="aspect-[2/1] w-full max-w-60 rounded-lg object-contain"
              />
              <span className="font-display text-xl font-bold uppercase group-hover:text-accent-text">{partner.name}</span>
              <span className="text-sm text-muted">{partner.category}</span>
            </a>
          </li>
        ))}
      </ul>
      {open && <PartnerDialog key={open.id} partner={open} onClose={() => closeDetails(open)} />}
    </>
  );
}
