export const REDUCED_MOTION_QUERY = "(prefers-reduced-motion: reduce)";

/** Read at the moment of an effect or event, so the server render never depends on it. */
export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia(REDUCED_MOTION_QUERY).matches;
}

export function scrollBehavior(): ScrollBehavior {
  return prefersReducedMotion() ? "auto" : "smooth";
}
