import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as schema from "../../db/schema";
import type { Auth } from "../../app/features/account/auth.server";
import { ONLY_ADMIN_MESSAGE } from "../../app/features/account/account-data.server";
import { PASSWORD_RESET_MESSAGES } from "../../app/features/account/password-reset-form";
import { PASSWORD_MESSAGES } from "../../app/features/account/password-policy";
import { getOptionalUser } from "../../app/features/account/session.server";
import { action as forgotPasswordAction } from "../../app/routes/forgot-password";
import { action as loginAction } from "../../app/routes/login";
import { action as resetPasswordAction, loader as resetPasswordLoader, PASSWORD_CHANGED_PATH } from "../../app/routes/reset-password";
import { action as securityAction, loader as securityLoader } from "../../app/routes/dashboard-security";
import { action as twoFactorAction, loader as twoFactorLoader } from "../../app/routes/login-two-factor";
import { action as checkoutAction } from "../../app/routes/checkout";
import { loader as exportLoader } from "../../app/routes/dashboard-security-export";
import { TWO_FACTOR_MESSAGES } from "../../app/features/account/two-factor-form";
import { loader as verifyEmailLoader } from "../../app/routes/verify-email";
import { CookieJar, createTestAuth, formPost, get, requestContext, run } from "../support/accounts";
import { seededTestDatabase } from "../support/test-database";
import { DELIVERY_FIELDS } from "../support/delivery-fields";
import { routerContextFor } from "../../app/context";
import { routeArgs } from "../support/route-args";

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
/** Each test comes from its own address, so one test's per-client limits do not touch another. */
const newClientIp = () => `198.51.100.${++clientCounter}`;

// Route modules' own argument types carry more than these handlers read.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyArgs = any;
const args = (request: Request, clientIp = newClientIp()): AnyArgs =>
  routeArgs({
    request,
    context: routerContextFor(requestContext(suite.db, auth, clientIp)),
    params: {},
  });
const messageOf = (data: unknown) => (data as { message: string }).message;

/** Signs up, then signs in (a sign-up signs nobody in); returns the session's cookies. */
async function signUp(email: string, password = PASSWORD) {
  const outcome = await run(() =>
    loginAction(args(formPost("/login", { intent: "sign-up", name: "Sam Security", email, password, role: "team_member" }))),
  );
  expect(outcome.status).toBe(200);
  const signedIn = await run(() => loginAction(args(formPost("/login", { intent: "sign-in", email, password }))));
  expect(signedIn.status).toBe(302);
  return new CookieJar().take(signedIn.setCookies);
}

async function signIn(email: string, password: string, clientIp = newClientIp()) {
  return run(() => loginAction(args(formPost("/login", { intent: "sign-in", email, password }), clientIp)));
}

async function signedInAs(jar: CookieJar) {
  return getOptionalUser(get("/dashboard", { cookie: jar.header() }), requestContext(suite.db, auth));
}

async function outbox(to: string) {
  return suite.db
    .select()
    .from(schema.emailOutbox)
    .where(eq(schema.emailOutbox.toAddress, to))
    .orderBy(schema.emailOutbox.createdAt, schema.emailOutbox.id);
}

/** The token of the newest reset link e-mailed to `to`. */
async function resetToken(to: string): Promise<string> {
  const mails = (await outbox(to)).filter((mail) => mail.subject.startsWith("Reset your"));
  const match = /\/reset-password\?token=([\w%-]+)/.exec(mails.at(-1)?.textBody ?? "");
  expect(match, `a reset link e-mailed to ${to}`).not.toBeNull();
  return decodeURIComponent(match![1]!);
}

const forgot = (email: string, clientIp = newClientIp()) =>
  run(() => forgotPasswordAction(args(formPost("/forgot-password", { email }), clientIp)));
const resetWith = (token: string, password = NEW_PASSWORD, confirmPassword = password, clientIp = newClientIp()) =>
  run(() => resetPasswordAction(args(formPost(`/reset-password?token=${token}`, { token, password, confirmPassword }), clientIp)));

