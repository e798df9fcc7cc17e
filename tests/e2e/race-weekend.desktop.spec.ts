import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect as baseExpect, type Page } from "@playwright/test";
import pg from "pg";
import { test } from "../support/hydrated-test";
import { openAsStaff, startDeskSite, type DeskSite } from "../support/desk-site";
import { uniqueEmail } from "../support/e2e-server";
import type { PreparedStaff } from "../support/prepared-staff";
import { hasFakeClock, serverClock, type ServerClock } from "../support/server-clock";
import { tslSheet } from "../support/tsl-sheet";
import { serializeSpoilerFree, spoilerFreeEndsAt } from "../../app/lib/spoiler-free";

/*
 * A race weekend played through (issue 39), the server's clock under the test's control
 * (libfaketime, tests/support/server-clock.ts) and the fan's browser clock set to match: the
 * seeded Silverstone National round of 2 November 2025 (qualifying 09:15, Race 1 12:30, Race 2
 * 15:10, UK time = UTC in November). Sessions move by the timetable and by staff's two taps; a
 * fan's page, never reloaded, follows the ticker, the states and the results; a pasted
 * classification becomes provisional, then final, then a re-issue that keeps both earlier
 * versions; a result for a session not yet run is refused; the watchdog warns on Today and by
 * e-mail when Race 2 has finished with no result for more than 15 minutes.
 */

const expect = baseExpect.configure({ timeout: 20_000 });
const ROUND = "2025-r9-silverstone-national";
const QUALIFYING = `${ROUND}-s1`;
const RACE_1 = `${ROUND}-s2`;
const RACE_2 = `${ROUND}-s3`;
const resultPath = (sessionId: string) => `/admin/live/${ROUND}/sessions/${sessionId}/result`;

let clock: ServerClock;
let desk: DeskSite;
let editor: PreparedStaff;
let editorEmail: string;

test.describe.configure({ mode: "serial" });
test.skip(!hasFakeClock, "needs libfaketime (Debian's faketime, which CI installs)");

/** Moves the server's clock and the browsers' (the fan's and the staff member's) to the same instant. */
async function setTime(pages: Page[], iso: string) {
  clock.set(new Date(iso));
  for (const page of pages) await page.clock.setFixedTime(new Date(iso));
}

/**
 * The e-mails queued for `address`: on PostgreSQL read from the outbox, since only the app's clock
 * is moved and the database's own (which dates when a message is due) is not, so the outbox would
 * not send them; on the embedded database, which runs in the app's process and so on its clock,
 * the messages the outbox delivered to its pickup directory.
 */
async function mailTo(address: string): Promise<Array<{ subject: string; text: string }>> {
  if (desk.testDb.kind === "postgres") {
    const client = new pg.Client({ connectionString: desk.testDb.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ subject: string; text: string }>(
        "select subject, text_body as text from email_outbox where to_address = $1",
        [address],
      );
      return rows;
    } finally {
      await client.end();
    }
  }
  return pickedUpMailTo(address);
}

function pickedUpMailTo(address: string): Array<{ subject: string; text: string }> {
  const dir = path.join(desk.testDb.dataDir, "mail");
  let files: string[];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith(".json"));
  } catch {
    return [];
  }
  return files
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), "utf8")) as { to: string; subject: string; text: string })
    .filter((mail) => mail.to === address);
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  clock = serverClock(new Date("2025-11-02T08:30:00Z"));
  editorEmail = uniqueEmail("race-control");
  ({
    site: desk,
    staff: [editor],
  } = await startDeskSite({ staff: [{ email: editorEmail, name: "Rae Control", roles: ["editor"] }], serverEnv: clock.env }));
});

test.afterAll(async () => {
  await desk?.close();
  clock?.close();
});

