import { describe, expect, it } from "vitest";
import type { PushContent } from "./push-content";
import { getsTeaser, notificationToShow, pushMessageFor, sameOriginUrl, type Recipient } from "./push-payload";

const now = new Date("2025-11-02T13:00:00Z");
const result: PushContent = {
  kind: "result",
  roundId: "2025-r9",
  roundName: "Silverstone National",
  roundNumber: 9,
  sessionId: "s3",
  sessionName: "Race 2",
  version: 2,
  status: "final",
  revised: false,
  placings: [
    { driverId: "alex", name: "Alex Smith", placing: "P3" },
    { driverId: "jo", name: "Jo Bloggs", placing: "P7" },
    { driverId: "sam", name: "Sam Green", placing: "DNF" },
  ],
};
const everyone: Recipient = { driverIds: [], spoilerFree: null };
const options = { publicUrl: "https://ridgeway.example", collapseKey: "result-s3", now };

describe("a push's message", () => {
  it("is WebKit's declarative shape, with the followed drivers' places, the round's page and the collapse key as tag", () => {
    const message = pushMessageFor(result, { driverIds: ["alex", "jo"], spoilerFree: null }, options);
    expect(message).toEqual({
      web_push: 8030,
      notification: {
        title: "Race 2: final result",
        body: "Alex Smith P3, Jo Bloggs P7 · Silverstone National",
        navigate: "https://ridgeway.example/calendar/2025-r9",
        tag: "result-s3",
        lang: "en-GB",
        dir: "ltr",
        silent: false,
      },
    });
    expect(pushMessageFor(result, everyone, options).notification.body).toBe(
      "Alex Smith P3, Jo Bloggs P7, Sam Green DNF · Silverstone National",
    );
    expect(pushMessageFor({ ...result, revised: true }, everyone, options).notification.title).toBe("Race 2: revised result");
  });

  it("is the teaser for a fan whose spoiler-free mode hides the round: no places, no names", () => {
    const hidden: Recipient = {
      driverIds: ["alex"],
      spoilerFree: { until: new Date("2025-11-03T23:00:00Z"), revealedRoundIds: ["2025-r8"] },
    };
    const message = pushMessageFor(result, hidden, options);
    expect(message.notification).toMatchObject({
      title: "Race 2's result is in",
      navigate: "https://ridgeway.example/calendar/2025-r9",
      tag: "result-s3",
    });
    expect(JSON.stringify(message)).not.toMatch(/Alex|Smith|P3|Bloggs/);
    // Revealed, or the mode over by its own clock: the result.
    expect(getsTeaser(result, { ...hidden, spoilerFree: { ...hidden.spoilerFree!, revealedRoundIds: ["2025-r9"] } }, now)).toBe(false);
    expect(getsTeaser(result, hidden, new Date("2025-11-03T23:00:00Z"))).toBe(false);
    // A race report names no round: any spoiler-free mode on gets its teaser; a drop is never hidden.
    const report: PushContent = {
      kind: "report",
      articleId: "a1",
      slug: "hartley-wins",
      title: "Hartley wins at Silverstone",
      excerpt: "A lights-to-flag win.",
    };
    expect(pushMessageFor(report, hidden, options).notification.title).toBe("A new race report is up");
    expect(pushMessageFor(report, everyone, options).notification).toMatchObject({
      title: "Race report: Hartley wins at Silverstone",
      navigate: "https://ridgeway.example/news/hartley-wins",
    });
  });

  it("says when a session starts and who of theirs is out; a drop's price, with the sale's saving", () => {
    const session: PushContent = {
      kind: "session",
      roundId: "2025-r9",
      roundName: "Silverstone National",
      roundNumber: 9,
      sessionId: "s2",
      sessionName: "Race 1",
      startsAt: "12:30",
      drivers: [
        { id: "alex", name: "Alex Smith" },
        { id: "jo", name: "Jo Bloggs" },
        { id: "sam", name: "Sam Green" },
      ],
    };
    expect(pushMessageFor(session, { driverIds: ["jo"], spoilerFree: null }, options).notification).toMatchObject({
      title: "Race 1 starts at 12:30",
      body: "Round 9, Silverstone National: 15 minutes to go. Jo Bloggs is out.",
    });
    expect(pushMessageFor(session, everyone, options).notification.body).toBe(
      "Round 9, Silverstone National: 15 minutes to go. Alex Smith, Jo Bloggs and Sam Green are out.",
    );
    const sale: PushContent = {
      kind: "drop",
      productId: 4,
      slug: "team-cap",
      name: "Team Cap",
      event: "sale",
      pricePence: 1500,
      originalPricePence: 2000,
    };
    expect(pushMessageFor(sale, everyone, options).notification).toMatchObject({
      title: "On sale: Team Cap",
      body: "Now £15.00 (was £20.00).",
      navigate: "https://ridgeway.example/store/team-cap",
    });
  });

  it("keeps title and body short enough for a push service's 4 kB", () => {
    const long = pushMessageFor(
      { kind: "report", articleId: "a", slug: "a", title: "x".repeat(500), excerpt: "word ".repeat(400) },
      everyone,
      options,
    );
    expect(long.notification.title.length).toBeLessThanOrEqual(90);
    expect(long.notification.body.length).toBeLessThanOrEqual(220);
    expect(Buffer.byteLength(JSON.stringify(long))).toBeLessThan(3000);
  });
});

describe("what the service worker shows", () => {
  const origin = "https://ridgeway.example";
  it("shows the message's notification, and a plain one for anything else: every push shows one", () => {
    const message = pushMessageFor(result, everyone, options);
    expect(notificationToShow(JSON.stringify(message), origin)).toEqual({
      title: "Race 2: final result",
      body: "Alex Smith P3, Jo Bloggs P7, Sam Green DNF · Silverstone National",
      tag: "result-s3",
      navigate: "https://ridgeway.example/calendar/2025-r9",
    });
    for (const data of [null, "", "not json", "{}", '{"notification":{"title":""}}'])
      expect(notificationToShow(data, origin)).toEqual({
        title: "Ridgeway Racing",
        body: "There's news from the team.",
        navigate: `${origin}/`,
      });
  });

  it("opens only pages of the site", () => {
    expect(sameOriginUrl("https://ridgeway.example/calendar/r1", origin)).toBe("https://ridgeway.example/calendar/r1");
    expect(sameOriginUrl("/news/a", origin)).toBe("https://ridgeway.example/news/a");
    expect(sameOriginUrl("https://evil.example/", origin)).toBe(`${origin}/`);
    expect(sameOriginUrl("javascript:alert(1)", origin)).toBe(`${origin}/`);
    expect(sameOriginUrl(undefined, origin)).toBe(`${origin}/`);
  });
});