describe("forgot password", () => {
  it("answers the same whether or not the address has an account, and e-mails a link only to an account", async () => {
    await signUp("reset-owner@example.com");
    const known = await forgot("Reset-Owner@Example.com");
    const unknown = await forgot("nobody-here@example.com");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.data).toEqual(unknown.data);
    expect(messageOf(known.data)).toBe(PASSWORD_RESET_MESSAGES.requested);
    const [mail] = (await outbox("reset-owner@example.com")).filter((m) => m.subject === "Reset your Ridgeway Racing password");
    expect(mail!.textBody).toMatch(/http:\/\/localhost:3000\/reset-password\?token=[\w-]{20,}/);
    expect(await outbox("nobody-here@example.com")).toHaveLength(0);
  });

  it("refuses a malformed address with a 400 and keeps what was typed", async () => {
    const outcome = await forgot("not-an-email");
    expect(outcome.status).toBe(400);
    expect(outcome.data).toMatchObject({ sent: false, email: "not-an-email" });
  });

  it("stores reset links hashed, never as the token itself", async () => {
    await signUp("hashed-link@example.com");
    await forgot("hashed-link@example.com");
    const token = await resetToken("hashed-link@example.com");
    const rows = await suite.db.select().from(schema.verifications);
    expect(rows.some((row) => row.identifier.includes(token) || row.value.includes(token))).toBe(false);
  });

  it("limits requests to 5 per 15 minutes per client (429), and sends at most 3 links an hour to one address", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-04-01T10:00:00.000Z"));
    await signUp("popular@example.com");
    const clientIp = newClientIp();
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await forgot(`someone-${i}@example.com`, clientIp)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);

    // From five different places, the same answer each time, but only three e-mails.
    for (let i = 0; i < 5; i += 1) expect((await forgot("popular@example.com")).status).toBe(200);
    expect((await outbox("popular@example.com")).filter((m) => m.subject.startsWith("Reset your"))).toHaveLength(3);

    // Both limits reset with their windows.
    vi.setSystemTime(new Date("2030-04-01T11:00:00.000Z"));
    expect((await forgot("popular@example.com", clientIp)).status).toBe(200);
    expect((await outbox("popular@example.com")).filter((m) => m.subject.startsWith("Reset your"))).toHaveLength(4);
  });
});

