import { expect as baseExpect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { test } from "../support/hydrated-test";
import { openAsStaff, startDeskSite, type DeskSite } from "../support/desk-site";
import { uniqueEmail } from "../support/e2e-server";
import { startMockPushService, type MockPushService, type MockSubscription } from "../support/mock-push-service";
import type { PreparedStaff } from "../support/prepared-staff";
import { tslSheet } from "../support/tsl-sheet";
import { expectNoSeriousViolations, expectNoSidewaysScroll } from "../support/page-checks";

/*
 * Web Push end to end (issue 40), in Chromium with the site's service worker: a fan taps "Notify
 * me" on a driver's page, staff publish the result at the result desk, the push service receives
 * exactly one encrypted message for that fan, which decrypts to the right notification; delivered
 * to the service worker it shows that notification, whose link opens the round. Turning
 * notifications off stops them; a 410 from the push service prunes a subscription.
 *
 * Headless Chromium cannot reach a real push service, so the page's PushManager is given a
 * subscription at a push service on this machine (tests/support/mock-push-service.ts), which holds
 * its keys and decrypts what the site sends: `addInitScript` replaces `PushManager.prototype
 * .subscribe` and `getSubscription` with ones that answer that subscription. Everything else is
 * the browser's and the site's own: the permission, the service worker, the site's encryption and
 * VAPID signature, its queue and sender. The site trusts the local push service's certificate
 * (NODE_EXTRA_CA_CERTS) and accepts subscriptions on 127.0.0.1 (PUSH_SERVICE_HOSTS).
 */

const expect = baseExpect.configure({ timeout: 20_000 });
const ROUND = "2025-r9-silverstone-national";
// The seed numbers a round's sessions in timetable order: s2 is Race 1.
const RESULT_PATH = `/admin/live/${ROUND}/sessions/${ROUND}-s2/result`;

let mock: MockPushService;
let desk: DeskSite;
let editor: PreparedStaff;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  mock = await startMockPushService();
  ({
    site: desk,
    staff: [editor],
  } = await startDeskSite({
    staff: [{ email: uniqueEmail("push-desk"), name: "Pip Pusher", roles: ["editor"] }],
    serverEnv: { NODE_EXTRA_CA_CERTS: mock.certFile, PUSH_SERVICE_HOSTS: "127.0.0.1", PUSH_SENDING_INTERVAL_MS: "1000" },
  }));
});

test.afterAll(async () => {
  await desk?.close();
  await mock?.close();
});

/** A fan's browser: the service worker allowed, notifications allowed, its PushManager answering `subscription`. */
async function fanBrowser(browser: Browser, subscription: MockSubscription): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ serviceWorkers: "allow", viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(["notifications"], { origin: desk.url });
  await context.addInitScript((held: MockSubscription) => {
    const fake = {
      endpoint: held.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null as ArrayBuffer | null },
      getKey: () => null,
      toJSON: () => ({ endpoint: held.endpoint, expirationTime: null, keys: held.keys }),
      unsubscribe: async () => {
        localStorage.removeItem("test-push-subscribed");
        return true;
      },
    };
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      fake.options.applicationServerKey = key ? new Uint8Array(key as ArrayBuffer).slice().buffer : null;
      localStorage.setItem("test-push-subscribed", "1");
      return fake as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      if (!localStorage.getItem("test-push-subscribed")) return null;
      if (!fake.options.applicationServerKey) {
        const key = document.querySelector<HTMLMetaElement>('meta[name="push-public-key"]')!.content;
        const base64 = key.replace(/-/g, "+").replace(/_/g, "/");
        fake.options.applicationServerKey = Uint8Array.from(atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4)), (c) =>
          c.charCodeAt(0),
        ).buffer;
      }
      return fake as unknown as PushSubscription;
    };
  }, subscription);
  return { context, page: await context.newPage() };
}

async function publish(staffPage: Page, status: "Provisional" | "Final", issued: string) {
  await openAsStaff(staffPage, desk, editor, RESULT_PATH);
  await staffPage.getByLabel("Classification").fill(tslSheet({ status, issued }));
  if (status === "Final") await staffPage.getByRole("radio", { name: "Final" }).check();
  await staffPage.getByRole("button", { name: "Preview" }).click();
  await staffPage.getByRole("button", { name: /^Publish v\d/ }).click();
  await expect(staffPage.getByRole("status").filter({ hasText: /Published (a provisional|the final) result/ })).toBeVisible();
}

