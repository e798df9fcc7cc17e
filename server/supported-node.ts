/**
 * Imported first by server/index.ts: on a Node.js older than package.json's engines allow, the
 * process prints one line (the version found, the version needed, how to get it) and exits with
 * status 1, before the rest of the server loads (ADR 0113). The check itself is plain JavaScript
 * in scripts/node-version.mjs, shared with scripts/build-if-needed.mjs.
 */
import { requireSupportedNode } from "../scripts/node-version.mjs";

requireSupportedNode();
