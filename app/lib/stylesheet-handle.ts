/**
 * The route `handle` that gives a page the back office's stylesheet (admin.css) instead of the
 * public one (app.css): the back office layout and the pages outside it that render its parts
 * (ADR 0080). Read by root.tsx from the matched routes.
 */
export const BACK_OFFICE_STYLESHEET = { stylesheet: "back-office" } as const;

export function wantsBackOfficeStylesheet(handles: readonly unknown[]): boolean {
  return handles.some(
    (handle) => typeof handle === "object" && handle !== null && (handle as { stylesheet?: unknown }).stylesheet === "back-office",
  );
}
