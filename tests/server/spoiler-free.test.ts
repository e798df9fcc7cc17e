import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { spoilerFreeHeadScript } from "../../app/features/spoiler-free/head-script";
import { parseSpoilerFree, SPOILER_FREE_COOKIE, spoilerFreeEndsAt } from "../../app/lib/spoiler-free";
import { serverForTests } from "../support/server-fixture";

/**
 * Spoiler-free mode's form and pages on the running server (ADR 0142), on PGlite or PostgreSQL:
 * the cookie set from the server's clock and sent back with a 303, every bad form a 400 in words,
 * the mode's page the fan's own, and every other page the same bytes with the mode as without it.
 */
describe("spoiler-free mode on the running server", () => {
  // The page cache on, as in production: a page must be the one everybody gets, mode or not.
  const site = serverForTests({ env: { PAGE_CACHE_TTL_MS: "60000" } });

  const post = (fields: Record<string, string>, cookie?: string) =>
    fetch(`${site.url}/spoiler-free`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { Origin: site.url, ...(cookie ? { Cookie: cookie } : {}) },
      redirect: "manual",
    });

  /** The cookie's value a response set ("" when it ended the mode), with its attributes. */
  function setCookie(response: Response) {
    const header = response.headers.getSetCookie().find((value) => value.startsWith(`${SPOILER_FREE_COOKIE}=`));
    if (!header) throw new Error("no spoiler_free cookie was set");
    return { header, value: header.slice(SPOILER_FREE_COOKIE.length + 1).split(";")[0]! };
  }

  it("turns the mode on until Monday 23:00 UK time, by the server's clock, and goes back to the page", async () => {
    const before = new Date();
    const response = await post({ intent: "on", returnTo: "/calendar?round=2025-r4-thruxton" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/calendar?round=2025-r4-thruxton");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const { header, value } = setCookie(response);
    const ends = spoilerFreeEndsAt(before);
    expect(value).toBe(String(ends.getTime() / 1000));
    expect(header).toContain(`Expires=${ends.toUTCString()}`);
    expect(Number(/Max-Age=(\d+)/.exec(header)![1])).toBeGreaterThan((ends.getTime() - before.getTime()) / 1000 - 60);
    expect(header).toContain("Path=/");
    expect(header).toContain("SameSite=Lax");
    expect(header).not.toContain("HttpOnly");
  });

  it("reveals a round of the calendar while on, and ends the mode", async () => {
    const on = setCookie(await post({ intent: "on" })).value;
    const revealed = await post({ intent: "reveal", roundId: "2025-r4-thruxton", returnTo: "/news" }, `${SPOILER_FREE_COOKIE}=${on}`);
    expect(revealed.status).toBe(303);
    expect(revealed.headers.get("Location")).toBe("/news");
    expect(parseSpoilerFree(setCookie(revealed).value, new Date())?.revealedRoundIds).toEqual(["2025-r4-thruxton"]);

    const off = await post({ intent: "off" }, `${SPOILER_FREE_COOKIE}=${setCookie(revealed).value}`);
    expect(off.headers.get("Location")).toBe("/spoiler-free");
    const ended = setCookie(off);
    expect(ended.value).toBe("");
    expect(ended.header).toContain("Max-Age=0");
  });

  it("refuses a form it does not know with a 400 in words, and never sends the browser off the site", async () => {
    const forms: Array<Record<string, string>> = [
      {},
      { intent: "maybe" },
      { intent: "reveal" },
      { intent: "reveal", roundId: "<script>" },
      { intent: "reveal", roundId: "2031-r1" },
    ];
    for (const fields of forms) {
      const response = await post(fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(response.headers.getSetCookie(), JSON.stringify(fields)).toEqual([]);
      expect(await response.text(), JSON.stringify(fields)).toMatch(
        fields.intent === "reveal"
          ? "That is not a round of the calendar."
          : "Choose to turn spoiler-free mode on or off, or a round to reveal.",
      );
    }
    const away = await post({ intent: "on", returnTo: "//evil.example/" });
    expect(away.headers.get("Location")).toBe("/spoiler-free");
    const json = await fetch(`${site.url}/spoiler-free`, {
      method: "POST",
      body: "{}",
      headers: { Origin: site.url, "Content-Type": "application/json" },
    });
    expect(json.status).toBe(400);
  });

  it("shows the fan's own mode on its page, which no cache keeps", async () => {
    const on = setCookie(await post({ intent: "on" })).value;
    const page = await fetch(`${site.url}/spoiler-free`, {
      headers: { Cookie: `${SPOILER_FREE_COOKIE}=${on}.2025-r9-silverstone-national` },
    });
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    // React separates text it joined with comments.
    const html = (await page.text()).replaceAll("<!-- -->", "");
    expect(html).toMatch(/On until Monday \d+ \w+ at 23:00 UK time/);
    expect(html).toContain("Results shown");
    const off = await (await fetch(`${site.url}/spoiler-free`)).text();
    expect(off).toContain("Turn on spoiler-free mode");
    expect(off).not.toContain("On until");
  });

  it("sends every page with results as the same bytes with the mode as without it", async () => {
    const on = setCookie(await post({ intent: "on" })).value;
    for (const path of [
      "/",
      "/calendar?round=2025-r4-thruxton",
      "/calendar/2025-r9-silverstone-national",
      "/news",
      "/news/thruxton-speed-and-strategy",
      "/team",
    ]) {
      await fetch(`${site.url}${path}`).then((response) => response.text());
      const everyone = await fetch(`${site.url}${path}`);
      const fan = await fetch(`${site.url}${path}`, { headers: { Cookie: `${SPOILER_FREE_COOKIE}=${on}.2025-r4-thruxton` } });
      expect(fan.headers.get("Cache-Control"), path).toBe(everyone.headers.get("Cache-Control"));
      expect(fan.headers.get("Cache-Control"), path).toMatch(/^public/);
      // The same stored page (a compressed copy adds "-gzip" to its ETag once it is made).
      const stored = (response: Response) => response.headers.get("ETag")?.replace(/-(gzip|br)"$/, '"');
      expect(stored(fan), path).toBe(stored(everyone));
      expect(await fan.text(), path).toBe(await everyone.text());
    }
  });

  it("allows the head script by its hash on a shared page", async () => {
    const response = await fetch(`${site.url}/calendar`);
    const html = await response.text();
    const script = spoilerFreeHeadScript();
    expect(html).toContain(`<script>${script}</script>`);
    const hash = createHash("sha256").update(script, "utf8").digest("base64");
    expect(response.headers.get("Content-Security-Policy")).toContain(`'sha256-${hash}'`);
  });
});
