import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, heroSlides, legalDocuments, partners } from "../../db/schema";
import type { Auth } from "../../app/features/account/auth.server";
import { ADMIN_AREAS, requiredStaffRoleFor } from "../../app/features/admin/areas";
import { CONFLICT_MESSAGE } from "../../app/features/admin/audit.server";
import { STAFF_TWO_FACTOR_PATH } from "../../app/features/admin/staff.server";
import { ukDate } from "../../app/features/legal/legal-form";
import { NAME_TAKEN_MESSAGE } from "../../app/features/site-desk/desks.server";
import { createContentMemo } from "../../app/lib/content-memo";
import { formatCalendarDate } from "../../app/lib/dates";
import * as contentEdit from "../../app/routes/admin/content-edit";
import * as contentIndex from "../../app/routes/admin/content-index";
import * as contentList from "../../app/routes/admin/content-list";
import * as legalEdit from "../../app/routes/admin/legal-edit";
import * as legalList from "../../app/routes/admin/legal-list";
import * as settings from "../../app/routes/admin/settings";
import { loader as contactLoader } from "../../app/routes/contact";
import { loader as galleryLoader } from "../../app/routes/gallery";
import { loader as legalLoader } from "../../app/routes/legal";
import { loader as packagesLoader } from "../../app/routes/partner-packages";
import { loader as partnersLoader } from "../../app/routes/partners";
import { loader as podcastLoader } from "../../app/routes/podcast";
import { loader as rootLoader } from "../../app/root";
import { getHeroSlides } from "../../app/features/home/home.server";
import { createTestAuth, formPost, get, requestContext, run } from "../support/accounts";
import { makeStaff, signUpPerson, type TestPerson } from "../support/staff";
import { seededTestDatabase } from "../support/test-database";
import { routerContextFor } from "../../app/context";
import { routeArgs } from "../support/route-args";

/*
 * The site desk through its route modules, as the server calls them: who may use each screen,
 * what a bad form gets back, stale saves, the audit trail, and the public pages following at once.
 */

const suite = seededTestDatabase();
let auth: Auth;
beforeAll(() => {
  auth = createTestAuth(suite.db);
});

let counter = 0;
const person = async (label: string, role: "team_member" | "driver" = "team_member") =>
  signUpPerson(suite.db, auth, { email: `${label}-${++counter}@example.com`, name: `${label} ${counter}`, role });

/*
 * One process's worth of state, wired as server/app.ts wires it: audited writes announce the
 * change on the database handle, and the announcement clears the process's content memo.
 * Each call gets a fresh request context around it, as each request does.
 */
const memo = createContentMemo();
beforeAll(() => {
  suite.handle.contentChanges.subscribe(() => memo.clear());
});
const ctx = () => ({
  ...requestContext(suite.db, auth),
  contentMemo: memo,
  requestId: "req-site-desk",
  contentChanged: () => suite.handle.contentChanges.announce(),
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyArgs = any;
const call = (handler: (args: AnyArgs) => unknown, request: Request, params: Record<string, string> = {}) =>
  run(() => handler(routeArgs({ request, context: routerContextFor(ctx()), params }) as AnyArgs));
const getAs = (who: TestPerson | null, path: string) => get(path, who ? { cookie: who.jar.header() } : {});
const postAs = (who: TestPerson | null, path: string, fields: Record<string, string>) =>
  formPost(path, fields, who ? { cookie: who.jar.header() } : {});
const body = (outcome: { data: unknown }) =>
  outcome.data as Record<string, unknown> & { errors: Record<string, string>; values: Record<string, string> };

async function auditRows(entityType: string, entityId: string) {
  return suite.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, entityType), eq(auditEvents.entityId, entityId)))
    .orderBy(auditEvents.id);
}

let editor: TestPerson;
let admin: TestPerson;
beforeAll(async () => {
  editor = await makeStaff(suite.db, await person("editor"), ["editor"]);
  admin = await makeStaff(suite.db, await person("admin"), ["admin"]);
});

