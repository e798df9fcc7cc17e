import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import type { Auth } from "../../app/features/account/auth.server";
import type { StaffRole } from "../../app/features/admin/staff-roles";
import { STAFF_TWO_FACTOR_PATH } from "../../app/features/admin/staff.server";
import { action as loginAction } from "../../app/routes/login";
import { loader as articleLoader } from "../../app/routes/news-article";
import { action as editAction, loader as editLoader } from "../../app/routes/admin/news-edit";
import { loader as listLoader } from "../../app/routes/admin/news-list";
import { loader as previewLoader } from "../../app/routes/admin/news-preview";
import { CookieJar, createTestAuth, formPost, get, requestContext, run } from "../support/accounts";
import { makeStaff } from "../support/staff";
import { seededTestDatabase } from "../support/test-database";
import { routerContextFor } from "../../app/context";
import { routeArgs } from "../support/route-args";

/* The news desk's routes as a browser reaches them: who may open them, and what bad input gets. */

const suite = seededTestDatabase();
let auth: Auth;
beforeAll(() => {
  auth = createTestAuth(suite.db);
});

// Route modules' own argument types carry more than these handlers read.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyArgs = any;
let clientCounter = 0;
const context = () => requestContext(suite.db, auth, `198.51.100.${++clientCounter}`);
const args = (request: Request, params: Record<string, string> = {}): AnyArgs =>
  routeArgs({ request, context: routerContextFor(context()), params });

/** Signs up a person with an account role, optionally staff roles and two-factor; returns their cookies. */
async function person(email: string, options: { role?: "driver" | "team_member"; staff?: StaffRole[]; twoFactor?: boolean } = {}) {
  const body = {
    intent: "sign-up",
    name: email.split("@")[0]!,
    email,
    password: "correct horse battery staple",
    role: options.role ?? "team_member",
  };
  expect((await run(() => loginAction(args(formPost("/login", body))))).status).toBe(200);
  // A sign-up signs nobody in: sign in before two-factor is switched on, as the person would have.
  const outcome = await run(() => loginAction(args(formPost("/login", { intent: "sign-in", email, password: body.password }))));
  expect(outcome.status).toBe(302);
  const [user] = await suite.db.select().from(schema.users).where(eq(schema.users.email, email));
  const jar = new CookieJar().take(outcome.setCookies);
  await makeStaff(suite.db, { id: user!.id, email, name: body.name, jar }, options.staff ?? [], { twoFactor: options.twoFactor ?? false });
  return jar;
}

const as = (jar: CookieJar | null): Record<string, string> => (jar ? { cookie: jar.header() } : {});
const origin = { origin: "http://localhost:3000" };

let editor: CookieJar;
let seededRevision: number;
beforeAll(async () => {
  editor = await person("editor@example.com", { staff: ["editor"], twoFactor: true });
  const create = await run(() =>
    editAction(
      args(
        formPost(
          "/admin/news/new",
          {
            intent: "save",
            version: "0",
            title: "Preview target",
            slug: "preview-target",
            category: "Team News",
            venue: "Silverstone",
            image: "/media/news/season-opener-silverstone-international.svg",
            excerpt: "Draft.",
            bodyText: "Secret draft text.",
          },
          { ...as(editor), ...origin },
        ),
      ),
    ),
  );
  expect(create).toMatchObject({ status: 302 });
  const [revision] = await suite.db
    .select()
    .from(schema.articleRevisions)
    .where(eq(schema.articleRevisions.articleId, await articleIdOf("preview-target")));
  seededRevision = revision!.id;
});

const articleIdOf = async (slug: string) => (await suite.db.select().from(schema.articles).where(eq(schema.articles.slug, slug)))[0]!.id;

