import Bowser from "bowser";

/**
 * A short name for the device a session was signed in from, read from its
 * user agent: "Chrome on Windows", "Safari on iPhone". Unknown or missing
 * agents are "Unknown device".
 */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent?.trim()) return "Unknown device";
  const { browser, os, platform } = Bowser.parse(userAgent.slice(0, 512));
  const where = platform.model ?? os.name;
  if (browser.name && where) return `${browser.name} on ${where}`;
  return browser.name || where || "Unknown device";
}
