/**
 * The news art's intrinsic size (16:9). The image box keeps this ratio in CSS
 * and crops with object-fit, so a picture of another shape never shifts the page.
 */
export const NEWS_IMAGE_SIZE = { width: 1200, height: 675 } as const;
