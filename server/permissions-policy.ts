/**
 * The Permissions-Policy header: browser features the site never uses are switched off for it
 * and for anything it embeds. Video autoplay (the team's muted clips) and fullscreen stay allowed.
 * Only features Chromium knows are listed: an unknown one is logged as a console error.
 */
export const PERMISSIONS_POLICY = [
  "accelerometer",
  "browsing-topics",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "serial",
  "usb",
]
  .map((feature) => `${feature}=()`)
  .join(", ");
