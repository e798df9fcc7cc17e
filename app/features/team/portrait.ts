/**
 * The size of the people art under /media/team and /media/drivers (their SVG
 * viewBox). Images carry it as width and height so the page keeps its layout
 * while they load; CSS scales them.
 */
export const PORTRAIT_SIZE = { width: 600, height: 750 } as const;
