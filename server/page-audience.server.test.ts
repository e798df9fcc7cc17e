import { describe, expect, it, vi } from "vitest";
import { CART_COOKIE_NAME } from "../app/features/shop/cart/cart-cookie";
import type { createAuth } from "../app/features/account/auth.server";
import { createPageAudience } from "./page-audience";

type Auth = ReturnType<typeof createAuth>;

function setup(session: "live" | "gone" | "fails" = "live", createdAt = new Date("2026-11-26T11:00:00Z")) {
  let clock = Date.parse("2026-11-26T12:00:00Z");
  const getSession = vi.fn(async () => {
    if (session === "fails") throw new Error("database away");
    const headers = new Headers();
    if (session === "gone") return { headers, response: null };
    headers.append("set-cookie", "ridgeway.session_token=refreshed; Path=/; HttpOnly");
    return { headers, response: { session: { createdAt } } };
  });
  const auth = { api: { getSession } } as unknown as Auth;
  const audienceOf = createPageAudience(auth, { ttlMs: 10_000, maxEntries: 2, now: () => clock });
  return { audienceOf, getSession, advance: (ms: number) => (clock += ms) };
}

const SESSION = "ridgeway.session_token=abc.def";

describe("createPageAudience", () => {
  it("gives everyone's page to a request without the site's cookies, without asking for a session", async () => {
    const { audienceOf, getSession } = setup();
    expect(await audienceOf("GET", undefined)).toEqual({ audience: "everyone", setCookies: [] });
    expect(await audienceOf("GET", "consent=yes; _ga=GA1.1")).toEqual({ audience: "everyone", setCookies: [] });
    expect(getSession).not.toHaveBeenCalled();
  });

  it("makes a no-JavaScript cart, a challenge without a session, or a write the request's own", async () => {
    const { audienceOf, getSession } = setup();
    expect((await audienceOf("GET", `${SESSION}; ${CART_COOKIE_NAME}=x`)).audience).toBe("own");
    expect((await audienceOf("GET", "ridgeway.two_factor=pending")).audience).toBe("own");
    expect((await audienceOf("POST", SESSION)).audience).toBe("own");
    expect(getSession).not.toHaveBeenCalled();
  });

  it("checks a session once, passes on its refreshed cookie, and takes it as live for the time to live", async () => {
    const { audienceOf, getSession, advance } = setup();
    expect(await audienceOf("GET", SESSION)).toEqual({
      audience: "signed-in",
      setCookies: ["ridgeway.session_token=refreshed; Path=/; HttpOnly"],
    });
    // Only the cookies reach better-auth.
    expect(getSession).toHaveBeenCalledWith({ headers: new Headers({ cookie: SESSION }), returnHeaders: true });
    expect(await audienceOf("GET", `consent=yes; ${SESSION}`)).toEqual({ audience: "signed-in", setCookies: [] });
    expect(getSession).toHaveBeenCalledTimes(1);
    advance(10_001);
    expect((await audienceOf("GET", SESSION)).audience).toBe("signed-in");
    expect(getSession).toHaveBeenCalledTimes(2);
  });

  it("checks again after any other request with the cookie (signing out is a POST)", async () => {
    const { audienceOf, getSession } = setup();
    await audienceOf("GET", SESSION);
    await audienceOf("POST", SESSION);
    await audienceOf("GET", SESSION);
    expect(getSession).toHaveBeenCalledTimes(2);
  });

  it("gives a session that is gone, past its absolute limit or cannot be read a page of its own", async () => {
    expect((await setup("gone").audienceOf("GET", SESSION)).audience).toBe("own");
    expect((await setup("fails").audienceOf("GET", SESSION)).audience).toBe("own");
    expect((await setup("live", new Date("2025-01-01T00:00:00Z")).audienceOf("GET", SESSION)).audience).toBe("own");
  });

  it("remembers at most maxEntries sessions", async () => {
    const { audienceOf, getSession } = setup();
    for (const token of ["a", "b", "c", "a"]) await audienceOf("GET", `ridgeway.session_token=${token}`);
    expect(getSession).toHaveBeenCalledTimes(4);
  });
});
