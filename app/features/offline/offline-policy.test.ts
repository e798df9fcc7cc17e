import { describe, expect, it } from "vitest";
import {
  cacheNames,
  copyMadeAt,
  copyTimeLabel,
  feedCopyFor,
  isKeepable,
  isKeptPage,
  isStaleCache,
  markAsCopy,
  offlinePage,
  pageOfDataRequest,
  strategyFor,
  type RequestFacts,
  type UkParts,
} from "./offline-policy";

const ORIGIN = "https://ridgeway.example";
const navigate = (path: string): RequestFacts => ({
  method: "GET",
  url: `${ORIGIN}${path}`,
  origin: ORIGIN,
  mode: "navigate",
  destination: "document",
  accept: "text/html",
});
const fetchOf = (path: string, more: Partial<RequestFacts> = {}): RequestFacts => ({
  method: "GET",
  url: `${ORIGIN}${path}`,
  origin: ORIGIN,
  mode: "cors",
  destination: "",
  accept: "*/*",
  ...more,
});

describe("strategyFor", () => {
  it("keeps the home page, the calendar and a round's page, network first", () => {
    for (const path of ["/", "/calendar", "/calendar/", "/calendar/r1", "/calendar/2026-brands-hatch", "/calendar?season=2025"]) {
      expect(strategyFor(navigate(path)), path).toEqual({ kind: "page" });
    }
  });

  it("keeps no other page: the store and its prices, the cart, checkout, accounts, dashboards and the back office go to the network", () => {
    for (const path of [
      "/store",
      "/store/team-cap",
      "/cart",
      "/checkout",
      "/account",
      "/dashboard",
      "/dashboard/orders",
      "/admin",
      "/admin/live",
      "/login",
      "/news",
      "/calendar.ics",
      "/calendar/r1/extra",
    ]) {
      expect(strategyFor(navigate(path)), path).toEqual({ kind: "navigate" });
    }
  });

  it("never touches a post, another site, or the live stream", () => {
    expect(strategyFor({ ...navigate("/calendar"), method: "POST" })).toEqual({ kind: "none" });
    expect(strategyFor(fetchOf("/live/r1/updates?since=3", { method: "HEAD" }))).toEqual({ kind: "none" });
    expect(strategyFor({ ...fetchOf("/calendar"), url: "https://cdn.example/calendar" })).toEqual({ kind: "none" });
    expect(strategyFor(fetchOf("/live/r1/events?after=4"))).toEqual({ kind: "none" });
    expect(strategyFor(fetchOf("/live/r1/anything", { accept: "text/event-stream" }))).toEqual({ kind: "none" });
    expect(strategyFor(fetchOf("/api/vitals", { method: "POST" }))).toEqual({ kind: "none" });
    expect(strategyFor(fetchOf("/api/cart-quote"))).toEqual({ kind: "none" });
  });

  it("takes the build's files cache first and the feed and route patches network first", () => {
    expect(strategyFor(fetchOf("/assets/site-DRYOepyL.js", { destination: "script" }))).toEqual({ kind: "asset" });
    expect(strategyFor(fetchOf("/live/r1/updates?since=12"))).toEqual({ kind: "live" });
    expect(strategyFor(fetchOf("/__manifest?paths=%2Fcalendar&version=a3c52258"))).toEqual({ kind: "live" });
    expect(strategyFor(fetchOf("/media/u/abc.avif", { destination: "image", mode: "no-cors" }))).toEqual({ kind: "image" });
    expect(strategyFor(fetchOf("/favicon.svg", { destination: "image" }))).toEqual({ kind: "image" });
    expect(strategyFor(fetchOf("/share/round/r1.png", { destination: "image" }))).toEqual({ kind: "none" });
  });

  it("sends a failed data request back to its page as a document", () => {
    expect(strategyFor(fetchOf("/calendar.data?_routes=root%2Croutes%2Fcalendar"))).toEqual({ kind: "data", page: "/calendar" });
    expect(strategyFor(fetchOf("/_.data"))).toEqual({ kind: "data", page: "/" });
    expect(strategyFor(fetchOf("/calendar/r1.data"))).toEqual({ kind: "data", page: "/calendar/r1" });
  });
});

describe("pageOfDataRequest", () => {
  it("keeps the page's own query, not React Router's", () => {
    expect(pageOfDataRequest(new URL(`${ORIGIN}/news.data?q=silverstone&_routes=routes%2Fnews`))).toBe("/news?q=silverstone");
    expect(pageOfDataRequest(new URL(`${ORIGIN}/calendar/_.data`))).toBe("/calendar");
  });
});

describe("isKeepable", () => {
  const ok = {
    status: 200,
    type: "basic",
    redirected: false,
    cacheControl: "public, max-age=0, s-maxage=10, stale-while-revalidate=10",
    vary: null,
  };

  it("keeps a complete public answer of the site's", () => {
    expect(isKeepable(ok)).toBe(true);
    expect(isKeepable({ ...ok, cacheControl: null, vary: "Accept-Encoding" })).toBe(true);
  });

  it("never keeps a signed-in visitor's or a cart's page, a no-store answer, a redirect, an error or another site's", () => {
    expect(isKeepable({ ...ok, cacheControl: "private, no-store" })).toBe(false);
    expect(isKeepable({ ...ok, cacheControl: "no-store" })).toBe(false);
    expect(isKeepable({ ...ok, cacheControl: "Private, max-age=60" })).toBe(false);
    expect(isKeepable({ ...ok, redirected: true })).toBe(false);
    expect(isKeepable({ ...ok, status: 404 })).toBe(false);
    expect(isKeepable({ ...ok, status: 206 })).toBe(false);
    expect(isKeepable({ ...ok, type: "opaque" })).toBe(false);
    expect(isKeepable({ ...ok, vary: "Accept-Encoding, *" })).toBe(false);
  });
});

