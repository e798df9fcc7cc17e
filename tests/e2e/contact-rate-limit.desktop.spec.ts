import http from "node:http";
import { expect } from "@playwright/test";
import { test } from "../support/hydrated-test";
import { emailsTo } from "../support/e2e-server";

/**
 * The contact form's per-address limit: 5 stored messages per 10 minutes.
 *
 * Every other spec posts from 127.0.0.1, and the limit lasts 10 minutes, so
 * this test posts from an address of its own: any 127.x.y.z is this machine's
 * loopback on Linux, and the server (without TRUST_PROXY) keys the limit on
 * the socket's address. A fresh address per run keeps re-runs independent.
 */
const ownAddress = `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 250)}`;

/** Notifications the team got about this run's messages. */
function notificationsAbout(subject: string): number {
  return emailsTo("info@ridgeway-racing.example").filter((email) => email.subject.endsWith(subject)).length;
}

function postContactForm(baseURL: string, fields: Record<string, string>) {
  const url = new URL("/contact", baseURL);
  const body = new URLSearchParams(fields).toString();
  return new Promise<{ status: number; retryAfter?: string; html: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        localAddress: ownAddress,
        headers: { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body) },
      },
      (response) => {
        let html = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (html += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, retryAfter: response.headers["retry-after"], html }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

test("the sixth message from one address within 10 minutes is refused with 429, and nothing is stored", async ({ baseURL }) => {
  const subject = `Rate limit check ${ownAddress} ${Date.now()}`;
  const message = {
    name: "Rate Limit Tester",
    email: "limits@example.com",
    subject,
    category: "Fan Engagement",
    message: "Checking that the contact form stops repeated messages.",
  };

  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const answer = await postContactForm(baseURL!, message);
    expect(answer.status, `message ${attempt}`).toBe(200);
    expect(answer.html).toContain("Thank you! Your message has been sent.");
  }

  const refused = await postContactForm(baseURL!, message);
  expect(refused.status).toBe(429);
  const minutes = /Please try again in (\d+) minutes?\./.exec(refused.html)?.[1];
  expect(Number(minutes)).toBeGreaterThanOrEqual(1);
  expect(Number(minutes)).toBeLessThanOrEqual(10);
  expect(Number(refused.retryAfter)).toBeGreaterThan(0);
  // The form comes back with what was typed.
  expect(refused.html).toContain('value="Rate Limit Tester"');
  expect(refused.html).toContain("Checking that the contact form stops repeated messages.");
  expect(refused.html).not.toContain("Thank you! Your message has been sent.");

  // Five messages stored, five notifications; the refused one left no trace.
  await expect.poll(() => notificationsAbout(subject), { timeout: 10_000 }).toBe(5);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  await expect.poll(() => notificationsAbout(subject)).toBe(5);
});