describe("reset password", () => {
  it("sets the new password once; the same link a second time is refused", async () => {
    await signUp("once@example.com");
    await forgot("once@example.com");
    const token = await resetToken("once@example.com");
    expect((await run(() => resetPasswordLoader(args(get(`/reset-password?token=${token}`))))).status).toBe(200);

    const done = await resetWith(token);
    // Post, redirect, get: the page that says so answers 200 (it was the spent link's 400).
    expect(done.status).toBe(302);
    expect(done.location).toBe(PASSWORD_CHANGED_PATH);
    const changedPage = await run(() => resetPasswordLoader(args(get(PASSWORD_CHANGED_PATH))));
    expect(changedPage.status).toBe(200);
    expect(changedPage.data).toEqual({ token: null, changed: true });
    // The owner is told, in the one layout, with a way back in if it was not them.
    const changedMail = (await outbox("once@example.com")).filter((mail) => mail.subject === "Your Ridgeway Racing password was changed");
    expect(changedMail).toHaveLength(1);
    expect(changedMail[0]!.textBody).toContain("Hello Sam Security,");
    expect(changedMail[0]!.textBody).toMatch(/\/forgot-password/);
    expect(changedMail[0]!.htmlBody).toContain("/email/logo.png");
    expect((await signIn("once@example.com", NEW_PASSWORD)).status).toBe(302);
    expect((await signIn("once@example.com", PASSWORD)).status).toBe(401);

    const page = await run(() => resetPasswordLoader(args(get(`/reset-password?token=${token}`))));
    expect(page.status).toBe(400);
    expect(page.data).toEqual({ token: null, changed: false });
    const reused = await resetWith(token, "yet another fresh password");
    expect(reused.status).toBe(400);
    // A refused reset changes nothing and tells nobody.
    expect((await outbox("once@example.com")).filter((mail) => mail.subject.endsWith("password was changed"))).toHaveLength(1);
    expect(messageOf(reused.data)).toBe(PASSWORD_RESET_MESSAGES.linkInvalid);
    expect((await signIn("once@example.com", NEW_PASSWORD)).status).toBe(302);
  });

  it("keeps one link per account: a newer link ends the older, and a reset ends every link", async () => {
    await signUp("newest-link@example.com");
    await forgot("newest-link@example.com");
    const older = await resetToken("newest-link@example.com");
    await forgot("newest-link@example.com");
    const newer = await resetToken("newest-link@example.com");
    expect(newer).not.toBe(older);
    expect((await run(() => resetPasswordLoader(args(get(`/reset-password?token=${older}`))))).status).toBe(400);
    expect((await resetWith(newer)).location).toBe(PASSWORD_CHANGED_PATH);
    // The older link, found in a mailbox later, does not undo the reset.
    const replay = await resetWith(older, "an attacker's chosen password");
    expect(replay.status).toBe(400);
    expect(messageOf(replay.data)).toBe(PASSWORD_RESET_MESSAGES.linkInvalid);
    expect((await signIn("newest-link@example.com", NEW_PASSWORD)).status).toBe(302);

    // Two links asked for at the same moment: once either is used, neither works.
    await signUp("two-at-once@example.com");
    await Promise.all([forgot("two-at-once@example.com"), forgot("two-at-once@example.com")]);
    const mails = (await outbox("two-at-once@example.com")).filter((mail) => mail.subject.startsWith("Reset your"));
    expect(mails).toHaveLength(2);
    const tokens = mails.map((mail) => decodeURIComponent(/\/reset-password\?token=([\w%-]+)/.exec(mail.textBody)![1]!));
    const outcomes = [];
    for (const token of tokens) outcomes.push((await resetWith(token, "the third password of the day")).status);
    expect(outcomes.filter((status) => status === 302)).toHaveLength(1);
    for (const token of tokens) expect((await resetWith(token, "a fourth password today")).status).toBe(400);
    const [user] = await suite.db.select().from(schema.users).where(eq(schema.users.email, "two-at-once@example.com"));
    expect(await suite.db.select().from(schema.verifications).where(eq(schema.verifications.value, user!.id))).toEqual([]);
  });

  it("refuses an expired link (after an hour) and a made-up one", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-04-02T10:00:00.000Z"));
    await signUp("late@example.com");
    await forgot("late@example.com");
    const token = await resetToken("late@example.com");
    vi.setSystemTime(new Date("2030-04-02T11:00:01.000Z"));
    expect((await run(() => resetPasswordLoader(args(get(`/reset-password?token=${token}`))))).status).toBe(400);
    const expired = await resetWith(token);
    expect(expired.status).toBe(400);
    expect(messageOf(expired.data)).toBe(PASSWORD_RESET_MESSAGES.linkInvalid);
    expect((await signIn("late@example.com", PASSWORD)).status).toBe(302);

    const madeUp = await resetWith("AAAAAAAAAAAAAAAAAAAAAAAA");
    expect(madeUp.status).toBe(400);
    expect(messageOf(madeUp.data)).toBe(PASSWORD_RESET_MESSAGES.linkInvalid);
  });

  it("applies the password policy and keeps the link usable after a refused password", async () => {
    await signUp("policy@example.com");
    await forgot("policy@example.com");
    const token = await resetToken("policy@example.com");
    const common = await resetWith(token, "password123");
    expect(common.status).toBe(400);
    expect(common.data).toMatchObject({ message: PASSWORD_MESSAGES.common, field: "password" });
    const short = await resetWith(token, "short");
    expect(short.data).toMatchObject({ message: PASSWORD_MESSAGES.tooShort, field: "password" });
    const differ = await resetWith(token, NEW_PASSWORD, "something else entirely");
    expect(differ.data).toMatchObject({ message: PASSWORD_RESET_MESSAGES.passwordsDiffer, field: "confirm" });
    expect((await resetWith(token)).location).toBe(PASSWORD_CHANGED_PATH);
  });

  it("signs out every session of the account", async () => {
    const laptop = await signUp("everywhere@example.com");
    const phone = new CookieJar().take((await signIn("everywhere@example.com", PASSWORD)).setCookies);
    expect(await signedInAs(laptop)).not.toBeNull();
    expect(await signedInAs(phone)).not.toBeNull();
    await forgot("everywhere@example.com");
    await resetWith(await resetToken("everywhere@example.com"));
    expect(await signedInAs(laptop)).toBeNull();
    expect(await signedInAs(phone)).toBeNull();
    const user = (await suite.db.select().from(schema.users).where(eq(schema.users.email, "everywhere@example.com")))[0]!;
    expect(await suite.db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.id))).toHaveLength(0);
  });

  it("limits new-password posts to 10 per 15 minutes per client", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-04-03T10:00:00.000Z"));
    const clientIp = newClientIp();
    const statuses = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await resetWith(`guessedtoken${i}guessedtoken`, NEW_PASSWORD, NEW_PASSWORD, clientIp)).status);
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
    vi.setSystemTime(new Date("2030-04-03T10:15:00.000Z"));
    expect((await resetWith("guessedtokenXguessedtoken", NEW_PASSWORD, NEW_PASSWORD, clientIp)).status).toBe(400);
  });
});

/** The token of the newest verification link e-mailed to `to`. */
async function verificationToken(to: string): Promise<string> {
  const mails = (await outbox(to)).filter((mail) => mail.subject.startsWith("Confirm your"));
  const match = /\/verify-email\?token=([\w%.-]+)/.exec(mails.at(-1)?.textBody ?? "");
  expect(match, `a verification link e-mailed to ${to}`).not.toBeNull();
  return decodeURIComponent(match![1]!);
}

const securityPost = (jar: CookieJar, fields: Record<string, string>, clientIp = newClientIp()) =>
  run(() => securityAction(args(formPost("/dashboard/security", fields, { cookie: jar.header() }), clientIp)));
const isVerified = async (email: string) =>
  (await suite.db.select().from(schema.users).where(eq(schema.users.email, email)))[0]!.emailVerified;

