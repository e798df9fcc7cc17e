import { describe, expect, it } from "vitest";
import { createJobClock } from "./job-clock";

describe("the job clock", () => {
  it("counts a job's lag from when it was next due, and resets it when the job runs", () => {
    let time = 0;
    const clock = createJobClock(() => time);
    const mail = clock.register("mail", 2_000);
    clock.register("expiry", 60_000);
    time = 1_500;
    expect(clock.lags()).toEqual([
      { job: "mail", lagSeconds: 0 },
      { job: "expiry", lagSeconds: 0 },
    ]);
    time = 7_000;
    expect(clock.lags()[0]).toEqual({ job: "mail", lagSeconds: 5 });
    mail.ran();
    expect(clock.lags()[0]).toEqual({ job: "mail", lagSeconds: 0 });
  });
});
