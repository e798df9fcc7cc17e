import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { registerWorkerWhenIdle } from "~/features/offline/register-worker";
import { syncPushWhenIdle } from "~/features/push/sync-when-idle";
import { startVitalsReporting } from "~/features/vitals/start-reporting";
import { stopNotingEarlyTaps } from "~/lib/paint-first";

stopNotingEarlyTaps();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});

startVitalsReporting();
registerWorkerWhenIdle();
syncPushWhenIdle();
