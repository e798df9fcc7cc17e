import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN_AREAS } from "../../app/features/admin/areas";
import { prepareStaff, signInOverHttp, type PreparedStaff } from "../support/prepared-staff";
import { serverForTests } from "../support/server-fixture";

/*
 * Every page, checked by the W3C Nu Html Checker (the `vnu-jar` package, on Java): the public
 * pages the sitemap lists, the pages a visitor reaches without it (sign-in, cart, a missing
 * page), and the account pages and every desk of the back office as an administrator sees them.
 * Any error or warning fails; only the checker's "info" notes (a trailing slash on void
 * elements, which React writes) are left out.
 */

const run = promisify(execFile);
const vnuJar = createRequire(import.meta.url)("vnu-jar") as string;
const hasJava = (() => {
  try {
    execFileSync("java", ["-version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();
if (!hasJava && process.env.CI) throw new Error("The Nu Html Checker needs Java (Debian: default-jre-headless).");

const AUTH_SECRET = "html-validity-secret-0123456789abcdef012345";
let staff: PreparedStaff;
let cookie = "";

const site = serverForTests({
  env: { AUTH_SECRET },
  prepare: async (testDb) => {
    staff = await prepareStaff(testDb, {
      email: "html.admin@example.com",
      password: "a long and unusual password",
      roles: ["admin", "editor", "shop"],
      secret: AUTH_SECRET,
      publicUrl: "http://127.0.0.1",
    });
  },
});

beforeAll(async () => {
  cookie = await signInOverHttp(site.url, staff);
});

interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: "warning" | "fatal";
  url: string;
  message: string;
  extract?: string;
}

describe.skipIf(!hasJava)("valid HTML on every page (W3C Nu Html Checker)", () => {
  it("reports no error and no warning on public, account and back-office pages", async () => {
    const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(listed.length).toBeGreaterThan(20);
    // Spoiler-free mode's page, and pages whose results it guards opened on a round or a driver.
    const visitorPages = [
      "/login",
      "/forgot-password",
      "/cart",
      "/no-such-page",
      "/calendar?open=1",
      "/spoiler-free",
      "/calendar?round=2025-r4-thruxton",
      "/team?driver=sophie-marsh",
    ];
    const deskPages = ADMIN_AREAS.map((area) => area.path);
    const accountPages = ["/dashboard", "/dashboard/orders", "/dashboard/addresses", "/dashboard/security"];

    const directory = mkdtempSync(path.join(tmpdir(), "vnu-"));
    const files = new Map<string, string>();
    try {
      const save = async (pagePath: string, headers: Record<string, string> = {}) => {
        const response = await fetch(`${site.url}${pagePath}`, { headers });
        expect(response.headers.get("content-type"), pagePath).toMatch(/^text\/html/);
        const file = path.join(directory, `${files.size}.html`);
        writeFileSync(file, await response.text());
        files.set(`file:${file}`, pagePath);
      };
      for (const pagePath of [...new Set([...listed, ...visitorPages])]) await save(pagePath);
      for (const pagePath of [...accountPages, ...deskPages]) await save(pagePath, { cookie });
      // The mode's page as a fan in the mode sees it (its rounds, their reveal forms).
      await save("/spoiler-free", { cookie: `spoiler_free=${Math.floor(Date.now() / 1000) + 86_400}` });

      const { stdout, stderr } = await run(
        "java",
        ["-jar", vnuJar, "--format", "json", "--exit-zero-always", ...[...files.keys()].map((url) => url.slice(5))],
        {
          maxBuffer: 64 * 1024 * 1024,
        },
      );
      const { messages } = JSON.parse(stderr || stdout) as { messages: VnuMessage[] };
      const problems = messages
        .filter((message) => message.type !== "info" || message.subType === "warning")
        .map(
          (message) =>
            `${files.get(message.url) ?? message.url}: ${message.subType ?? message.type}: ${message.message} [${message.extract?.trim() ?? ""}]`,
        );
      expect(problems).toEqual([]);
      expect(files.size).toBeGreaterThan(listed.length);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  }, 180_000);
});
