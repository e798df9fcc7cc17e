/**
 * A read that is never older than the request asking for it, shared between requests: each
 * caller gets the answer of a read that started at or after it called. Callers arriving while a
 * read is under way that started before them wait for the next one, which starts as soon as that
 * one ends and serves everyone who waited. At most one read runs at a time, however many ask.
 */
export function createFreshRead<T>(read: () => Promise<T>, now: () => number = () => performance.now()): () => Promise<T> {
  let running: { startedAt: number; answer: Promise<T> } | null = null;
  let next: Promise<T> | null = null;

  const start = (): Promise<T> => {
    const answer = read();
    const current = { startedAt: now(), answer };
    running = current;
    const done = () => {
      if (running === current) running = null;
    };
    answer.then(done, done);
    return answer;
  };

  return () => {
    const askedAt = now();
    if (!running) return start();
    if (running.startedAt >= askedAt) return running.answer;
    if (!next) {
      const settled = running.answer.then(
        () => undefined,
        () => undefined,
      );
      next = settled.then(() => {
        next = null;
        return start();
      });
    }
    return next;
  };
}
