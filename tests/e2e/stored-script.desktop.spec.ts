import { expect, type Page, type Request } from "@playwright/test";
import { eq } from "drizzle-orm";
import { openDatabase } from "../../db/client.server";
import { articles, staffRoleGrants, users } from "../../db/schema";
import type { RichTextDoc } from "../../app/features/news/rich-text";
import { test } from "../support/hydrated-test";
import { openAsStaff, startDeskSite, type DeskSite } from "../support/desk-site";
import type { PreparedStaff } from "../support/prepared-staff";

/*
 * Issue 35, finding 1: an editor stored a script in the cookie policy that, when an admin opened
 * the page, posted `intent=grant-role&role=admin` to /admin/people. Here an editor stores the same
 * attack, and its cousins (an event handler, a refresh to another site, a style, a frame, a
 * javascript: link), in each kind of stored text the site turns into HTML: a legal page's Markdown
 * (typed in the desk, as the editor did) and an article's rich-text body (written to the database,
 * as a crafted request to the news desk would). Then an admin signed in with two-factor opens
 * each page, and a guest opens each twice (the second visit from the page cache): nothing runs,
 * nothing is fetched, nobody is sent away, and the page shows the text as typed.
 */

const EDITOR = "eddie.editor@example.com";
const ADMIN = "ada.admin@example.com";
const ARTICLE = "silverstone-national-season-finale";
/** A site nobody can reach from here: a request to it is the attack working. */
const ELSEWHERE = "https://attacker.invalid";

const grantAdmin = `fetch("/admin/people",{method:"POST",body:new URLSearchParams({intent:"grant-role",role:"admin",email:"${EDITOR}"})});window.__pwned="script"`;
const hostileMarkdown = [
  "We keep things simple.",
  "",
  `<script>${grantAdmin}</script>`,
  "",
  `<img src="/no-such.png" onerror="window.__pwned='onerror'">`,
  "",
  `<meta http-equiv="refresh" content="0;url=${ELSEWHERE}/">`,
  "",
  "<style>main{display:none!important}</style>",
  "",
  `<iframe src="${ELSEWHERE}/frame"></iframe>`,
  "",
  "[Manage cookies](javascript:window.__pwned='link') and [write to us](mailto:info@ridgeway-racing.example).",
].join("\n");

const hostileArticleBody: RichTextDoc = {
  type: "doc",
  content: [
    { type: "paragraph", content: [{ type: "text", text: `<script>${grantAdmin}</script>` }] },
    // A node type the site does not render, carrying markup in its text and attributes.
    {
      type: "html",
      attrs: { html: `<script>${grantAdmin}</script>` },
      content: [{ type: "text", text: "<style>main{display:none}</style>" }],
    },
    { type: "image", attrs: { src: `/media/x.png" onerror="window.__pwned='image'`, alt: `" onload="window.__pwned='alt'` } },
    {
      type: "paragraph",
      content: [
        { type: "text", text: "Read the bulletin", marks: [{ type: "link", attrs: { href: "javascript:window.__pwned='link'" } }] },
      ],
    },
    {
      type: "paragraph",
      content: [{ type: "text", text: "Final results", marks: [{ type: "link", attrs: { href: "/\\attacker.invalid/login" } }] }],
    },
  ],
};

let desk: DeskSite;
let editor: PreparedStaff;
let admin: PreparedStaff;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  ({
    site: desk,
    staff: [editor, admin],
  } = await startDeskSite({
    staff: [
      { email: EDITOR, name: "Eddie Editor", roles: ["editor"] },
      { email: ADMIN, name: "Ada Admin", roles: ["admin"] },
    ],
  }));
});

test.afterAll(async () => {
  await desk?.close();
});

/** Records what a page sends that the attack would: any write, and any request off the site. */
function watchForTheAttack(page: Page) {
  const seen: string[] = [];
  const onRequest = (request: Request) => {
    const url = request.url();
    if (request.method() !== "GET" && request.method() !== "HEAD") seen.push(`${request.method()} ${url}`);
    else if (!url.startsWith(desk.url) && !url.startsWith("data:")) seen.push(`GET ${url}`);
  };
  page.on("request", onRequest);
  return seen;
}

