import { siFacebook, siInstagram, siTiktok, siX, siYoutube } from "simple-icons";

/*
 * The socials' marks, drawn from Simple Icons (only these five are bundled). A social link staff
 * add under another name at /admin/settings gets a plain link mark; LinkedIn asks Simple Icons not
 * to carry its logo, so it is drawn as the letters "in" on a rounded square.
 */
const SIMPLE_ICON_PATHS: Record<string, string> = {
  instagram: siInstagram.path,
  tiktok: siTiktok.path,
  facebook: siFacebook.path,
  twitter: siX.path,
  x: siX.path,
  youtube: siYoutube.path,
};

export function SocialIcon({ name, className = "size-5" }: { name: string; className?: string }) {
  const key = name.trim().toLowerCase();
  const path = SIMPLE_ICON_PATHS[key];
  if (path) {
    return (
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false" fill="currentColor" className={className}>
        <path d={path} />
      </svg>
    );
  }
  if (key === "linkedin") {
    return (
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false" className={className}>
        <rect width="24" height="24" rx="4" fill="currentColor" />
        <path fill="var(--color-surface)" d="M5.5 9.5h3v9h-3zM7 4.8a1.75 1.75 0 1 1 0 3.5 1.75 1.75 0 0 1 0-3.5zM10.5 9.5h2.9v1.3c.5-.9 1.6-1.5 3-1.5 2.6 0 3.1 1.7 3.1 3.9v5.3h-3v-4.7c0-1.1 0-2.5-1.5-2.5s-1.5 1.2-1.5 2.4v4.8h-3z" />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className={className}>
      <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
    </svg>
  );
}
