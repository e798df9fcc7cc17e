import { describe, expect, it } from "vitest";
import { generateVapidKeys, isAllowedPushEndpoint, vapidKeysProblem, vapidSubjectProblem, DEFAULT_PUSH_SERVICE_HOSTS } from "./vapid";

describe("the VAPID subject", () => {
  it("is a real mailto: or https: address; Apple refuses the rest, so they are refused at start", () => {
    expect(vapidSubjectProblem("mailto:press@ridgewayracing.co.uk")).toBeNull();
    expect(vapidSubjectProblem("https://ridgewayracing.co.uk")).toBeNull();
    expect(vapidSubjectProblem("mailto:info@ridgeway-racing.example")).toMatch(/not a real mail domain/);
    expect(vapidSubjectProblem("mailto:me@localhost")).toMatch(/not a real/);
    expect(vapidSubjectProblem("https://localhost:3000")).toMatch(/not a real host/);
    expect(vapidSubjectProblem("https://127.0.0.1")).toMatch(/not a real host/);
    expect(vapidSubjectProblem("http://ridgewayracing.co.uk")).toMatch(/not http:/);
    expect(vapidSubjectProblem("press@ridgewayracing.co.uk")).toMatch(/must be a mailto:/);
  });
});

describe("the VAPID keys", () => {
  it("a generated pair is accepted; a public key that is not the private key's half is refused", () => {
    const keys = generateVapidKeys();
    expect(vapidKeysProblem(keys)).toBeNull();
    expect(Buffer.from(keys.privateKey, "base64url")).toHaveLength(32);
    expect(vapidKeysProblem({ ...keys, publicKey: generateVapidKeys().publicKey })).toMatch(/not the public half/);
    expect(vapidKeysProblem({ ...keys, publicKey: "short" })).toMatch(/65 bytes/);
    expect(vapidKeysProblem({ ...keys, privateKey: "a+b/" })).toMatch(/URL-safe base64/);
  });
});

describe("the push services a subscription may point at", () => {
  it("the browsers' own, over https, and no address inside the site's network", () => {
    const hosts = DEFAULT_PUSH_SERVICE_HOSTS;
    expect(isAllowedPushEndpoint("https://fcm.googleapis.com/fcm/send/abc", hosts)).toBe(true);
    expect(isAllowedPushEndpoint("https://updates.push.services.mozilla.com/wpush/v2/x", hosts)).toBe(true);
    expect(isAllowedPushEndpoint("https://web.push.apple.com/QGh", hosts)).toBe(true);
    expect(isAllowedPushEndpoint("https://wns2-par02p.notify.windows.com/w/?token=x", hosts)).toBe(true);
    expect(isAllowedPushEndpoint("http://fcm.googleapis.com/fcm/send/abc", hosts)).toBe(false);
    expect(isAllowedPushEndpoint("https://push.apple.com.evil.example/x", hosts)).toBe(false);
    expect(isAllowedPushEndpoint("https://user:pw@fcm.googleapis.com/x", hosts)).toBe(false);
    expect(isAllowedPushEndpoint("https://10.0.0.5/x", hosts)).toBe(false);
    expect(isAllowedPushEndpoint("not a url", hosts)).toBe(false);
    expect(isAllowedPushEndpoint("https://127.0.0.1:4443/push/x", ["127.0.0.1"])).toBe(true);
  });
});