async function expectNothingRan(page: Page, path: string, attempts: string[]) {
  // A refresh, an image's error and a late script would all have happened within a second.
  await page.waitForTimeout(1_000);
  expect(page.url()).toBe(`${desk.url}${path}`);
  expect(await page.evaluate(() => (window as { __pwned?: string }).__pwned)).toBeUndefined();
  expect(attempts).toEqual([]);
  // The stored markup is not markup: none of its elements exists, and the main text is on screen.
  expect(
    await page
      .locator("main script:not([type='application/ld+json']), main style, main meta, main iframe, main [onerror], main [onload]")
      .count(),
  ).toBe(0);
  expect(await page.locator("a[href^='javascript:' i]").count()).toBe(0);
  await expect(page.locator("main h1")).toBeVisible();
}

test("an editor's script, refresh and style in a legal page and an article run for nobody: not a signed-in admin, not a guest", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);

  // The editor types the attack into the cookie policy, as the desk allows.
  await openAsStaff(page, desk, editor, "/admin/legal/cookies");
  await page.getByLabel(/Text \(Markdown\)/).fill(hostileMarkdown);
  await page.getByRole("button", { name: "Save revision" }).click();
  await expect(page.getByText(/Saved as a new revision/)).toBeVisible();
  await page.context().clearCookies();

  // And into an article's body, as a request made without the editor's page would.
  await desk.restart(async () => {
    const handle = await openDatabase({ dataDir: desk.testDb.dataDir, databaseUrl: desk.testDb.databaseUrl, onConnectionError: () => {} });
    try {
      await handle.db.update(articles).set({ body: hostileArticleBody }).where(eq(articles.slug, ARTICLE));
    } finally {
      await handle.close();
    }
  });

  // The admin (a session of a staff member with two-factor on) opens both pages.
  await openAsStaff(page, desk, admin, "/admin");
  for (const path of ["/cookies", `/news/${ARTICLE}`]) {
    const attempts = watchForTheAttack(page);
    await page.goto(`${desk.url}${path}`);
    await expectNothingRan(page, path, attempts);
  }
  // What was typed is shown as text, and a safe link in it still works.
  await page.goto(`${desk.url}/cookies`);
  await expect(page.locator("main").getByText("<script>fetch(", { exact: false })).toBeVisible();
  await expect(page.locator("main").getByRole("link", { name: "write to us" })).toHaveAttribute(
    "href",
    "mailto:info@ridgeway-racing.example",
  );
  await expect(page.locator("main").getByText("Manage cookies")).toBeVisible();

  // A guest, twice on each page: the first visit fills the page cache, the second is served from it.
  const guest = await browser.newContext();
  try {
    const guestPage = await guest.newPage();
    for (const path of ["/cookies", `/news/${ARTICLE}`, "/cookies", `/news/${ARTICLE}`]) {
      const attempts = watchForTheAttack(guestPage);
      const response = await guestPage.goto(`${desk.url}${path}`);
      expect(response!.status()).toBe(200);
      await expectNothingRan(guestPage, path, attempts);
    }
  } finally {
    await guest.close();
  }

  // The editor is still only an editor.
  let editorRoles: string[] = [];
  await desk.restart(async () => {
    const handle = await openDatabase({ dataDir: desk.testDb.dataDir, databaseUrl: desk.testDb.databaseUrl, onConnectionError: () => {} });
    try {
      const rows = await handle.db
        .select({ role: staffRoleGrants.role })
        .from(staffRoleGrants)
        .innerJoin(users, eq(users.id, staffRoleGrants.userId))
        .where(eq(users.email, EDITOR));
      editorRoles = rows.map(({ role }) => role);
    } finally {
      await handle.close();
    }
  });
  expect(editorRoles).toEqual(["editor"]);
});
