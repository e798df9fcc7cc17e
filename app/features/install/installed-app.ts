/*
 * What the install offer and "Notify me" both need to know about the device (ADRs 0139, 0140).
 */

/**
 * An iPhone, iPad or iPod, where a site is installed from the Share sheet and pushes only once it
 * is on the Home Screen. An iPad asks for the desktop site and says it is a Mac with a touch screen.
 */
export function isAppleTouchDevice(userAgent: string, maxTouchPoints: number): boolean {
  return /\b(?:iPhone|iPad|iPod)\b/.test(userAgent) || (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1);
}

/** In the installed app: `display-mode: standalone`, or iOS's own `navigator.standalone`. Browser only. */
export function isInstalledApp(): boolean {
  return matchMedia("(display-mode: standalone)").matches || (navigator as { standalone?: boolean }).standalone === true;
}
