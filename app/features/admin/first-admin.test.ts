import { describe, expect, it } from "vitest";
import { formatSetupCode, normaliseSetupCode, SETUP_CODE_LENGTH } from "./first-admin";

describe("formatSetupCode", () => {
  it("writes 100 bits as four groups of five Crockford base32 characters", () => {
    expect(formatSetupCode(new Uint8Array(13))).toBe("00000-00000-00000-00000");
    expect(formatSetupCode(new Uint8Array(13).fill(0xff))).toBe("ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ");
    // 00001000 10000110 01000000 ...: 00001 00010 00011 00100 00000 ...
    expect(formatSetupCode(Uint8Array.from([0x08, 0x86, 0x40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))).toBe("12340-00000-00000-00000");
  });

  it("never uses the letters a reader could take for digits", () => {
    const bytes = Uint8Array.from({ length: 13 }, (_, index) => (index * 97 + 31) & 0xff);
    const code = formatSetupCode(bytes);
    expect(code.replace(/-/g, "")).toHaveLength(SETUP_CODE_LENGTH);
    expect(code).not.toMatch(/[ILOU]/);
  });

  it("refuses too few bytes", () => {
    expect(() => formatSetupCode(new Uint8Array(12))).toThrow();
  });
});

describe("normaliseSetupCode", () => {
  it("accepts the code as printed, typed in small letters, with spaces, or with O and I for 0 and 1", () => {
    const canonical = "7K2QM4RX1ZP0B9WDHNT6";
    for (const typed of ["7K2QM-4RX1Z-P0B9W-DHNT6", "7k2qm 4rx1z p0b9w dhnt6", " 7K2QM4RXIZPOB9WDHNT6 ", "7k2qm-4rxlz-pob9w-dhnt6"]) {
      expect(normaliseSetupCode(typed)).toBe(canonical);
    }
  });

  it("refuses what cannot be a code: too short, too long, other characters, not text", () => {
    for (const input of [
      "",
      "7K2QM-4RX1Z",
      "7K2QM-4RX1Z-P0B9W-DHNT6-U",
      "7K2QM-4RX1Z-P0B9W-DHNT6!",
      "Z".repeat(65),
      "x".repeat(201),
      null,
      undefined,
      42,
    ]) {
      expect(normaliseSetupCode(input), String(input)).toBeNull();
    }
  });
});
