import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { keepRouteDiscoveryAlive } from "./route-discovery";

describe("keepRouteDiscoveryAlive", () => {
  const send = vi.fn(async () => new Response(null, { status: 204 }));

  beforeEach(() => {
    vi.stubGlobal("window", { fetch: send });
    vi.stubGlobal("location", { href: "https://ridgeway.test/dashboard/team" });
    keepRouteDiscoveryAlive();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    send.mockClear();
  });

  it("sends React Router's route discovery with keepalive, keeping its signal", async () => {
    const signal = new AbortController().signal;
    const discovery = new URL("https://ridgeway.test/__manifest?paths=%2Fnews&version=abc");
    await window.fetch(discovery, { signal });
    expect(send).toHaveBeenCalledWith(discovery, { signal, keepalive: true });

    await window.fetch(new Request("https://ridgeway.test/__manifest?paths=%2Fstore&version=abc"));
    expect(send).toHaveBeenLastCalledWith(expect.any(Request), { keepalive: true });
  });

  it("sends every other request as it was", async () => {
    const post = { method: "POST", body: "{}" };
    await window.fetch("/api/cart/quote", post);
    expect(send).toHaveBeenLastCalledWith("/api/cart/quote", post);
    await window.fetch("/__manifest-notes");
    expect(send).toHaveBeenLastCalledWith("/__manifest-notes", undefined);
    await window.fetch("https://elsewhere.test/x/__manifest?paths=%2F");
    expect(send).toHaveBeenLastCalledWith("https://elsewhere.test/x/__manifest?paths=%2F", undefined);
  });
});
