/** Cart size limits, shared by the browser cart and the server's input rules (no Zod here). */

/** Most units of one product in one size per order. */
export const MAX_QUANTITY_PER_LINE = 20;
/** Most lines (product + size) per cart. */
export const MAX_CART_LINES = 30;
