import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClasses, type ButtonSize, type ButtonVariant } from "./button";
import { cx } from "./cx";

interface LinkButtonProps {
  /** An in-site path ("/store") or an absolute URL, which opens in a new tab. */
  to: string;
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

export function LinkButton({ to, children, variant, size, className }: LinkButtonProps) {
  const classes = cx(buttonClasses(variant, size), className);
  if (/^(https?:|mailto:|tel:)/.test(to)) {
    const external = to.startsWith("http");
    return (
      <a href={to} className={classes} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
        {children}
      </a>
    );
  }
  return (
    <Link to={to} className={classes}>
      {children}
    </Link>
  );
}
