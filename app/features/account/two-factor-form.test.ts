import { describe, expect, it } from "vitest";
import { groupSecret, normaliseBackupCode, normaliseTotpCode } from "./two-factor-form";

describe("normaliseTotpCode", () => {
  it.each([
    ["123456", "123456"],
    [" 123 456 ", "123456"],
    ["123-456", "123456"],
  ])("reads %j as %j", (typed, code) => {
    expect(normaliseTotpCode(typed)).toBe(code);
  });

  it.each(["12345", "1234567", "12345a", "", null, 123456])("refuses %j", (typed) => {
    expect(normaliseTotpCode(typed)).toBeNull();
  });
});

describe("normaliseBackupCode", () => {
  it("keeps a code as issued, trims spaces and puts back a missing dash", () => {
    expect(normaliseBackupCode("aB3dE-f9H2k")).toBe("aB3dE-f9H2k");
    expect(normaliseBackupCode("  aB3dE-f9H2k\n")).toBe("aB3dE-f9H2k");
    expect(normaliseBackupCode("aB3dEf9H2k")).toBe("aB3dE-f9H2k");
  });

  it.each(["aB3dE-f9H2", "aB3dE_f9H2k", "aB3dE-f9H2k-x", "", undefined])("refuses %j", (typed) => {
    expect(normaliseBackupCode(typed)).toBeNull();
  });
});

describe("groupSecret", () => {
  it("splits a secret into groups of four", () => {
    expect(groupSecret("JBSWY3DPEHPK3PXP")).toBe("JBSW Y3DP EHPK 3PXP");
    expect(groupSecret("ABCDEF")).toBe("ABCD EF");
  });
});