const partnerForm = (overrides: Record<string, string> = {}) => ({
  intent: "save",
  name: "Harbour Brake Systems",
  category: "Technical Partner",
  description: "Brake discs and pads for junior single-seaters.",
  website: "https://harbour-brakes.example/",
  logo: "/media/partners/vortex-air-systems.svg",
  tier: "Silver",
  activeFrom: "",
  activeUntil: "",
  founded: "1988",
  headquarters: "Bristol",
  specialties: "Brake discs\nPads",
  products: "Race pads",
  sortOrder: "50",
  ...overrides,
});

describe("who may use the site desk", () => {
  const screens: Array<{
    path: string;
    module: { loader: AnyArgs; action?: AnyArgs };
    params: Record<string, string>;
    role: "editor" | "admin";
  }> = [
    { path: "/admin/content", module: contentIndex, params: {}, role: "editor" },
    { path: "/admin/content/partners", module: contentList, params: { desk: "partners" }, role: "editor" },
    { path: "/admin/content/partners/new", module: contentEdit, params: { desk: "partners", id: "new" }, role: "editor" },
    { path: "/admin/content/gallery/1", module: contentEdit, params: { desk: "gallery", id: "1" }, role: "editor" },
    { path: "/admin/legal", module: legalList, params: {}, role: "editor" },
    { path: "/admin/legal/privacy", module: legalEdit, params: { slug: "privacy" }, role: "editor" },
    { path: "/admin/settings", module: settings, params: {}, role: "admin" },
  ];

  it("lists every screen in the back office's areas with the role it checks", () => {
    for (const screen of screens) expect(requiredStaffRoleFor(screen.path), screen.path).toBe(screen.role);
    expect(ADMIN_AREAS.map((area) => area.path)).toEqual(expect.arrayContaining(["/admin/content", "/admin/legal", "/admin/settings"]));
  });

  it("turns away guests (302), non-staff and wrong roles (403) and staff without two-factor (302), from loaders and actions alike", async () => {
    const member = await person("member");
    const driver = await person("driver", "driver");
    const shop = await makeStaff(suite.db, await person("shop"), ["shop"]);
    const noTwoFactor = await makeStaff(suite.db, await person("no2fa"), ["editor", "admin"], { twoFactor: false });
    const before = await suite.db.select().from(auditEvents);
    for (const screen of screens) {
      const handlers = [screen.module.loader, screen.module.action].filter(Boolean);
      for (const handler of handlers) {
        const request = (who: TestPerson | null) =>
          handler === screen.module.loader ? getAs(who, screen.path) : postAs(who, screen.path, { ...partnerForm(), version: "1" });
        const guest = await call(handler, request(null), screen.params);
        expect(guest.status, `guest ${screen.path}`).toBe(302);
        expect(guest.location).toMatch(/^\/login\?redirectTo=/);
        for (const who of [member, driver, shop, ...(screen.role === "admin" ? [editor] : [])]) {
          const refused = await call(handler, request(who), screen.params);
          expect(refused.status, `${who.email} ${screen.path}`).toBe(403);
          expect(refused.data).not.toHaveProperty("values");
        }
        const gated = await call(handler, request(noTwoFactor), screen.params);
        expect(gated.status).toBe(302);
        expect(gated.location).toBe(STAFF_TWO_FACTOR_PATH);
      }
    }
    expect(await suite.db.select().from(auditEvents)).toHaveLength(before.length);
  });
});

