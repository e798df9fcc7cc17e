import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { z } from "zod";

// Zod compiles fast validators with `new Function` when it can; our CSP forbids
// eval in the browser, so it must use its plain interpreter there.
z.config({ jitless: true });

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
