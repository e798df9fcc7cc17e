/**
 * The security headers every answer carries: the Content-Security-Policy with this request's
 * script nonce, helmet's others, the Permissions-Policy, HSTS over HTTPS, and e-mail pictures
 * another origin may load.
 */
import { randomBytes } from "node:crypto";
import type express from "express";
import type { RequestHandler } from "express";
import helmet from "helmet";
import { isEmailImagePath } from "./email-images";
import { PERMISSIONS_POLICY } from "./permissions-policy";

export function securityHeaders(isDev: boolean, paymentPageOrigins: readonly string[]): RequestHandler[] {
  const nonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  };
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
        // React renders style attributes into server HTML; inline styles carry no script.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        mediaSrc: ["'self'", "blob:"],
        fontSrc: ["'self'"],
        // The service worker (ADR 0135), from the site itself.
        workerSrc: ["'self'"],
        connectSrc: isDev ? ["'self'", "ws:", "wss:"] : ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        // Checkout answers its form post with a redirect to the payment provider's hosted page,
        // and Chromium checks every redirect after a form post against form-action (ADR 0055).
        formAction: ["'self'", ...paymentPageOrigins],
        frameAncestors: ["'none'"],
      },
    },
    // HSTS is only meaningful (and only sent) over HTTPS; see below.
    strictTransportSecurity: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: "deny" },
  });
  const permissionsPolicy: RequestHandler = (_req, res, next) => {
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    next();
  };
  const hsts: RequestHandler = (req, res, next) => {
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
  // Mail clients and the back office's sandboxed preview load e-mails' pictures from another origin (ADR 0103).
  const emailImages: RequestHandler = (req, res, next) => {
    if (isEmailImagePath(req.path)) res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
    next();
  };
  return [nonce, headers, permissionsPolicy, hsts, emailImages];
}
