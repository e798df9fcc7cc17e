/**
 * The attribute on `<html>` of a page the worker served from its cache: the copy's time as the
 * label prints it. A module of its own: the page's entry reads it, and nothing else of the
 * worker's rules (`offline-policy.ts`) need come with it.
 */
export const OFFLINE_COPY_ATTRIBUTE = "data-offline-copy";
