/**
 * Raised by a request's body stream once more bytes arrived than its route accepts
 * (server/body-limit.ts sets the limit per kind of route and counts while the body streams).
 * Routes turn it into a 413 with their own words.
 */
export class RequestBodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The request body is larger than ${maxBytes} bytes.`);
    this.name = "RequestBodyTooLargeError";
  }
}

/** True when reading a body failed because it was too large (the cause is kept by fetch's body readers). */
export function isRequestBodyTooLarge(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current instanceof RequestBodyTooLargeError || current.name === "RequestBodyTooLargeError") return true;
  }
  return false;
}