describe("partners desk", () => {
  it("refuses a bad form with 400, a message per field and the input kept", async () => {
    const outcome = await call(
      contentEdit.action,
      postAs(
        editor,
        "/admin/content/partners/new",
        partnerForm({ name: "", website: "not a site", founded: "19x8", activeFrom: "2026-05-01", activeUntil: "2026-04-01" }),
      ),
      { desk: "partners", id: "new" },
    );
    expect(outcome.status).toBe(400);
    expect(body(outcome).errors).toMatchObject({
      name: "Enter the name.",
      website: "The website must be a full web address starting with https://",
      founded: "The year founded must be a whole number.",
    });
    expect(body(outcome).values).toMatchObject({ website: "not a site", founded: "19x8", description: partnerForm().description });
    expect(await suite.db.select().from(partners).where(eq(partners.website, "not a site"))).toHaveLength(0);
  });

  it("refuses an end date before the start date", async () => {
    const outcome = await call(
      contentEdit.action,
      postAs(editor, "/admin/content/partners/new", partnerForm({ activeFrom: "2026-05-01", activeUntil: "2026-04-01" })),
      { desk: "partners", id: "new" },
    );
    expect(outcome.status).toBe(400);
    expect(body(outcome).errors.activeUntil).toBe("The last day shown cannot be before the first.");
  });

  it("adds a partner that /partners shows at once, audited; a stale save is refused; outside its dates it is hidden", async () => {
    const created = await call(contentEdit.action, postAs(editor, "/admin/content/partners/new", partnerForm()), {
      desk: "partners",
      id: "new",
    });
    expect(created.status).toBe(302);
    expect(created.location).toBe("/admin/content/partners/harbour-brake-systems?saved=1");
    const shown = await call(partnersLoader, get("/partners"));
    const names = (shown.data as { partners: Array<{ name: string; tier: string | null }> }).partners;
    expect(names).toContainEqual(expect.objectContaining({ name: "Harbour Brake Systems", tier: "Silver" }));
    const [createRow] = await auditRows("partner", "harbour-brake-systems");
    expect(createRow).toMatchObject({
      action: "create",
      entityLabel: "Harbour Brake Systems",
      actorUserId: editor.id,
      roleUsed: "editor",
      requestId: "req-site-desk",
    });

    const path = "/admin/content/partners/harbour-brake-systems";
    const params = { desk: "partners", id: "harbour-brake-systems" };
    const yesterday = ukDate(new Date(Date.now() - 36 * 3600_000));
    const ended = await call(
      contentEdit.action,
      postAs(editor, path, partnerForm({ version: "1", activeUntil: yesterday, activeFrom: "2020-01-01" })),
      params,
    );
    expect(ended.status).toBe(200);
    const afterEnd = (await call(partnersLoader, get("/partners"))).data as { partners: Array<{ name: string }> };
    expect(afterEnd.partners.map((partner) => partner.name)).not.toContain("Harbour Brake Systems");

    const stale = await call(contentEdit.action, postAs(admin, path, partnerForm({ version: "1", name: "Stale Name" })), params);
    expect(stale.status).toBe(409);
    expect(body(stale)).toMatchObject({ message: CONFLICT_MESSAGE, values: expect.objectContaining({ name: "Stale Name" }) });
    const [row] = await suite.db.select().from(partners).where(eq(partners.id, "harbour-brake-systems"));
    expect(row).toMatchObject({ name: "Harbour Brake Systems", activeUntil: yesterday, version: 2 });

    const future = ukDate(new Date(Date.now() + 3 * 86400_000));
    await call(contentEdit.action, postAs(editor, path, partnerForm({ version: "2", activeFrom: future })), params);
    const beforeStart = (await call(partnersLoader, get("/partners"))).data as { partners: Array<{ name: string }> };
    expect(beforeStart.partners.map((partner) => partner.name)).not.toContain("Harbour Brake Systems");

    // History: restoring the first version shows it again.
    const history = await call(contentEdit.loader, getAs(editor, `${path}?tab=history`), params);
    const entries = (history.data as { history: Array<{ id: number; action: string; version: number }> }).history;
    const first = entries.find((entry) => entry.action === "create")!;
    const restored = await call(
      contentEdit.action,
      postAs(editor, path, { intent: "restore-version", eventId: String(first.id), version: "3" }),
      params,
    );
    expect(restored.status).toBe(200);
    const again = (await call(partnersLoader, get("/partners"))).data as { partners: Array<{ name: string }> };
    expect(again.partners.map((partner) => partner.name)).toContain("Harbour Brake Systems");
    expect((await auditRows("partner", "harbour-brake-systems")).map((event) => event.action)).toEqual([
      "create",
      "update",
      "update",
      "restore",
    ]);
  });

  it("deletes softly (off the site, in the list's deleted part) and undoes", async () => {
    const params = { desk: "partners", id: "vortex-air-systems" };
    const deleted = await call(
      contentEdit.action,
      postAs(editor, "/admin/content/partners/vortex-air-systems", { intent: "delete", version: "1" }),
      params,
    );
    expect(deleted.status).toBe(302);
    expect(deleted.location).toBe("/admin/content/partners?deleted=vortex-air-systems");
    const shown = (await call(partnersLoader, get("/partners"))).data as { partners: Array<{ id: string }> };
    expect(shown.partners.map((partner) => partner.id)).not.toContain("vortex-air-systems");
    const list = body(await call(contentList.loader, getAs(editor, "/admin/content/partners"), { desk: "partners" })) as unknown as {
      deleted: Array<{ id: string; version: number }>;
    };
    const entry = list.deleted.find((item) => item.id === "vortex-air-systems")!;
    expect(entry.version).toBe(2);
    const undone = await call(
      contentList.action,
      postAs(editor, "/admin/content/partners", { intent: "undelete", id: "vortex-air-systems", version: "2" }),
      {
        desk: "partners",
      },
    );
    expect(undone.status).toBe(200);
    const back = (await call(partnersLoader, get("/partners"))).data as { partners: Array<{ id: string }> };
    expect(back.partners.map((partner) => partner.id)).toContain("vortex-air-systems");
    expect((await auditRows("partner", "vortex-air-systems")).map((event) => event.action)).toEqual(["delete", "undelete"]);
  });

  it("searches by name and answers 404 for an unknown desk or record", async () => {
    const found = body(
      await call(contentList.loader, getAs(editor, "/admin/content/partners?q=peak"), { desk: "partners" }),
    ) as unknown as {
      items: Array<{ label: string }>;
      total: number;
    };
    expect(found.items.map((item) => item.label)).toEqual(["Peak Natural Energy"]);
    expect((await call(contentList.loader, getAs(editor, "/admin/content/nope"), { desk: "nope" })).status).toBe(404);
    expect(
      (await call(contentEdit.loader, getAs(editor, "/admin/content/partners/missing"), { desk: "partners", id: "missing" })).status,
    ).toBe(404);
  });
});