describe("e-mail verification", () => {
  it("e-mails a link at sign-up that confirms the address", async () => {
    await signUp("verify-me@example.com");
    expect(await isVerified("verify-me@example.com")).toBe(false);
    const token = await verificationToken("verify-me@example.com");
    const outcome = await run(() => verifyEmailLoader(args(get(`/verify-email?token=${token}`))));
    expect(outcome.status).toBe(200);
    expect(outcome.data).toEqual({ outcome: "verified" });
    expect(await isVerified("verify-me@example.com")).toBe(true);
  });

  it("refuses a tampered link and an expired one (after 24 hours)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-05-01T10:00:00.000Z"));
    await signUp("slow-reader@example.com");
    const token = await verificationToken("slow-reader@example.com");
    const tampered = await run(() => verifyEmailLoader(args(get(`/verify-email?token=${token.slice(0, -2)}xx`))));
    expect(tampered).toMatchObject({ status: 400, data: { outcome: "invalid" } });
    vi.setSystemTime(new Date("2030-05-02T10:00:01.000Z"));
    const expired = await run(() => verifyEmailLoader(args(get(`/verify-email?token=${token}`))));
    expect(expired).toMatchObject({ status: 400, data: { outcome: "expired" } });
    expect(await isVerified("slow-reader@example.com")).toBe(false);
  });

  it("re-sends the link from the Security page at most 3 times an hour", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-05-03T10:00:00.000Z"));
    const jar = await signUp("resend@example.com");
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await securityPost(jar, { intent: "resend-verification" })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const links = (await outbox("resend@example.com")).filter((mail) => mail.subject.startsWith("Confirm your"));
    expect(links).toHaveLength(4); // the sign-up e-mail and three more
    vi.setSystemTime(new Date("2030-05-03T11:00:00.000Z"));
    expect((await securityPost(jar, { intent: "resend-verification" })).status).toBe(200);

    const token = await verificationToken("resend@example.com");
    await run(() => verifyEmailLoader(args(get(`/verify-email?token=${token}`))));
    const after = await securityPost(jar, { intent: "resend-verification" });
    expect(after.data).toMatchObject({ tone: "success", message: "Your e-mail address is already confirmed." });
  });

  it("needs a signed-in person to re-send", async () => {
    const outcome = await run(() => securityAction(args(formPost("/dashboard/security", { intent: "resend-verification" }))));
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/login?redirectTo=%2Fdashboard%2Fsecurity");
  });
});

async function securityPage(jar: CookieJar) {
  const outcome = await run(() => securityLoader(args(get("/dashboard/security", { cookie: jar.header() }))));
  expect(outcome.status).toBe(200);
  return outcome.data as { twoFactor: { status: string; secret?: string; qrCodeDataUri?: string } };
}

