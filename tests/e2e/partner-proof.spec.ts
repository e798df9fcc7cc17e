import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { and, eq } from "drizzle-orm";
import { openDatabase } from "../../db/client.server";
import { partnerDailyCounts, partnerPlacements, partnerReportLinks } from "../../db/schema";
import { createReportLink, hashToken } from "../../app/features/partners/report-links.server";
import { MONTH_NAMES, ukIsoDate } from "../../app/lib/dates";
import { test } from "../support/hydrated-test";
import { openAsStaff, startDeskSite, type DeskSite } from "../support/desk-site";
import { expectNoSeriousViolations, expectNoSidewaysScroll } from "../support/page-checks";
import { pdfText } from "../support/pdf-text";
import type { PreparedStaff } from "../support/prepared-staff";
import { paidOrder } from "../support/shop-orders";

/*
 * Issue 41, done means: pages, an e-mail and share cards with a partner's placements, a redirect
 * followed, and the expected counts in the partner's report through its link (page, CSV, PDF and
 * the monthly e-mail's PDF alike); crawlers and prefetches not counted; the link answers 410 once
 * withdrawn or expired. Counts are written every few seconds, so the report is read until they
 * arrive. Then the optional seen count (ADR 0145): half a logo on screen for a second counts, less
 * does not, an objection stops it, a crawler's beacon is not counted.
 */

const PARTNER = "vortex-air-systems";
const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const FACEBOOK = "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)";

interface PickedUpEmail {
  to: string;
  subject: string;
  html?: string;
  attachments?: Array<{ filename: string; contentType: string; content: string }>;
}

