export const mainNavigation = [
  { to: "/", label: "Home" },
  { to: "/team", label: "Team" },
  { to: "/calendar", label: "Calendar" },
  { to: "/news", label: "News" },
  { to: "/gallery", label: "Gallery" },
  { to: "/store", label: "Store" },
  { to: "/partners", label: "Partners" },
  { to: "/contact", label: "Contact" },
] as const;

/** The pages beyond the main eight, listed under them in the phone menu. */
export const moreNavigation = [
  { to: "/female-side", label: "Female Side" },
  { to: "/podcast", label: "Podcast" },
  { to: "/partner-packages", label: "Partner Packages" },
] as const;

export const footerQuickLinks = [
  { to: "/team", label: "Team" },
  { to: "/female-side", label: "Female Side" },
  { to: "/calendar", label: "Race Calendar" },
  { to: "/spoiler-free", label: "Spoiler-free mode" },
  { to: "/news", label: "News" },
  { to: "/gallery", label: "Gallery" },
  { to: "/podcast", label: "Podcast" },
  { to: "/store", label: "Store" },
  { to: "/partners", label: "Partners" },
  { to: "/partner-packages", label: "Partner Packages" },
  { to: "/contact", label: "Contact" },
  { to: "/notifications", label: "Notifications" },
] as const;

export const legalLinks = [
  { to: "/terms", label: "Terms of Service" },
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/cookies", label: "Cookie Policy" },
  { to: "/returns", label: "Returns & Refunds" },
  { to: "/accessibility", label: "Accessibility" },
] as const;

/** The places the 404 page suggests. */
export const notFoundQuickLinks = [
  { to: "/team", label: "Our Team" },
  { to: "/news", label: "Latest News" },
  { to: "/calendar", label: "Race Calendar" },
  { to: "/partners", label: "Partners" },
  { to: "/contact", label: "Contact Us" },
] as const;
