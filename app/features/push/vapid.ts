import { createECDH } from "node:crypto";

/*
 * The site's VAPID identity (RFC 8292, ADR 0137): a P-256 key pair, its public half handed to
 * browsers when they subscribe, and a contact address push services may use. Apple's push
 * service refuses a subject that is not a real `mailto:` or `https:` address, so a made-up one is
 * refused at start rather than found out on the first push to an iPhone.
 */

export interface VapidKeys {
  /** The uncompressed P-256 point, URL-safe base64 (87 characters). */
  publicKey: string;
  /** The private scalar, URL-safe base64 (43 characters). */
  privateKey: string;
}

export interface VapidDetails extends VapidKeys {
  subject: string;
}

/** Host names that are never a real contact: reserved for documentation, tests and this machine (RFC 2606, 6761). */
function isMadeUpHost(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, "");
  if (!name.includes(".") || name === "localhost" || /^[\d.]+$/.test(name) || name.includes(":")) return true;
  if (["example.com", "example.org", "example.net"].some((reserved) => name === reserved || name.endsWith(`.${reserved}`))) return true;
  return ["example", "test", "invalid", "localhost", "local", "internal"].includes(name.split(".").at(-1)!);
}

/** Why `subject` cannot be the VAPID subject, or null when it can: a real mailto: address or https: URL. */
export function vapidSubjectProblem(subject: string): string | null {
  const mailto = /^mailto:([^@\s<>]+)@([^@\s<>]+)$/i.exec(subject.trim());
  if (mailto) {
    return isMadeUpHost(mailto[2]!) ? `${mailto[2]} is not a real mail domain` : null;
  }
  let url: URL;
  try {
    url = new URL(subject);
  } catch {
    return "must be a mailto: address (mailto:press@your-team.co.uk) or an https: address of the site";
  }
  if (url.protocol !== "https:") return "must be a mailto: address or an https: address (not http:)";
  return isMadeUpHost(url.hostname) ? `${url.hostname} is not a real host name` : null;
}

const fromBase64Url = (value: string) => Buffer.from(value, "base64url");

/** Why the pair cannot be used, or null: a P-256 public point and the private key it belongs to. */
export function vapidKeysProblem(keys: VapidKeys): string | null {
  if (!/^[\w-]+$/.test(keys.publicKey) || !/^[\w-]+$/.test(keys.privateKey))
    return "must be URL-safe base64 (npx web-push generate-vapid-keys)";
  const publicKey = fromBase64Url(keys.publicKey);
  const privateKey = fromBase64Url(keys.privateKey);
  if (publicKey.length !== 65 || publicKey[0] !== 4) return "VAPID_PUBLIC_KEY must be an uncompressed P-256 public key (65 bytes)";
  if (privateKey.length !== 32) return "VAPID_PRIVATE_KEY must be a P-256 private key (32 bytes)";
  try {
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(privateKey);
    if (!ecdh.getPublicKey().equals(publicKey)) return "VAPID_PUBLIC_KEY is not the public half of VAPID_PRIVATE_KEY";
  } catch {
    return "VAPID_PRIVATE_KEY is not a valid P-256 private key";
  }
  return null;
}

/** A new key pair. */
export function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  // A private scalar with leading zero bytes comes back short; the key is always 32 bytes.
  const privateKey = Buffer.alloc(32);
  const raw = ecdh.getPrivateKey();
  raw.copy(privateKey, 32 - raw.length);
  return { publicKey: ecdh.getPublicKey().toString("base64url"), privateKey: privateKey.toString("base64url") };
}

/**
 * The push services the site sends to (ADR 0136): a subscription's endpoint is a URL a browser
 * hands us, and the server posts to it, so only the browsers' own push services are accepted,
 * never an address inside the site's network. An entry starting with "." matches that domain's
 * hosts; PUSH_SERVICE_HOSTS replaces the list (the tests' local push service, 127.0.0.1).
 */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  // Chrome, Edge on Android, Opera, Samsung Internet, Brave
  "fcm.googleapis.com",
  // Firefox
  ".push.services.mozilla.com",
  // Safari on macOS, iOS and iPadOS
  ".push.apple.com",
  // Edge on Windows
  ".notify.windows.com",
] as const;

/** Whether `endpoint` is an https: address of one of `hosts`. */
export function isAllowedPushEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return hosts.some((entry) => (entry.startsWith(".") ? host.endsWith(entry) && host.length > entry.length : host === entry));
}