/** The code an authenticator app would show now (or `offsetSteps` 30-second steps away). */
function totpCode(groupedSecret: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(groupedSecret.replace(/\s/g, "")), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

/**
 * Signs up, turns two-factor on through the Security page, and returns the secret and backup
 * codes. The confirming code is spent: a sign-in straight after takes the next step's code
 * (`totpCode(secret, 1)`, which the plugin accepts one step early).
 */
async function withTwoFactor(email: string) {
  const jar = await signUp(email);
  const started = await securityPost(jar, { intent: "two-factor-start", password: PASSWORD });
  expect(started.status).toBe(200);
  const { twoFactor } = await securityPage(jar);
  expect(twoFactor.status).toBe("pending");
  const confirmed = await securityPost(jar, { intent: "two-factor-confirm", code: totpCode(twoFactor.secret!) });
  expect(confirmed.status).toBe(200);
  jar.take(confirmed.setCookies);
  const { backupCodes } = confirmed.data as { backupCodes: string[] };
  return { jar, secret: twoFactor.secret!, backupCodes };
}

async function passwordStep(email: string, clientIp = newClientIp()) {
  const outcome = await signIn(email, PASSWORD, clientIp);
  expect(outcome.status).toBe(302);
  return { outcome, jar: new CookieJar().take(outcome.setCookies) };
}

const secondStep = (jar: CookieJar, fields: Record<string, string>, clientIp = newClientIp()) =>
  run(() => twoFactorAction(args(formPost("/login/two-factor", fields, { cookie: jar.header() }), clientIp)));

describe("two-factor set-up", () => {
  it("needs the password, shows a QR code and key, and is not on until a code confirms it", async () => {
    const jar = await signUp("careful@example.com");
    expect((await securityPage(jar)).twoFactor).toEqual({ status: "off" });
    const wrong = await securityPost(jar, { intent: "two-factor-start", password: "not my password at all" });
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({ tone: "error", message: TWO_FACTOR_MESSAGES.wrongPassword });
    expect((await securityPage(jar)).twoFactor).toEqual({ status: "off" });

    await securityPost(jar, { intent: "two-factor-start", password: PASSWORD });
    const { twoFactor } = await securityPage(jar);
    expect(twoFactor.status).toBe("pending");
    expect(twoFactor.secret).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    const svg = Buffer.from(twoFactor.qrCodeDataUri!.replace("data:image/svg+xml;base64,", ""), "base64").toString();
    expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    // Until confirmed, signing in needs no code.
    expect((await signIn("careful@example.com", PASSWORD)).location).toBe("/dashboard/team");

    const badCode = await securityPost(jar, { intent: "two-factor-confirm", code: totpCode(twoFactor.secret!, 10) });
    expect(badCode.status).toBe(400);
    expect(badCode.data).toMatchObject({ message: TWO_FACTOR_MESSAGES.wrongCode });
    const malformed = await securityPost(jar, { intent: "two-factor-confirm", code: "12ab" });
    expect(malformed.data).toMatchObject({ message: TWO_FACTOR_MESSAGES.codeFormat });

    const confirmed = await securityPost(jar, { intent: "two-factor-confirm", code: totpCode(twoFactor.secret!) });
    expect(confirmed.status).toBe(200);
    const { backupCodes } = confirmed.data as { backupCodes: string[] };
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    for (const code of backupCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    jar.take(confirmed.setCookies);
    expect((await securityPage(jar)).twoFactor).toEqual({ status: "on" });
    const onMail = (await outbox("careful@example.com")).filter((mail) => mail.subject.startsWith("Two-factor sign-in turned"));
    expect(onMail.map((mail) => mail.subject)).toEqual(["Two-factor sign-in turned on for your Ridgeway Racing account"]);
    expect(onMail[0]!.textBody).toContain("backup codes");
    // Stored encrypted: neither the secret nor a backup code appears in the row.
    const [row] = await suite.db.select().from(schema.twoFactors);
    expect(row!.secret).not.toContain(twoFactor.secret!.replace(/\s/g, ""));
    expect(backupCodes.some((code) => row!.backupCodes.includes(code))).toBe(false);
  });

  it("can be cancelled before it is confirmed", async () => {
    const jar = await signUp("changed-mind@example.com");
    await securityPost(jar, { intent: "two-factor-start", password: PASSWORD });
    expect((await securityPage(jar)).twoFactor.status).toBe("pending");
    await securityPost(jar, { intent: "two-factor-cancel" });
    expect((await securityPage(jar)).twoFactor).toEqual({ status: "off" });
  });

  it("is turned off only with the password", async () => {
    const { jar } = await withTwoFactor("switch-off@example.com");
    const wrong = await securityPost(jar, { intent: "two-factor-disable", password: "wrong password entirely" });
    expect(wrong.status).toBe(400);
    expect((await securityPage(jar)).twoFactor.status).toBe("on");
    const turnedOff = async () =>
      (await outbox("switch-off@example.com")).filter((mail) => mail.subject.startsWith("Two-factor sign-in turned off"));
    expect(await turnedOff()).toHaveLength(0);
    const missing = await securityPost(jar, { intent: "two-factor-disable" });
    expect(missing.data).toMatchObject({ message: TWO_FACTOR_MESSAGES.passwordRequired });
    const off = await securityPost(jar, { intent: "two-factor-disable", password: PASSWORD });
    expect(off.status).toBe(200);
    jar.take(off.setCookies);
    expect((await securityPage(jar)).twoFactor).toEqual({ status: "off" });
    expect(await turnedOff()).toHaveLength(1);
    expect((await turnedOff())[0]!.textBody).toContain("/dashboard/security");
    expect((await signIn("switch-off@example.com", PASSWORD)).location).toBe("/dashboard/team");
  });
});

describe("two-factor sign-in", () => {
  it("asks for the code after the password, with no session until it is given", async () => {
    const { secret } = await withTwoFactor("two-step@example.com");
    const { outcome, jar } = await passwordStep("two-step@example.com");
    expect(outcome.location).toBe("/login/two-factor");
    expect(jar.has("ridgeway.session_token")).toBe(false);
    expect(jar.has("ridgeway.two_factor")).toBe(true);
    expect((await run(() => twoFactorLoader(args(get("/login/two-factor", { cookie: jar.header() })))))?.status).toBe(200);

    const wrong = await secondStep(jar, { method: "totp", code: totpCode(secret, 10) });
    expect(wrong.status).toBe(401);
    expect(wrong.data).toMatchObject({ message: TWO_FACTOR_MESSAGES.wrongCode });
    const right = await secondStep(jar, { method: "totp", code: totpCode(secret, 1) });
    expect(right.status).toBe(302);
    expect(right.location).toBe("/dashboard/team");
    jar.take(right.setCookies);
    expect((await signedInAs(jar))?.email).toBe("two-step@example.com");
  });

  it("keeps the page the person was sent from", async () => {
    const { secret } = await withTwoFactor("came-from@example.com");
    const outcome = await run(() =>
      loginAction(
        args(
          formPost("/login", { intent: "sign-in", email: "came-from@example.com", password: PASSWORD, redirectTo: "/dashboard/orders" }),
        ),
      ),
    );
    expect(outcome.location).toBe("/login/two-factor?redirectTo=%2Fdashboard%2Forders");
    const jar = new CookieJar().take(outcome.setCookies);
    const right = await secondStep(jar, { method: "totp", code: totpCode(secret, 1), redirectTo: "/dashboard/orders" });
    expect(right.location).toBe("/dashboard/orders");
  });

  it("accepts each code once: a second sign-in with it, or with an older one, starts again and gets no session", async () => {
    const { secret } = await withTwoFactor("replayed@example.com");
    const code = totpCode(secret, 1);
    const first = await secondStep((await passwordStep("replayed@example.com")).jar, { method: "totp", code });
    expect(first.status).toBe(302);
    const sessionsBefore = await suite.db.select().from(schema.sessions);

    for (const reused of [code, totpCode(secret)]) {
      const again = await secondStep((await passwordStep("replayed@example.com")).jar, { method: "totp", code: reused });
      expect(again.status).toBe(401);
      expect(again.data).toMatchObject({ restart: true, message: TWO_FACTOR_MESSAGES.codeUsed });
      expect(new CookieJar().take(again.setCookies).has("ridgeway.session_token")).toBe(false);
    }
    expect(await suite.db.select().from(schema.sessions)).toHaveLength(sessionsBefore.length);
  });

  it("lets only one of two sign-ins racing with the same code through", async () => {
    const { secret } = await withTwoFactor("racing@example.com");
    const jars = [(await passwordStep("racing@example.com")).jar, (await passwordStep("racing@example.com")).jar];
    const code = totpCode(secret, 1);
    const outcomes = await Promise.all(jars.map((jar) => secondStep(jar, { method: "totp", code })));
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([302, 401]);
  });

  it("sends anyone without a challenge back to the password", async () => {
    const outcome = await run(() => twoFactorLoader(args(get("/login/two-factor"))));
    expect(outcome.location).toBe("/login");
    const answer = await secondStep(new CookieJar(), { method: "totp", code: "123456" });
    expect(answer.status).toBe(401);
    expect(answer.data).toMatchObject({ restart: true, message: TWO_FACTOR_MESSAGES.challengeExpired });
  });

  it("accepts each backup code once", async () => {
    const { backupCodes } = await withTwoFactor("backup@example.com");
    const first = (await passwordStep("backup@example.com")).jar;
    const used = await secondStep(first, { method: "backup", code: backupCodes[0]! });
    expect(used.status).toBe(302);
    expect(new CookieJar().take(used.setCookies).has("ridgeway.session_token")).toBe(true);

    const second = (await passwordStep("backup@example.com")).jar;
    const again = await secondStep(second, { method: "backup", code: backupCodes[0]! });
    expect(again.status).toBe(401);
    expect(again.data).toMatchObject({ message: TWO_FACTOR_MESSAGES.wrongBackupCode });
    expect((await secondStep(second, { method: "backup", code: backupCodes[1]! })).status).toBe(302);
  });

  it("allows 3 code attempts per 10 seconds from one client, then 429 until the next window", async () => {
    const { secret } = await withTwoFactor("hammered@example.com");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-06-01T10:00:00.000Z"));
    const clientIp = newClientIp();
    const { jar } = await passwordStep("hammered@example.com", clientIp);
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await secondStep(jar, { method: "totp", code: "000000" }, clientIp)).status);
    const limited = await secondStep(jar, { method: "totp", code: totpCode(secret) }, clientIp);
    expect([...statuses, limited.status]).toEqual([401, 401, 401, 429]);
    expect(limited.headers.get("Retry-After")).toBe("10");
    vi.setSystemTime(new Date("2030-06-01T10:00:10.000Z"));
    const after = await secondStep(jar, { method: "totp", code: totpCode(secret) }, clientIp);
    expect(after.status).toBe(302);
  });
});

