import type { Logger } from "pino";
import type { Database } from "../db/client.server";

/** What the Express server hands every loader and action (see server/app.ts). */
export interface RequestContext {
  db: Database;
  log: Logger;
  cspNonce: string;
  publicUrl: string;
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestContext {}
}
