import { execFileSync } from "node:child_process";
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { IncomingMessage, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";

/*
 * A push service on this machine (RFC 8030), for the server tests, the browser test and the bench:
 * it hands out subscriptions whose private keys it keeps, as a browser would, and for every message
 * posted to one it checks the VAPID signature (RFC 8292) and decrypts the body (RFC 8291,
 * aes128gcm) with its own code, not the sender's library, then records the headers (TTL, Topic,
 * Urgency) and the text. A subscription can be told to answer 404, 410, 429 or 5xx. HTTPS on 127.0.0.1 with a
 * certificate made for the run: a server trusts it with NODE_EXTRA_CA_CERTS=<certFile>.
 */

export interface MockSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedMessage {
  subscriptionId: string;
  /** What the mock answered. */
  status: number;
  ttl: string | null;
  topic: string | null;
  urgency: string | null;
  contentEncoding: string | null;
  /** The VAPID public key the message was signed with (`k`). */
  vapidKey: string | null;
  /** The VAPID JWT's claims. */
  claims: { aud?: string; exp?: number; sub?: string } | null;
  /** The decrypted text; null when it could not be decrypted (then `problem` says why). */
  text: string | null;
  problem: string | null;
  at: number;
}

interface Rule {
  status: number;
  /** How many messages get this answer; Infinity for all. */
  times: number;
  retryAfter?: string;
}

export interface MockPushService {
  /** https://127.0.0.1:<port> */
  origin: string;
  /** The certificate to trust (NODE_EXTRA_CA_CERTS, or an https.Agent's `ca`). */
  certFile: string;
  cert: string;
  subscribe(): MockSubscription;
  /** Answers `status` to the next `times` messages for this subscription (all of them by default). */
  answer(subscription: MockSubscription | string, status: number, options?: { times?: number; retryAfter?: string }): void;
  /**
   * With `deferChecks`: checks and decrypts every message received so far (the bench does it once
   * the send is over, so that a push service's work does not load the machine being measured).
   */
  checkDeferred(): void;
  /** Every message received, in order; for one subscription when given. */
  messages(subscription?: MockSubscription | string): ReceivedMessage[];
  /** Resolves once `predicate` holds for the messages received (polled), or rejects after `timeoutMs`. */
  waitFor(predicate: (messages: ReceivedMessage[]) => boolean, timeoutMs?: number): Promise<ReceivedMessage[]>;
  close(): Promise<void>;
}

interface Held {
  ecdh: ReturnType<typeof createECDH>;
  publicKey: Buffer;
  auth: Buffer;
}

const b64 = (value: Buffer) => value.toString("base64url");

/** RFC 8291 section 3.4 and RFC 8188: one aes128gcm record, decrypted with the subscription's keys. */
export function decryptAes128gcm(body: Buffer, held: Held): string {
  if (body.length < 21 + 65 + 17) throw new Error(`body too short for aes128gcm (${body.length} bytes)`);
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  if (idLength !== 65) throw new Error(`the key id is ${idLength} bytes, not a P-256 public key`);
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error("more than one record: a push message is one");
  const shared = held.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), held.publicKey, senderKey]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, held.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end).toString("utf8");
}

