/** The widths a staff member previews an e-mail at: a phone's screen, and a desktop mail app's reading pane. */
export const PREVIEW_WIDTHS = [
  { px: 390, label: "Phone" },
  { px: 700, label: "Desktop" },
] as const;

export type PreviewWidth = (typeof PREVIEW_WIDTHS)[number]["px"];

/** The width asked for in `?width=`, or the desktop width for anything else. */
export function previewWidth(value: string | null): PreviewWidth {
  return PREVIEW_WIDTHS.find((option) => String(option.px) === value)?.px ?? 700;
}
