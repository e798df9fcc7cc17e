import { hash, verify } from "@node-rs/argon2";
import { drizzleAdapter } from "@better-auth/drizzle-adapter";
import { betterAuth } from "better-auth";
import { twoFactor } from "better-auth/plugins/two-factor";
import type { Database } from "../../../db/client.server";
import * as schema from "../../../db/schema";
import { z } from "~/lib/zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-policy";
import { accountEmailSenders } from "./account-emails.server";
import { endOlderResetLinks, endResetLinks, RESET_LINK_IDENTIFIER_PREFIX, storedResetLinkIdentifier } from "./reset-links.server";
import { SELF_SERVICE_ROLES } from "./roles";
import { SESSION_LIMITS } from "./session-limits";
import { CLIENT_IP_HEADER } from "./client-ip-header";
import { EMAIL_VERIFICATION_LINK_HOURS, RESET_LINK_MINUTES, TWO_FACTOR_CHALLENGE_MINUTES } from "./token-lifetimes";

/**
 * better-auth, configured once for the app (server/app.ts creates it and hands
 * it to loaders and actions through the request context). Only our own route
 * actions call it (`auth.api.*`): its HTTP handler is not mounted, so every
 * sign-in path goes through our forms, our rate limits and our messages.
 * See docs/decisions/0015-accounts-better-auth-sessions.md.
 */

/**
 * OWASP's minimum for Argon2id: 19 MiB of memory, 2 passes, 1 lane. (`algorithm`
 * is the package's const enum Algorithm.Argon2id, whose value is 2; it is also
 * the package's default.)
 */
export const ARGON2ID_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID_OPTIONS);
}

export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    // A hash this app did not write (malformed, another algorithm) matches nothing.
    return false;
  }
}

export interface AuthOptions {
  db: Database;
  publicUrl: string;
  secret: string;
}

export function createAuth({ db, publicUrl, secret }: AuthOptions) {
  const secure = new URL(publicUrl).protocol === "https:";
  const emails = accountEmailSenders(db, publicUrl);
  return betterAuth({
    appName: "Ridgeway Racing",
    baseURL: publicUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [publicUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      usePlural: true,
      schema: {
        users: schema.users,
        sessions: schema.sessions,
        accounts: schema.accounts,
        verifications: schema.verifications,
        twoFactors: schema.twoFactors,
      },
    }),
    emailAndPassword: {
      enabled: true,
      // A sign-up signs nobody in, so that an address with an account gets the same answer as a
      // new one (ADR 0099); better-auth then hashes the password on both paths and calls
      // onExistingUserSignUp instead of refusing.
      autoSignIn: false,
      onExistingUserSignUp: emails.onExistingUserSignUp,
      // The real policy (code points, common passwords) runs in our actions
      // first; these are backstops in UTF-16 units, where one character may be two.
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH * 2,
      password: { hash: hashPassword, verify: verifyPassword },
      sendResetPassword: emails.sendResetPassword,
      resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async (data) => {
        await endResetLinks(db, data.user.id);
        await emails.onPasswordReset(data);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendVerificationEmail: emails.sendVerificationEmail,
      expiresIn: EMAIL_VERIFICATION_LINK_HOURS * 60 * 60,
    },
    // Links and codes are stored as SHA-256 hashes: a leaked table row cannot be used as a link.
    // A reset link's keeps a prefix, so an account has one at a time (reset-links.server.ts).
    verification: {
      storeIdentifier: { default: "hashed", overrides: { [RESET_LINK_IDENTIFIER_PREFIX]: { hash: storedResetLinkIdentifier } } },
    },
    databaseHooks: {
      verification: { create: { after: (row) => endOlderResetLinks(db, row) } },
    },
    user: {
      additionalFields: {
        role: {
          type: "string",
          required: false,
          defaultValue: "team_member",
          input: true,
          // Sign-up may choose only these; staff roles are granted at /admin/people (the first admin at /admin/setup, ADR 0108, or by `npm run user:grant-admin`).
          validator: { input: z.enum(SELF_SERVICE_ROLES) },
        },
        driverId: { type: "string", required: false, input: false },
      },
    },
    session: {
      expiresIn: SESSION_LIMITS.rememberedIdleSeconds,
      updateAge: SESSION_LIMITS.refreshEverySeconds,
      // Every request reads the session row (one indexed query), so signing
      // out elsewhere or resetting the password takes effect at once.
      cookieCache: { enabled: false },
    },
    // Our own DB-backed limits apply in the actions (see login.server.ts); better-auth's
    // would only cover its HTTP handler, which is not mounted.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: "ridgeway",
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure, path: "/" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { joins: true },
    },
    plugins: [
      // TOTP with ten backup codes; the set-up is confirmed with a code before it is on.
      twoFactor({
        issuer: "Ridgeway Racing",
        twoFactorCookieMaxAge: TWO_FACTOR_CHALLENGE_MINUTES * 60,
        backupCodeOptions: { amount: 10 },
      }),
    ],
    telemetry: { enabled: false },
    logger: { level: "error" },
  });
}

export type Auth = ReturnType<typeof createAuth>;
