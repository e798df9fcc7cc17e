import type { ReactNode } from "react";
import { cx } from "./cx";

interface SectionHeadingProps {
  title: ReactNode;
  /** A short label above the title. */
  eyebrow?: string;
  description?: ReactNode;
  /** Level 1 for a page's main heading; sections default to level 2. */
  level?: 1 | 2;
  align?: "left" | "center";
  id?: string;
}

export function SectionHeading({ title, eyebrow, description, level = 2, align = "left", id }: SectionHeadingProps) {
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <header className={cx("mb-8 max-w-3xl", align === "center" && "mx-auto text-center")}>
      {eyebrow && <p className="mb-2 text-sm font-semibold uppercase tracking-[0.2em] text-accent-text">{eyebrow}</p>}
      <Heading id={id} className={cx("font-bold uppercase", level === 1 ? "text-4xl sm:text-5xl" : "text-3xl sm:text-4xl")}>
        {title}
      </Heading>
      {description && <p className="mt-3 text-base text-muted sm:text-lg">{description}</p>}
    </header>
  );
}
