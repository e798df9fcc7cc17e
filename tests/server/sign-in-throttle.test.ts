import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as schema from "../../db/schema";
import type { Auth } from "../../app/features/account/auth.server";
import { LOGIN_MESSAGES } from "../../app/features/account/login-form";
import { action as forgotPasswordAction } from "../../app/routes/forgot-password";
import { action as loginAction } from "../../app/routes/login";
import { action as resetPasswordAction } from "../../app/routes/reset-password";
import { createTestAuth, formPost, requestContext, run } from "../support/accounts";
import { seededTestDatabase } from "../support/test-database";
import { routerContextFor } from "../../app/context";
import { routeArgs } from "../support/route-args";

// Issue 15 finding 3, docs/decisions/0041: the per-account guess limit without a lockout for attackers to hand out.
const suite = seededTestDatabase();
let auth: Auth;
beforeAll(() => {
  auth = createTestAuth(suite.db);
});
afterEach(() => {
  vi.useRealTimers();
});

const PASSWORD = "correct horse battery staple";
const NEW_PASSWORD = "a brand new paddock password";
let clientCounter = 0;
const newClientIp = () => `192.0.2.${++clientCounter}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyArgs = any;
const args = (request: Request, clientIp: string): AnyArgs =>
  routeArgs({
    request,
    context: routerContextFor(requestContext(suite.db, auth, clientIp)),
    params: {},
  });
const messageOf = (data: unknown) => (data as { message: string }).message;

async function signUp(email: string) {
  const outcome = await run(() =>
    loginAction(
      args(formPost("/login", { intent: "sign-up", name: "Owen Owner", email, password: PASSWORD, role: "team_member" }), newClientIp()),
    ),
  );
  expect(outcome.status).toBe(200);
}

const signIn = (email: string, password: string, clientIp: string) =>
  run(() => loginAction(args(formPost("/login", { intent: "sign-in", email, password }), clientIp)));

let clock = 0;
/** Sets the clock; each step is 10 s, so the per-client limit (3 per 10 s) never hides what is tested. */
function at(start: string) {
  clock = new Date(start).getTime();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(clock);
}
function later(ms = 10_000) {
  clock += ms;
  vi.setSystemTime(clock);
}

/** `count` wrong passwords from `clientIp`, one per 10 s step, each a plain "Invalid email or password". */
async function wrongGuesses(email: string, clientIp: string, count: number) {
  for (let i = 0; i < count; i += 1) {
    const outcome = await signIn(email, `wrong guess ${i}`, clientIp);
    expect(outcome.status).toBe(401);
    expect(messageOf(outcome.data)).toBe(LOGIN_MESSAGES.invalidCredentials);
    later();
  }
}

async function resetPasswordOf(email: string) {
  const asked = await run(() => forgotPasswordAction(args(formPost("/forgot-password", { email }), newClientIp())));
  expect(asked.status).toBe(200);
  const mails = await suite.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.toAddress, email));
  const token = decodeURIComponent(/\/reset-password\?token=([\w%-]+)/.exec(mails.at(-1)!.textBody)![1]!);
  const done = await run(() =>
    resetPasswordAction(
      args(formPost(`/reset-password?token=${token}`, { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }), newClientIp()),
    ),
  );
  expect(done.status).toBe(302);
}

const LOCKED =
  /^Too many failed sign-in attempts for this email from your connection\. Try again in \d+ minutes?, or reset your password\.$/;
const SLOWED =
  /^There have been many failed sign-in attempts for this email, so sign-ins to it are slowed down\. Please wait (\d+) seconds? and try again, or reset your password\.$/;

describe("failed sign-ins per account", () => {
  it("locks the attacker's address after 10 wrong passwords, not the owner's", async () => {
    at("2031-01-10T10:00:00.000Z");
    await signUp("owner-a@example.com");
    const attacker = newClientIp();
    await wrongGuesses("owner-a@example.com", attacker, 10);
    // The attacker's address is locked for the rest of the hour, even with the right password.
    const locked = await signIn("owner-a@example.com", PASSWORD, attacker);
    expect(locked.status).toBe(429);
    expect(messageOf(locked.data)).toMatch(LOCKED);
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(60);
    // The owner, from another address, signs in at once.
    expect((await signIn("owner-a@example.com", PASSWORD, newClientIp())).status).toBe(302);
    // And still can, a little later, while the attacker stays locked.
    later(40_000);
    expect((await signIn("owner-a@example.com", PASSWORD, newClientIp())).status).toBe(302);
    later();
    expect((await signIn("owner-a@example.com", `wrong guess 11`, attacker)).status).toBe(429);
  });

  it("slows many addresses guessing one account to one attempt per 30 s, the owner included, but never locks it", async () => {
    at("2031-01-11T10:00:00.000Z");
    await signUp("owner-b@example.com");
    // A botnet: ten addresses, one wrong guess each, all answered normally.
    for (let i = 0; i < 10; i += 1) await wrongGuesses("owner-b@example.com", newClientIp(), 1);
    clock = new Date("2031-01-11T10:02:00.000Z").getTime();
    vi.setSystemTime(clock);
    // From now on, one attempt per 30 s window for this account, whoever makes it.
    const first = await signIn("owner-b@example.com", "botnet guess 1", newClientIp());
    expect(first.status).toBe(401);
    const statuses = [];
    for (let i = 0; i < 5; i += 1) {
      const outcome = await signIn("owner-b@example.com", `botnet guess ${i + 2}`, newClientIp());
      statuses.push(outcome.status);
      if (outcome.status === 429) {
        const [, seconds] = SLOWED.exec(messageOf(outcome.data)) ?? [];
        expect(Number(seconds)).toBeGreaterThan(0);
        expect(Number(seconds)).toBeLessThanOrEqual(30);
        expect(outcome.headers.get("Retry-After")).toBe(seconds);
      }
    }
    expect(statuses).toEqual([429, 429, 429, 429, 429]);
    // The owner is slowed too, but only until the next window: then the right password works.
    const owner = newClientIp();
    expect((await signIn("owner-b@example.com", PASSWORD, owner)).status).toBe(429);
    later(30_000);
    expect((await signIn("owner-b@example.com", PASSWORD, owner)).status).toBe(302);
    // Unknown addresses are counted the same way, so the slowing says nothing about who has an account.
    for (let i = 0; i < 10; i += 1) await wrongGuesses("ghost-b@example.com", newClientIp(), 1);
    expect((await signIn("ghost-b@example.com", "guess", newClientIp())).status).toBe(401);
    const slowedGhost = await signIn("ghost-b@example.com", "guess", newClientIp());
    expect(slowedGhost.status).toBe(429);
    expect(messageOf(slowedGhost.data)).toMatch(SLOWED);
    // After the hour, the account-wide count starts again.
    clock = new Date("2031-01-11T11:00:00.000Z").getTime();
    vi.setSystemTime(clock);
    for (let i = 0; i < 3; i += 1) await wrongGuesses("owner-b@example.com", newClientIp(), 1);
  });

  it("a completed password reset clears the lock and the back-off, so the message's 'or reset your password' is true", async () => {
    at("2031-01-12T10:00:00.000Z");
    await signUp("owner-c@example.com");
    const owner = newClientIp();
    // The owner forgot the password and locked their own address out, which also started the back-off.
    await wrongGuesses("owner-c@example.com", owner, 10);
    const locked = await signIn("owner-c@example.com", PASSWORD, owner);
    expect(messageOf(locked.data)).toMatch(LOCKED);
    expect((await signIn("owner-c@example.com", "one more guess", newClientIp())).status).toBe(401);
    expect(messageOf((await signIn("owner-c@example.com", PASSWORD, newClientIp())).data)).toMatch(SLOWED);

    await resetPasswordOf("owner-c@example.com");
    later();
    // Straight away, from the address that was locked, with no back-off.
    expect((await signIn("owner-c@example.com", NEW_PASSWORD, owner)).status).toBe(302);
    later();
    expect((await signIn("owner-c@example.com", NEW_PASSWORD, newClientIp())).status).toBe(302);
    // The counts start afresh: nine new failures from one address do not lock it.
    later();
    await wrongGuesses("owner-c@example.com", owner, 9);
    expect((await signIn("owner-c@example.com", NEW_PASSWORD, owner)).status).toBe(302);
  });

  it("a reset of one account leaves another account's limits alone, even one whose address starts the same", async () => {
    at("2031-01-13T10:00:00.000Z");
    await signUp("dee@example.com");
    await signUp("dee@example.com.au");
    const attacker = newClientIp();
    await wrongGuesses("dee@example.com.au", attacker, 10);
    await resetPasswordOf("dee@example.com");
    expect(messageOf((await signIn("dee@example.com.au", PASSWORD, attacker)).data)).toMatch(LOCKED);
  });
});