describe("who may use the news desk", () => {
  it("turns away guests, team members, drivers, shop staff and editors without two-factor, from every screen and action", async () => {
    const articleId = await articleIdOf("preview-target");
    const visitors = {
      guest: null,
      teamMember: await person("member@example.com"),
      driver: await person("driver@example.com", { role: "driver" }),
      shop: await person("shop@example.com", { staff: ["shop"], twoFactor: true }),
      editorWithoutTwoFactor: await person("editor-no-2fa@example.com", { staff: ["editor"] }),
    };
    for (const [who, jar] of Object.entries(visitors)) {
      const outcomes = [
        await run(() => listLoader(args(get("/admin/news", as(jar))))),
        await run(() => editLoader(args(get(`/admin/news/${articleId}`, as(jar)), { articleId }))),
        await run(() => editLoader(args(get("/admin/news/new", as(jar))))),
        await run(() =>
          previewLoader(
            args(get(`/admin/news/${articleId}/preview/${seededRevision}`, as(jar)), { articleId, revisionId: String(seededRevision) }),
          ),
        ),
        await run(() =>
          editAction(
            args(formPost(`/admin/news/${articleId}`, { intent: "publish", version: "1" }, { ...as(jar), ...origin }), { articleId }),
          ),
        ),
        await run(() =>
          editAction(args(formPost("/admin/news/new", { intent: "save", version: "0", title: "Intruder" }, { ...as(jar), ...origin }))),
        ),
      ];
      for (const outcome of outcomes) {
        expect(JSON.stringify(outcome.data ?? "")).not.toContain("Secret draft text");
        if (who === "guest") expect(outcome).toMatchObject({ status: 302, location: expect.stringMatching(/^\/login\?redirectTo=/) });
        else if (who === "editorWithoutTwoFactor") expect(outcome).toMatchObject({ status: 302, location: STAFF_TWO_FACTOR_PATH });
        else expect(outcome.status, who).toBe(403);
      }
    }
    const [stored] = await suite.db.select().from(schema.articles).where(eq(schema.articles.id, articleId));
    expect(stored).toMatchObject({ status: "draft", version: 1 });
    expect(await suite.db.select().from(schema.articles).where(eq(schema.articles.title, "Intruder"))).toEqual([]);
  });

  it("shows an editor the preview of exactly that revision, private and never cached", async () => {
    const articleId = await articleIdOf("preview-target");
    const outcome = await run(() =>
      previewLoader(
        args(get(`/admin/news/${articleId}/preview/${seededRevision}`, as(editor)), { articleId, revisionId: String(seededRevision) }),
      ),
    );
    expect(outcome.status).toBe(200);
    expect(outcome.headers.get("cache-control")).toBe("private, no-store");
    expect(outcome.data).toMatchObject({ version: 1, article: { title: "Preview target", html: "<p>Secret draft text.</p>" } });
    // The public page does not show the draft.
    expect(await run(() => articleLoader(args(get("/news/preview-target"), { reportId: "preview-target" })))).toMatchObject({
      status: 404,
    });
    const unknown = await run(() =>
      previewLoader(args(get(`/admin/news/${articleId}/preview/999999`, as(editor)), { articleId, revisionId: "999999" })),
    );
    expect(unknown.status).toBe(404);
  });
});

