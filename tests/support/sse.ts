import http from "node:http";
import https from "node:https";

/** One message of an event stream, as a browser's EventSource would see it. */
export interface SseMessage {
  event: string;
  id: string | null;
  data: string;
  /** When it arrived (performance.now()). */
  at: number;
}

export interface SseReader {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Everything received, comments included, as text. */
  raw(): string;
  messages: SseMessage[];
  /** `retry:` as sent, when it was. */
  retry: number | null;
  /** Resolves once `predicate` holds of the messages (checked on each one), or rejects after `timeoutMs`. */
  until(predicate: (messages: SseMessage[]) => boolean, timeoutMs?: number): Promise<SseMessage[]>;
  /** Whether the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * Opens an event stream with plain HTTP and parses it as the EventSource standard says
 * (fields per line, a blank line ends a message, lines starting ":" are comments).
 */
export function openSse(
  url: string,
  headers: Record<string, string> = {},
  agent?: http.Agent,
  /** For https: the name the test certificate is for (it is not checked). */
  servername?: string,
): Promise<SseReader> {
  return new Promise((resolve, reject) => {
    const options = { headers: { Accept: "text/event-stream", ...headers }, agent };
    const onResponse = (response: http.IncomingMessage) => {
      let raw = "";
      let buffer = "";
      let current: { event: string; id: string | null; data: string[] } = { event: "message", id: null, data: [] };
      const messages: SseMessage[] = [];
      const waiters = new Set<() => void>();
      let retry: number | null = null;
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        raw += chunk;
        buffer += chunk;
        let newline: number;
        while ((newline = buffer.indexOf("\n")) >= 0) {
          const line = buffer.slice(0, newline).replace(/\r$/, "");
          buffer = buffer.slice(newline + 1);
          if (line === "") {
            if (current.data.length > 0)
              messages.push({ event: current.event, id: current.id, data: current.data.join("\n"), at: performance.now() });
            current = { event: "message", id: null, data: [] };
            continue;
          }
          if (line.startsWith(":")) continue;
          const colon = line.indexOf(":");
          const field = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
          if (field === "event") current.event = value;
          else if (field === "id") current.id = value;
          else if (field === "data") current.data.push(value);
          else if (field === "retry") retry = Number(value);
        }
        for (const waiter of waiters) waiter();
      });
      const ended = new Promise<void>((done) => {
        response.on("end", done);
        response.on("close", done);
        response.on("error", () => done());
      });
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        raw: () => raw,
        messages,
        get retry() {
          return retry;
        },
        until: (predicate, timeoutMs = 10_000) =>
          new Promise((done, fail) => {
            if (predicate(messages)) return done(messages);
            const check = () => {
              if (!predicate(messages)) return;
              cleanup();
              done(messages);
            };
            const timer = setTimeout(() => {
              cleanup();
              fail(new Error(`no such messages within ${timeoutMs} ms; got: ${raw.slice(-2000)}`));
            }, timeoutMs);
            const cleanup = () => {
              clearTimeout(timer);
              waiters.delete(check);
            };
            waiters.add(check);
            void ended.then(() => {
              if (waiters.has(check)) {
                cleanup();
                if (predicate(messages)) done(messages);
                else fail(new Error(`the stream ended first; got: ${raw.slice(-2000)}`));
              }
            });
          }),
        ended,
        close: () => request.destroy(),
      });
    };
    const request = url.startsWith("https:")
      ? https.get(url, { ...options, agent: agent as https.Agent | undefined, rejectUnauthorized: false, servername }, onResponse)
      : http.get(url, options, onResponse);
    request.on("error", reject);
  });
}

/** The `live` events' ids, in the order received. */
export const liveIds = (messages: SseMessage[]) =>
  messages.filter((message) => message.event === "live").map((message) => Number(message.id));
