import pg from "pg";

/**
 * A LISTEN of one channel for the life of the process. The notifications carry what changed
 * (ids), not the change itself: a listener reads what it needs from the tables.
 *
 * `onListening` runs each time the listener starts listening, the first time and after every
 * reconnection: whatever was sent while it was not listening is unknown, so a listener treats
 * it as "something may have been missed" and reads again.
 */
export interface ChannelHandlers {
  onNotify(payload: string): void;
  onListening(): void;
}

export interface ChannelListener {
  close(): Promise<void>;
}

const RECONNECT_DELAY_MS = 1_000;

/**
 * PostgreSQL: a connection of its own (a pooled one would lose its LISTEN when returned), opened
 * again a second after it breaks, as db/content-changes.server.ts does.
 */
export function listenOnPostgres(
  databaseUrl: string,
  channel: string,
  handlers: ChannelHandlers,
  onError: (error: Error) => void,
): ChannelListener {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a plain channel name: ${channel}`);
  let current: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const client = new pg.Client({ connectionString: databaseUrl, keepAlive: true });
    current = client;
    client.on("notification", (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? "");
    });
    client.on("error", (error) => {
      onError(error);
      reconnect(client);
    });
    client.on("end", () => reconnect(client));
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch (error) {
      onError(error as Error);
      reconnect(client);
      return;
    }
    if (!closed && client === current) handlers.onListening();
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
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await ready;
      await current?.end().catch(() => {});
      current = undefined;
    },
  };
}
