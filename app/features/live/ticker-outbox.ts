/**
 * The phone's outbox for paddock ticker posts (issue 39): a post is kept in IndexedDB (its photo
 * too) from the tap until the server confirms it, and sent again with back-off while the
 * connection is weak. Each post carries a key the phone made, so a post sent twice (the answer
 * was lost) is stored once. Browser only; where IndexedDB is missing the outbox keeps posts in
 * memory for the page's life.
 */
import { useCallback, useEffect, useRef, useState } from "react";

export interface QueuedPost {
  clientKey: string;
  roundId: string;
  fields: Record<string, string>;
  photo: Blob | null;
  photoName: string;
  queuedAt: number;
  attempts: number;
  /** When the next attempt may go (epoch ms). */
  nextAttemptAt: number;
}

export interface RefusedPost {
  clientKey: string;
  message: string;
  fields: Record<string, string>;
}

const DB_NAME = "ridgeway-live-desk";
const STORE = "outbox";

/** A random key for one post: 22 URL-safe characters. */
export function newClientKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** How long to wait before attempt `attempts + 1`: 1 s, 2 s, 4 s … up to 30 s, with up to 30 % jitter. */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (1 + 0.3 * random()));
}

/**
 * Whether an answer means "try again later" rather than "refused": only the desk's refusals of
 * the post itself (bad input, a round that is not there, a conflict, too large) let it go. Anything else, a lost connection,
 * a server error, or a sign-in that expired (the post waits until staff sign in again), keeps it.
 */
export function isRetryableStatus(status: number): boolean {
  return ![400, 404, 409, 413, 415, 422].includes(status);
}

const memory = new Map<string, QueuedPost>();

function openOutbox(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === "undefined") return Promise.resolve(null);
  return new Promise((resolve) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "clientKey" });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
  });
}

async function withStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | null> {
  const db = await openOutbox();
  if (!db) return null;
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    const request = work(transaction.objectStore(STORE));
    transaction.oncomplete = () => {
      db.close();
      resolve(request.result);
    };
    transaction.onerror = () => {
      db.close();
      reject(transaction.error);
    };
  });
}

async function savePost(post: QueuedPost): Promise<void> {
  memory.set(post.clientKey, post);
  await withStore("readwrite", (store) => store.put(post)).catch(() => null);
}

async function dropPost(clientKey: string): Promise<void> {
  memory.delete(clientKey);
  await withStore("readwrite", (store) => store.delete(clientKey)).catch(() => null);
}

async function queuedPosts(roundId: string): Promise<QueuedPost[]> {
  const stored = (await withStore("readonly", (store) => store.getAll() as IDBRequest<QueuedPost[]>).catch(() => null)) ?? [];
  const all = new Map<string, QueuedPost>([...memory].concat(stored.map((post) => [post.clientKey, post])));
  return [...all.values()].filter((post) => post.roundId === roundId).sort((a, b) => a.queuedAt - b.queuedAt);
}

function formOf(post: QueuedPost): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(post.fields)) form.set(name, value);
  form.set("clientKey", post.clientKey);
  if (post.photo) form.set("file", post.photo, post.photoName || "photo.jpg");
  return form;
}

export interface OutboxState {
  /** Posts not yet confirmed by the server. */
  waiting: number;
  refused: RefusedPost[];
  /** The last post the server confirmed. */
  lastSent: { clientKey: string; message: string } | null;
}

/**
 * The outbox of one round's desk: `enqueue` keeps a post and starts sending; `onSent` runs after
 * each confirmed post (the desk reloads its list).
 */
export function useTickerOutbox(roundId: string, postUrl: string, onSent: () => void) {
  const [state, setState] = useState<OutboxState>({ waiting: 0, refused: [], lastSent: null });
  const sending = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  const onSentRef = useRef(onSent);
  useEffect(() => {
    onSentRef.current = onSent;
  });

  const flush = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    window.clearTimeout(timer.current);
    try {
      let posts = await queuedPosts(roundId);
      setState((current) => ({ ...current, waiting: posts.length }));
      for (const post of posts) {
        if (post.nextAttemptAt > Date.now()) continue;
        let status = 0;
        let answer: { message?: string; tone?: string } = {};
        try {
          const response = await fetch(postUrl, {
            method: "POST",
            body: formOf(post),
            credentials: "same-origin",
            headers: { Accept: "application/json" },
          });
          status = response.redirected ? 401 : response.status;
          answer = (await response.json().catch(() => ({}))) as { message?: string; tone?: string };
        } catch {
          status = 0;
        }
        if (status >= 200 && status < 300 && answer.tone === "success") {
          await dropPost(post.clientKey);
          setState((current) => ({ ...current, lastSent: { clientKey: post.clientKey, message: answer.message ?? "Posted." } }));
          onSentRef.current();
        } else if (isRetryableStatus(status) || (status >= 200 && status < 300)) {
          const attempts = post.attempts + 1;
          await savePost({ ...post, attempts, nextAttemptAt: Date.now() + retryDelayMs(attempts) });
        } else {
          // Refused (bad input, not signed in, too large): sending it again would be refused again.
          await dropPost(post.clientKey);
          setState((current) => ({
            ...current,
            refused: [
              ...current.refused,
              { clientKey: post.clientKey, message: answer.message ?? `The post was refused (${status}).`, fields: post.fields },
            ],
          }));
        }
      }
      posts = await queuedPosts(roundId);
      setState((current) => ({ ...current, waiting: posts.length }));
      const next = Math.min(...posts.map((post) => post.nextAttemptAt));
      if (posts.length > 0) timer.current = window.setTimeout(() => void flush(), Math.max(250, next - Date.now()));
    } finally {
      sending.current = false;
    }
  }, [roundId, postUrl]);

  useEffect(() => {
    void flush();
    const again = () => void flush();
    window.addEventListener("online", again);
    document.addEventListener("visibilitychange", again);
    return () => {
      window.removeEventListener("online", again);
      document.removeEventListener("visibilitychange", again);
      window.clearTimeout(timer.current);
    };
  }, [flush]);

  const enqueue = useCallback(
    async (fields: Record<string, string>, photo: File | null) => {
      const post: QueuedPost = {
        clientKey: newClientKey(),
        roundId,
        fields,
        photo,
        photoName: photo?.name ?? "",
        queuedAt: Date.now(),
        attempts: 0,
        nextAttemptAt: 0,
      };
      await savePost(post);
      setState((current) => ({ ...current, waiting: current.waiting + 1 }));
      if (sending.current) {
        // The running pass has its list already: go again once it ends.
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => void flush(), 250);
      } else void flush();
    },
    [roundId, flush],
  );

  const dismissRefused = useCallback((clientKey: string) => {
    setState((current) => ({ ...current, refused: current.refused.filter((post) => post.clientKey !== clientKey) }));
  }, []);

  return { ...state, enqueue, dismissRefused };
}
