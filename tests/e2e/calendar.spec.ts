import { expect, type Page } from "@playwright/test";
import { test } from "../support/hydrated-test";

// The server's own clock is past the seeded 2025 season, so it renders "Season Complete";
// each test sets the browser's clock, which takes over once the page has hydrated.

/** Opens /calendar with the browser's clock stopped at `time` (moved on only by the test). */
async function openCalendarAt(page: Page, time: string) {
  // Installed a little earlier, as the clock runs until it is paused.
  await page.clock.install({ time: new Date(Date.parse(time) - 10_000) });
  await page.clock.pauseAt(new Date(time));
  await page.goto("/calendar");
}

function nextRacePanel(page: Page) {
  return page.getByRole("region", { name: /^Next Race/ });
}

function countdown(page: Page) {
  return nextRacePanel(page).getByRole("timer");
}

function roundButton(page: Page, name: string) {
  return page.getByRole("button", { name: new RegExp(`\\b${name}\\b`) });
}

/** The expanded details of a round (its region is named after the row's button). */
function roundDetails(page: Page, name: string) {
  return page.getByRole("region", { name: new RegExp(`^Round \\d+, .*\\b${name}\\b`) });
}

function roundNames(page: Page, group: "Completed Races" | "Upcoming Races") {
  return page.getByRole("region", { name: new RegExp(`^${group}`) }).getByRole("heading", { level: 4 });
}

test.describe("next race", () => {
  test("counts down to round 1 before the season, ticking every second", async ({ page }) => {
    // Noon GMT on 1 March; round 1 starts at 09:00 BST (08:00 UTC) on 5 April.
    await openCalendarAt(page, "2025-03-01T12:00:00Z");
    const panel = nextRacePanel(page);
    await expect(panel.getByRole("heading", { level: 2 })).toHaveText("Next Race · Round 1");
    await expect(panel.getByRole("heading", { level: 3 })).toHaveText("Silverstone International");
    await expect(panel).toContainText("Silverstone International Circuit");
    await expect(panel).toContainText("5 April 2025");
    await expect(panel).toContainText("Silverstone, Northamptonshire");
    await expect(countdown(page)).toHaveText("34 Days 20 Hours 00 Minutes 00 Seconds");

    await page.clock.runFor(1000);
    await expect(countdown(page)).toHaveText("34 Days 19 Hours 59 Minutes 59 Seconds");
    await page.clock.runFor(61_000);
    await expect(countdown(page)).toHaveText("34 Days 19 Hours 58 Minutes 58 Seconds");
  });

  test("shows the weekend schedule, circuit information and the circuit's website", async ({ page }) => {
    await openCalendarAt(page, "2025-04-20T12:00:00Z");
    const panel = nextRacePanel(page);
    await expect(panel.getByRole("heading", { level: 3 })).toHaveText("Anglesey Coastal");
    await expect(panel).toContainText("10–11 May 2025");
    await expect(panel).toContainText("Ty Croes, Anglesey");

    const schedule = panel.getByRole("table", { name: "Session schedule, UK time" });
    await expect(schedule.getByRole("row")).toHaveText([
      "SessionDayTime (UK)",
      "PracticeSaturday 10 May09:30",
      "QualifyingSaturday 10 May12:45",
      "Race 1Saturday 10 May16:10",
      "Race 2Sunday 11 May13:30",
    ]);
    const info = panel.getByRole("region", { name: "Circuit Information" });
    await expect(info).toContainText("1.55 miles");
    await expect(info).toContainText("Turns10");
    await expect(info).toContainText("20 minutes");

    const layout = panel.getByRole("link", { name: /Anglesey Circuit \(Coastal\) layout/ });
    await expect(layout).toHaveAttribute("href", "https://anglesey-circuit.example/");
    await expect(layout).toHaveAttribute("target", "_blank");
    await expect(layout.getByRole("img")).toHaveAttribute("src", "/media/circuits/anglesey.svg");
  });

  test("stays on a round while it runs, with the countdown at zero", async ({ page }) => {
    // 13:00 BST on the first day of Anglesey (10–11 May).
    await openCalendarAt(page, "2025-05-10T12:00:00Z");
    await expect(nextRacePanel(page).getByRole("heading", { level: 3 })).toHaveText("Anglesey Coastal");
    await expect(nextRacePanel(page)).toContainText("Race weekend under way");
    await expect(countdown(page)).toHaveText("00 Days 00 Hours 00 Minutes 00 Seconds");
    await page.clock.runFor(5000);
    await expect(countdown(page)).toHaveText("00 Days 00 Hours 00 Minutes 00 Seconds");
  });

  test("moves on to the next round the moment a round ends, without a reload", async ({ page }) => {
    // Anglesey ends at 18:00 BST (17:00 UTC) on 11 May.
    await openCalendarAt(page, "2025-05-11T16:59:58Z");
    const heading = nextRacePanel(page).getByRole("heading", { level: 3 });
    await expect(heading).toHaveText("Anglesey Coastal");
    await expect(roundNames(page, "Upcoming Races").first()).toContainText("Anglesey Coastal");

    await page.clock.runFor(2000);
    await expect(heading).toHaveText("Silverstone Grand Prix");
    await expect(nextRacePanel(page).getByRole("heading", { level: 2 })).toHaveText("Next Race · Round 3");
    // 7 June 09:00 BST is 26 days, 15 hours after 11 May 18:00 BST.
    await expect(countdown(page)).toHaveText("26 Days 15 Hours 00 Minutes 00 Seconds");
    await expect(roundNames(page, "Completed Races").last()).toContainText("Anglesey Coastal");
    await expect(roundNames(page, "Upcoming Races").first()).toContainText("Silverstone Grand Prix");
  });

  test("shows Season Complete once the last round has ended", async ({ page }) => {
    // The finale ends at 18:00 GMT on 2 November.
    await openCalendarAt(page, "2025-11-02T17:59:58Z");
    await expect(nextRacePanel(page).getByRole("heading", { level: 3 })).toHaveText("Silverstone National");

    await page.clock.runFor(2000);
    await expect(page.getByRole("heading", { name: "Season Complete" })).toBeVisible();
    await expect(page.getByText("The 2025 season has concluded. Stay tuned for the 2026 season!")).toBeVisible();
    await expect(nextRacePanel(page)).toHaveCount(0);
    await expect(roundNames(page, "Upcoming Races")).toHaveCount(0);
    await expect(roundNames(page, "Completed Races")).toHaveCount(9);
  });
});

