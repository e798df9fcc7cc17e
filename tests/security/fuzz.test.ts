import { readFileSync } from "node:fs";
import http from "node:http";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.server";
import { createAuth } from "../../app/features/account/auth.server";
import { bodyLimitFor } from "../../server/body-limit";
import { prepareStaff, signInOverHttp, type PreparedStaff } from "../support/prepared-staff";
import { serverForTests } from "../support/server-fixture";
import { paidOrder } from "../support/shop-orders";
import { formsOf, linksOf, patternOf, routePatterns, type PageForm, type RoutePattern } from "./site-map";

/**
 * Every route in app/routes.ts, and every form its pages show, against what a careless or hostile
 * client sends (ADR 0057). Dynamic routes are filled from seeded data by following the links the
 * pages show, so a route added without a way to reach it fails the first test instead of going
 * unfuzzed. Needs `npm run build`.
 */

const AUTH_SECRET = "security-suite-secret-0123456789abcdef0123";
const PASSWORD = "a long enough shopper password";
type Identity = "anonymous" | "admin" | "alice";

const cookies: Record<Identity, string> = { anonymous: "", admin: "", alice: "" };
/** A shopper's order and what only its owner (and the shop's staff) may see of it. */
interface Shopper {
  userId: string;
  orderNumber: string;
  sessionId: string;
  /** A street line no other page could show by chance. */
  marker: string;
}
const shoppers: Record<"alice" | "bob", Shopper> = {} as never;
let unpaidSessionId = "";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}
interface Sent {
  identity: Identity;
  method: string;
  path: string;
  what: string;
  status: number;
  cacheControl: string;
}
const sent: Sent[] = [];
/** Where each shopper's marker was seen: identity and path. */
const sightings: { shopper: "alice" | "bob"; identity: Identity; path: string }[] = [];

