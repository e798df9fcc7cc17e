/**
 * Express ⇄ Fetch API, as @react-router/express does it, so that a Fetch
 * handler (React Router behind the page cache) can serve Express requests.
 */
import { writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { bodyLimitFor, limitedRequestBody } from "./body-limit";

export function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const url = new URL(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else if (value !== undefined) headers.set(key, value);
  }
  const controller = new AbortController();
  // A visitor who goes away mid-render aborts the work done for them.
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    // A body over its route's limit is not read further, and its connection is not reused; it is
    // closed after the answer without resetting it (closeLingeringlyWhenAnsweredEarly, server/http.ts).
    init.body = limitedRequestBody(req, bodyLimitFor(req.path), () => {
      if (!res.headersSent) res.setHeader("Connection", "close");
    });
    init.duplex = "half";
  }
  return new Request(url, init);
}

export async function sendFetchResponse(res: ExpressResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!(res.destroyed || res.writableEnded)) throw error;
  }
}
