import { createPublicKey, createVerify, createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  raw: string;
  parsed: ParsedMail;
  recipients: string[];
}

/** What the server answers a recipient: undefined accepts it; a code and text refuse it. */
export type RecipientAnswer = { code: number; text: string } | undefined;

/**
 * A real SMTP server on a loopback port (the `smtp-server` package, no TLS), keeping every
 * message it accepted, raw and parsed by `mailparser`.
 */
export async function startLoopbackSmtp(options: { answer?: (recipient: string) => RecipientAnswer; acceptDelayMs?: number } = {}) {
  const received: ReceivedMail[] = [];
  const parsing: Promise<unknown>[] = [];
  let inFlight = 0;
  let mostAtOnce = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = options.answer?.(address.address);
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.text), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      inFlight += 1;
      mostAtOnce = Math.max(mostAtOnce, inFlight);
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        parsing.push(simpleParser(raw).then((parsed) => received.push({ raw, parsed, recipients })));
        // A slow server (acceptDelayMs) answers the message that long after it arrived.
        setTimeout(() => {
          inFlight -= 1;
          callback();
        }, options.acceptDelayMs ?? 0);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    /** The most messages that were being received at the same time. */
    mostAtOnce: () => mostAtOnce,
    /** Every message accepted so far, once parsed. */
    received: async () => {
      await Promise.all(parsing);
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port nothing listens on: connecting to it is refused. */
export async function closedPort(): Promise<number> {
  const probe = new SMTPServer({ logger: false });
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const port = (probe.server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

function relaxedBody(body: string): string {
  const lines = body.split("\r\n").map((line) => line.replace(/[ \t]+/g, " ").replace(/ $/, ""));
  while (lines.length > 0 && lines.at(-1) === "") lines.pop();
  return lines.length === 0 ? "" : `${lines.join("\r\n")}\r\n`;
}

const relaxedHeader = (name: string, value: string) =>
  `${name.toLowerCase()}:${value
    .replace(/\r\n/g, "")
    .replace(/[ \t]+/g, " ")
    .trim()}`;

/**
 * Checks a message's DKIM-Signature (relaxed/relaxed, rsa-sha256, as nodemailer signs) against
 * the public key that DNS would publish: the body hash, then the signature over the signed
 * headers. Returns the signature's tags.
 */
export function verifyDkim(raw: string, publicKeyPem: string): { valid: boolean; bodyHashMatches: boolean; tags: Record<string, string> } {
  const split = raw.indexOf("\r\n\r\n");
  const headerBlock = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const headers = headerBlock.split(/\r\n(?![ \t])/).map((line) => {
    const colon = line.indexOf(":");
    return { name: line.slice(0, colon), value: line.slice(colon + 1), line };
  });
  const signature = headers.find((header) => header.name.toLowerCase() === "dkim-signature");
  if (!signature) throw new Error("no DKIM-Signature header");
  const tags = Object.fromEntries(
    signature.value
      .replace(/\r\n/g, "")
      .split(";")
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const equals = part.indexOf("=");
        return [part.slice(0, equals).trim(), part.slice(equals + 1).replace(/[ \t]+/g, "")];
      }),
  ) as Record<string, string>;
  const bodyHash = createHash("sha256").update(relaxedBody(body)).digest("base64");
  // Each name in h= takes the next instance of that header, from the bottom up (RFC 6376 5.4.2).
  const used = new Map<string, number>();
  const signedLines = (tags.h ?? "").split(":").flatMap((name) => {
    const key = name.toLowerCase();
    const instances = headers.filter((header) => header.name.toLowerCase() === key && header !== signature);
    const seen = used.get(key) ?? 0;
    used.set(key, seen + 1);
    const header = instances[instances.length - 1 - seen];
    return header ? [relaxedHeader(header.name, header.value)] : [];
  });
  const unsigned = relaxedHeader(signature.name, signature.value.replace(/(;\s*b=)[^;]*/, "$1"));
  const data = `${signedLines.join("\r\n")}\r\n${unsigned}`;
  const valid = createVerify("RSA-SHA256")
    .update(data)
    .verify(createPublicKey(publicKeyPem), tags.b ?? "", "base64");
  return { valid, bodyHashMatches: bodyHash === tags.bh, tags };
}
