import { readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { describe, expect, it } from "vitest";
import { serverForTests } from "../support/server-fixture";

/** Resident memory of a process, in MB, from /proc. */
function residentMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(match![1]) / 1024;
}

interface StreamedPost {
  status: number;
  /** How much of the body had been written when the answer came. */
  sentMb: number;
  responseBytes: number;
  peakMb: number;
}

/**
 * POSTs up to `totalMb` of body with chunked transfer encoding (no Content-Length), writing as
 * fast as the server reads, and stops as soon as the server answers.
 */
function streamPost(url: string, path: string, contentType: string, prefix: string, totalMb: number, pid: number): Promise<StreamedPost> {
  return new Promise((resolve, reject) => {
    const target = new URL(path, url);
    let sent = 0;
    let answered = false;
    let peakMb = residentMb(pid);
    const request = http.request(target, {
      method: "POST",
      headers: { "Content-Type": contentType, Origin: url, "Transfer-Encoding": "chunked" },
    });
    request.on("response", (response) => {
      answered = true;
      let responseBytes = 0;
      response.on("data", (chunk: Buffer) => (responseBytes += chunk.length));
      response.on("end", () => {
        peakMb = Math.max(peakMb, residentMb(pid));
        resolve({ status: response.statusCode!, sentMb: sent / 2 ** 20, responseBytes, peakMb });
        request.destroy();
      });
    });
    // The server may close the connection while we still write: that is the point.
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(256 * 1024, "A");
    request.write(prefix);
    const pump = () => {
      while (!answered && sent < totalMb * 2 ** 20) {
        sent += chunk.length;
        if (sent % (8 * 2 ** 20) === 0) peakMb = Math.max(peakMb, residentMb(pid));
        if (!request.write(chunk)) {
          request.once("drain", pump);
          return;
        }
      }
      if (!answered) request.end();
    };
    pump();
  });
}

describe("request bodies are limited while they stream, whatever the headers say", () => {
  const site = serverForTests();

  const form = "application/x-www-form-urlencoded";
  const contact = "name=x&email=a%40example.com&subject=s&category=General+Inquiry&message=";
  it.each([
    ["/contact", form, contact, 413],
    ["/contact.data", form, contact, 413],
    ["/checkout", form, "name=x&notes=", 413],
    ["/login", form, "email=", 413],
    ["/newsletter", form, "email=", 413],
    ["/api/cart/quote", "application/json", '{"lines":[],"x":"', 413],
    ["/api/payments/webhook", "application/json", '{"id":"', 413],
    // Signed-out: refused before the body matters; the body is never buffered either way.
    ["/dashboard", "multipart/form-data; boundary=x", "--x\r\n", null],
    ["/news", form, "a=", null],
  ])("%s: 200 MB chunked is refused early and memory stays flat", async (path, type, prefix, expected) => {
    const pid = site.server.child.pid!;
    const idleMb = residentMb(pid);
    const result = await streamPost(site.url, path, type, prefix, 200, pid);
    if (expected !== null) expect(result.status).toBe(expected);
    else expect(result.status).toBeGreaterThanOrEqual(300);
    expect(result.status).toBeLessThan(500);
    // Answered long before the body ended (socket buffers hold a few MB at most)...
    expect(result.sentMb).toBeLessThan(32);
    // ...without echoing the body back, and without the process growing by the body's size.
    expect(result.responseBytes).toBeLessThan(64 * 1024);
    expect(result.peakMb - idleMb).toBeLessThan(100);
    const health = await fetch(`${site.url}/healthz`);
    expect(health.status).toBe(200);
  });

  it("the 413 goes out before the connection closes, and the close does not reset a client still sending", async () => {
    // A client that keeps uploading after the answer, as a browser does with a large file.
    const { socket, errors, read, ended, closed, write, chunk } = rawClient(site.url);
    await write(
      `POST /contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${form}\r\nTransfer-Encoding: chunked\r\n\r\n${chunk(1024 * 1024)}`,
    );
    // The whole answer, then the server's FIN.
    await Promise.race([ended, closed]);
    expect(read()).toMatch(/^HTTP\/1\.1 413 /);
    expect(read().toLowerCase()).toContain("connection: close");
    // The server still reads (and drops) what the client sends: no reset under it.
    for (let i = 0; i < 8; i++) {
      await write(chunk(256 * 1024));
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await write("0\r\n\r\n");
    socket.end();
    await closed;
    expect(errors).toEqual([]);
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
  });

  it.each([
    // React Router's 405: the route takes no POST, and the body is never read.
    ["POST", "/api/drivers/1"],
    ["POST", "/store"],
    // A method no route answers.
    ["PUT", "/news"],
  ])(
    "%s %s answered before its body ends: the connection closes without a reset (ADR 0059)",
    async (method, path) => {
      // A client that keeps uploading after the answer for longer than the keep-alive timeout (5 s).
      const { port } = new URL(site.url);
      const { socket, errors, read, closed, write, chunk } = rawClient(site.url);
      await write(
        `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${site.url}\r\nContent-Type: ${form}\r\nTransfer-Encoding: chunked\r\n\r\n${chunk(1024)}`,
      );
      const started = Date.now();
      while (Date.now() - started < 6_500 && !socket.destroyed) {
        await write(chunk(1024));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(read()).toMatch(/^HTTP\/1\.1 405 /);
      // Said in the answer, so that no client sends its next request into the closing connection.
      expect(read().toLowerCase()).toContain("connection: close");
      await write("0\r\n\r\n");
      socket.end();
      await closed;
      expect(errors).toEqual([]);
    },
    20_000,
  );

  it("a body declared too large is refused before it is read", async () => {
    const response = await fetch(`${site.url}/contact`, {
      method: "POST",
      headers: { "Content-Type": form, Origin: site.url },
      body: contact + "A".repeat(70 * 1024),
    });
    expect(response.status).toBe(413);
    expect(response.headers.get("connection")).toBe("close");
  });

  it("a form within the limit still works, and its refused values come back cut to size", async () => {
    const response = await fetch(`${site.url}/contact`, {
      method: "POST",
      headers: { "Content-Type": form, Origin: site.url },
      body: contact + "A".repeat(40 * 1024),
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Keep your message to 5,000 characters or fewer.");
    expect(html).not.toContain("A".repeat(5001));
  });
});

/** A raw HTTP/1.1 connection that keeps sending after the answer, as a browser uploading a file does. */
function rawClient(serverUrl: string) {
  const { port } = new URL(serverUrl);
  const socket = net.connect({ port: Number(port), host: "127.0.0.1", allowHalfOpen: true });
  const errors: string[] = [];
  socket.on("error", (error) => errors.push(error.message));
  let answer = "";
  socket.on("data", (data: Buffer) => (answer += data.toString("latin1")));
  return {
    socket,
    errors,
    read: () => answer,
    ended: new Promise<void>((resolve) => socket.once("end", resolve)),
    closed: new Promise<void>((resolve) => socket.once("close", () => resolve())),
    write: (data: string) => new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.write(data, () => resolve()))),
    chunk: (size: number) => `${size.toString(16)}\r\n${"A".repeat(size)}\r\n`,
  };
}
