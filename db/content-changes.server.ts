import { sql } from "drizzle-orm";
import pg from "pg";
import type { Database } from "./client.server";

/**
 * "Published content changed": every app process drops what it cached of the public pages.
 * On the embedded database there is one process, so the news stays in it. On PostgreSQL any
 * number of processes share the database: the change is announced with NOTIFY and each process
 * LISTENs on a connection of its own, so an edit shows everywhere within a second, not when the
 * page cache's time runs out.
 */
export interface ContentChanges {
  /** Tells this process and every other one. Call after the change has committed. */
  announce(): Promise<void>;
  /** `listener` runs on every change announced by any process; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  close(): Promise<void>;
}

export const CONTENT_CHANGE_CHANNEL = "content_changed";
const RECONNECT_DELAY_MS = 1_000;

export function localContentChanges(): ContentChanges {
  const listeners = new Set<() => void>();
  return {
    announce: async () => {
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => listeners.clear(),
  };
}

export function postgresContentChanges(db: Database, databaseUrl: string, options: { onError: (error: Error) => void }): ContentChanges {
  const local = localContentChanges();
  const notifyAll = () => void local.announce();
  // The listening connection, from the moment it is being opened until it breaks.
  let current: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    current = client;
    client.on("notification", (message) => {
      if (message.channel === CONTENT_CHANGE_CHANNEL) notifyAll();
    });
    client.on("error", (error) => {
      options.onError(error);
      reconnect(client);
    });
    client.on("end", () => reconnect(client));
    try {
      await client.connect();
      await client.query(`listen ${CONTENT_CHANGE_CHANNEL}`);
    } catch (error) {
      options.onError(error as Error);
      reconnect(client);
      return;
    }
    // Whatever was announced while this process was not listening is unknown: assume a change.
    notifyAll();
  };
  const reconnect = (broken: pg.Client) => {
    if (closed || broken !== current) return;
    current = undefined;
    broken.end().catch(() => {});
    retry = setTimeout(() => {
      retry = undefined;
      if (!closed) void connect();
    }, RECONNECT_DELAY_MS);
  };
  const ready = connect();

  return {
    announce: async () => {
      // Every process clears on the notification, this one included (its own LISTEN hears it);
      // clear here too so the editor's next page is fresh even if the listener is reconnecting.
      notifyAll();
      await db.execute(sql`select pg_notify(${CONTENT_CHANGE_CHANNEL}, '')`);
    },
    subscribe: local.subscribe,
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await ready;
      await current?.end().catch(() => {});
      current = undefined;
      await local.close();
    },
  };
}
