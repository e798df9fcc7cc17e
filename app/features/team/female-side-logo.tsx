import type { SVGProps } from "react";

/** The Female Side programme's mark: a chequered-flag roundel with the programme's initials. */
export function FemaleSideLogo(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 120 120" width="120" height="120" role="img" focusable="false" {...props}>
      <title>Female Side logo</title>
      <defs>
        <clipPath id="female-side-logo-clip">
          <circle cx="60" cy="60" r="50" />
        </clipPath>
        <pattern id="female-side-logo-check" width="16" height="16" patternUnits="userSpaceOnUse" patternTransform="rotate(-30)">
          <rect width="16" height="16" fill="var(--color-surface-raised)" />
          <rect width="8" height="8" fill="var(--color-text)" opacity="0.85" />
          <rect x="8" y="8" width="8" height="8" fill="var(--color-text)" opacity="0.85" />
        </pattern>
      </defs>
      <circle cx="60" cy="60" r="57" fill="var(--color-ink)" stroke="var(--color-accent)" strokeWidth="6" />
      <g clipPath="url(#female-side-logo-clip)">
        <rect width="120" height="120" fill="var(--color-surface)" />
        <path d="M0 98 L120 66 L120 120 L0 120 Z" fill="url(#female-side-logo-check)" />
        <path d="M0 98 L120 66" stroke="var(--color-accent)" strokeWidth="5" />
      </g>
      <text
        x="60"
        y="63"
        textAnchor="middle"
        fill="var(--color-text)"
        fontFamily="Barlow Condensed, Arial Narrow, sans-serif"
        fontWeight="700"
        fontSize="38"
        letterSpacing="1"
      >
        FS
      </text>
    </svg>
  );
}