describe("the other desks", () => {
  it("tiers: price in pounds, 400 on a bad price, shown on /partner-packages", async () => {
    const form = {
      intent: "save",
      tier: "Diamond",
      price: "1,250.50",
      period: "per season",
      description: "The top tier.",
      features: "Everything\nMore",
      sortOrder: "9",
    };
    const bad = await call(contentEdit.action, postAs(editor, "/admin/content/tiers/new", { ...form, price: "lots" }), {
      desk: "tiers",
      id: "new",
    });
    expect(bad.status).toBe(400);
    expect(body(bad).errors.price).toBe("Enter the price in pounds, e.g. 300 or 299.99.");
    const created = await call(contentEdit.action, postAs(editor, "/admin/content/tiers/new", form), { desk: "tiers", id: "new" });
    expect(created.location).toBe("/admin/content/tiers/Diamond?saved=1");
    const tiers = (await call(packagesLoader, get("/partner-packages"))).data as { tiers: Array<{ tier: string; pricePence: number }> };
    expect(tiers.tiers.at(-1)).toMatchObject({ tier: "Diamond", pricePence: 125050 });
    const again = await call(contentEdit.action, postAs(editor, "/admin/content/tiers/new", form), { desk: "tiers", id: "new" });
    expect(again.status).toBe(409);
    expect(body(again).errors.tier).toBe(NAME_TAKEN_MESSAGE);
  });

  it("podcast: a new episode is the latest on /podcast", async () => {
    const form = {
      intent: "save",
      title: "Episode 99: Winter Testing",
      publishedOn: "2030-01-10",
      description: "What the team learnt in winter testing.",
      thumbnail: "/media/podcast/host.svg",
      youtubeUrl: "https://video.example/watch?v=99",
      spotifyUrl: "https://audio.example/episode/99",
    };
    const bad = await call(contentEdit.action, postAs(editor, "/admin/content/podcast/new", { ...form, publishedOn: "2030-02-31" }), {
      desk: "podcast",
      id: "new",
    });
    expect(bad.status).toBe(400);
    expect(body(bad).errors.publishedOn).toBe("Enter a real date for the release date.");
    expect(
      (await call(contentEdit.action, postAs(editor, "/admin/content/podcast/new", form), { desk: "podcast", id: "new" })).status,
    ).toBe(302);
    const podcast = (await call(podcastLoader, get("/podcast"))).data as { episodes: Array<{ title: string }> };
    expect(podcast.episodes[0]!.title).toBe("Episode 99: Winter Testing");
  });

  it("gallery: an edit shows on /gallery; a bad image path is refused", async () => {
    const loaded = body(await call(contentEdit.loader, getAs(editor, "/admin/content/gallery/1"), { desk: "gallery", id: "1" }));
    const values = { ...loaded.values, intent: "save", version: String(loaded.version), title: "Season Opener Grid, Thruxton" };
    const bad = await call(contentEdit.action, postAs(editor, "/admin/content/gallery/1", { ...values, image: "javascript:alert(1)" }), {
      desk: "gallery",
      id: "1",
    });
    expect(bad.status).toBe(400);
    expect(body(bad).errors.image).toMatch(/^The image must be an image path on this site/);
    expect((await call(contentEdit.action, postAs(editor, "/admin/content/gallery/1", values), { desk: "gallery", id: "1" })).status).toBe(
      200,
    );
    const gallery = (await call(galleryLoader, get("/gallery"))).data as { items: Array<{ id: number; title: string }> };
    expect(gallery.items.find((item) => item.id === 1)!.title).toBe("Season Opener Grid, Thruxton");
  });

  it("hero slides: seeded as the site first showed them; a new slide joins the home page in its position", async () => {
    const seeded = await getHeroSlides(suite.db);
    expect(seeded).toHaveLength(3);
    expect(seeded.map((slide) => slide.image)).toEqual(["/media/hero/hero-1.svg", "/media/hero/hero-2.svg", "/media/hero/hero-3.svg"]);
    expect(seeded.every((slide) => slide.href === `/news/${slide.id}`)).toBe(true);
    const form = {
      intent: "save",
      title: "Join the 2027 grid",
      subtitle: "Driver places are open.",
      image: "/media/hero/hero-2.svg",
      href: "https://evil.example/",
      sortOrder: "0",
    };
    const bad = await call(contentEdit.action, postAs(editor, "/admin/content/hero-slides/new", form), { desk: "hero-slides", id: "new" });
    expect(body(bad).errors.href).toMatch(/must be a path on this site/);
    // Browsers read a backslash as a slash: "/\\evil.example/login" opens http://evil.example/login.
    for (const href of ["/\\evil.example/login", "/..//evil.example/login", "/%2e%2e//evil.example", "/\t/evil.example"]) {
      const offSite = await call(contentEdit.action, postAs(editor, "/admin/content/hero-slides/new", { ...form, href }), {
        desk: "hero-slides",
        id: "new",
      });
      expect(offSite.status, href).toBe(400);
      expect(body(offSite).errors.href, href).toMatch(/must be a path on this site/);
    }
    const pictureOffSite = await call(
      contentEdit.action,
      postAs(editor, "/admin/content/hero-slides/new", { ...form, href: "/contact", image: "/\\evil.example/a.svg" }),
      {
        desk: "hero-slides",
        id: "new",
      },
    );
    expect(body(pictureOffSite).errors.image).toMatch(/must be an image path on this site/);
    // A slide saved before the desk read links as browsers do is left off the home page.
    await suite.db.insert(heroSlides).values({
      id: "saved-before",
      title: "Saved before",
      subtitle: "S",
      image: "/media/hero/hero-1.svg",
      href: "/\\evil.example/login",
      sortOrder: 0,
    });
    expect((await getHeroSlides(suite.db)).map((slide) => slide.id)).not.toContain("saved-before");
    await suite.db.delete(heroSlides).where(eq(heroSlides.id, "saved-before"));
    const negative = await call(
      contentEdit.action,
      postAs(editor, "/admin/content/hero-slides/new", { ...form, href: "/contact", sortOrder: "-1" }),
      {
        desk: "hero-slides",
        id: "new",
      },
    );
    expect(negative.status).toBe(400);
    expect((await getHeroSlides(suite.db)).map((slide) => slide.title)).not.toContain("Join the 2027 grid");
    await call(contentEdit.action, postAs(editor, "/admin/content/hero-slides/new", { ...form, href: "/contact" }), {
      desk: "hero-slides",
      id: "new",
    });
    expect((await getHeroSlides(suite.db))[0]).toMatchObject({ id: "join-the-2027-grid", title: "Join the 2027 grid", href: "/contact" });
  });
});

