import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, dkimFromEnv, loadEnv, shippingRuleFromEnv } from "./env.server";

describe("loadEnv", () => {
  it("applies the defaults when nothing is set", () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: "127.0.0.1", NODE_ENV: "production", TRUST_PROXY: false });
    expect(env.DATA_DIR).toBe(path.resolve("./data"));
    expect(env.PUBLIC_URL).toBe("http://localhost:3000");
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("reads the values it is given", () => {
    const env = loadEnv({
      PORT: "8080",
      DATABASE_URL: "postgres://app@db.internal:5432/ridgeway",
      PUBLIC_URL: "https://ridgeway-racing.example/",
      TRUST_PROXY: "true",
      AUTH_SECRET: "a-secret-of-at-least-thirty-two-characters",
      STRIPE_SECRET_KEY: "sk_live_abc",
      STRIPE_WEBHOOK_SECRET: "whsec_abc",
    });
    expect(env.PORT).toBe(8080);
    expect(env.DATABASE_URL).toBe("postgres://app@db.internal:5432/ridgeway");
    expect(env.PUBLIC_URL).toBe("https://ridgeway-racing.example");
    expect(env.TRUST_PROXY).toBe(1);
  });

  it.each([
    ["false", false],
    ["0", false],
    ["true", 1],
    ["2", 2],
    ["10.0.0.0/8, loopback", ["10.0.0.0/8", "loopback"]],
    ["203.0.113.7,2001:db8::/32", ["203.0.113.7", "2001:db8::/32"]],
  ])("reads TRUST_PROXY=%j as %j", (value, expected) => {
    expect(loadEnv({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it("takes a Stripe API stand-in on this machine", () => {
    expect(loadEnv({ STRIPE_API_URL: "http://127.0.0.1:12111" }).STRIPE_API_URL).toBe("http://127.0.0.1:12111");
    expect(loadEnv({ STRIPE_API_URL: "http://[::1]:12111" }).STRIPE_API_URL).toBe("http://[::1]:12111");
  });

  it("treats an empty value as not set", () => {
    const env = loadEnv({ DATABASE_URL: "", PORT: "" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PORT).toBe(3000);
  });

  it.each([
    ["PORT", "abc", /PORT: must be a number \(got "abc"\)/],
    ["PORT", "70000", /PORT: must be between 0 and 65535/],
    ["DATABASE_URL", "mysql://x", /DATABASE_URL: must be a postgres:\/\//],
    ["PUBLIC_URL", "not a url", /PUBLIC_URL: must be an absolute URL/],
    ["LOG_LEVEL", "loud", /LOG_LEVEL:/],
    ["TRUST_PROXY", "maybe", /TRUST_PROXY: must be false, true \(one proxy\), a number of proxies/],
    ["TRUST_PROXY", "10.0.0.0/33", /TRUST_PROXY: must be false, true/],
    ["TRUST_PROXY", "10.0.0.1, evil", /TRUST_PROXY: must be false, true/],
    ["SHIPPING_FLAT_RATE_PENCE", "4.99", /SHIPPING_FLAT_RATE_PENCE: must be a whole number of pence/],
    ["SHIPPING_FLAT_RATE_PENCE", "-1", /SHIPPING_FLAT_RATE_PENCE: must be 0 or more/],
    ["SHIPPING_FREE_ABOVE_PENCE", "lots", /SHIPPING_FREE_ABOVE_PENCE: must be a whole number of pence/],
    ["STRIPE_API_URL", "https://api.stripe.example", /STRIPE_API_URL: must be on this machine/],
    ["STRIPE_API_URL", "http://127.0.0.1.evil.example:80", /STRIPE_API_URL: must be on this machine/],
    ["STRIPE_API_URL", "file:///etc/passwd", /STRIPE_API_URL: must be on this machine/],
  ])("names %s when it is %j", (name, value, message) => {
    expect(() => loadEnv({ [name]: value })).toThrow(ConfigError);
    expect(() => loadEnv({ [name]: value })).toThrow(message);
  });

  describe("production (NODE_ENV=production with DATABASE_URL)", () => {
    const production = { NODE_ENV: "production", DATABASE_URL: "postgres://app@db.internal/ridgeway" };
    const secret = { AUTH_SECRET: "a-secret-of-at-least-thirty-two-characters" };

    it("refuses to start without AUTH_SECRET, which every process must share", () => {
      expect(() => loadEnv({ ...production, PAYMENTS: "test" })).toThrow(/AUTH_SECRET: is required in production/);
    });

    it("refuses the test payment page unless it is chosen with PAYMENTS=test", () => {
      expect(() => loadEnv({ ...production, ...secret })).toThrow(/STRIPE_SECRET_KEY: is required in production; .* set PAYMENTS=test/);
      expect(loadEnv({ ...production, ...secret, PAYMENTS: "test" }).PAYMENTS).toBe("test");
      expect(
        loadEnv({ ...production, ...secret, STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x" }).PAYMENTS,
      ).toBeUndefined();
    });

    it("leaves the embedded database and development as they were: nothing to set", () => {
      expect(() => loadEnv({ NODE_ENV: "production" })).not.toThrow();
      expect(() => loadEnv({ NODE_ENV: "development", DATABASE_URL: production.DATABASE_URL })).not.toThrow();
    });

    it("refuses PAYMENTS=stripe without the key and an unknown PAYMENTS", () => {
      expect(() => loadEnv({ PAYMENTS: "stripe" })).toThrow(/STRIPE_SECRET_KEY: is required with PAYMENTS=stripe/);
      expect(() => loadEnv({ PAYMENTS: "paypal" })).toThrow(/PAYMENTS: must be stripe or test/);
    });
  });

  it("takes a first admin set-up code of 16 to 64 letters and digits, normalised, and names a bad one", () => {
    expect(loadEnv({}).FIRST_ADMIN_CODE).toBeUndefined();
    expect(loadEnv({ FIRST_ADMIN_CODE: "3f9a 0c1d-77e2 b4a8 19c0" }).FIRST_ADMIN_CODE).toBe("3F9A0C1D77E2B4A819C0");
    for (const bad of ["short-code", "ZZZZ-ZZZZ-ZZZZ-ZZZU", "Z".repeat(65)]) {
      expect(() => loadEnv({ FIRST_ADMIN_CODE: bad }), bad).toThrow(/FIRST_ADMIN_CODE/);
    }
  });

  it("lists every bad variable at once", () => {
    try {
      loadEnv({ PORT: "x", DATABASE_URL: "nope" });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toHaveLength(2);
    }
  });

  it("ships free unless a flat rate is set, optionally free above a subtotal", () => {
    expect(shippingRuleFromEnv(loadEnv({}))).toEqual({ flatRatePence: 0, freeAbovePence: null });
    expect(shippingRuleFromEnv(loadEnv({ SHIPPING_FLAT_RATE_PENCE: "395" }))).toEqual({
      flatRatePence: 395,
      freeAbovePence: null,
    });
    expect(shippingRuleFromEnv(loadEnv({ SHIPPING_FLAT_RATE_PENCE: "395", SHIPPING_FREE_ABOVE_PENCE: "5000" }))).toEqual({
      flatRatePence: 395,
      freeAbovePence: 5000,
    });
  });

  it("payments: test provider by default, Stripe keys checked and paired, reservation minutes", () => {
    const env = loadEnv({});
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
    expect(env.ORDER_RESERVATION_MINUTES).toBe(30);
    expect(loadEnv({ ORDER_RESERVATION_MINUTES: "45" }).ORDER_RESERVATION_MINUTES).toBe(45);
    expect(() => loadEnv({ ORDER_RESERVATION_MINUTES: "0" })).toThrow(/ORDER_RESERVATION_MINUTES: must be at least/);
    expect(() => loadEnv({ STRIPE_SECRET_KEY: "sk_test_abc" })).toThrow(/STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set/);
    expect(() => loadEnv({ STRIPE_SECRET_KEY: "pk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_x" })).toThrow(
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    );
    expect(() => loadEnv({ STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "secret" })).toThrow(/STRIPE_WEBHOOK_SECRET: must be/);
    expect(loadEnv({ STRIPE_SECRET_KEY: "sk_live_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" }).STRIPE_SECRET_KEY).toBe("sk_live_abc");
  });

  describe("DKIM signing", () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const problems = (source: Record<string, string>) => {
      try {
        loadEnv(source);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };

    it("is off when nothing is set", () => {
      expect(dkimFromEnv(loadEnv({}))).toBeUndefined();
    });

    it("takes the key as PEM text, with escaped line breaks, or from a file", () => {
      const inline = dkimFromEnv(
        loadEnv({ DKIM_DOMAIN: "Ridgeway-Racing.example", DKIM_SELECTOR: "mail2026", DKIM_PRIVATE_KEY: pem.replace(/\n/g, "\\n") }),
      );
      expect(inline).toEqual({ domainName: "ridgeway-racing.example", keySelector: "mail2026", privateKey: pem.trim() });
      const file = path.join(mkdtempSync(path.join(tmpdir(), "dkim-")), "dkim.pem");
      writeFileSync(file, pem);
      expect(
        dkimFromEnv(loadEnv({ DKIM_DOMAIN: "ridgeway-racing.example", DKIM_SELECTOR: "mail2026", DKIM_PRIVATE_KEY_FILE: file }))
          ?.privateKey,
      ).toBe(pem.trim());
    });

    it("names what is missing or wrong, and never repeats the key", () => {
      expect(problems({ DKIM_DOMAIN: "ridgeway-racing.example" })).toEqual([
        expect.stringMatching(/^DKIM_SELECTOR: is required: to sign mail with DKIM, set DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY/),
        expect.stringMatching(/^DKIM_PRIVATE_KEY: is required/),
      ]);
      expect(problems({ DKIM_DOMAIN: "not a domain", DKIM_SELECTOR: "bad selector!", DKIM_PRIVATE_KEY: pem })).toEqual([
        expect.stringMatching(/^DKIM_DOMAIN: must be a domain name/),
        expect.stringMatching(/^DKIM_SELECTOR: must be a DNS label/),
      ]);
      const notAKey = problems({ DKIM_DOMAIN: "ridgeway-racing.example", DKIM_SELECTOR: "s1", DKIM_PRIVATE_KEY: "secret-but-not-a-key" });
      expect(notAKey).toEqual([expect.stringMatching(/^DKIM_PRIVATE_KEY: must be a PEM private key/)]);
      expect(notAKey.join("\n")).not.toContain("secret-but-not-a-key");
      expect(
        problems({ DKIM_DOMAIN: "ridgeway-racing.example", DKIM_SELECTOR: "s1", DKIM_PRIVATE_KEY_FILE: "/nonexistent/dkim.pem" }),
      ).toEqual([expect.stringMatching(/^DKIM_PRIVATE_KEY_FILE: cannot be read: ENOENT/)]);
      expect(
        problems({ DKIM_DOMAIN: "ridgeway-racing.example", DKIM_SELECTOR: "s1", DKIM_PRIVATE_KEY: pem, DKIM_PRIVATE_KEY_FILE: "/x.pem" }),
      ).toEqual([expect.stringMatching(/^DKIM_PRIVATE_KEY_FILE: set either DKIM_PRIVATE_KEY or DKIM_PRIVATE_KEY_FILE, not both/)]);
    });

    it("must sign for the sender's domain", () => {
      const base = { DKIM_SELECTOR: "s1", DKIM_PRIVATE_KEY: pem, MAIL_FROM: "Ridgeway Racing <info@mail.ridgeway-racing.example>" };
      expect(problems({ ...base, DKIM_DOMAIN: "ridgeway-racing.example" })).toEqual([]);
      expect(problems({ ...base, DKIM_DOMAIN: "elsewhere.example" })).toEqual([
        expect.stringMatching(/^DKIM_DOMAIN: must be MAIL_FROM's domain \(mail\.ridgeway-racing\.example\)/),
      ]);
    });
  });
});
