import { z } from "zod";

// Zod compiles fast validators with `new Function` when it can. The site's CSP
// forbids eval in the browser, so there it must use its interpreter. This has
// to run before any schema is built, hence every app module imports Zod from here.
if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