describe("legal pages", () => {
  it("a save is a new revision dated today, shown as Last updated; 400 keeps input; a stale save is refused; History restores as a new revision", async () => {
    const params = { slug: "privacy" };
    const loaded = body(await call(legalEdit.loader, getAs(editor, "/admin/legal/privacy"), params)) as unknown as {
      document: { title: string; description: string; bodyMarkdown: string; version: number; revisedOn: string };
    };
    const original = loaded.document;
    expect(original.revisedOn).toBe("2026-11-30"); // The seeded policy (content/legal/index.json): revised for partner counting and notifications.
    const form = {
      intent: "save",
      title: original.title,
      description: original.description,
      bodyMarkdown: `${original.bodyMarkdown}\n\nA new paragraph.`,
      version: String(original.version),
    };

    const bad = await call(legalEdit.action, postAs(editor, "/admin/legal/privacy", { ...form, bodyMarkdown: " " }), params);
    expect(bad.status).toBe(400);
    expect(body(bad).errors.bodyMarkdown).toBe("Enter the text.");
    expect(body(bad).values.title).toBe(original.title);

    const saved = await call(legalEdit.action, postAs(editor, "/admin/legal/privacy", form), params);
    const today = ukDate(new Date());
    expect(saved.status).toBe(200);
    expect(body(saved).message).toBe(`Saved as a new revision dated ${formatCalendarDate(today)}.`);
    const page = (await call(legalLoader, get("/privacy"))).data as { revisedOn: string; html: string };
    expect(page.revisedOn).toBe(today);
    expect(page.html).toContain("A new paragraph.");

    const stale = await call(legalEdit.action, postAs(admin, "/admin/legal/privacy", { ...form, title: "Someone else's title" }), params);
    expect(stale.status).toBe(409);
    expect(body(stale).values.title).toBe("Someone else's title");

    const [row] = await suite.db.select().from(legalDocuments).where(eq(legalDocuments.slug, "privacy"));
    const history = body(await call(legalEdit.loader, getAs(editor, "/admin/legal/privacy?tab=history"), params)) as unknown as {
      history: Array<{ id: number; restorable: boolean }>;
    };
    expect(history.history).toHaveLength(1);
    // A second revision, then the first one brought back from History: a new revision dated today.
    await call(
      legalEdit.action,
      postAs(editor, "/admin/legal/privacy", { ...form, bodyMarkdown: "Short text.", version: String(row!.version) }),
      params,
    );
    const again = body(await call(legalEdit.loader, getAs(editor, "/admin/legal/privacy?tab=history"), params)) as unknown as {
      document: { version: number };
      history: Array<{ id: number; restorable: boolean }>;
    };
    const older = again.history.find((entry) => entry.restorable)!;
    const restored = await call(
      legalEdit.action,
      postAs(editor, "/admin/legal/privacy", {
        intent: "restore-version",
        eventId: String(older.id),
        version: String(again.document.version),
      }),
      params,
    );
    expect(restored.status).toBe(200);
    const after = (await call(legalLoader, get("/privacy"))).data as { revisedOn: string; html: string };
    expect(after.html).toContain("A new paragraph.");
    expect(after.revisedOn).toBe(today);
    expect((await auditRows("legal_document", "privacy")).map((event) => [event.action, event.actorUserId])).toEqual([
      ["update", editor.id],
      ["update", editor.id],
      ["restore", editor.id],
    ]);
  });
});