test.describe("season calendar", () => {
  test("splits completed and upcoming races by the clock", async ({ page }) => {
    // Midday on 23 August, during round 6 (Donington Park National).
    await openCalendarAt(page, "2025-08-23T11:00:00Z");
    await expect(roundNames(page, "Completed Races")).toHaveText([
      /Silverstone International/,
      /Anglesey Coastal/,
      /Silverstone Grand Prix/,
      /Thruxton/,
      /Snetterton 300/,
    ]);
    await expect(roundNames(page, "Upcoming Races")).toHaveText([
      /Donington Park National/,
      /Cadwell Park/,
      /Castle Combe/,
      /Silverstone National/,
    ]);
  });

  test("opens one row at a time, and closes the open row when clicked again", async ({ page }) => {
    await openCalendarAt(page, "2025-07-01T12:00:00Z");
    const thruxton = roundButton(page, "Thruxton");
    const snetterton = roundButton(page, "Snetterton 300");
    await expect(thruxton).toHaveAttribute("aria-expanded", "false");

    await thruxton.click();
    await expect(thruxton).toHaveAttribute("aria-expanded", "true");
    await expect(roundDetails(page, "Thruxton")).toContainText("Race 2Sunday 6 July15:50");

    await snetterton.click();
    await expect(snetterton).toHaveAttribute("aria-expanded", "true");
    await expect(thruxton).toHaveAttribute("aria-expanded", "false");
    await expect(roundDetails(page, "Thruxton")).toHaveCount(0);
    // Practice has no announced time yet.
    await expect(roundDetails(page, "Snetterton 300")).toContainText("PracticeSaturday 9 AugustTBA");

    await snetterton.click();
    await expect(snetterton).toHaveAttribute("aria-expanded", "false");
    await expect(roundDetails(page, "Snetterton 300")).toHaveCount(0);
  });

  test('says "Schedule to be announced" for a round without sessions', async ({ page }) => {
    await openCalendarAt(page, "2025-08-01T12:00:00Z");
    await roundButton(page, "Donington Park National").click();
    const details = roundDetails(page, "Donington Park National");
    await expect(details.getByText("Schedule to be announced", { exact: true })).toBeVisible();
    await expect(details.getByRole("link", { name: /Donington Park National Circuit layout/ })).toHaveAttribute(
      "href",
      "https://donington-park.example/",
    );
  });

  test("shows a completed round's results, organiser and conditions", async ({ page }) => {
    await openCalendarAt(page, "2025-04-20T12:00:00Z");
    await roundButton(page, "Silverstone International").click();
    const details = roundDetails(page, "Silverstone International");

    const f3a = details.getByRole("region", { name: "F3A" });
    await expect(f3a).toContainText("#7Oliver Hartley");
    await expect(f3a).toContainText("Round points 28 pts");
    await expect(f3a.getByRole("listitem").filter({ hasText: /^Race 1/ })).toHaveText("Race 1P212 pts");
    await expect(f3a.getByRole("listitem").filter({ hasText: /^Race 2/ })).toHaveText("Race 2P1Fastest lap16 pts");
    await expect(f3a).toContainText("Pole position");
    await expect(details.getByRole("region", { name: "FF1600" })).toContainText("Race 1P151 pt");
    await expect(details.getByRole("region", { name: "F3B" })).toContainText("#23Sophie Marsh");

    await expect(details).toContainText("OrganiserBARC");
    await expect(details).toContainText("WeatherDry");
    await expect(details).toContainText("Track temperature12°C");
  });

  test("shows DNF, DNS and DSQ as they were recorded", async ({ page }) => {
    await openCalendarAt(page, "2025-09-01T12:00:00Z");
    await roundButton(page, "Thruxton").click();
    await expect(roundDetails(page, "Thruxton").getByRole("region", { name: "F3B" }).getByRole("listitem").last()).toHaveText(
      "Race 2DSQ0 pts",
    );
  });

  test("opens a row from the link a visitor shares, even without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/calendar");
    await page.getByRole("button", { name: /Castle Combe/ }).click();
    await expect(page).toHaveURL(/\?round=2025-r8-castle-combe$/);
    await expect(page.getByRole("button", { name: /Castle Combe/ })).toHaveAttribute("aria-expanded", "true");
    await expect(roundDetails(page, "Castle Combe")).toContainText("OrganiserCCRC");
    await context.close();
  });

  test("describes every round as a SportsEvent for search engines", async ({ page }) => {
    await page.goto("/calendar");
    const json = await page.locator('script[type="application/ld+json"]').textContent();
    const events = (JSON.parse(json!) as { "@graph": Array<Record<string, unknown>> })["@graph"];
    expect(events).toHaveLength(9);
    expect(events[0]).toMatchObject({
      "@type": "SportsEvent",
      startDate: "2025-04-05T08:00:00.000Z",
      endDate: "2025-04-05T17:00:00.000Z",
      location: { "@type": "Place", name: "Silverstone International Circuit" },
      organizer: { name: "BARC" },
    });
  });
});

