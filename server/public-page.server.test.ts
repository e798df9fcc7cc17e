import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { policyWithScriptHashes, toPublicPage } from "./public-page";

const NONCE = "3quYAtrN9W4UwOViXvhIRg==";
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("toPublicPage", () => {
  it("drops the nonce and hashes each distinct inline script, not scripts with src or data blocks", () => {
    const html = [
      `<script nonce="${NONCE}">window.a = "é";</script>`,
      `<script nonce="${NONCE}" type="module" async="">import "/assets/x.js";</script>`,
      `<script nonce="${NONCE}">window.a = "é";</script>`,
      `<script type="application/ld+json" nonce="${NONCE}">{"@type":"Thing"}</script>`,
      `<script src="/assets/y.js" nonce="${NONCE}"></script>`,
    ].join("");
    const page = toPublicPage(html, NONCE)!;
    expect(page.html).not.toContain("nonce");
    expect(page.scriptHashes).toEqual([sha256('window.a = "é";'), sha256('import "/assets/x.js";')]);
  });

  it("allows no script the app did not write with the nonce: an injected one gets no hash", () => {
    const injected = `fetch("/admin/people",{method:"POST"})`;
    const html = [
      `<script nonce="${NONCE}">window.a = 1;</script>`,
      `<div class="prose-text"><script>${injected}</script><script type="text/javascript">${injected}</script></div>`,
    ].join("");
    const page = toPublicPage(html, NONCE)!;
    expect(page.scriptHashes).toEqual([sha256("window.a = 1;")]);
    expect(page.scriptHashes).not.toContain(sha256(injected));
  });

  it("refuses a page that shows its nonce outside a nonce attribute", () => {
    expect(toPublicPage(`<script nonce="${NONCE}"></script><p>${NONCE}</p>`, NONCE)).toBeNull();
  });
});

describe("policyWithScriptHashes", () => {
  const policy = `default-src 'self';script-src 'self' 'nonce-${NONCE}';object-src 'none'`;

  it("puts the hashes where the nonce was", () => {
    expect(policyWithScriptHashes(policy, ["'sha256-a'", "'sha256-b'"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-a' 'sha256-b';object-src 'none'",
    );
  });

  it("allows no inline script when the page has none", () => {
    expect(policyWithScriptHashes(policy, [])).toBe("default-src 'self';script-src 'self';object-src 'none'");
  });
});