const CHROME_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

describe("active sessions", () => {
  it("lists the account's sessions with their device, this one first, and signs out only the others", async () => {
    await run(() =>
      loginAction(
        args(
          formPost("/login", {
            intent: "sign-up",
            name: "Sol Sessions",
            email: "sessions@example.com",
            password: PASSWORD,
            role: "driver",
          }),
        ),
      ),
    );
    const desktop = new CookieJar().take(
      (
        await run(() =>
          loginAction(
            args(
              formPost(
                "/login",
                { intent: "sign-in", email: "sessions@example.com", password: PASSWORD },
                { "user-agent": CHROME_WINDOWS },
              ),
              "192.0.2.10",
            ),
          ),
        )
      ).setCookies,
    );
    const phone = new CookieJar().take(
      (
        await run(() =>
          loginAction(
            args(
              formPost("/login", { intent: "sign-in", email: "sessions@example.com", password: PASSWORD }, { "user-agent": SAFARI_IPHONE }),
              "192.0.2.20",
            ),
          ),
        )
      ).setCookies,
    );
    await signUp("someone-else@example.com");

    const page = (await run(() => securityLoader(args(get("/dashboard/security", { cookie: phone.header() }))))).data as {
      sessions: { device: string; current: boolean; ipAddress: string; lastActiveAt: string }[];
    };
    expect(page.sessions.map(({ device, current, ipAddress }) => ({ device, current, ipAddress }))).toEqual([
      { device: "Safari on iPhone", current: true, ipAddress: "192.0.2.20" },
      { device: "Chrome on Windows", current: false, ipAddress: "192.0.2.10" },
    ]);
    expect(page.sessions[0]!.lastActiveAt).toBe("Now");

    const done = await securityPost(phone, { intent: "sign-out-others" });
    expect(done.data).toMatchObject({ tone: "success", message: "You've been signed out everywhere else." });
    expect(await signedInAs(desktop)).toBeNull();
    expect((await signedInAs(phone))?.email).toBe("sessions@example.com");
    const after = (await run(() => securityLoader(args(get("/dashboard/security", { cookie: phone.header() }))))).data as {
      sessions: unknown[];
    };
    expect(after.sessions).toHaveLength(1);
  });

  it("refuses an unknown form intent with a 400", async () => {
    const jar = await signUp("intent@example.com");
    const outcome = await securityPost(jar, { intent: "make-me-admin" });
    expect(outcome.status).toBe(400);
  });
});