test.describe("calendar feed", () => {
  test("offers the feed to subscribe to", async ({ page }) => {
    await page.goto("/calendar");
    await expect(page.getByRole("link", { name: "Subscribe to the calendar" })).toHaveAttribute("href", /^webcal:\/\/.+\/calendar\.ics$/);
    await expect(page.getByRole("link", { name: "Download .ics file" })).toHaveAttribute("href", /^https?:\/\/.+\/calendar\.ics$/);
  });

  test("serves every round and timed session as an event, with UIDs that do not change", async ({ request }) => {
    const first = await request.get("/calendar.ics");
    expect(first.status()).toBe(200);
    expect(first.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(first.headers()["cache-control"]).toMatch(/max-age=\d+/);
    const feed = await first.text();
    expect(feed.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    // 9 rounds and the 26 sessions whose times are announced.
    expect(feed.match(/^BEGIN:VEVENT\r$/gm)).toHaveLength(35);
    expect(feed).toContain("UID:2025-r1-silverstone-international@ridgeway-racing.example\r\n");
    expect(feed).toContain("DTSTART:20250405T080000Z\r\n");

    const uids = (text: string) => text.match(/^UID:.*$/gm);
    const second = await (await request.get("/calendar.ics")).text();
    expect(uids(second)).toEqual(uids(feed));
    expect(new Set(uids(feed)).size).toBe(35);
  });
});
