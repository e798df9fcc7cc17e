import { useCallback, useRef, useState } from "react";
import type { DriverDetailData } from "./drivers.server";

export type DriverDetailState = { state: "loading" } | { state: "ready"; driver: DriverDetailData } | { state: "error" };

/** GET /api/drivers/:driverId: one driver's detail; rejects when the server cannot give it. */
export async function fetchDriverDetail(driverId: string, signal?: AbortSignal): Promise<DriverDetailData> {
  const response = await fetch(`/api/drivers/${encodeURIComponent(driverId)}`, { headers: { Accept: "application/json" }, signal });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return ((await response.json()) as { driver: DriverDetailData }).driver;
}

/**
 * Drivers' details by id: the one the page came with (?driver=), and the others asked
 * for once when first wanted (a card pointed at, focused, touched or pressed) and kept
 * for the visit. A failed request is asked again the next time the card is wanted.
 */
export function useDriverDetails(initial: DriverDetailData | null) {
  const [details, setDetails] = useState<Record<string, DriverDetailState>>(() =>
    initial ? { [initial.id]: { state: "ready", driver: initial } } : {},
  );
  const asked = useRef(new Set(initial ? [initial.id] : []));

  const load = useCallback((driverId: string) => {
    if (asked.current.has(driverId)) return;
    asked.current.add(driverId);
    const settle = (state: DriverDetailState) => setDetails((current) => ({ ...current, [driverId]: state }));
    settle({ state: "loading" });
    fetchDriverDetail(driverId).then(
      (driver) => settle({ state: "ready", driver }),
      () => {
        asked.current.delete(driverId);
        settle({ state: "error" });
      },
    );
  }, []);

  return { details, load };
}