async function checkout(jar: CookieJar | null, email: string) {
  const body = new URLSearchParams({ productId: "1", size: "One Size", quantity: "2", name: "Owner Person", email, ...DELIVERY_FIELDS });
  const request = new Request("http://localhost:3000/checkout", {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded", ...(jar ? { cookie: jar.header() } : {}) },
  });
  const outcome = await run(() => checkoutAction(args(request)));
  expect(outcome.status).toBe(302);
  const [order] = await suite.db.select().from(schema.orders).where(eq(schema.orders.customerEmail, email));
  return order!;
}

async function downloadExport(jar: CookieJar) {
  const response = (await exportLoader(args(get("/dashboard/security/export", { cookie: jar.header() })))) as Response;
  return response;
}

describe("data export", () => {
  it("downloads the person's profile, orders and sessions as JSON, with no secrets and nobody else's data", async () => {
    const owner = await signUp("exporter@example.com");
    const other = await signUp("bystander@example.com");
    const mine = await checkout(owner, "exporter-order@example.com");
    const theirs = await checkout(other, "bystander-order@example.com");
    await checkout(null, "guest-export@example.com");
    // Two-factor on, so a secret and backup codes exist to be left out.
    await securityPost(owner, { intent: "two-factor-start", password: PASSWORD });

    const response = await downloadExport(owner);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="ridgeway-racing-account-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const text = await response.text();
    const exported = JSON.parse(text);
    expect(exported.profile).toMatchObject({ email: "exporter@example.com", name: "Sam Security", role: "team_member" });
    expect(exported.orders.map((order: { orderNumber: string }) => order.orderNumber)).toEqual([mine.orderNumber]);
    expect(exported.orders[0]).toMatchObject({ customerEmail: "exporter-order@example.com", totalPence: mine.totalPence });
    expect(exported.orders[0].lines).toEqual([expect.objectContaining({ quantity: 2 })]);
    expect(exported.sessions).toHaveLength(1);
    expect(exported.signInMethods).toEqual([expect.objectContaining({ provider: "email and password" })]);

    expect(text).not.toContain("bystander");
    expect(text).not.toContain(theirs.orderNumber);
    expect(text).not.toContain("guest-export");
    const user = (await suite.db.select().from(schema.users).where(eq(schema.users.email, "exporter@example.com")))[0]!;
    const [account] = await suite.db.select().from(schema.accounts).where(eq(schema.accounts.userId, user.id));
    const [session] = await suite.db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.id));
    const [twoFactor] = await suite.db.select().from(schema.twoFactors).where(eq(schema.twoFactors.userId, user.id));
    for (const secret of [account!.password!, session!.token, twoFactor!.secret, twoFactor!.backupCodes]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/argon2|token|secret|backupCodes/i);
  });

  it("is for signed-in people only", async () => {
    const outcome = await run(() => exportLoader(args(get("/dashboard/security/export"))));
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/login?redirectTo=%2Fdashboard%2Fsecurity%2Fexport");
  });
});

