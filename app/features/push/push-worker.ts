/**
 * The service worker's Web Push handlers (issue 40), registered beside the offline ones
 * (service-worker.ts): every push shows a notification (a browser may end a subscription whose
 * pushes show nothing); a tap on it focuses the site's window already on its page, or opens it;
 * and when the browser renews the subscription, the site is told, so the fan's choices move to the
 * new one. Safari shows our declarative messages itself and calls none of this.
 */
import { notificationToShow, sameOriginUrl } from "./push-payload";
import { PUSH_SUBSCRIPTION_PATH } from "./subscription-request-path";

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification & { data?: { navigate?: string } };
}
interface PushSubscriptionChangeEvent extends ExtendableEvent {
  readonly newSubscription: PushSubscription | null;
  readonly oldSubscription: PushSubscription | null;
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
export interface PushWorkerScope {
  addEventListener(type: "push", listener: (event: PushEvent) => void): void;
  addEventListener(type: "notificationclick", listener: (event: NotificationEvent) => void): void;
  addEventListener(type: "pushsubscriptionchange", listener: (event: PushSubscriptionChangeEvent) => void): void;
  readonly registration: ServiceWorkerRegistration;
  readonly clients: {
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  readonly location: Location;
}

/** Which open window a tap should bring forward: one on the page already, else none (a new one opens). */
export function windowFor<Client extends { url: string }>(clients: readonly Client[], target: string): Client | undefined {
  return clients.find((client) => client.url === target);
}

export function addPushHandlers(worker: PushWorkerScope): void {
  worker.addEventListener("push", (event) => {
    const shown = notificationToShow(event.data?.text() ?? null, worker.location.origin);
    event.waitUntil(
      worker.registration.showNotification(shown.title, {
        body: shown.body,
        tag: shown.tag,
        lang: "en-GB",
        dir: "ltr",
        icon: "/favicon.svg",
        data: { navigate: shown.navigate },
      }),
    );
  });

  worker.addEventListener("notificationclick", (event) => {
    event.notification.close();
    const target = sameOriginUrl(event.notification.data?.navigate, worker.location.origin);
    event.waitUntil(
      (async () => {
        const open = await worker.clients.matchAll({ type: "window", includeUncontrolled: true });
        const already = windowFor(open, target);
        if (already) await already.focus();
        else await worker.clients.openWindow(target);
      })(),
    );
  });

  worker.addEventListener("pushsubscriptionchange", (event) => {
    event.waitUntil(
      (async () => {
        const renewed =
          event.newSubscription ??
          (await worker.registration.pushManager.subscribe(event.oldSubscription?.options ?? { userVisibleOnly: true }));
        await fetch(PUSH_SUBSCRIPTION_PATH, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          credentials: "same-origin",
          body: JSON.stringify({
            subscription: renewed.toJSON(),
            ...(event.oldSubscription ? { replaces: event.oldSubscription.endpoint } : {}),
          }),
        });
      })(),
    );
  });
}
