/**
 * A load generator in a process of its own (forked by push-fanout.ts): `/` with 10 connections
 * until the parent says "stop" (or for the seconds given), then its figures back over IPC. Apart
 * from the bench's push service, so that neither's work delays the other's timings.
 */
import autocannon from "autocannon";

const [url, seconds] = process.argv.slice(2);
const instance = autocannon({ url: url!, connections: 10, duration: Number(seconds) }, (error, result) => {
  process.send!(
    error
      ? { error: error.message }
      : {
          requests: result.requests.total,
          p50: result.latency.p50,
          p99: result.latency.p99,
          non2xx: result.non2xx,
          errors: result.errors,
        },
  );
  process.disconnect?.();
});
process.on("message", (message) => {
  if (message === "stop") instance.stop();
});
