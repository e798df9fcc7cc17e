/**
 * Values a process computes from published content and keeps until the content changes (the
 * site settings every page's header and footer show). server/app.ts makes one per process and
 * clears it on every content-change announcement (ADR 0022), beside the page cache. It travels
 * in the request context because the server and the built app are separate module graphs: a
 * module-level cache in the app could not be cleared from the server.
 */
export interface ContentMemo {
  /** The value kept under `key`, or what `load` gives (kept unless it fails). */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
}

export function createContentMemo(): ContentMemo {
  const values = new Map<string, Promise<unknown>>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      let value = values.get(key) as Promise<T> | undefined;
      if (!value) {
        value = load();
        values.set(key, value);
        // A failed read is not kept: the next request tries again.
        value.catch(() => {
          if (values.get(key) === value) values.delete(key);
        });
      }
      return value;
    },
    clear: () => values.clear(),
  };
}