test("a race weekend, live: states, ticker, provisional, final, a re-issue and the watchdog", async ({ page: staffPage, browser }) => {
  test.setTimeout(360_000);
  const fanContext = await browser.newContext({ serviceWorkers: "block" });
  const fan = await fanContext.newPage();
  await setTime([fan, staffPage], "2025-11-02T09:00:00Z");

  // The fan opens the round before qualifying; this page is never reloaded.
  await fan.goto(`${desk.url}/calendar/${ROUND}`);
  // A second tab of the same browser: the two share one stream (one tab holds it, BroadcastChannel passes its events on).
  // Which tab opened each stream request (a stream may reconnect; it must always be the same tab's).
  const streamTabs = new Set<Page>();
  fanContext.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith("/events")) streamTabs.add(request.frame().page());
  });
  const secondTab = await fanContext.newPage();
  await secondTab.clock.setFixedTime(new Date("2025-11-02T09:00:00Z"));
  await secondTab.goto(`${desk.url}/calendar/${ROUND}`);
  const fanSession = (id: string) => fan.locator(`[data-session="${id}"] [data-phase]`);
  await expect(fanSession(QUALIFYING)).toHaveText("Scheduled");
  await expect(fan.getByText(/Live: updates appear/)).toBeVisible();

  // Qualifying starts by the timetable (the server's clock and the fan's); staff say nothing.
  await setTime([fan, staffPage], "2025-11-02T09:20:00Z");
  await openAsStaff(staffPage, desk, editor, `/admin/live/${ROUND}`);
  const deskSession = (id: string) => staffPage.locator(`[data-session="${id}"]`);
  await expect(deskSession(QUALIFYING).locator("[data-phase-label]")).toHaveText("Running");
  await expect(fanSession(QUALIFYING)).toHaveText("Running");

  // A result for a session not yet run is refused with a message, and nothing is published.
  await staffPage.goto(`${desk.url}${resultPath(RACE_2)}`);
  await staffPage.getByLabel("Classification").fill(tslSheet({ session: "Race 2 - 15 Minutes" }));
  await staffPage.getByRole("button", { name: "Preview" }).click();
  await expect(staffPage.getByRole("alert")).toContainText("Race 2 has not been run yet");

  // Race 1: staff start it and wave the red flag, two taps each; the ticker says so; the fan sees it all without reloading.
  await setTime([fan, staffPage], "2025-11-02T12:29:00Z");
  await staffPage.goto(`${desk.url}/admin/live/${ROUND}`);
  const race1 = deskSession(RACE_1);
  await race1.getByRole("button", { name: "Start, Race 1", exact: true }).click();
  await race1.getByRole("button", { name: "Confirm: Start, Race 1", exact: true }).click();
  await expect(race1.locator("[data-phase-label]")).toHaveText("Running");
  await expect(fanSession(RACE_1)).toHaveText("Running");
  const update = `Lights out at Silverstone ${Date.now()}`;
  await staffPage.getByLabel("Words").first().fill(update);
  await staffPage.getByRole("button", { name: "Post", exact: true }).click();
  await expect(staffPage.locator("[data-outbox]")).toHaveText("Posted to the ticker.");
  await expect(fan.locator("[data-post]").filter({ hasText: update })).toBeVisible();
  await expect(secondTab.locator("[data-post]").filter({ hasText: update })).toBeVisible();
  expect(streamTabs.size, "one tab holds the browser's stream").toBe(1);
  await race1.getByRole("button", { name: "Red flag, Race 1", exact: true }).click();
  await race1.getByRole("button", { name: "Confirm: Red flag, Race 1", exact: true }).click();
  await expect(fanSession(RACE_1)).toHaveText("Red flag");
  await setTime([fan, staffPage], "2025-11-02T12:50:00Z");
  await race1.getByRole("button", { name: "Chequered flag, Race 1", exact: true }).click();
  await race1.getByRole("button", { name: "Confirm: Chequered flag, Race 1", exact: true }).click();
  await expect(fanSession(RACE_1)).toHaveText("Finished");

  // The classification pasted from the timing sheet: provisional, then final, then re-issued.
  await setTime([fan, staffPage], "2025-11-02T12:55:00Z");
  await staffPage.goto(`${desk.url}${resultPath(RACE_1)}`);
  await staffPage.getByLabel("Classification").fill(tslSheet());
  await staffPage.getByRole("button", { name: "Preview" }).click();
  await expect(staffPage.getByRole("status").filter({ hasText: "30 cars, 4 of them ours" })).toBeVisible();
  // From the tap on Publish to the fan's page showing the result: within 5 s (issue 39).
  const publishedAt = Date.now();
  await staffPage.getByRole("button", { name: "Publish v1: provisional" }).click();
  await expect(fanSession(RACE_1)).toHaveText(/^Provisional result \(issued 12:51\)$/, { timeout: 5_000 });
  console.log(`race weekend: a pasted 30-car classification on the fan's page ${Date.now() - publishedAt} ms after the tap on Publish`);
  await expect(staffPage.getByRole("status").filter({ hasText: "Published a provisional result (version 1)" })).toBeVisible();
  await expect(fan.getByRole("table", { name: /Race 1: Provisional, version 1/ })).toContainText("Oliver Hartley");

  await setTime([fan, staffPage], "2025-11-02T13:30:00Z");
  await staffPage.getByLabel("Classification").fill(tslSheet({ status: "Final", issued: "13:25" }));
  await staffPage.getByRole("radio", { name: "Final" }).check();
  await staffPage.getByRole("button", { name: "Preview" }).click();
  await staffPage.getByRole("button", { name: "Publish v2: final" }).click();
  await expect(staffPage.getByRole("status").filter({ hasText: "Published the final result (version 2)" })).toBeVisible();
  await expect(fanSession(RACE_1)).toHaveText(/^Final result \(issued 13:25\)$/);

  // A bulletin later: Ethan Cole excluded, re-issued as version 3; the fan sees it and both earlier versions, superseded.
  await setTime([fan, staffPage], "2025-11-02T14:40:00Z");
  await staffPage.getByLabel("Classification").fill(
    tslSheet({
      status: "Final",
      issued: "14:35",
      ours: [
        { number: 7, name: "Oliver Hartley", cl: "F3A" },
        { number: 44, name: "Jack Pemberton", cl: "FF1600" },
        { number: 23, name: "Sophie Marsh", cl: "F3B", status: "DNF" },
        { number: 12, name: "Ethan Cole", cl: "F3A", status: "DQ" },
      ],
    }),
  );
  await staffPage.getByRole("radio", { name: "Final" }).check();
  await staffPage.getByLabel(/^Note/).fill("Bulletin 4: car 12 excluded (technical)");
  await staffPage.getByRole("button", { name: "Preview" }).click();
  await staffPage.getByRole("button", { name: /Publish v3/ }).click();
  await expect(staffPage.getByRole("status").filter({ hasText: /version 3/ })).toBeVisible();
  await expect(fanSession(RACE_1)).toHaveText(/Re-issued/);
  await expect(fan.getByRole("table", { name: /Race 1: Final, version 3/ })).toContainText("DQ");
  await expect(fan.getByText(/Superseded: Final, version 2/)).toBeVisible();
  await expect(fan.getByText(/Superseded: Provisional, version 1/)).toBeVisible();

  // Race 2 runs and finishes by the timetable (15:10 to 15:25) and nobody publishes: 16 minutes later the watchdog speaks.
  await setTime([fan, staffPage], "2025-11-02T15:42:00Z");
  await expect(fanSession(RACE_2)).toHaveText("Finished");
  await staffPage.goto(`${desk.url}/admin`);
  // Qualifying never got a result either: both are listed, each with its way to the result desk.
  const overdue = staffPage.getByRole("alert").filter({ has: staffPage.getByRole("heading", { name: /Results overdue/ }) });
  const race2Overdue = overdue.getByRole("listitem").filter({ hasText: "Race 2, Silverstone National" });
  await expect(race2Overdue).toContainText("finished 17 minutes ago with no result");
  await expect(race2Overdue.getByRole("link", { name: "Publish the result" })).toHaveAttribute("href", resultPath(RACE_2));
  await expect(overdue.getByRole("listitem").filter({ hasText: "Qualifying" })).toHaveCount(1);
  // The e-mail comes from the server's minute job, and names Race 2 once.
  const mentioningRace2 = async () =>
    (await mailTo(editorEmail)).filter((mail) => mail.subject.startsWith("No result yet") && mail.text.includes("Race 2"));
  await expect.poll(async () => (await mentioningRace2()).length, { timeout: 150_000 }).toBe(1);

  await fanContext.close();
});

