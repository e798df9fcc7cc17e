/** Requests answered or set right before any page sees them: unknown methods, null characters, an old data address. */
import type { RequestHandler } from "express";
import { OLD_ROOT_DATA_PATH } from "../app/lib/data-request";
import { PERSONAL } from "./cache-policy";

/**
 * The methods pages and actions answer. React Router runs a route's action for any method but
 * GET and HEAD, so a PUT, PATCH or DELETE would do what a POST does: no form sends them, and
 * they stop here (ADR 0097).
 */
const PAGE_METHODS = new Set(["GET", "HEAD", "POST"]);
const ALLOW = [...PAGE_METHODS].join(", ");

/**
 * Any other method gets its answer here, before any route's action, without a trip through
 * React Router (which logs a stack trace for an unknown one) or the Fetch API (which throws on
 * TRACE): OPTIONS says what is allowed, the rest are 405 with the same Allow.
 */
export const knownMethodsOnly: RequestHandler = (req, res, next) => {
  if (PAGE_METHODS.has(req.method)) return next();
  // A body nobody reads is dropped as it arrives: left unread, Node would stop taking it off the
  // wire, and the lingering close (ADR 0059) would end the connection under a client still sending.
  req.resume();
  res.set({ Allow: ALLOW, "Cache-Control": PERSONAL });
  res.status(req.method === "OPTIONS" ? 204 : 405).end();
};

/**
 * A null character is never part of a real address or search, and the database refuses it in text
 * (PostgreSQL: "invalid byte sequence"): a loader that passes `?q=%00` into a query would answer
 * 500. It is refused here, for every page, before any loader sees it, as forms refuse it in
 * parseFormBody (app/lib/forms.server.ts).
 */
export const noNulInUrl: RequestHandler = (req, res, next) => {
  // Node's parser refuses a raw NUL in the request line; it can only come percent-encoded.
  if (!/%00/.test(req.originalUrl)) return next();
  res.set("Cache-Control", PERSONAL).status(400).type("text/plain").send("The address contains a null character.\n");
};

/**
 * A tab opened before the data addresses became trailing-slash aware (ADR 0115) asks for the home
 * page's data at /_root.data, which React Router now reads as a page named "_root": it is given
 * /_.data, the same request under its new address, so that tab's next visit to the home page works.
 */
export const oldRootDataAddress: RequestHandler = (req, _res, next) => {
  if (req.path === OLD_ROOT_DATA_PATH) {
    req.url = req.url.replace(OLD_ROOT_DATA_PATH, "/_.data");
    req.originalUrl = req.originalUrl.replace(OLD_ROOT_DATA_PATH, "/_.data");
  }
  next();
};
