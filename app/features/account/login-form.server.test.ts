import { describe, expect, it } from "vitest";
import { LOGIN_MESSAGES } from "./login-form";
import { loginMode, loginValues, parseSignIn, parseSignUp } from "./login-form.server";

const form = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return body;
};

describe("the /login form", () => {
  it("reads the mode from the intent only", () => {
    expect(loginMode(form({ intent: "sign-in" }))).toBe("sign-in");
    expect(loginMode(form({ intent: "sign-up" }))).toBe("sign-up");
    expect(loginMode(form({ intent: "delete" }))).toBeNull();
  });

  it("parses a sign-in: trimmed, lower-cased e-mail, password as typed, safe redirect", () => {
    expect(
      parseSignIn(form({ email: "  Sam@Example.COM ", password: " spaced pass ", rememberMe: "on", redirectTo: "/dashboard/orders" })),
    ).toEqual({
      ok: true,
      value: { email: "sam@example.com", password: " spaced pass ", rememberMe: true, redirectTo: "/dashboard/orders" },
    });
    expect(parseSignIn(form({ email: "sam@example.com", password: "x", redirectTo: "//evil.example" }))).toMatchObject({
      ok: true,
      value: { rememberMe: false, redirectTo: null },
    });
  });

  it("says what is missing or wrong", () => {
    expect(parseSignIn(form({ email: "", password: "x" }))).toEqual({ ok: false, message: LOGIN_MESSAGES.emailRequired, field: "email" });
    expect(parseSignIn(form({ email: "not-an-email", password: "x" }))).toEqual({
      ok: false,
      message: LOGIN_MESSAGES.emailInvalid,
      field: "email",
    });
    expect(parseSignIn(form({ email: "sam@example.com", password: "" }))).toEqual({
      ok: false,
      message: LOGIN_MESSAGES.passwordRequired,
      field: "password",
    });
    expect(parseSignUp(form({ name: " ", email: "a@example.com", password: "long enough pass", role: "driver" }))).toEqual({
      ok: false,
      message: LOGIN_MESSAGES.nameRequired,
      field: "name",
    });
    expect(parseSignUp(form({ name: "Sam", email: "a@example.com", password: "long enough pass", role: "admin" }))).toEqual({
      ok: false,
      message: LOGIN_MESSAGES.roleInvalid,
    });
    expect(parseSignUp(form({ name: "Sam", email: "a@example.com", password: "short", role: "driver" }))).toEqual({
      ok: false,
      message: "Password must be at least 8 characters.",
      field: "password",
    });
  });

  it("parses a sign-up with the name on one line", () => {
    expect(parseSignUp(form({ name: " Sam \n Hill ", email: "A@example.com", password: "long enough pass", role: "driver" }))).toEqual({
      ok: true,
      value: {
        name: "Sam Hill",
        email: "a@example.com",
        password: "long enough pass",
        role: "driver",
        rememberMe: false,
        redirectTo: null,
      },
    });
  });

  it("keeps what was typed (never the password) for the form to show again", () => {
    expect(loginValues(form({ email: "a@example.com", name: "Sam", role: "admin", password: "secret", rememberMe: "on" }))).toEqual({
      email: "a@example.com",
      name: "Sam",
      role: "team_member",
      rememberMe: true,
    });
  });
});
