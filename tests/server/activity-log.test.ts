import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "../../db/schema";
import type { Auth } from "../../app/features/account/auth.server";
import { AuditEventCard } from "../../app/features/admin/audit-views";
import type { AuditEventView } from "../../app/features/admin/history.server";
import { requireStaff, type StaffUser } from "../../app/features/admin/staff.server";
import type { ArticleContent } from "../../app/features/news/article-snapshot";
import { createArticle, saveArticle } from "../../app/features/news/news-desk.server";
import { readSiteSettings } from "../../app/features/settings/site-settings.server";
import { getSiteSettingsRow, saveSiteSettings } from "../../app/features/settings/site-settings-write.server";
import { loader as activityLoader } from "../../app/routes/admin/activity";
import { createTestAuth, get, requestContext, run } from "../support/accounts";
import { makeStaff, signUpPerson, type TestPerson } from "../support/staff";
import { seededTestDatabase } from "../support/test-database";
import { NO_OPTIONAL_ARTICLE_FIELDS } from "../support/article-content";
import { routerContextFor } from "../../app/context";
import { routeArgs } from "../support/route-args";

/*
 * The activity log as an admin reads it (issue 37): records by name, not id; structured values
 * and article bodies as words, never JSON; an edit as the words that changed; and each change
 * under the role that allowed it.
 */

const suite = seededTestDatabase();
let auth: Auth;
let admin: TestPerson;
beforeAll(async () => {
  auth = createTestAuth(suite.db);
  admin = await makeStaff(suite.db, await signUpPerson(suite.db, auth, { email: "activity-admin@example.com", name: "Ada Admin" }), [
    "admin",
  ]);
});

const context = () => requestContext(suite.db, auth);
const staffOn = (who: TestPerson, role: "admin" | "editor" | "shop"): Promise<StaffUser> =>
  requireStaff(get("/admin/news", { cookie: who.jar.header() }), context(), role);

/** The activity log's newest entries for one kind of record, as its loader gives them. */
async function activity(entityType: string): Promise<AuditEventView[]> {
  const outcome = await run(() =>
    activityLoader(
      routeArgs({
        request: get(`/admin/activity?entityType=${entityType}`, { cookie: admin.jar.header() }),
        context: routerContextFor(context()),
        params: {},
      }) as never,
    ),
  );
  expect(outcome.status).toBe(200);
  return (outcome.data as { events: AuditEventView[] }).events;
}

/** An activity entry as the page shows it, as text. */
function shown(event: AuditEventView): string {
  return renderToStaticMarkup(createElement(AuditEventCard, { event }))
    .replace(/<[^>]+>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

const article = (title: string, paragraph: string): ArticleContent => ({
  slug: `activity-${title.toLowerCase().replace(/\W+/g, "-")}`,
  title,
  category: "Team News",
  venue: "Silverstone",
  image: "/media/news/season-opener-silverstone-international.svg",
  objectPosition: "center",
  heroAssetId: null,
  excerpt: "An article the activity log test writes.",
  body: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: paragraph }] }] },
  ...NO_OPTIONAL_ARTICLE_FIELDS,
});

describe("the activity log", () => {
  it("records an admin's change on an editor's screen as Admin, and an editor's as Editor", async () => {
    expect((await staffOn(admin, "editor")).actingAs).toBe("admin");
    expect((await staffOn(admin, "shop")).actingAs).toBe("admin");
    const editor = await makeStaff(
      suite.db,
      await signUpPerson(suite.db, auth, { email: "activity-editor@example.com", name: "Eddie Editor" }),
      ["editor"],
    );
    expect((await staffOn(editor, "editor")).actingAs).toBe("editor");
    const both = await makeStaff(suite.db, await signUpPerson(suite.db, auth, { email: "activity-both@example.com", name: "Bo Both" }), [
      "admin",
      "editor",
    ]);
    expect((await staffOn(both, "editor")).actingAs).toBe("editor");
  });

  it("names an article by its title and shows its body edit as the words that changed, under the admin's real role", async () => {
    const staff = await staffOn(admin, "editor");
    const opening = "The team arrived at Cadwell Park with a new floor, a revised set-up and a lot of hope for the weekend ahead. ".repeat(
      3,
    );
    const created = await createArticle(context(), staff, article("Cadwell Debrief", `${opening}Oliver finished fourth.`));
    if (!created.ok) throw new Error(`create failed: ${created.reason}`);
    const saved = await saveArticle(context(), staff, {
      articleId: created.articleId,
      expectedVersion: created.version,
      content: article("Cadwell Debrief", `${opening}Oliver finished third.`),
    });
    expect(saved.ok).toBe(true);

    const [update] = await activity("news_article");
    expect(update).toMatchObject({ action: "update", entityLabel: "Cadwell Debrief", roleUsed: "admin" });
    const text = shown(update!);
    expect(text).toContain("Update · News article Cadwell Debrief");
    expect(text).not.toContain(created.articleId);
    expect(text).toContain("By Ada Admin <activity-admin@example.com> as Admin");
    expect(text).not.toContain("as Editor");
    // The change is at the end of a long paragraph: it is shown, the untouched start is cut short.
    expect(text).toMatch(/Body: … .*Oliver finished removed: fourth\.added: third\./);
    expect(text).not.toMatch(/[{}]|"type"/);
  });

  it("shows office hours as words, never as JSON", async () => {
    const staff = await staffOn(admin, "admin");
    const row = await getSiteSettingsRow(suite.db);
    const settings = await readSiteSettings(suite.db);
    const [first, ...rest] = settings.officeHours;
    const changed = await saveSiteSettings(context(), staff, row.version, {
      ...settings,
      officeHours: [{ days: first!.days, hours: "8:30 – 17:00" }, ...rest],
    });
    expect(changed.ok).toBe(true);

    const [update] = await activity("site_settings");
    const text = shown(update!);
    expect(text).toContain("Office hours: ");
    expect(text).toContain(`Days: ${first!.days}, Hours: `);
    expect(text).toContain("added: 8:30");
    expect(text).not.toMatch(/[[\]{}]|"days"/);
  });

  it("names a record written before every write named it, from its snapshot", async () => {
    await suite.db.insert(auditEvents).values({
      actorUserId: null,
      actorLabel: "an older build",
      actorRoles: [],
      roleUsed: null,
      action: "update",
      entityType: "legacy_article",
      entityId: "0b6f0c58-1d7e-4d2b-9c55-6d1f3e1f6a10",
      entityLabel: null,
      before: { title: "Old Title" },
      after: { title: "Thruxton Preview" },
      diff: [{ path: ["title"], kind: "changed", before: "Old Title", after: "Thruxton Preview" }],
    });
    const [legacy] = await activity("legacy_article");
    expect(legacy!.entityLabel).toBe("Thruxton Preview");
  });
});
