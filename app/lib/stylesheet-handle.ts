/**
 * The route `handle` that gives a page the back office's stylesheet (admin.css) after the
 * public one (app.css): the back office layout and the pages outside it that render its parts
 * (ADR 0080). Read by root.tsx from the matched routes.
 */
export const BACK_OFFICE_STYLESHEET = { stylesheet: "back-office" } as const;
