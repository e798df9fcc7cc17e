import { useState, useSyncExternalStore, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { PUSH_KIND_LABELS, PUSH_KINDS, type PushKind } from "./push-content";
import { askPermission, pushStateSnapshot, pushSupport, readPushSnapshot, subscribeToPushState, type PushSupport } from "./push-state";
import type { PushChoices } from "./subscription-request";

/*
 * The fan's one page for notifications (/notifications): which kinds, which drivers (none ticked:
 * the whole team), turn them on, change them, turn them off. The server renders the form with the
 * choices the address asks for (a "notify me" link's); once interactive, a browser that has
 * notifications on shows its own choices. The buttons keep their size whatever they say.
 */

export interface ChoiceDriver {
  id: string;
  name: string;
  number: number;
  racingClass: string;
}

type Message = { tone: "info" | "success" | "problem"; text: string } | null;

const NO_PUSH: Record<Exclude<PushSupport, "ready">, string> = {
  "add-to-home-screen":
    "On iPhone and iPad, notifications come from the site on your Home Screen: tap Share, then Add to Home Screen, open Ridgeway Racing from there and come back to this page.",
  denied:
    "Notifications are blocked for this site. Allow them in your browser's site settings (the icon beside the address), then choose again.",
  unsupported: "This browser cannot show notifications from websites. A current Chrome, Edge, Firefox or Safari can.",
};

export function NotificationChoices({ drivers, initial }: { drivers: ChoiceDriver[]; initial: PushChoices }) {
  // The server's HTML shows what the address asks for; then this browser's stored choices, if any.
  const snapshot = useSyncExternalStore(subscribeToPushState, pushStateSnapshot, () => null);
  const stored = snapshot === null ? null : readPushSnapshot(snapshot).stored;
  const subscribed = stored !== null;
  const [edited, setEdited] = useState<PushChoices | null>(null);
  const choices = edited ?? stored?.choices ?? initial;
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);

  const toggle = <Key extends keyof PushChoices>(key: Key, value: PushChoices[Key][number], on: boolean) => {
    const list = choices[key] as string[];
    const next = on ? [...new Set([...list, value])] : list.filter((item) => item !== value);
    setEdited({ ...choices, [key]: key === "kinds" ? PUSH_KINDS.filter((kind) => next.includes(kind)) : next });
  };

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const support = pushSupport();
    if (support !== "ready") {
      setMessage({ tone: "problem", text: NO_PUSH[support] });
      return;
    }
    if (choices.kinds.length === 0) {
      setMessage({ tone: "problem", text: "Choose at least one kind of notification, or turn them off." });
      return;
    }
    const asked = askPermission();
    setBusy(true);
    setMessage({ tone: "info", text: subscribed ? "Saving…" : "Asking your browser…" });
    try {
      const client = await import("./push-client");
      const result = await client.turnOn(choices, asked);
      if (result.ok) {
        setEdited(null);
        setMessage({ tone: "success", text: subscribed ? "Saved." : "Notifications are on." });
      } else if (result.reason === "denied") setMessage({ tone: "problem", text: NO_PUSH.denied });
      else if (result.reason === "dismissed")
        setMessage({ tone: "info", text: "Nothing changed: your browser was not allowed to show notifications." });
      else
        setMessage({
          tone: "problem",
          text: `That did not work just now${result.message ? ` (${result.message})` : ""}. Please try again.`,
        });
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    setBusy(true);
    try {
      const client = await import("./push-client");
      await client.turnOff();
      setEdited(null);
      setMessage({ tone: "success", text: "Notifications are off, and this browser's subscription is deleted from the site." });
    } catch {
      setMessage({ tone: "problem", text: "Notifications could not be turned off just now. Please try again." });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={save} className="grid gap-8" aria-describedby="choices-status">
      <fieldset className="grid gap-3">
        <legend className="mb-3 text-xl font-bold uppercase">What to hear</legend>
        {PUSH_KINDS.map((kind: PushKind) => (
          <label key={kind} className="flex min-h-11 cursor-pointer items-start gap-3 rounded-card border border-line bg-surface p-3">
            <input
              type="checkbox"
              name="kinds"
              value={kind}
              checked={choices.kinds.includes(kind)}
              onChange={(event) => toggle("kinds", kind, event.target.checked)}
              className="mt-0.5 size-5 shrink-0 accent-accent"
            />
            <span>
              <span className="block font-semibold">{PUSH_KIND_LABELS[kind].label}</span>
              <span className="block text-sm text-muted">{PUSH_KIND_LABELS[kind].hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-xl font-bold uppercase">Drivers</legend>
        <p className="text-sm text-muted">Sessions and results of the drivers you tick. None ticked: the whole team.</p>
        <div className="grid gap-2 sm:grid-cols-2">
          {drivers.map((driver) => (
            <label
              key={driver.id}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-card border border-line bg-surface px-3 py-2"
            >
              <input
                type="checkbox"
                name="drivers"
                value={driver.id}
                checked={choices.driverIds.includes(driver.id)}
                onChange={(event) => toggle("driverIds", driver.id, event.target.checked)}
                className="size-5 shrink-0 accent-accent"
              />
              <span>
                {driver.name}{" "}
                <span className="text-sm text-muted">
                  #{driver.number} · {driver.racingClass}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-3">
        <p id="choices-status" role="status" className={cx("min-h-6 text-sm", message?.tone === "problem" ? "text-warning" : "text-muted")}>
          {message?.text}
        </p>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={busy} className="min-w-60">
            {subscribed ? "Save choices" : "Turn on notifications"}
          </Button>
          <Button variant="secondary" disabled={busy || !subscribed} onClick={turnOff} className="min-w-60">
            Turn off notifications
          </Button>
        </div>
      </div>
    </form>
  );
}
