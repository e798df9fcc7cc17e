import type { SVGProps } from "react";
import marksUrl from "./marks.svg?no-inline";

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

export function BackIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <Icon {...props}>
      <path d="M15 5l-7 7 7 7" />
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

/** The marks in marks.svg, one <symbol> each. */
export type MarkName =
  | "instagram"
  | "tiktok"
  | "facebook"
  | "x"
  | "youtube"
  | "linkedin"
  | "link"
  | "mission"
  | "vision"
  | "excellence"
  | "passion"
  | "innovation"
  | "integrity";

/**
 * A mark from the sprite (marks.svg, a hashed, immutably cached file), drawn in the text colour.
 * Through <use>, so no page carries the marks' paths in its HTML or JavaScript (the home page's
 * budget: tests/server/server-process.test.ts), and without the CSS masks that made every style
 * recalculation decode them again (ADR 0081).
 */
export function Mark({ name, className }: { name: MarkName; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" className={className}>
      <use href={`${marksUrl}#${name}`} />
    </svg>
  );
}

const NETWORK_MARKS: Record<string, MarkName> = {
  instagram: "instagram",
  tiktok: "tiktok",
  facebook: "facebook",
  twitter: "x",
  x: "x",
  youtube: "youtube",
  linkedin: "linkedin",
};

/** A social network's mark, by the name staff give the link at /admin/settings; any other network gets a plain link mark. */
export function SocialIcon({ name, className = "size-5" }: { name: string; className?: string }) {
  return <Mark name={NETWORK_MARKS[name.trim().toLowerCase()] ?? "link"} className={className} />;
}