test("a fan subscribed to a driver gets the result once, the notification opens the round; turned off, they get no more; a 410 prunes", async ({
  page: staffPage,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const oliverFan = mock.subscribe();
  const teamFan = mock.subscribe();

  // The fan shows interest on Oliver Hartley's page, and only then is asked.
  const fan = await fanBrowser(browser, oliverFan);
  await fan.page.goto(`${desk.url}/team?driver=oliver-hartley`);
  const notify = fan.page.getByRole("button", { name: "Notify me about Oliver Hartley" });
  await notify.click();
  await expect(fan.page.locator("[data-notify-me]").getByText("Done: we'll tell you about Oliver Hartley.")).toBeVisible();
  await expect(fan.page.getByTestId("status-announcer")).toHaveText("Done: we'll tell you about Oliver Hartley.");
  await expect(fan.page.getByRole("link", { name: /Notifications on for Oliver Hartley/ })).toBeVisible();
  // Subscribed with the site's own key.
  const siteKey = await fan.page.locator('meta[name="push-public-key"]').getAttribute("content");

  // Another fan follows the whole team from the round's page.
  const other = await fanBrowser(browser, teamFan);
  await other.page.goto(`${desk.url}/calendar/${ROUND}`);
  // By keyboard.
  await other.page.getByRole("button", { name: "Notify me about every session and result" }).focus();
  await other.page.keyboard.press("Enter");
  await expect(other.page.locator("[data-notify-me]").getByText(/^Done/)).toBeVisible();

  // Staff publish the provisional result: exactly one message for the fan, encrypted to their keys.
  await publish(staffPage, "Provisional", "12:51");
  await mock.waitFor(() => mock.messages(oliverFan).length >= 1 && mock.messages(teamFan).length >= 1);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const received = mock.messages(oliverFan);
  expect(received).toHaveLength(1);
  const [message] = received;
  expect(message).toMatchObject({
    status: 201,
    problem: null,
    contentEncoding: "aes128gcm",
    ttl: "21600",
    urgency: "high",
    vapidKey: siteKey,
  });
  expect(message!.topic).toMatch(/^[\w-]{32}$/);
  const payload = JSON.parse(message!.text!) as {
    web_push: number;
    notification: { title: string; body: string; navigate: string; tag: string };
  };
  expect(payload).toMatchObject({
    web_push: 8030,
    notification: {
      title: "Race 1: provisional result",
      body: "Oliver Hartley P1 · Silverstone National",
      navigate: `${desk.url}/calendar/${ROUND}`,
      tag: `result-${ROUND}-s2`,
    },
  });
  expect(JSON.parse(mock.messages(teamFan)[0]!.text!).notification.body).toContain("Ethan Cole P3");

  // Delivered to the fan's service worker, it shows the notification; its link opens the round.
  const cdp = await fan.context.newCDPSession(fan.page);
  const registrationId = new Promise<string>((resolve) =>
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const found = registrations.find((registration) => registration.scopeURL === `${desk.url}/` && !registration.isDeleted);
      if (found) resolve(found.registrationId);
    }),
  );
  await cdp.send("ServiceWorker.enable");
  await cdp.send("ServiceWorker.deliverPushMessage", { origin: desk.url, registrationId: await registrationId, data: message!.text! });
  const shown = await fan.page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    for (let tries = 0; tries < 50; tries++) {
      const notifications = await registration.getNotifications();
      if (notifications.length > 0)
        return notifications.map((notification) => ({
          title: notification.title,
          body: notification.body,
          tag: notification.tag,
          data: notification.data as { navigate: string },
        }));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return [];
  });
  expect(shown).toEqual([
    {
      title: "Race 1: provisional result",
      body: "Oliver Hartley P1 · Silverstone National",
      tag: `result-${ROUND}-s2`,
      data: { navigate: `${desk.url}/calendar/${ROUND}` },
    },
  ]);
  await fan.page.goto(shown[0]!.data.navigate);
  await expect(fan.page.getByRole("heading", { level: 1 })).toHaveText("Silverstone National");

  // The fan turns notifications off; the other fan's subscription has expired at the push service.
  await fan.page.goto(`${desk.url}/notifications`);
  await expect(fan.page.getByRole("checkbox", { name: /Oliver Hartley/ })).toBeChecked();
  await fan.page.getByRole("button", { name: "Turn off notifications" }).click();
  await expect(fan.page.getByRole("status").filter({ hasText: "Notifications are off" })).toBeVisible();
  mock.answer(teamFan, 410);

  await publish(staffPage, "Final", "13:25");
  await mock.waitFor(() => mock.messages(teamFan).length === 2);
  await openAsStaff(staffPage, desk, editor, "/admin/notifications");
  const finalPush = staffPage.getByRole("listitem").filter({ hasText: "Race 1, Silverstone National: final result (v2)" });
  await expect(finalPush.getByText("sent out to 1 subscription")).toBeVisible();
  await expect(finalPush.locator("dd")).toHaveText(["0", "0", "1", "0"]);
  const provisionalPush = staffPage.getByRole("listitem").filter({ hasText: "provisional result (v1)" });
  await expect(provisionalPush.locator("dd")).toHaveText(["2", "0", "0", "0"]);
  expect(mock.messages(oliverFan)).toHaveLength(1);
  expect(mock.messages(teamFan).map((received) => received.status)).toEqual([201, 410]);

  // The desk on a phone.
  await staffPage.setViewportSize({ width: 390, height: 844 });
  await staffPage.reload();
  await expect(finalPush.locator("dd")).toHaveText(["0", "0", "1", "0"]);
  await expectNoSidewaysScroll(staffPage);
  await expectNoSeriousViolations(staffPage);
  await staffPage.screenshot({ path: testInfo.outputPath("push-desk-390.png"), fullPage: true });

  await fan.context.close();
  await other.context.close();
});