test("spoiler-free: a ticker post that arrives while a fan reads the round is hidden until the round is revealed", async ({
  page: staffPage,
  browser,
}) => {
  test.setTimeout(120_000);
  const fanContext = await browser.newContext({ serviceWorkers: "block", viewport: staffPage.viewportSize() });
  const fan = await fanContext.newPage();
  const now = "2025-11-02T16:30:00Z";
  await setTime([fan, staffPage], now);
  // The mode's own end is in the cookie's value (by the weekend's clock); the browser keeps the cookie by the real one.
  await fanContext.addCookies([
    {
      name: "spoiler_free",
      value: serializeSpoilerFree({ until: spoilerFreeEndsAt(new Date(now)), revealedRoundIds: [] }),
      url: desk.url,
      expires: Math.floor(Date.now() / 1000) + 24 * 3600,
    },
  ]);
  await fan.goto(`${desk.url}/calendar/${ROUND}`);
  await expect(fan.getByText(/Live: updates appear/)).toBeVisible();

  await openAsStaff(staffPage, desk, editor, `/admin/live/${ROUND}`);
  await staffPage.getByLabel("Words").first().fill("Marsh P1 at the flag in Race 2!");
  await staffPage.getByRole("button", { name: "Post", exact: true }).click();
  await expect(staffPage.locator("[data-outbox]")).toHaveText("Posted to the ticker.");

  // The post reaches the fan's page by the stream, and stays out of sight.
  const post = fan.locator("[data-post]", { hasText: "Marsh P1 at the flag" });
  await expect(post).toHaveCount(1);
  await expect(post).toBeHidden();
  expect(await fan.evaluate(() => document.body.innerText)).not.toContain("Marsh P1 at the flag");

  await fan.getByRole("region", { name: "Paddock ticker" }).getByRole("button", { name: "Reveal Round 9, Silverstone National" }).click();
  await expect(post).toBeVisible();
  await fanContext.close();
});