/** RFC 8292: `vapid t=<JWT>, k=<key>`, the JWT signed with ES256 by that key. */
function checkVapid(
  header: string | undefined,
  origin: string,
): { key: string; claims: ReceivedMessage["claims"]; problem: string | null } {
  const match = /^vapid\s+(.+)$/i.exec(header ?? "");
  if (!match) return { key: "", claims: null, problem: "no VAPID Authorization header" };
  const params = Object.fromEntries(
    match[1]!.split(",").map((part) => {
      const at = part.indexOf("=");
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
    }),
  );
  const token = params.t ?? "";
  const key = params.k ?? "";
  const [head, payload, signature] = token.split(".");
  if (!head || !payload || !signature) return { key, claims: null, problem: "the VAPID token is not a JWT" };
  const raw = Buffer.from(key, "base64url");
  if (raw.length !== 65) return { key, claims: null, problem: "k is not a P-256 public key" };
  const publicKey = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64(raw.subarray(1, 33)), y: b64(raw.subarray(33, 65)) },
    format: "jwk",
  });
  const valid = verify(
    "sha256",
    Buffer.from(`${head}.${payload}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as NonNullable<ReceivedMessage["claims"]>;
  if (!valid) return { key, claims, problem: "the VAPID signature does not verify" };
  if (claims.aud !== origin) return { key, claims, problem: `the VAPID audience is ${claims.aud}, not ${origin}` };
  const now = Date.now() / 1000;
  if (!claims.exp || claims.exp < now || claims.exp > now + 24 * 3600 + 60)
    return { key, claims, problem: "the VAPID token's expiry is not within 24 hours" };
  if (!/^(mailto:|https:)/.test(claims.sub ?? "")) return { key, claims, problem: "the VAPID subject is not mailto: or https:" };
  return { key, claims, problem: null };
}

/** A certificate for 127.0.0.1, made with openssl for this run. */
function makeCertificate(): { dir: string; certFile: string; keyFile: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "mock-push-"));
  const certFile = path.join(dir, "cert.pem");
  const keyFile = path.join(dir, "key.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-keyout",
      keyFile,
      "-out",
      certFile,
      "-days",
      "2",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
    ],
    { stdio: "ignore" },
  );
  return { dir, certFile, keyFile };
}

export async function startMockPushService(options: { port?: number; deferChecks?: boolean } = {}): Promise<MockPushService> {
  const { dir, certFile, keyFile } = makeCertificate();
  const cert = readFileSync(certFile, "utf8");
  const subscriptions = new Map<string, Held>();
  const rules = new Map<string, Rule>();
  const received: ReceivedMessage[] = [];
  const deferred: Array<{ message: ReceivedMessage; body: Buffer; authorization: string | undefined }> = [];
  let origin = "";

  /** The message's VAPID signature and encryption checked; its text decrypted. */
  const check = (message: ReceivedMessage, body: Buffer, authorization: string | undefined) => {
    const held = subscriptions.get(message.subscriptionId);
    const vapid = checkVapid(authorization, origin);
    message.vapidKey = vapid.key || null;
    message.claims = vapid.claims;
    if (vapid.problem) message.problem = `VAPID: ${vapid.problem}`;
    else if (!held) message.problem = "no such subscription";
    else if (message.contentEncoding !== "aes128gcm") message.problem = "Content-Encoding is not aes128gcm";
    else if (!message.ttl || !/^\d+$/.test(message.ttl)) message.problem = "no TTL header";
    if (!held || message.problem) return;
    try {
      message.text = decryptAes128gcm(body, held);
    } catch (error) {
      message.problem = `could not decrypt: ${(error as Error).message}`;
    }
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/push\/([\w-]+)$/.exec(req.url ?? "");
    if (req.method !== "POST" || !match) {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const id = match[1]!;
      const held = subscriptions.get(id);
      const header = (name: string) => (typeof req.headers[name] === "string" ? (req.headers[name] as string) : null);
      const body = Buffer.concat(chunks);
      const message: ReceivedMessage = {
        subscriptionId: id,
        status: 201,
        ttl: header("ttl"),
        topic: header("topic"),
        urgency: header("urgency"),
        contentEncoding: header("content-encoding"),
        vapidKey: null,
        claims: null,
        text: null,
        problem: null,
        at: Date.now(),
      };
      if (options.deferChecks) deferred.push({ message, body, authorization: req.headers.authorization });
      else check(message, body, req.headers.authorization);
      if (!held) message.status = 404;
      else if (message.problem) message.status = message.problem.startsWith("VAPID:") ? 403 : 400;
      const rule = rules.get(id);
      if (rule && rule.times > 0) {
        message.status = rule.status;
        rule.times -= 1;
      }
      received.push(message);
      const status = message.status;
      const problem = message.problem;
      if (status === 201) res.writeHead(201, { Location: `${origin}/message/${randomUUID()}` }).end();
      else res.writeHead(status, rule?.retryAfter ? { "Retry-After": rule.retryAfter } : {}).end(problem ?? `answered ${status}`);
    });
  };

  const server: Server = createServer({ cert, key: readFileSync(keyFile), keepAlive: true }, handle);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const address = server.address();
  origin = `https://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const idOf = (subscription: MockSubscription | string) => (typeof subscription === "string" ? subscription : subscription.id);

  return {
    origin,
    certFile,
    cert,
    subscribe() {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const id = randomBytes(16).toString("hex");
      const held = { ecdh, publicKey: ecdh.getPublicKey(), auth: randomBytes(16) };
      subscriptions.set(id, held);
      return { id, endpoint: `${origin}/push/${id}`, keys: { p256dh: b64(held.publicKey), auth: b64(held.auth) } };
    },
    answer(subscription, status, answerOptions = {}) {
      rules.set(idOf(subscription), { status, times: answerOptions.times ?? Infinity, retryAfter: answerOptions.retryAfter });
    },
    checkDeferred() {
      for (const { message, body, authorization } of deferred.splice(0)) check(message, body, authorization);
    },
    messages(subscription) {
      return subscription === undefined ? [...received] : received.filter((message) => message.subscriptionId === idOf(subscription));
    },
    async waitFor(predicate, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (predicate(received)) return [...received];
        if (Date.now() > deadline)
          throw new Error(`the mock push service did not receive what was expected in ${timeoutMs} ms (${received.length} messages)`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
