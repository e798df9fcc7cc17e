/**
 * A 300 MB chunked POST (no Content-Length) against each kind of route of a fresh production
 * build, one after another: how far the upload got before the answer, the server's resident
 * memory above idle, and whether /healthz answers after each. Not run in CI.
 *
 *   npx tsx bench/big-post.ts            # BIG_POST_MB=300 by default
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import { prepareStaff, signInOverHttp } from "../tests/support/prepared-staff";
import { reportFatal, startProductionServer } from "./server";

const TOTAL_MB = Number(process.env.BIG_POST_MB ?? 300);
const AUTH_SECRET = "big-post-secret-0123456789abcdef0123456789";

function residentMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Math.round(Number(match![1]) / 1024);
}

function streamPost(url: string, path: string, type: string, prefix: string, cookie: string, pid: number) {
  return new Promise<{ status: number; sentMb: number; peakMb: number; ms: number }>((resolve, reject) => {
    const started = performance.now();
    let sent = 0;
    let answered = false;
    let peakMb = residentMb(pid);
    const sampler = setInterval(() => (peakMb = Math.max(peakMb, residentMb(pid))), 100);
    const request = http.request(new URL(path, url), {
      method: "POST",
      headers: { "Content-Type": type, Origin: url, "Transfer-Encoding": "chunked", ...(cookie ? { Cookie: cookie } : {}) },
    });
    request.on("response", (response) => {
      answered = true;
      response.resume();
      response.on("end", () => {
        clearInterval(sampler);
        peakMb = Math.max(peakMb, residentMb(pid));
        resolve({ status: response.statusCode!, sentMb: Math.round(sent / 2 ** 20), peakMb, ms: Math.round(performance.now() - started) });
        request.destroy();
      });
    });
    request.on("error", (error) => {
      if (!answered) {
        clearInterval(sampler);
        reject(error);
      }
    });
    const chunk = Buffer.alloc(256 * 1024, "A");
    request.write(prefix);
    const pump = () => {
      while (!answered && sent < TOTAL_MB * 2 ** 20) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      if (!answered) request.end();
    };
    pump();
  });
}

async function main() {
  let staff: Awaited<ReturnType<typeof prepareStaff>> | undefined;
  const server = await startProductionServer({
    prepareDataDir: async (dataDir) => {
      staff = await prepareStaff(
        { dataDir },
        { email: "big.post@example.com", roles: ["admin"], secret: AUTH_SECRET, publicUrl: "http://127.0.0.1" },
      );
    },
    env: { AUTH_SECRET, PAYMENTS: "test" },
  });
  try {
    const admin = await signInOverHttp(server.url, staff!);
    const form = "application/x-www-form-urlencoded";
    const kinds: [string, string, string, string, string][] = [
      ["page form action", "/contact", form, "name=x&email=a%40example.com&subject=s&category=General+Inquiry&message=", ""],
      ["cart quote (JSON)", "/api/cart/quote", "application/json", '{"lines":[],"x":"', ""],
      ["payment webhook", "/api/payments/webhook", "application/json", '{"id":"', ""],
      [
        "media upload (signed in)",
        "/admin/media/new",
        "multipart/form-data; boundary=x",
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a.mp4"\r\nContent-Type: video/mp4\r\n\r\n',
        admin,
      ],
      ["login", "/login", form, "intent=sign-in&email=", ""],
    ];
    console.log(`${TOTAL_MB} MB chunked POST, no Content-Length, against ${server.url}`);
    console.log("| route | answer | uploaded before the answer | resident above idle (peak) | time to answer | /healthz after |");
    console.log("| --- | --- | --- | --- | --- | --- |");
    for (const [kind, path, type, prefix, cookie] of kinds) {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const idleMb = residentMb(server.pid);
      const result = await streamPost(server.url, path, type, prefix, cookie, server.pid);
      const health = await fetch(`${server.url}/healthz`).then(
        (r) => r.status,
        () => 0,
      );
      console.log(
        `| ${kind} \`${path}\` | ${result.status} | ${result.sentMb} MB | +${result.peakMb - idleMb} MB (idle ${idleMb} MB) | ${result.ms} ms | ${health} |`,
      );
    }
  } finally {
    await server.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    reportFatal(error);
    process.exit(1);
  },
);