function residentMb(): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${site.server.child.pid}/status`, "utf8"));
  return Number(match![1]) / 1024;
}
let startMb = 0;
let peakMb = 0;
let sampler: NodeJS.Timeout | undefined;

interface Send {
  method?: string;
  type?: string;
  body?: string | Buffer;
  /** Sent with Transfer-Encoding: chunked, without Content-Length. */
  chunked?: boolean;
  /** Chunked bytes to stream after `body`, until the server answers. */
  streamBytes?: number;
  /** A Content-Length header that does not match what is sent. */
  declaredLength?: number;
}

function send(identity: Identity, path: string, what: string, options: Send = {}): Promise<Answer> {
  const { method = "GET", type, body, chunked, streamBytes = 0, declaredLength } = options;
  const url = new URL(site.url);
  const headers: Record<string, string | number> = { Origin: site.url, Host: url.host };
  if (cookies[identity]) headers.Cookie = cookies[identity];
  if (type) headers["Content-Type"] = type;
  if (declaredLength !== undefined) headers["Content-Length"] = declaredLength;
  else if (chunked || streamBytes) headers["Transfer-Encoding"] = "chunked";
  else if (body !== undefined) headers["Content-Length"] = Buffer.byteLength(body);
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = http.request({ host: url.hostname, port: url.port, path, method, headers, agent: false }, (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.once("end", () => {
        const answer = { status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString("utf8") };
        sent.push({ identity, method, path, what, status: answer.status, cacheControl: String(response.headers["cache-control"] ?? "") });
        for (const name of ["alice", "bob"] as const) {
          if (answer.body.includes(shoppers[name].marker)) sightings.push({ shopper: name, identity, path });
        }
        request.destroy();
        resolve(answer);
      });
    });
    request.setTimeout(30_000, () => request.destroy(new Error(`${method} ${path} (${what}): no answer in 30 s`)));
    // The server may close while a refused body is still being written: only an error before the answer counts.
    request.on("error", (error) => {
      if (!answered) reject(new Error(`${method} ${path} (${what}): ${error.message}`));
    });
    if (body !== undefined) request.write(body);
    if (!streamBytes) return void request.end();
    const chunk = Buffer.alloc(64 * 1024, "A");
    let written = 0;
    const pump = () => {
      while (!answered && written < streamBytes) {
        written += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      if (!answered) request.end();
    };
    pump();
  });
}

const FORM = "application/x-www-form-urlencoded";
const latin1 = (text: string) => Buffer.from(text, "latin1");

/** What every route gets, whatever it is. */
function casesFor(path: string): { what: string; options: Send }[] {
  const limit = bodyLimitFor(path);
  return [
    ...["TRACE", "OPTIONS", "PUT", "DELETE", "PATCH"].map((method) => ({ what: method, options: { method, type: FORM, body: "a=b" } })),
    { what: "empty body", options: { method: "POST", type: FORM, body: "" } },
    { what: "no Content-Type", options: { method: "POST", body: "email=a%40example.com" } },
    { what: "wrong Content-Type", options: { method: "POST", type: "text/plain", body: "hello" } },
    { what: "bad urlencoding", options: { method: "POST", type: FORM, body: "%zz=%E0%A4%A&intent=%&email=%G0" } },
    {
      what: "broken multipart",
      options: {
        method: "POST",
        type: "multipart/form-data; boundary=xyz",
        body: '--xyz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave',
      },
    },
    { what: "multipart without boundary", options: { method: "POST", type: "multipart/form-data", body: "--\r\n" } },
    { what: "bad JSON", options: { method: "POST", type: "application/json", body: '{"lines":[{"productId":' } },
    {
      what: "JSON of another shape",
      options: { method: "POST", type: "application/json", body: '{"lines":"x","__proto__":{"admin":true},"id":[1,2]}' },
    },
    {
      what: "repeated fields",
      options: {
        method: "POST",
        type: FORM,
        body: "intent=a&intent=b&email=a&email=b&lines[]=1&lines[]=2&id=1&id=2&quantity=1&quantity=-1",
      },
    },
    { what: "NUL bytes", options: { method: "POST", type: FORM, body: "intent=%00&email=a%00%40example.com&name=%00&q=%00&line1=%00" } },
    {
      what: "invalid UTF-8",
      options: {
        method: "POST",
        type: FORM,
        body: Buffer.concat([latin1("name="), Buffer.from([0xff, 0xfe, 0xc3, 0x28]), latin1("&email=a%FF%40example.com")]),
      },
    },
    { what: "chunked", options: { method: "POST", type: FORM, body: "email=a%40example.com&name=x", chunked: true } },
    // Over the route's limit while it streams; a limit too large to stream here is declared instead.
    limit <= 4 * 2 ** 20
      ? { what: "huge chunked", options: { method: "POST", type: FORM, body: "name=", streamBytes: limit + 256 * 1024 } }
      : { what: "huge declared", options: { method: "POST", type: FORM, body: "name=", declaredLength: limit + 1 } },
    { what: "query: invalid UTF-8 and NUL", options: { method: "GET" } },
  ];
}

const identityFor = (path: string): Identity =>
  path.startsWith("/admin") ? "admin" : path.startsWith("/dashboard") ? "alice" : "anonymous";

/** One concrete path for each route: found by following the pages' links as each identity. */
const concrete = new Map<string, string>();
const forms = new Map<string, PageForm & { identity: Identity }>();
let patterns: RoutePattern[] = [];

let admin: PreparedStaff;

// V8 grows its heap lazily (about 0.2 MB a request here, collected later): with the old space capped,
// resident memory measures what is kept, and a real leak ends in an out-of-memory crash the
// assertions see. ADR 0057.
const site = serverForTests({
  env: { AUTH_SECRET, PAYMENTS: "test", NODE_OPTIONS: "--max-old-space-size=256" },
  // The security project's hook budget, as before: the sign-ups and orders come first.
  hookTimeoutMs: 240_000,
  prepare: async (testDb) => {
    const publicUrl = "http://127.0.0.1";
    admin = await prepareStaff(testDb, { email: "security.admin@example.com", roles: ["admin"], secret: AUTH_SECRET, publicUrl });
    const handle = await openDatabase({ dataDir: testDb.dataDir, databaseUrl: testDb.databaseUrl, onConnectionError: () => {} });
    try {
      const auth = createAuth({ db: handle.db, publicUrl, secret: AUTH_SECRET });
      for (const name of ["alice", "bob"] as const) {
        const email = `${name}@example.com`;
        const { user } = await auth.api.signUpEmail({ body: { name: `${name} Shopper`, email, password: PASSWORD, role: "team_member" } });
        const marker = `${name === "alice" ? 17 : 23} ${name}-only Marker Road`;
        const order = await paidOrder(handle.db, {
          userId: user.id,
          customer: { name: `${name} Shopper`, email },
          address: { name: `${name} Shopper`, line1: marker, town: "Andover", postcode: "SP11 8PW", country: "GB" },
        });
        shoppers[name] = { userId: user.id, orderNumber: order.orderNumber, sessionId: order.providerSessionId!, marker };
      }
      const unpaid = await paidOrder(handle.db, { pay: false, customer: { name: "Carol Waiting", email: "carol@example.com" } });
      unpaidSessionId = unpaid.providerSessionId!;
    } finally {
      await handle.close();
    }
  },
});

beforeAll(async () => {
  cookies.admin = await signInOverHttp(site.url, admin);
  const signIn = await send("anonymous", "/login", "sign in", {
    method: "POST",
    type: FORM,
    body: new URLSearchParams({ intent: "sign-in", email: "alice@example.com", password: PASSWORD }).toString(),
  });
  cookies.alice = String(signIn.headers["set-cookie"]?.map((line) => line.split(";")[0]).join("; ") ?? "");
  expect(cookies.alice).toContain("session_token");

  // What the seed has none of: a message in the inbox, a picture in the media library and a newsletter issue, made as
  // visitors and staff make them.
  const message = await send("anonymous", "/contact", "a message", {
    method: "POST",
    type: FORM,
    body: new URLSearchParams({
      name: "Inbox Fan",
      email: "fan@example.com",
      subject: "Hello",
      category: "General Inquiry",
      message: "A message for the inbox.",
    }).toString(),
  });
  expect(message.status).toBeLessThan(400);
  const picture = new FormData();
  picture.set("altText", "Red test card");
  const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#c33" } })
    .png()
    .toBuffer();
  picture.set("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "red.png");
  const uploaded = await fetch(`${site.url}/admin/media/new`, {
    method: "POST",
    body: picture,
    headers: { cookie: cookies.admin, origin: site.url },
    redirect: "manual",
  });
  expect(uploaded.status).toBe(302);
  const issue = await send("admin", "/admin/newsletters/new", "a newsletter issue", {
    method: "POST",
    type: FORM,
    body: new URLSearchParams({ intent: "save", subject: "Race week", body: "See you at the circuit." }).toString(),
  });
  expect(issue.status).toBe(302);

  // Links the pages show, three steps deep from every route without parameters, as whoever the route is for.
  patterns = routePatterns();
  const queue = patterns.filter((route) => route.params.length === 0 && route.pattern !== "*").map((route) => route.pattern);
  // Routes no page links to: reached through what the seed and the set-up made.
  queue.push(
    `/order-confirmation?session_id=${shoppers.alice.sessionId}`,
    `/pay/test/${unpaidSessionId}`,
    `/avatars/${shoppers.alice.userId}`,
    "/api/drivers/1",
    "/no-such-page",
    // A round's page is linked from the calendar's open row and the next-race panel (none in the
    // seed's off-season); its sessions' calendar files and the live desk's outbox address from no page.
    "/calendar/2025-r9-silverstone-national",
    "/calendar/2025-r9-silverstone-national/sessions/2025-r9-silverstone-national-s1.ics",
    "/admin/live/2025-r9-silverstone-national",
    "/admin/live/2025-r9-silverstone-national/posts",
    // A partner's redirect is linked only where staff linked the partner to a placement (none in
    // the seed); a partner's report only from the e-mail that sends its link.
    "/go/vortex-air-systems/partners-page",
    "/partner-report/not-a-real-token",
    "/partner-report/not-a-real-token/report.csv",
    "/partner-report/not-a-real-token/report.pdf",
  );
  const seen = new Set<string>();
  for (let depth = 0; depth < 3 && queue.length > 0; depth++) {
    const next: string[] = [];
    await Promise.all(
      queue.splice(0).map(async (path) => {
        if (seen.has(path)) return;
        seen.add(path);
        const pathname = path.split("?")[0]!;
        const route = path === "/no-such-page" ? patterns.find((r) => r.pattern === "*") : patternOf(pathname, patterns);
        if (!route) return;
        if (!concrete.has(route.pattern)) concrete.set(route.pattern, path);
        const identity = identityFor(pathname);
        const page = await send(identity, path, "crawl");
        if (!String(page.headers["content-type"]).startsWith("text/html")) return;
        for (const form of formsOf(pathname, page.body)) {
          const key = `${identity} ${form.action} ${form.fields.map(([name, value]) => (name === "intent" ? `${name}=${value}` : name)).join(",")}`;
          if (!forms.has(key)) forms.set(key, { ...form, identity });
        }
        for (const link of linksOf(page.body)) {
          const linked = patternOf(link, patterns);
          if (linked && (!concrete.has(linked.pattern) || linked.params.length > 0) && !seen.has(link) && identityFor(link) === identity)
            next.push(link);
        }
      }),
    );
    queue.push(...new Set(next));
  }
  // Old race-report addresses show the same articles as /news/{id}.
  const article = concrete.get("/news/:reportId");
  if (article) concrete.set("/race-reports/:reportId", article.replace("/news/", "/race-reports/"));

  // Memory is measured from here: every page has been rendered once.
  startMb = peakMb = residentMb();
  sampler = setInterval(() => (peakMb = Math.max(peakMb, residentMb())), 200);
}, 240_000);

// Before the fixture's own afterAll (vitest runs them last-registered first), which stops the server.
afterAll(() => {
  clearInterval(sampler);
});

describe("the security suite (ADR 0057)", () => {
  it("reaches every route in app/routes.ts, with its parameters filled from seeded data", () => {
    const missing = patterns.filter((route) => !concrete.has(route.pattern)).map((route) => route.pattern);
    expect(missing).toEqual([]);
    expect(forms.size).toBeGreaterThan(20);
  });

  it("answers every route's unexpected methods and malformed, empty, huge, chunked bodies without a 5xx", async () => {
    const paths = [...concrete.values()];
    // Two routes at a time: the machine has two cores, and the server shares them with this test.
    const work = paths.flatMap((path) =>
      casesFor(path.split("?")[0]!).map(({ what, options }) => () => {
        const target = what.startsWith("query") ? `${path}${path.includes("?") ? "&" : "?"}q=%FF%FE%00&page=%00&session_id=%C3%28` : path;
        // Signing out ends the session every other case uses: it is sent signed out.
        const identity = path === "/logout" ? "anonymous" : identityFor(path);
        return send(identity, target, what, options);
      }),
    );
    await inPairs(work);
    const failures = sent
      .filter((answer) => answer.status >= 500)
      .map((a) => `${a.method} ${a.path} (${a.what}, ${a.identity}): ${a.status}`);
    expect(failures).toEqual([]);
  }, 240_000);

  it("refuses hostile values in every form the pages show without a 5xx, and the lists that show them still work", async () => {
    const variants = (fields: [string, string][]): { what: string; body: string | Buffer }[] => {
      const encode = (pairs: [string, string][]) => new URLSearchParams(pairs).toString();
      return [
        { what: "NUL in every field", body: encode(fields.map(([name, value]) => [name, `${value}\u0000x`])) },
        {
          what: "every field twice",
          body: encode(
            fields.flatMap(([name, value]): [string, string][] =>
              name === "intent"
                ? [
                    [name, value],
                    [name, value],
                  ]
                : [
                    [name, "1e999"],
                    [name, "[object Object]"],
                  ],
            ),
          ),
        },
        { what: "long values", body: encode(fields.map(([name, value]) => [name, name === "intent" ? value : "A".repeat(3000)])) },
        {
          what: "invalid UTF-8 in every field",
          body: Buffer.concat(
            fields.flatMap(([name], index) => [latin1(`${index ? "&" : ""}${encodeURIComponent(name)}=`), Buffer.from([0xff, 0xc3, 0x28])]),
          ),
        },
      ];
    };
    const work = [...forms.values()]
      .filter((form) => !/\/logout$/.test(form.action))
      .flatMap((form) =>
        variants(form.fields).map(
          ({ what, body }) =>
            () =>
              send(form.identity, form.action, `form on ${form.page}: ${what}`, { method: "POST", type: FORM, body }),
        ),
      );
    // A shopper's delivery address with a NUL in it, at checkout and in their address book.
    const address = {
      name: "Nul Shopper",
      email: "nul@example.com",
      shipName: "Nul\u0000Shopper",
      shipLine1: "1 Nul\u0000Lane",
      shipTown: "Andover",
      shipPostcode: "SP11 8PW",
      shipCountry: "GB",
    };
    work.push(() =>
      send("anonymous", "/checkout", "NUL in the address", {
        method: "POST",
        type: FORM,
        body: new URLSearchParams({ productId: "6", size: "One Size", quantity: "1", ...address }).toString(),
      }),
    );
    await inPairs(work);
    // The back office's lists show what was stored.
    for (const path of [
      "/admin/orders",
      "/admin/customers",
      "/admin/messages",
      "/admin/people",
      "/admin/subscribers",
      "/dashboard/addresses",
    ]) {
      await send(identityFor(path), path, "after the forms");
    }
    const failures = sent
      .filter((answer) => answer.status >= 500)
      .map((a) => `${a.method} ${a.path} (${a.what}, ${a.identity}): ${a.status}`);
    expect(failures).toEqual([]);
    // Still signed in: the fuzz did not end the sessions it runs on.
    expect((await send("admin", "/admin", "still signed in")).status).toBe(200);
  }, 240_000);

  it("keeps resident memory within 100 MB of where it started", () => {
    peakMb = Math.max(peakMb, residentMb());
    expect(peakMb - startMb).toBeLessThan(100);
  });

  it("says private, no-store on every answer to a signed-in visitor and on every personal link", async () => {
    await send("anonymous", `/order-confirmation?session_id=${shoppers.bob.sessionId}`, "personal link");
    await send("anonymous", `/pay/test/${unpaidSessionId}`, "personal link");
    const personal = sent.filter(
      (answer) =>
        answer.identity !== "anonymous" || answer.what === "personal link" || /^\/(order-confirmation|pay\/test)/.test(answer.path),
    );
    expect(personal.length).toBeGreaterThan(100);
    const leaky = personal
      .filter((answer) => !(answer.cacheControl.includes("private") && answer.cacheControl.includes("no-store")))
      .map((a) => `${a.method} ${a.path} (${a.what}, ${a.identity}): ${a.cacheControl || "(none)"}`);
    expect(leaky).toEqual([]);
  });

  it("shows a shopper's order only on their own links", async () => {
    const own = await send("alice", `/dashboard/orders/${shoppers.alice.orderNumber}`, "own order");
    expect(own.status).toBe(200);
    expect(own.body).toContain(shoppers.alice.marker);
    const other = await send("alice", `/dashboard/orders/${shoppers.bob.orderNumber}`, "someone else's order");
    expect(other.status).toBe(404);
    const signedOut = await send("anonymous", `/dashboard/orders/${shoppers.alice.orderNumber}`, "signed out");
    expect(signedOut.status).toBeGreaterThanOrEqual(300);
    const link = await send("anonymous", `/order-confirmation?session_id=${shoppers.bob.sessionId}`, "own link");
    expect(link.body).toContain(shoppers.bob.marker);
    const allowed = (sighting: (typeof sightings)[number]) =>
      sighting.identity === "admin" ||
      sighting.identity === sighting.shopper ||
      sighting.path.includes(shoppers[sighting.shopper].sessionId);
    expect(sightings.filter((sighting) => !allowed(sighting))).toEqual([]);
    expect(sightings.length).toBeGreaterThan(2);
  });
});

/** Runs the requests two at a time, in order. */
async function inPairs(work: (() => Promise<unknown>)[]): Promise<void> {
  let next = 0;
  await Promise.all(
    [0, 1].map(async () => {
      while (next < work.length) await work[next++]!();
    }),
  );
}
