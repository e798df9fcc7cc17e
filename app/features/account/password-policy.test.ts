import { describe, expect, it } from "vitest";
import {
  newPasswordSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  passwordLength,
  passwordLengthError,
} from "./password-policy";

describe("passwordLength", () => {
  it("counts characters, not bytes or UTF-16 units", () => {
    expect(passwordLength("abcdefgh")).toBe(8);
    expect(passwordLength("éééééééé")).toBe(8);
    expect(passwordLength("🏁🏁🏁🏁")).toBe(4);
    expect(passwordLength("")).toBe(0);
  });
});

describe("passwordLengthError", () => {
  it("asks for a password when there is none", () => {
    expect(passwordLengthError("")).toBe("Enter a password.");
  });

  it("refuses fewer than 8 characters", () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(passwordLengthError("x7#kP2q")).toBe("Password must be at least 8 characters.");
    // Four emoji are 16 bytes in UTF-8 but four characters.
    expect(passwordLengthError("🏁🏁🏁🏁")).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordLengthError("       ")).toBe(PASSWORD_MESSAGES.tooShort);
  });

  it("accepts 8 to 128 characters, spaces and any script included", () => {
    expect(passwordLengthError("x7#kP2qZ")).toBeNull();
    expect(passwordLengthError("🏁🏁🏁🏁🏁🏁🏁🏁")).toBeNull();
    expect(passwordLengthError("  spaced out  ")).toBeNull();
    expect(passwordLengthError("a".repeat(PASSWORD_MAX_LENGTH))).toBeNull();
    // 128 characters of 4 bytes each is 512 bytes: still allowed.
    expect(passwordLengthError("🏁".repeat(128))).toBeNull();
  });

  it("refuses more than 128 characters", () => {
    expect(PASSWORD_MAX_LENGTH).toBe(128);
    expect(passwordLengthError("a".repeat(129))).toBe("Password must be 128 characters or fewer.");
    expect(passwordLengthError("🏁".repeat(129))).toBe(PASSWORD_MESSAGES.tooLong);
  });
});

describe("newPasswordSchema", () => {
  it("keeps the password exactly as typed", () => {
    expect(newPasswordSchema.parse("  spaced out  ")).toBe("  spaced out  ");
  });

  it("gives the form message on failure", () => {
    const short = newPasswordSchema.safeParse("short");
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toBe(PASSWORD_MESSAGES.tooShort);
    expect(newPasswordSchema.safeParse(undefined).error?.issues[0]?.message).toBe(PASSWORD_MESSAGES.required);
    expect(newPasswordSchema.safeParse("").error?.issues[0]?.message).toBe(PASSWORD_MESSAGES.required);
  });
});