describe("the edit form", () => {
  it("answers bad input with 400, a message per field and the input kept", async () => {
    const outcome = await run(() =>
      editAction(
        args(
          formPost(
            "/admin/news/new",
            {
              intent: "save",
              version: "0",
              title: "",
              slug: "Not A Slug!",
              category: "Gossip",
              venue: "",
              image: "https://evil.example/x.png",
              excerpt: "x",
              podcastYoutubeUrl: "javascript:alert(1)",
              bodyText: "Kept text",
            },
            { ...as(editor), ...origin },
          ),
        ),
      ),
    );
    expect(outcome.status).toBe(400);
    const data = outcome.data as { fieldErrors: Record<string, string>; values: Record<string, string> };
    expect(Object.keys(data.fieldErrors).sort()).toEqual(["category", "image", "podcastYoutubeUrl", "slug", "title", "venue"]);
    expect(data.values).toMatchObject({ slug: "Not A Slug!", bodyText: "Kept text" });
    const garbled = await run(() => editAction(args(formPost("/admin/news/new", { intent: "explode" }, { ...as(editor), ...origin }))));
    expect(garbled.status).toBe(400);
    const badBody = await run(() =>
      editAction(
        args(
          formPost(
            "/admin/news/new",
            {
              intent: "save",
              version: "0",
              title: "T",
              category: "Team News",
              venue: "V",
              image: "/media/x.svg",
              excerpt: "E",
              body: "{not json",
            },
            { ...as(editor), ...origin },
          ),
        ),
      ),
    );
    expect(badBody).toMatchObject({ status: 400, data: { fieldErrors: { body: expect.any(String) } } });
  });

  it("answers a body nested far too deeply with 400 and the depth message, not a 500", async () => {
    const fields = { intent: "save", version: "0", title: "Deep", category: "Team News", venue: "V", image: "/media/x.svg", excerpt: "E" };
    const nested = (levels: number, open: string, close: string) =>
      `{"type":"doc","content":[${open.repeat(levels)}${close.repeat(levels)}]}`;
    const bodies = {
      "13 blockquotes": nested(13, '{"type":"blockquote","content":[', "]}"),
      "5,000 blockquotes": nested(5_000, '{"type":"blockquote","content":[', "]}"),
      "100,000 blockquotes": nested(100_000, '{"type":"blockquote","content":[', "]}"),
      // Attributes are not walked by the schema, but storing and comparing them would be.
      "5,000 levels of attributes": `{"type":"doc","content":[{"type":"paragraph","attrs":${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}}]}`,
    };
    for (const [name, body] of Object.entries(bodies)) {
      const outcome = await run(() => editAction(args(formPost("/admin/news/new", { ...fields, body }, { ...as(editor), ...origin }))));
      expect(outcome, name).toMatchObject({ status: 400, data: { fieldErrors: { body: "The text is nested too deeply." } } });
    }
    expect(await suite.db.select().from(schema.articles).where(eq(schema.articles.title, "Deep"))).toEqual([]);
  });

  it("answers a hero photo that is not in the library, or no hero at all, with 400 on the photo field", async () => {
    const fields = { intent: "save", version: "0", title: "Hero check", category: "Team News", venue: "V", excerpt: "E", bodyText: "Text" };
    const unknownPhoto = await run(() =>
      editAction(
        args(formPost("/admin/news/new", { ...fields, heroAssetId: "00000000-0000-4000-8000-000000000000" }, { ...as(editor), ...origin })),
      ),
    );
    expect(unknownPhoto).toMatchObject({
      status: 400,
      data: { fieldErrors: { heroAssetId: "Choose a photo that is in the media library." } },
    });
    const noHero = await run(() =>
      editAction(args(formPost("/admin/news/new", { ...fields, image: "", heroAssetId: "" }, { ...as(editor), ...origin }))),
    );
    expect(noHero).toMatchObject({ status: 400, data: { fieldErrors: { heroAssetId: expect.stringMatching(/hero photo/) } } });
    const [created] = await suite.db.select().from(schema.articles).where(eq(schema.articles.title, "Hero check"));
    expect(created).toBeUndefined();
  });

  it("refuses a save on a stale version with 409 and keeps the other person's change", async () => {
    const articleId = await articleIdOf("preview-target");
    const fields = {
      intent: "save",
      version: "1",
      slug: "preview-target",
      category: "Team News",
      venue: "Silverstone",
      image: "/media/news/season-opener-silverstone-international.svg",
      excerpt: "Draft.",
    };
    const first = await run(() =>
      editAction(args(formPost(`/admin/news/${articleId}`, { ...fields, title: "Alice" }, { ...as(editor), ...origin }), { articleId })),
    );
    expect(first).toMatchObject({ status: 302, location: `/admin/news/${articleId}?saved=1` });
    const second = await run(() =>
      editAction(args(formPost(`/admin/news/${articleId}`, { ...fields, title: "Bob" }, { ...as(editor), ...origin }), { articleId })),
    );
    expect(second.status).toBe(409);
    expect(second.data).toMatchObject({ formError: expect.stringContaining("Someone else saved"), values: { title: "Bob" } });
    const [stored] = await suite.db.select().from(schema.articles).where(eq(schema.articles.id, articleId));
    expect(stored).toMatchObject({ title: "Alice", version: 2 });
  });

  it("refuses a schedule that is not a UK date and time, or is in the past", async () => {
    const articleId = await articleIdOf("preview-target");
    for (const publishAt of ["tomorrow", "2020-01-01T10:00", "2027-03-28T01:30"]) {
      const outcome = await run(() =>
        editAction(
          args(formPost(`/admin/news/${articleId}`, { intent: "schedule", version: "2", publishAt }, { ...as(editor), ...origin }), {
            articleId,
          }),
        ),
      );
      expect(outcome, publishAt).toMatchObject({ status: 400, data: { fieldErrors: { publishAt: expect.any(String) } } });
    }
  });
});

