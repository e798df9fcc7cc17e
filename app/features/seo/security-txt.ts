import { brand } from "~/brand";

/** How long a security.txt stays valid: RFC 9116 asks for less than a year. */
const VALID_FOR_DAYS = 360;

/**
 * /.well-known/security.txt (RFC 9116): where to report a vulnerability, as SECURITY.md says.
 * Expires is worked out from `now`, at a UTC midnight (the same text all day, for caches), so
 * it never goes stale in the repository.
 */
export function buildSecurityTxt(publicUrl: string, now: Date): string {
  const expires = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + VALID_FOR_DAYS));
  return [
    `# Reporting a vulnerability in ${brand.name}'s site: please put "Security" in the subject.`,
    `Contact: mailto:${brand.email}`,
    `Expires: ${expires.toISOString().replace(".000Z", "Z")}`,
    "Preferred-Languages: en",
    `Canonical: ${publicUrl}/.well-known/security.txt`,
    "",
  ].join("\n");
}
