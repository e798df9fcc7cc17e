import { expect, type APIRequestContext } from "@playwright/test";
import { CONTACT_RATE_LIMIT } from "../../app/features/contact/contact.server";
import { rateLimitedMessage } from "../../app/features/contact/contact-schema";
import { test } from "../support/hydrated-test";
import { emailsTo } from "../support/e2e-server";
import { clientAddressFor } from "../support/own-address";
import { awayFromWindowEdge } from "../support/rate-limit-window";

/**
 * The contact form's per-address limit: 5 stored messages per 10-minute window (a fixed window
 * of the wall clock, lib/rate-limit.server.ts). The test's requests come from its own address
 * (X-Forwarded-For, hydrated-test.ts), which no other test uses, so the first five are stored and
 * the sixth is refused, every run.
 */

/** Notifications the team got about this run's messages. */
function notificationsAbout(subject: string): number {
  return emailsTo("info@ridgeway-racing.example").filter((email) => email.subject.endsWith(subject)).length;
}

async function postContactForm(request: APIRequestContext, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await request.post("/contact", { form: fields, headers, maxRedirects: 0 });
  return { status: response.status(), retryAfter: response.headers()["retry-after"], html: await response.text() };
}

test("the sixth message from one address within 10 minutes is refused with 429, and nothing is stored", async ({
  request,
  clientAddress,
}, testInfo) => {
  const subject = `Rate limit check ${clientAddress} ${Date.now()}`;
  const message = {
    name: "Rate Limit Tester",
    email: "limits@example.com",
    subject,
    category: "Fan Engagement",
    message: "Checking that the contact form stops repeated messages.",
  };
  // All six in one window: not within 30 s of its end (waits that long at most, 1 run in 20).
  await awayFromWindowEdge(CONTACT_RATE_LIMIT.windowMs, 30_000);

  for (let attempt = 1; attempt <= CONTACT_RATE_LIMIT.limit; attempt += 1) {
    const answer = await postContactForm(request, message);
    expect(answer.status, `message ${attempt}`).toBe(200);
    expect(answer.html).toContain("Thank you! Your message has been sent.");
  }

  const refused = await postContactForm(request, message);
  expect(refused.status).toBe(429);
  // Retry-After is the rest of the window, and the page says it in whole minutes.
  const windowEnd = Math.ceil(Date.now() / CONTACT_RATE_LIMIT.windowMs) * CONTACT_RATE_LIMIT.windowMs;
  const retryAfter = Number(refused.retryAfter);
  expect(Math.abs(retryAfter - (windowEnd - Date.now()) / 1000)).toBeLessThanOrEqual(5);
  expect(refused.html).toContain(rateLimitedMessage(retryAfter).replace("You've", "You&#x27;ve"));
  // The form comes back with what was typed.
  expect(refused.html).toContain('value="Rate Limit Tester"');
  expect(refused.html).toContain("Checking that the contact form stops repeated messages.");
  expect(refused.html).not.toContain("Thank you! Your message has been sent.");

  // Five messages stored, five notifications; the refused one left no trace. The outbox sends in
  // the order messages were queued, so once a message sent after the refusal (from another
  // address) has been delivered, a notification of the refused one would have been too.
  const witness = `${subject} (after the refusal)`;
  const otherClient = { "X-Forwarded-For": clientAddressFor({ ...testInfo, testId: `${testInfo.testId}/witness` }) };
  expect((await postContactForm(request, { ...message, subject: witness }, otherClient)).status).toBe(200);
  await expect.poll(() => notificationsAbout(witness), { timeout: 10_000 }).toBe(1);
  expect(notificationsAbout(subject)).toBe(CONTACT_RATE_LIMIT.limit);
});