describe("caches", () => {
  it("are named by build, and a new build's worker removes the others'", () => {
    const current = cacheNames("b2");
    expect(Object.values(current)).toEqual(["ridgeway-pages-b2", "ridgeway-assets-b2", "ridgeway-live-b2", "ridgeway-images-b2"]);
    expect(isStaleCache("ridgeway-pages-b1", "b2")).toBe(true);
    expect(isStaleCache("ridgeway-images-b1", "b2")).toBe(true);
    expect(isStaleCache("ridgeway-pages-b2", "b2")).toBe(false);
    expect(isStaleCache("someone-elses", "b2")).toBe(false);
  });
});

describe("feedCopyFor", () => {
  const feed = (round: string, since: number) => `${ORIGIN}/live/${round}/updates?since=${since}`;

  it("takes the same answer, else the round's copy from the nearest point before", () => {
    const kept = [feed("r1", 2), feed("r1", 7), feed("r1", 9), feed("r2", 7)];
    expect(feedCopyFor(feed("r1", 7), kept)).toBe(feed("r1", 7));
    expect(feedCopyFor(feed("r1", 8), kept)).toBe(feed("r1", 7));
    expect(feedCopyFor(feed("r1", 1), kept)).toBeUndefined();
    expect(feedCopyFor(feed("r3", 9), kept)).toBeUndefined();
  });
});

const utc = (iso: string) => new Date(iso);
/** UK wall-clock parts for the tests, with the offsets of 2026 written in (BST from 29 March to 25 October). */
function ukPartsOf(at: Date): UkParts {
  const bst = at >= utc("2026-03-29T01:00:00Z") && at < utc("2026-10-25T01:00:00Z");
  const local = new Date(at.getTime() + (bst ? 3_600_000 : 0));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    weekday: local.getUTCDay(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
  };
}

describe("the copy's time", () => {
  it("is its Date less its Age, else when it was stored", () => {
    const stored = utc("2026-05-09T13:40:00Z");
    expect(copyMadeAt("Sat, 09 May 2026 13:32:10 GMT", null, stored).toISOString()).toBe("2026-05-09T13:32:10.000Z");
    expect(copyMadeAt("Sat, 09 May 2026 13:32:10 GMT", "10", stored).toISOString()).toBe("2026-05-09T13:32:00.000Z");
    expect(copyMadeAt(null, null, stored)).toBe(stored);
    expect(copyMadeAt("garbage", "5", stored)).toBe(stored);
  });

  it("reads as a UK time the same day, with the day otherwise", () => {
    expect(copyTimeLabel(utc("2026-05-09T13:32:00Z"), utc("2026-05-09T15:00:00Z"), ukPartsOf)).toBe("14:32");
    expect(copyTimeLabel(utc("2026-05-09T13:32:00Z"), utc("2026-05-10T08:00:00Z"), ukPartsOf)).toBe("Sat 9 May, 14:32");
    expect(copyTimeLabel(utc("2026-11-28T09:05:00Z"), utc("2026-11-28T23:00:00Z"), ukPartsOf)).toBe("09:05");
    // 23:30 UTC on 9 May is 00:30 on 10 May in the UK.
    expect(copyTimeLabel(utc("2026-05-09T23:30:00Z"), utc("2026-05-10T07:00:00Z"), ukPartsOf)).toBe("00:30");
  });
});

describe("markAsCopy", () => {
  it("labels the page's root element, escaped", () => {
    expect(markAsCopy('<!DOCTYPE html><html lang="en-GB"><head>', "14:32")).toBe(
      '<!DOCTYPE html><html data-offline-copy="14:32" lang="en-GB"><head>',
    );
    expect(markAsCopy("<html>", '"><script>')).toBe('<html data-offline-copy="&#34;&#62;&#60;script&#62;">');
  });
});

describe("offlinePage", () => {
  it("links the pages saved on this device and loads no script", () => {
    const html = offlinePage([`${ORIGIN}/calendar`, `${ORIGIN}/`, `${ORIGIN}/calendar/r1`], "/assets/app-x.css");
    expect(html).toContain('<a href="/">Home</a>');
    expect(html).toContain('<a href="/calendar">Calendar</a>');
    expect(html).toContain('<a href="/calendar/r1">Round: r1</a>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app-x.css">');
    expect(html).not.toContain("<script");
    expect(offlinePage([], null)).not.toContain("Saved on this device");
  });

  it("keeps the pages' own names out of the markup", () => {
    expect(offlinePage([`${ORIGIN}/calendar/%3Cb%3E`], null)).toContain("Round: &#60;b&#62;");
  });
});

describe("isKeptPage", () => {
  it("is the home page, the calendar and the round pages only", () => {
    expect(isKeptPage("/")).toBe(true);
    expect(isKeptPage("/calendar/r1")).toBe(true);
    expect(isKeptPage("/calendar.ics")).toBe(false);
    expect(isKeptPage("/store")).toBe(false);
  });
});
