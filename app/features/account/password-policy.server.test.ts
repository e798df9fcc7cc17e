import { describe, expect, it } from "vitest";
import { PASSWORD_MESSAGES } from "./password-policy";
import { commonPasswordCount, isCommonPassword, passwordPolicyError } from "./password-policy.server";

describe("the common-password list", () => {
  it("holds the 10,000 most common passwords", () => {
    expect(commonPasswordCount()).toBe(10_000);
    for (const password of ["123456", "password", "qwerty", "letmein", "trustno1", "iloveyou", "football"]) {
      expect(isCommonPassword(password)).toBe(true);
    }
  });

  it("matches whatever the case", () => {
    expect(isCommonPassword("PASSWORD")).toBe(true);
    expect(isCommonPassword("Password1")).toBe(true);
    expect(isCommonPassword("BaseBall")).toBe(true);
  });

  it("does not refuse an uncommon password", () => {
    expect(isCommonPassword("thruxton-hairpin-2026")).toBe(false);
    expect(isCommonPassword("")).toBe(false);
  });
});

describe("passwordPolicyError", () => {
  it("refuses a common password of an allowed length with a clear message", () => {
    expect(passwordPolicyError("password")).toBe(PASSWORD_MESSAGES.common);
    expect(passwordPolicyError("Qwertyuiop")).toBe(PASSWORD_MESSAGES.common);
    expect(passwordPolicyError("12345678")).toBe(
      "This password is one of the most commonly used and easy to guess. Choose a different one.",
    );
  });

  it("reports the length first", () => {
    expect(passwordPolicyError("123456")).toBe("Password must be at least 8 characters.");
    expect(passwordPolicyError("")).toBe("Enter a password.");
    expect(passwordPolicyError("x".repeat(129))).toBe("Password must be 128 characters or fewer.");
  });

  it("accepts a long, uncommon password", () => {
    expect(passwordPolicyError("thruxton-hairpin-2026")).toBeNull();
    expect(passwordPolicyError("correct horse battery staple")).toBeNull();
  });
});
