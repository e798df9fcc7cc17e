import { RequestBodyTooLargeError } from "../../app/lib/request-body";

/**
 * A request body as the server hands it to a route once the body has gone over the route's
 * limit (server/body-limit.ts): some bytes, then RequestBodyTooLargeError. For calling a
 * route's action directly; tests/server/request-body-limit.test.ts covers the server's part.
 */
export function bodyOverLimit(firstBytes = "email=fan%40example.com&notes="): { body: ReadableStream<Uint8Array>; duplex: "half" } {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(firstBytes));
      controller.error(new RequestBodyTooLargeError(64 * 1024));
    },
  });
  return { body, duplex: "half" };
}