describe("a renamed article", () => {
  it("answers its old address with a 301 to the new one", async () => {
    const articleId = "thruxton-speed-and-strategy";
    const [row] = await suite.db.select().from(schema.articles).where(eq(schema.articles.id, articleId));
    const fields = {
      intent: "save",
      version: String(row!.version),
      title: row!.title,
      slug: "thruxton-strategy",
      category: row!.category,
      venue: row!.venue,
      image: row!.image,
      excerpt: row!.excerpt,
      body: JSON.stringify(row!.body),
    };
    expect(
      await run(() => editAction(args(formPost(`/admin/news/${articleId}`, fields, { ...as(editor), ...origin }), { articleId }))),
    ).toMatchObject({ status: 302 });
    // The article is live, so the rename is staged (ADR 0109): the old address still answers until it is published.
    expect(
      (await run(() => articleLoader(args(get("/news/thruxton-speed-and-strategy"), { reportId: "thruxton-speed-and-strategy" })))).status,
    ).toBe(200);
    const publish = { intent: "publish_changes", version: String(row!.version + 1) };
    expect(
      await run(() => editAction(args(formPost(`/admin/news/${articleId}`, publish, { ...as(editor), ...origin }), { articleId }))),
    ).toMatchObject({
      status: 302,
      location: `/admin/news/${articleId}?done=published-changes`,
    });
    for (const path of ["/news/thruxton-speed-and-strategy", "/race-reports/thruxton-speed-and-strategy"]) {
      const outcome = await run(() => articleLoader(args(get(path), { reportId: "thruxton-speed-and-strategy" })));
      expect(outcome).toMatchObject({ status: 301, location: "/news/thruxton-strategy" });
    }
    expect((await run(() => articleLoader(args(get("/news/thruxton-strategy"), { reportId: "thruxton-strategy" })))).status).toBe(200);
  });
});

describe("a live article's staged changes (ADR 0109)", () => {
  it("saves them off the live page, shows who saved them, refuses a stale publish with 409, and discards them after the confirmation step", async () => {
    const articleId = "anglesey-coastal-challenge";
    const [row] = await suite.db.select().from(schema.articles).where(eq(schema.articles.id, articleId));
    const fields = {
      intent: "save",
      version: String(row!.version),
      title: "Anglesey, rewritten",
      slug: row!.slug,
      category: row!.category,
      venue: row!.venue,
      image: row!.image,
      excerpt: row!.excerpt,
      body: JSON.stringify(row!.body),
    };
    expect(
      await run(() => editAction(args(formPost(`/admin/news/${articleId}`, fields, { ...as(editor), ...origin }), { articleId }))),
    ).toMatchObject({ status: 302 });
    const page = await run(() => articleLoader(args(get(`/news/${articleId}`), { reportId: articleId })));
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.data)).not.toContain("Anglesey, rewritten");

    const edit = await run(() => editLoader(args(get(`/admin/news/${articleId}?saved=1`, as(editor)), { articleId })));
    expect(edit.data).toMatchObject({
      notice: expect.stringContaining("not live yet"),
      confirmDiscard: false,
      article: { content: { title: "Anglesey, rewritten" }, staged: { byName: "editor", changed: ["title"] } },
    });
    const confirm = await run(() => editLoader(args(get(`/admin/news/${articleId}?confirm=discard`, as(editor)), { articleId })));
    expect(confirm.data).toMatchObject({ confirmDiscard: true });

    const stale = await run(() =>
      editAction(
        args(
          formPost(`/admin/news/${articleId}`, { intent: "publish_changes", version: String(row!.version) }, { ...as(editor), ...origin }),
          { articleId },
        ),
      ),
    );
    expect(stale.status).toBe(409);
    const discard = await run(() =>
      editAction(
        args(
          formPost(
            `/admin/news/${articleId}`,
            { intent: "discard_changes", version: String(row!.version + 1) },
            { ...as(editor), ...origin },
          ),
          { articleId },
        ),
      ),
    );
    expect(discard).toMatchObject({ status: 302, location: `/admin/news/${articleId}?done=discarded-changes` });
    const after = await run(() => editLoader(args(get(`/admin/news/${articleId}?done=discarded-changes`, as(editor)), { articleId })));
    expect(after.data).toMatchObject({
      notice: expect.stringContaining("discarded"),
      article: { staged: null, content: { title: row!.title } },
    });
  });
});
