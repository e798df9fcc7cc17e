import { useRef, useState, type ReactNode } from "react";
import { PARTNER_LOGO, partnerAnchor } from "./partner-display";
import { PartnerDialog } from "./partner-dialog";
import type { Placed } from "./placements";
import type { Partner } from "./partners.server";
import { SEEN_ATTRIBUTE } from "./seen";
import { useSeenCounting } from "./use-seen-counting";
import { SitePicture } from "~/components/site-picture";
import { useHydrated } from "~/components/use-hydrated";

/**
 * Partner logos. Without JavaScript each is a link to the partner's card on the
 * page; with it, a button that opens the partner's details in a dialog (so Space
 * and Enter both open it), and focus returns to the logo when the dialog closes.
 */
export function PartnerLogos({ partners }: { partners: Array<Placed<Partner>> }) {
  const [open, setOpen] = useState<Partner | null>(null);
  const list = useRef<HTMLUListElement>(null);
  useSeenCounting(list);
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  const hydrated = useHydrated();

  function openDetails(trigger: HTMLButtonElement, partner: Partner) {
    triggerRef.current = trigger;
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
      <ul ref={list} aria-label="Partner logos" className="grid gap-4 sm:grid-cols-3">
        {partners.map((partner) => (
          <li key={partner.id} {...{ [SEEN_ATTRIBUTE]: partner.seenKey }}>
            {hydrated ? (
              <button
                type="button"
                aria-haspopup="dialog"
                onClick={(event) => openDetails(event.currentTarget, partner)}
                className={logoClasses}
              >
                <LogoFace partner={partner} />
              </button>
            ) : (
              <a href={`#${partnerAnchor(partner)}`} className={logoClasses}>
                <LogoFace partner={partner} />
              </a>
            )}
          </li>
        ))}
      </ul>
      {open && <PartnerDialog key={open.id} partner={open} onClose={() => closeDetails(open)} />}
    </>
  );
}

const logoClasses =
  "group flex h-full w-full flex-col items-center gap-3 rounded-card border border-line bg-surface p-5 text-center transition-colors hover:border-accent-text";

function LogoFace({ partner }: { partner: Partner }): ReactNode {
  return (
    <>
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
    </>
  );
}