describe("account deletion", () => {
  it("needs the password and the confirmation tick", async () => {
    const jar = await signUp("hesitant@example.com");
    const noTick = await securityPost(jar, { intent: "delete-account", password: PASSWORD });
    expect(noTick.status).toBe(400);
    const wrong = await securityPost(jar, { intent: "delete-account", password: "not the password", confirm: "yes" });
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({ tone: "error", message: "That password isn't right, so your account was not deleted." });
    expect(await signedInAs(jar)).not.toBeNull();
    expect((await outbox("hesitant@example.com")).filter((mail) => mail.subject.endsWith("account has been deleted"))).toHaveLength(0);
  });

  it("refuses the site's only admin with a message, and of two admins leaving at once lets one go", async () => {
    const makeAdmin = async (email: string) => {
      const jar = await signUp(email);
      const [user] = await suite.db.select().from(schema.users).where(eq(schema.users.email, email));
      await suite.db.insert(schema.staffRoleGrants).values({ userId: user!.id, role: "admin" });
      return jar;
    };
    const admins = async () => suite.db.select().from(schema.staffRoleGrants).where(eq(schema.staffRoleGrants.role, "admin"));
    const farewells = async (email: string) => (await outbox(email)).filter((mail) => mail.subject.endsWith("account has been deleted"));
    expect(await admins()).toEqual([]);
    const first = await makeAdmin("only-admin@example.com");
    const refused = await securityPost(first, { intent: "delete-account", password: PASSWORD, confirm: "yes" });
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({ intent: "delete-account", tone: "error", message: ONLY_ADMIN_MESSAGE });
    expect(await signedInAs(first)).not.toBeNull();
    expect(await admins()).toHaveLength(1);
    expect(await farewells("only-admin@example.com")).toEqual([]);

    // Two admins deleting their accounts at the same moment: one goes, one stays.
    const second = await makeAdmin("second-admin@example.com");
    const outcomes = await Promise.all(
      [first, second].map((jar) => securityPost(jar, { intent: "delete-account", password: PASSWORD, confirm: "yes" })),
    );
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([302, 409]);
    expect(await admins()).toHaveLength(1);
    const remaining = await suite.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.id, (await admins())[0]!.userId));
    expect(remaining).toHaveLength(1);
    await suite.db.delete(schema.staffRoleGrants).where(eq(schema.staffRoleGrants.role, "admin"));
  });

  it("deletes the account, its sessions and two-factor, keeps its orders detached, and signs out to /", async () => {
    const jar = await signUp("leaving@example.com");
    const elsewhere = new CookieJar().take((await signIn("leaving@example.com", PASSWORD)).setCookies);
    const staying = await signUp("staying@example.com");
    const leavingOrder = await checkout(jar, "leaving-order@example.com");
    const stayingOrder = await checkout(staying, "staying-order@example.com");
    await securityPost(jar, { intent: "two-factor-start", password: PASSWORD });
    const user = (await suite.db.select().from(schema.users).where(eq(schema.users.email, "leaving@example.com")))[0]!;

    const outcome = await securityPost(jar, { intent: "delete-account", password: PASSWORD, confirm: "yes" });
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/");
    jar.take(outcome.setCookies);
    expect(jar.has("ridgeway.session_token")).toBe(false);

    expect(await suite.db.select().from(schema.users).where(eq(schema.users.id, user.id))).toHaveLength(0);
    expect(await suite.db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.id))).toHaveLength(0);
    expect(await suite.db.select().from(schema.accounts).where(eq(schema.accounts.userId, user.id))).toHaveLength(0);
    expect(await suite.db.select().from(schema.twoFactors).where(eq(schema.twoFactors.userId, user.id))).toHaveLength(0);
    expect(await signedInAs(elsewhere)).toBeNull();

    const [kept] = await suite.db.select().from(schema.orders).where(eq(schema.orders.id, leavingOrder.id));
    expect(kept).toMatchObject({ orderNumber: leavingOrder.orderNumber, userId: null, totalPence: leavingOrder.totalPence });
    const [untouched] = await suite.db.select().from(schema.orders).where(eq(schema.orders.id, stayingOrder.id));
    expect(untouched!.userId).not.toBeNull();
    expect(await signedInAs(staying)).not.toBeNull();
    const [goodbye] = (await outbox("leaving@example.com")).filter(
      (mail) => mail.subject === "Your Ridgeway Racing account has been deleted",
    );
    expect(goodbye!.textBody).toContain("We keep the record of your order");
    // The address is free again, and the old password opens nothing.
    expect((await signIn("leaving@example.com", PASSWORD)).status).toBe(401);
  });
});
