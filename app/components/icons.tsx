import type { SVGProps } from "react";
import { cx } from "~/components/ui/cx";

function Icon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    />
  );
}

export function MenuIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <Icon {...props}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </Icon>
  );
}

export function CloseIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <Icon {...props}>
      <path d="M6 6l12 12M18 6L6 18" />
    </Icon>
  );
}

export function CartIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <Icon {...props}>
      <circle cx="9" cy="20" r="1.5" />
      <circle cx="18" cy="20" r="1.5" />
      <path d="M2 3h3l2.6 12.4a1.5 1.5 0 0 0 1.5 1.1h8.8a1.5 1.5 0 0 0 1.5-1.1L21 7H6" />
    </Icon>
  );
}

export function UserIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </Icon>
  );
}

export function ChevronDownIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <Icon {...props}>
      <path d="M6 9l6 6 6-6" />
    </Icon>
  );
}

export function ChequeredFlagIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false" {...props}>
      <rect width="32" height="32" rx="6" fill="var(--color-accent)" />
      <path fill="#fff" d="M9 7h4v4H9zm8 0h4v4h-4zm-4 4h4v4h-4zm8 0h2v4h-2zM9 15h4v4H9zm8 0h4v4h-4zm-4 4h4v4h-4zm8 0h2v4h-2z" />
      <path stroke="#fff" strokeWidth="2" d="M8 6v21" />
    </svg>
  );
}

/** The networks with a mark of their own in site.css (`.mark-<name>`); any other gets a plain link mark. */
const MARKED_NETWORKS = ["instagram", "tiktok", "facebook", "twitter", "x", "youtube", "linkedin"];

/**
 * A social network's mark, by the name staff give the link at /admin/settings. Drawn by CSS
 * (a mask over the text colour), so the marks cost the page's JavaScript nothing.
 */
export function SocialIcon({ name, className = "size-5" }: { name: string; className?: string }) {
  const key = name.trim().toLowerCase();
  return <span aria-hidden="true" className={cx("mark", MARKED_NETWORKS.includes(key) ? `mark-${key}` : "mark-link", className)} />;
}
