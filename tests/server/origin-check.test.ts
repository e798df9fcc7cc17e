import http from "node:http";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.server";
import { contactMessages, newsletterSubscribers } from "../../db/schema";
import { serverForTests } from "../support/server-fixture";

const publicUrl = "https://ridgeway-racing.example";
const evil = "https://evil.example";

function contactBody(email: string) {
  return new URLSearchParams({
    name: "Alex Morgan",
    email,
    subject: "Hospitality at Thruxton",
    category: "Sponsorship",
    message: "We'd like to bring six guests to Thruxton.",
  });
}
function newsletterBody(email: string) {
  return new URLSearchParams({ email, consent: "yes", source: "footer" });
}

describe("state-changing requests from other sites", () => {
  // As deployed: behind a proxy that terminates TLS and passes the Host on.
  const site = serverForTests({ env: { PUBLIC_URL: publicUrl, TRUST_PROXY: "true" } });

  const post = (path: string, body: URLSearchParams, headers: Record<string, string> = {}) =>
    fetch(`${site.url}${path}`, { method: "POST", body, headers, redirect: "manual" });

  /** fetch() sets Host itself; a proxied request needs the public host in it. */
  const postWithHost = (path: string, body: URLSearchParams, headers: Record<string, string>) =>
    new Promise<number | undefined>((resolve, reject) => {
      const request = http.request(`${site.url}${path}`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
      });
      request.on("response", (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode));
      });
      request.on("error", reject);
      request.end(body.toString());
    });

  it("are refused with a 403 before any action runs", async () => {
    const refused = [
      await post("/contact", contactBody("cross-origin@example.com"), { origin: evil }),
      await post("/newsletter", newsletterBody("cross-origin@example.com"), { origin: evil }),
      // React Router's own data requests (JavaScript on) go through the same gate.
      await post("/contact.data", contactBody("cross-origin-data@example.com"), { origin: evil }),
      await post("/newsletter", newsletterBody("opaque@example.com"), { origin: "null" }),
      // The same host on another scheme is another origin.
      await post("/newsletter", newsletterBody("scheme@example.com"), { origin: "http://ridgeway-racing.example" }),
      // No Origin, but the browser says the request is cross-site.
      await post("/contact", contactBody("fetch-metadata@example.com"), { "sec-fetch-site": "cross-site" }),
      await post("/newsletter", newsletterBody("fetch-metadata@example.com"), { "sec-fetch-site": "cross-site" }),
    ];
    for (const response of refused) {
      expect(response.status).toBe(403);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(await response.text()).toBe("Forbidden: this request did not come from this site.");
    }
  });

  it("still serves pages to other sites' links", async () => {
    const response = await fetch(`${site.url}/contact`, { headers: { origin: evil, "sec-fetch-site": "cross-site" } });
    expect(response.status).toBe(200);
  });

  it("accepts the site's own forms, on its public URL or on its own host and port", async () => {
    const own = await post("/contact", contactBody("same-origin@example.com"), {
      origin: site.url,
      "sec-fetch-site": "same-origin",
    });
    expect(own.status).toBe(200);
    // What the proxy passes on for a visitor's post on https://ridgeway-racing.example.
    const viaPublicUrl = await postWithHost("/newsletter", newsletterBody("same-origin@example.com"), {
      host: "ridgeway-racing.example",
      "x-forwarded-proto": "https",
      origin: publicUrl,
    });
    expect(viaPublicUrl).toBe(200);
  });

  it("accepts a request with neither Origin nor Sec-Fetch-Site (curl, mail apps, servers)", async () => {
    const response = await post("/newsletter", newsletterBody("no-headers@example.com"));
    expect(response.status).toBe(200);
  });

  it("logs each refusal and stores nothing from them", async () => {
    const refusals = site.server
      .output()
      .split("\n")
      .filter((line) => line.includes("refused a state-changing request from another origin"));
    expect(refusals).toHaveLength(7);
    expect(JSON.parse(refusals[0]!)).toMatchObject({ level: 40, origin: evil, reason: "cross-origin", path: "/contact" });

    // The embedded database belongs to one process at a time: stop the server to look inside.
    await site.server.stop();
    const handle = await openDatabase({
      dataDir: site.testDb.dataDir,
      databaseUrl: site.testDb.databaseUrl,
      onConnectionError: () => {},
    });
    try {
      const messages = await handle.db.select().from(contactMessages);
      expect(messages.map((message) => message.email)).toEqual(["same-origin@example.com"]);
      const subscribers = await handle.db.select().from(newsletterSubscribers);
      expect(subscribers.map((subscriber) => subscriber.email).sort()).toEqual(["no-headers@example.com", "same-origin@example.com"]);
    } finally {
      await handle.close();
    }
  });
});