describe("site settings", () => {
  const settingsForm = (overrides: Record<string, string> = {}) => ({
    intent: "save",
    email: "hello@ridgeway-racing.example",
    phone: "+44 1632 960 999",
    address: "Swindon, Wiltshire, UK",
    officeHours: "Monday - Friday: 8:00 AM - 5:00 PM\nSaturday: Race weekends only",
    joinTheTeamUrl: "https://forms.ridgeway-racing.example/join-2027",
    "social.Instagram": "https://instagram.example/ridgeway2027",
    "social.TikTok": "",
    "social.Facebook": "https://facebook.example/ridgewayracing",
    "social.Twitter": "https://twitter.example/ridgewayracing",
    "social.YouTube": "https://youtube.example/@ridgewayracing",
    "social.LinkedIn": "https://linkedin.example/company/ridgeway-racing",
    ...overrides,
  });

  it("starts from brand.ts, is read once per process, and a save reaches header, footer and /contact at once", async () => {
    const root = async () =>
      (await call(rootLoader, get("/"))).data as { site: { joinTheTeamUrl: string; email: string; socials: Array<{ name: string }> } };
    expect((await root()).site).toMatchObject({
      email: "info@ridgeway-racing.example",
      joinTheTeamUrl: "https://forms.ridgeway-racing.example/join-the-team",
    });
    // Kept in memory: a change made behind the back office's back is not seen until content changes.
    await suite.db.execute(`update site_settings set phone = '+44 1632 960 000'` as never);
    const contact = async () =>
      (await call(contactLoader, get("/contact"))).data as {
        contact: { phone: string; email: string; officeHours: unknown; socials: Array<{ name: string }> };
      };
    expect((await contact()).contact.phone).toBe("+44 1632 960 123");

    const loaded = body(await call(settings.loader, getAs(admin, "/admin/settings")));
    const bad = await call(
      settings.action,
      postAs(admin, "/admin/settings", settingsForm({ version: String(loaded.version), email: "nope", officeHours: "All day" })),
    );
    expect(bad.status).toBe(400);
    expect(body(bad).errors).toMatchObject({
      email: "Enter an e-mail address like info@example.com.",
      officeHours: expect.stringContaining('"Days: hours"'),
    });
    expect(body(bad).values.email).toBe("nope");

    const saved = await call(
      settings.action,
      postAs(admin, "/admin/settings", settingsForm({ version: String(loaded.version), reason: "New season" })),
    );
    expect(saved.status).toBe(200);
    expect((await root()).site).toMatchObject({
      email: "hello@ridgeway-racing.example",
      joinTheTeamUrl: "https://forms.ridgeway-racing.example/join-2027",
    });
    expect((await root()).site.socials.map((social) => social.name)).not.toContain("TikTok");
    expect((await contact()).contact).toMatchObject({
      phone: "+44 1632 960 999",
      officeHours: [
        { days: "Monday - Friday", hours: "8:00 AM - 5:00 PM" },
        { days: "Saturday", hours: "Race weekends only" },
      ],
    });
    const [event] = await auditRows("site_settings", "site");
    expect(event).toMatchObject({
      action: "update",
      entityLabel: "Site settings",
      actorUserId: admin.id,
      roleUsed: "admin",
      reason: "New season",
    });

    const stale = await call(
      settings.action,
      postAs(admin, "/admin/settings", settingsForm({ version: String(loaded.version), email: "late@example.com" })),
    );
    expect(stale.status).toBe(409);
    expect((await root()).site.email).toBe("hello@ridgeway-racing.example");
  });
});
