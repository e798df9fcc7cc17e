import { useEffect, useRef } from "react";
import { CloseIcon } from "~/components/icons";
import { Badge } from "~/components/ui/badge";
import { LinkButton } from "~/components/ui/link-button";
import { PARTNER_LOGO } from "./partner-display";
import { PartnerFacts } from "./partner-facts";
import type { Partner } from "./partners.server";
import { SitePicture } from "~/components/site-picture";

interface PartnerDialogProps {
  partner: Partner;
  /** Called once the dialog has closed (Close button, Escape or a click on the backdrop). */
  onClose: () => void;
}

/** A partner's details in a modal <dialog>: the browser traps focus and closes it on Escape. */
export function PartnerDialog({ partner, onClose }: PartnerDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const close = () => dialogRef.current?.close();
  const titleId = `partner-dialog-${partner.id}-title`;

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => event.target === event.currentTarget && close()}
      className="m-auto max-h-[min(44rem,calc(100dvh-2rem))] w-[min(42rem,calc(100%-2rem))] overflow-y-auto rounded-card border border-line bg-surface p-0 text-text shadow-2xl backdrop:bg-black/75"
    >
      <div className="flex flex-col gap-5 p-5 sm:p-8">
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <Badge tone="accent">{partner.category}</Badge>
            <h2 id={titleId} className="mt-3 text-2xl font-bold uppercase sm:text-3xl">
              {partner.name}
            </h2>
          </div>
          <button
            type="button"
            onClick={close}
            className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full border border-line px-4 text-sm font-semibold hover:border-muted"
          >
            <CloseIcon className="size-4" />
            Close
          </button>
        </div>
        <SitePicture
          photo={partner.logoPhoto}
          src={partner.logo}
          alt=""
          decorative
          width={PARTNER_LOGO.width}
          height={PARTNER_LOGO.height}
          sizes="20rem"
          className="aspect-[2/1] w-full max-w-xs rounded-lg object-contain"
        />
        <p className="text-muted">{partner.description}</p>
        <PartnerFacts details={partner.details} />
        <div>
          <LinkButton to={partner.website}>
            Visit Website<span className="sr-only">: {partner.name}</span>
          </LinkButton>
        </div>
      </div>
    </dialog>
  );
}
