import { describe, expect, it } from "vitest";
import { createFreshRead } from "./fresh-read";

/** A read whose answers the test releases by hand, on a clock the test moves. */
function setup() {
  let clock = 0;
  let value = 0;
  const pending: Array<{ resolve: (value: number) => void; reject: (error: Error) => void; sees: () => number }> = [];
  const read = createFreshRead(
    () =>
      new Promise<number>((resolve, reject) => {
        // What the read will answer is the value when it started.
        const seen = value;
        pending.push({ resolve, reject, sees: () => seen });
      }),
    () => clock,
  );
  const finish = async (index = 0) => {
    const call = pending.splice(index, 1)[0]!;
    call.resolve(call.sees());
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return {
    read,
    pending,
    finish,
    tick: () => (clock += 1),
    set: (next: number) => (value = next),
  };
}

describe("createFreshRead", () => {
  it("callers arriving together share one read", async () => {
    const s = setup();
    const answers = [s.read(), s.read(), s.read()];
    expect(s.pending).toHaveLength(1);
    await s.finish();
    expect(await Promise.all(answers)).toEqual([0, 0, 0]);
  });

  it("a caller arriving after a read began never gets that read's answer, and later callers share the next", async () => {
    const s = setup();
    const early = s.read();
    s.tick();
    s.set(1); // changed after the first read started
    const late = [s.read(), s.read()];
    expect(s.pending).toHaveLength(1); // one read at a time
    await s.finish();
    expect(await early).toBe(0);
    expect(s.pending).toHaveLength(1); // the next read started once the first ended
    await s.finish();
    expect(await Promise.all(late)).toEqual([1, 1]);
  });

  it("a failed read fails only its own callers; the next caller reads again", async () => {
    const s = setup();
    const failing = s.read();
    s.pending.shift()!.reject(new Error("database away"));
    await expect(failing).rejects.toThrow("database away");
    s.tick();
    const again = s.read();
    expect(s.pending).toHaveLength(1);
    await s.finish();
    expect(await again).toBe(0);
  });
});