test.describe("served, clicked, delivered and fetched as a link preview", () => {
  let desk: DeskSite;
  let editor: PreparedStaff;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    ({
      site: desk,
      staff: [editor],
    } = await startDeskSite({
      staff: [{ email: "pat.partners@example.com", name: "Pat Partners", roles: ["editor"] }],
      serverEnv: { MAIL_DELIVERY_INTERVAL_MS: "200" },
    }));
  });

  test.afterAll(async () => {
    await desk?.close();
  });

  function mailTo(address: string): PickedUpEmail[] {
    const dir = path.join(desk.testDb.dataDir, "mail");
    let files: string[];
    try {
      files = readdirSync(dir).filter((file) => file.endsWith(".json"));
    } catch {
      return [];
    }
    return files
      .sort()
      .map((file) => JSON.parse(readFileSync(path.join(dir, file), "utf8")) as PickedUpEmail)
      .filter((email) => email.to === address);
  }

  const get = (pathname: string, headers: Record<string, string>) => fetch(`${desk.url}${pathname}`, { headers, redirect: "manual" });

  async function times(n: number, pathname: string, headers: Record<string, string>) {
    for (let i = 0; i < n; i++) {
      const response = await get(pathname, headers);
      await response.arrayBuffer();
      expect(response.status).toBeLessThan(400);
    }
  }

  test("a partner's placements are counted without cookies, and the partner reads them through a link that can end", async ({ page }) => {
    test.setTimeout(240_000);
    // The seen count has a test of its own below: here the page's beacons are held back.
    await page.route("**/api/partner-seen", (route) => route.abort());
    await openAsStaff(page, desk, editor, `/admin/partners/${PARTNER}`);
    await expectNoSidewaysScroll(page);
    await page.getByLabel("Home page partners strip").check();
    await page.getByLabel("Partners page").check();
    await page.getByLabel("E-mail: order confirmation").check();
    await page.getByLabel("Share cards (link previews)").check();
    await page.getByRole("button", { name: "Save placements" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Placements saved." })).toBeVisible();

    await page.getByLabel("Contact for the monthly report").fill("marketing@vortex.example");
    await page.getByRole("button", { name: "Save contact" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Report contact saved." })).toBeVisible();

    const makeLink = async (previous = "") => {
      await page.getByRole("button", { name: "Make a report link" }).click();
      const link = page.getByTestId("new-report-link");
      await expect(link).toHaveText(/\/partner-report\/[A-Za-z0-9_-]{32}$/);
      await expect(link).not.toHaveText(previous);
      return (await link.textContent())!;
    };
    const reportLink = await makeLink();
    const expiringLink = await makeLink(reportLink);

    // An order is paid (its confirmation thanks the partner), and the second link's time runs out.
    await desk.restart(async () => {
      const handle = await openDatabase({
        dataDir: desk.testDb.dataDir,
        databaseUrl: desk.testDb.databaseUrl,
        onConnectionError: () => {},
      });
      try {
        await paidOrder(handle.db, { customer: { name: "Alex Fan", email: "alex.partner@example.com" } });
        await handle.db
          .update(partnerReportLinks)
          .set({ expiresAt: new Date(Date.now() - 60_000) })
          .where(eq(partnerReportLinks.tokenHash, hashToken(expiringLink.split("/").at(-1)!)));
      } finally {
        await handle.close();
      }
    });

    // People: one visit of each page in the browser, the rest from the page cache.
    await page.goto(`${desk.url}/`);
    await page.goto(`${desk.url}/partners`);
    const visit = page.locator(`a[href="${desk.url}/go/${PARTNER}/partners-page"]`).first();
    await expect(visit).toBeVisible();
    await times(11, "/", { "user-agent": CHROME });
    await times(9, "/partners", { "user-agent": CHROME });
    // Not people: crawlers and prefetches.
    await times(5, "/", { "user-agent": BOT });
    await times(5, "/partners", { "user-agent": BOT });
    await times(5, "/", { "user-agent": CHROME, "sec-purpose": "prefetch" });
    await times(3, "/partners", { "user-agent": CHROME, purpose: "prefetch" });

    // A news report shared: Facebook's crawler fetches its card (which now carries the partner's
    // logo) ten times; a browser opening the picture and a search engine's crawler are not previews.
    const html = await (await get("/news/silverstone-national-season-finale", { "user-agent": CHROME })).text();
    const card = new URL(/<meta property="og:image" content="([^"]*)"/.exec(html)![1]!).pathname;
    expect(card).toMatch(/^\/share\/news\/silverstone-national-season-finale-[0-9a-f]{16}\.png$/);
    await times(10, card, { "user-agent": FACEBOOK });
    await times(2, card, { "user-agent": CHROME });
    await times(2, card, { "user-agent": BOT });

    // Clicks go through the first-party redirect, on to the partner's site with UTM parameters.
    for (let i = 0; i < 10; i++) {
      const response = await get(`/go/${PARTNER}/partners-page`, { "user-agent": CHROME });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(
        "https://vortex-air-systems.example/?utm_source=ridgeway-racing&utm_medium=referral&utm_campaign=partnership&utm_content=partners-page",
      );
    }
    await times(3, `/go/${PARTNER}/partners-page`, { "user-agent": BOT });
    for (const unknown of [
      `/go/${PARTNER}/packages-page`,
      "/go/nobody/home",
      `/go/${PARTNER}/https:%2F%2Fevil.example`,
      `/go/${PARTNER}`,
    ]) {
      const response = await get(unknown, { "user-agent": CHROME });
      expect(response.status, unknown).toBe(404);
      expect(response.headers.get("location")).toBeNull();
    }

    // The order confirmation thanks the partner with a link through the redirect (no open pixel).
    await expect.poll(() => mailTo("alex.partner@example.com").length, { timeout: 20_000 }).toBeGreaterThan(0);
    const confirmation = mailTo("alex.partner@example.com")[0]!;
    const mention = /href="[^"]*(\/go\/vortex-air-systems\/email-order-confirmation)"/.exec(confirmation.html ?? "");
    expect(mention, "the e-mail links to the partner through /go/").not.toBeNull();
    expect(confirmation.html).toContain("With thanks to our partners");
    expect((await get(mention![1]!, { "user-agent": CHROME })).status).toBe(302);

    // The partner's report, through the link: 12 + 10 served impressions, 10 + 1 clicks.
    await expect
      .poll(
        async () => {
          await page.goto(reportLink);
          const season = page.getByTestId("season-table");
          return `${await season.locator('[data-metric="impression"]').textContent()} / ${await season.locator('[data-metric="click"]').textContent()}`;
        },
        { timeout: 20_000, intervals: [1_000] },
      )
      .toBe("22 / 11");
    const season = page.getByTestId("season-table");
    await expect(season.locator('[data-metric="delivered"]')).toHaveText("fewer than 10");
    const placements = page.getByTestId("placements-table");
    await expect(placements.locator('[data-placement="home"] [data-metric="impression"]')).toHaveText("12");
    await expect(placements.locator('[data-placement="partners-page"] [data-metric="impression"]')).toHaveText("10");
    await expect(placements.locator('[data-placement="partners-page"] [data-metric="click"]')).toHaveText("10");
    await expect(placements.locator('[data-placement="email-order-confirmation"] [data-metric="delivered"]')).toHaveText("fewer than 10");
    await expect(placements.locator('[data-placement="share-cards"] [data-metric="card-fetch"]')).toHaveText("10");
    await expect(page.getByTestId("chart-weekend-impressions").locator("figcaption")).toHaveText("Served impressions per race weekend");
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page);

    // The PDF and CSV say the same.
    const pdf = await get(`${new URL(reportLink).pathname}/report.pdf`, {});
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toMatch(/Served impressions\n22\n/);
    expect(text).toMatch(/Clicks\n11\n/);
    expect(text).toMatch(/Home page partners strip\n12\n/);
    const csv = await (await get(`${new URL(reportLink).pathname}/report.csv`, {})).text();
    expect(csv).toContain("Season to date,22,11,fewer than 10,10");

    // This month's report by e-mail, with its PDF and CSV attached: the same figures.
    await openAsStaff(page, desk, editor, `/admin/partners/${PARTNER}`);
    const today = ukIsoDate(new Date());
    const thisMonth = `${MONTH_NAMES[Number(today.slice(5, 7)) - 1]} ${today.slice(0, 4)}`;
    await page.getByLabel("Report month").fill(today.slice(0, 7));
    await page.getByRole("button", { name: "Send report now" }).click();
    await expect(page.getByRole("status").filter({ hasText: "is queued with its PDF and CSV" })).toBeVisible();
    // (Last month's report went by itself once the contact was saved: the server queues what is due.)
    const monthlyMail = () =>
      mailTo("marketing@vortex.example").filter((email) => email.subject.endsWith(`your partner report for ${thisMonth}`));
    await expect.poll(() => monthlyMail().length, { timeout: 20_000 }).toBe(1);
    const monthly = monthlyMail()[0]!;
    const attached = monthly.attachments!.find((file) => file.contentType === "application/pdf")!;
    const mailedText = await pdfText(Buffer.from(attached.content, "base64"));
    expect(mailedText).toMatch(/Served impressions\n22\n/);
    expect(monthly.html).toContain("Served impressions: 22");

    // Withdrawn, expired and unknown links are answered plainly.
    page.on("dialog", (dialog) => void dialog.accept());
    // The only link still open is the report's (the other has expired).
    await expect(page.getByRole("button", { name: "Withdraw" })).toHaveCount(1);
    await page.getByRole("button", { name: "Withdraw" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Link withdrawn" })).toBeVisible();
    const withdrawn = await page.goto(reportLink);
    expect(withdrawn?.status()).toBe(410);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This report link was withdrawn");
    const expired = await page.goto(expiringLink);
    expect(expired?.status()).toBe(410);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This report link has expired");
    expect((await get(`${new URL(reportLink).pathname}/report.pdf`, {})).status).toBe(410);
    const unknown = await page.goto(`${desk.url}/partner-report/${"A".repeat(32)}`);
    expect(unknown?.status()).toBe(404);
  });
});

test.describe("the optional seen count", () => {
  let site: DeskSite;
  let reportLink: string;
  const MARK = `partners-page/${PARTNER}`;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    ({ site } = await startDeskSite({
      prepare: async (testDb) => {
        const handle = await openDatabase({ dataDir: testDb.dataDir, databaseUrl: testDb.databaseUrl, onConnectionError: () => {} });
        try {
          await handle.db.insert(partnerPlacements).values({ partnerId: PARTNER, placementId: "partners-page" });
          const { token } = await createReportLink(handle.db, PARTNER, new Date(Date.now() + 86_400_000), null);
          reportLink = `/partner-report/${token}`;
        } finally {
          await handle.close();
        }
      },
    }));
  });

  test.afterAll(async () => {
    await site?.close();
  });

  /** The partner's seen count on the partners page, read from the database with the site stopped (every batch written). */
  async function seenCount(): Promise<number> {
    let count = 0;
    await site.restart(async () => {
      const handle = await openDatabase({
        dataDir: site.testDb.dataDir,
        databaseUrl: site.testDb.databaseUrl,
        onConnectionError: () => {},
      });
      try {
        const rows = await handle.db
          .select({ count: partnerDailyCounts.count })
          .from(partnerDailyCounts)
          .where(
            and(
              eq(partnerDailyCounts.partnerId, PARTNER),
              eq(partnerDailyCounts.placementId, "partners-page"),
              eq(partnerDailyCounts.metric, "seen"),
            ),
          );
        count = rows.reduce((sum, row) => sum + Number(row.count), 0);
      } finally {
        await handle.close();
      }
    });
    return count;
  }

  test("counts a logo half on screen for a second, once; not less of it, not after an objection, not a crawler's", async ({
    page,
    browser,
  }) => {
    test.setTimeout(300_000);
    const { width } = page.viewportSize()!;
    const beacons: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/partner-seen") beacons.push(request.postData() ?? "");
    });

    // Where the logo sits on the page, measured where nothing counts (no script).
    const measuring = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 1600 } });
    const measured = await measuring.newPage();
    await measured.goto(`${site.url}/partners`);
    const box = (await measured.locator(`[data-partner-seen="${MARK}"]`).boundingBox())!;
    await measuring.close();
    expect(box.y + box.height).toBeLessThan(1600);
    /** The partners page with `share` of the logo's height inside the window, and none of the page scrolled. */
    const openWithShare = async (share: number) => {
      await page.setViewportSize({ width, height: Math.round(box.y + box.height * share) });
      await page.goto(`${site.url}/partners`);
    };
    // A beacon goes a few seconds after the second is up (the batch); longer than that, nothing went.
    const nothingSent = async () => {
      await page.waitForTimeout(6_000);
      expect(beacons).toEqual([]);
    };

    // Less than half of it for several seconds: not seen.
    await openWithShare(0.4);
    await nothingSent();

    // Six tenths of it for a second: seen, once.
    const first = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/partner-seen", { timeout: 30_000 });
    await openWithShare(0.6);
    expect((await first).postData()).toBe(MARK);
    await page.waitForTimeout(5_000);
    expect(beacons).toEqual([MARK]);
    beacons.length = 0;

    // The objection, from the privacy page, stops a page already open at once: the logo, 40 % on
    // screen when the visitor objects in another tab, then wholly on screen, is not counted.
    await openWithShare(0.4);
    const privacy = await page.context().newPage();
    await privacy.goto(`${site.url}/privacy#seen-count`);
    await privacy.getByRole("button", { name: "Don't count what I see" }).click();
    await expect(privacy.getByRole("status").filter({ hasText: "this browser no longer counts" })).toBeVisible();
    expect((await page.context().cookies()).find((cookie) => cookie.name === "ridgeway-racing-no-seen-count")?.value).toBe("1");
    await page.setViewportSize({ width, height: 1600 });
    await nothingSent();
    // Nor a page opened after it.
    await openWithShare(0.6);
    await nothingSent();

    // Given back: counted again.
    await privacy.getByRole("button", { name: "Count it again" }).click();
    await expect(privacy.getByRole("status").filter({ hasText: "this browser counts again" })).toBeVisible();
    await privacy.close();
    const again = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/partner-seen", { timeout: 30_000 });
    await openWithShare(0.6);
    await again;

    // A crawler's page sends its beacon like any other, and the server does not count it.
    const crawler = await browser.newContext({ userAgent: BOT, viewport: { width, height: Math.round(box.y + box.height) } });
    const crawled = await crawler.newPage();
    const crawlerBeacon = crawled.waitForRequest((request) => new URL(request.url()).pathname === "/api/partner-seen", { timeout: 30_000 });
    await crawled.goto(`${site.url}/partners`);
    await crawlerBeacon;
    await crawler.close();

    // Without JavaScript, the objection is the same one click.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto(`${site.url}/cookies`);
    await plain.getByRole("button", { name: "Don't count what I see" }).click();
    await expect(plain.getByRole("status").filter({ hasText: "this browser no longer counts" })).toBeVisible();
    expect((await noScript.cookies()).find((cookie) => cookie.name === "ridgeway-racing-no-seen-count")?.value).toBe("1");
    await noScript.close();

    expect(await seenCount()).toBe(2);

    // The report shows it beside served impressions (both under 10 here).
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${site.url}${reportLink}`);
    const season = page.getByTestId("season-table");
    await expect(season.getByRole("rowheader", { name: "Seen (half on screen for 1 s)" })).toBeVisible();
    await expect(season.locator('[data-metric="seen"]')).toHaveText("fewer than 10");
    await expect(page.getByTestId("chart-weekend-impressions").locator("figcaption")).toHaveText("Served and seen per race weekend");
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page);
  });
});
