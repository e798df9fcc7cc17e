import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import type { Auth } from "../../app/features/account/auth.server";
import { linkDriver } from "../../app/features/account/user-admin.server";
import { CONFLICT_MESSAGE } from "../../app/features/admin/audit.server";
import { loader as driverApiLoader } from "../../app/routes/api-driver";
import { action as driverDashboardAction, loader as driverDashboardLoader } from "../../app/routes/dashboard-driver";
import { action as editAction, loader as editLoader } from "../../app/routes/admin/people-desk-edit";
import { action as listAction, loader as listLoader } from "../../app/routes/admin/people-desk-list";
import { loader as femaleSideLoader } from "../../app/routes/female-side";
import { loader as teamMemberLoader } from "../../app/routes/team-member";
import { loader as teamLoader } from "../../app/routes/team";
import { type CookieJar, createTestAuth, formPost, get, requestContext, run } from "../support/accounts";
import { makeStaff, signUpPerson } from "../support/staff";
import { seededTestDatabase } from "../support/test-database";
import { routerContextFor } from "../../app/context";
import { routeArgs } from "../support/route-args";

/*
 * The people desk end to end in-process, on PGlite or PostgreSQL (TEST_DATABASE_URL): the
 * back-office routes as an editor, the public loaders after each write, and the driver's own
 * edits from their dashboard.
 */

const suite = seededTestDatabase();
let auth: Auth;
let announced = 0;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyArgs = any;
let clientCounter = 0;
function context() {
  const base = requestContext(suite.db, auth, `198.51.100.${++clientCounter % 250}`);
  return { ...base, requestId: `test-${clientCounter}`, contentChanged: async () => void announced++ };
}
const args = (request: Request, params: Record<string, string> = {}): AnyArgs =>
  routeArgs({ request, context: routerContextFor(context()), params });

/** A signed-in account (through the real sign-up), with a staff role and two-factor when asked. */
async function account(email: string, role: "driver" | "team_member", staffRole?: schema.StaffRole): Promise<CookieJar> {
  const person = await signUpPerson(suite.db, auth, { email, name: email.split("@")[0]!, role });
  if (staffRole) await makeStaff(suite.db, person, [staffRole]);
  return person.jar;
}

const post = (path: string, fields: Record<string, string>, jar?: CookieJar) => formPost(path, fields, jar ? { cookie: jar.header() } : {});
const getAs = (path: string, jar?: CookieJar) => get(path, jar ? { cookie: jar.header() } : {});

async function driverRow(id: string) {
  return (await suite.db.select().from(schema.drivers).where(eq(schema.drivers.id, id)))[0]!;
}

async function publicDriverBio(id: string): Promise<string | null> {
  const response = (await driverApiLoader(args(get(`/api/drivers/${id}`), { driverId: id }))) as Response;
  if (response.status !== 200) return null;
  return ((await response.json()) as { driver: { bio: string } }).driver.bio;
}

/** The edit form's fields for a driver as stored, with `changes` over them. */
async function driverForm(id: string, changes: Record<string, string> = {}) {
  const row = await driverRow(id);
  return {
    intent: "save",
    version: String(row.version),
    name: row.name,
    number: String(row.number),
    racingClass: row.racingClass,
    role: row.role,
    sortOrder: String(row.sortOrder),
    image: row.image,
    objectPosition: row.objectPosition,
    bio: row.bio,
    achievements: row.achievements.join("\n"),
    careerHighlights: row.careerHighlights.join("\n"),
    ...changes,
  };
}

let editor: CookieJar;
let shopOnly: CookieJar;
let teamMember: CookieJar;

beforeAll(async () => {
  auth = createTestAuth(suite.db);
  editor = await account("editor@example.com", "team_member", "editor");
  shopOnly = await account("shop@example.com", "team_member", "shop");
  teamMember = await account("member@example.com", "team_member");
});

describe("who may use the people desk", () => {
  const paths = [
    "/admin/drivers",
    "/admin/team",
    "/admin/female-side",
    "/admin/drivers/oliver-hartley",
    "/admin/team/1",
    "/admin/female-side/fs-1",
  ];

  it("sends a guest to sign in and turns away a team member, a driver and the shop role, from every screen and action", async () => {
    const driver = await account("walk-driver@example.com", "driver");
    for (const path of paths) {
      const isList = path.split("/").length === 3;
      const params: Record<string, string> = isList ? {} : { id: path.split("/")[3]! };
      const loader = isList ? listLoader : editLoader;
      const act = isList ? listAction : editAction;
      const guest = await run(async () => loader(args(getAs(path), params)));
      expect(guest.status, path).toBe(302);
      expect(guest.location).toMatch(/^\/login\?redirectTo=/);
      const guestPost = await run(async () => act(args(post(path, { intent: "save" }), params)));
      expect(guestPost.status, path).toBe(302);
      for (const jar of [teamMember, driver, shopOnly]) {
        expect((await run(async () => loader(args(getAs(path, jar), params)))).status, path).toBe(403);
        const refused = await run(async () =>
          act(args(post(path, { intent: "approve-change", changeId: "1", version: "1" }, jar), params)),
        );
        expect(refused.status, path).toBe(403);
      }
    }
  });

  it("opens every screen to an editor", async () => {
    for (const path of paths) {
      const isList = path.split("/").length === 3;
      const outcome = await run(async () =>
        (isList ? listLoader : editLoader)(args(getAs(path, editor), isList ? {} : { id: path.split("/")[3]! })),
      );
      expect(outcome.status, path).toBe(200);
      expect(outcome.headers.get("Cache-Control")).toBe("private, no-store");
    }
  });
});

describe("editing a driver", () => {
  it("refuses bad input with 400 and a message per field, keeping what was typed, and saves nothing", async () => {
    const before = await driverRow("jack-pemberton");
    const form = await driverForm("jack-pemberton", {
      name: " ",
      number: "abc",
      racingClass: "F1",
      image: "javascript:alert(1)",
      bio: "A new bio that must not be saved",
    });
    const outcome = await run(async () => editAction(args(post("/admin/drivers/jack-pemberton", form, editor), { id: "jack-pemberton" })));
    expect(outcome.status).toBe(400);
    const answer = outcome.data as { errors: Record<string, string>; values: Record<string, string> };
    expect(Object.keys(answer.errors).sort()).toEqual(["image", "name", "number", "racingClass"]);
    expect(answer.errors.number).toBe("The car number is a whole number.");
    expect(answer.values.bio).toBe("A new bio that must not be saved");
    const missing = await run(async () =>
      editAction(
        args(post("/admin/drivers/jack-pemberton", await driverForm("jack-pemberton", { image: "/media/drivers/nobody.svg" }), editor), {
          id: "jack-pemberton",
        }),
      ),
    );
    expect(missing.status).toBe(400);
    expect((missing.data as { errors: Record<string, string> }).errors).toEqual({
      image: expect.stringMatching(/No file on the site has this path/),
    });
    expect(await driverRow("jack-pemberton")).toEqual(before);
  });

  it("saves an edit with its audit row, announces it, and the public driver page and carousel show it at once", async () => {
    const announcedBefore = announced;
    const bio = "Jack now races with a new engineer.\n\nA second paragraph.";
    const form = await driverForm("jack-pemberton", { bio, number: "45", reason: "Season update" });
    const outcome = await run(async () => editAction(args(post("/admin/drivers/jack-pemberton", form, editor), { id: "jack-pemberton" })));
    expect(outcome.status).toBe(200);
    const after = await driverRow("jack-pemberton");
    expect(after).toMatchObject({ bio, number: 45, version: Number(form.version) + 1 });
    expect(announced).toBe(announcedBefore + 1);

    const [event] = await suite.db
      .select()
      .from(schema.auditEvents)
      .where(and(eq(schema.auditEvents.entityType, "driver"), eq(schema.auditEvents.entityId, "jack-pemberton")));
    expect(event).toMatchObject({
      action: "update",
      roleUsed: "editor",
      reason: "Season update",
      actorLabel: "editor <editor@example.com>",
    });
    expect(event!.diff).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: ["bio"], kind: "changed", after: bio }),
        expect.objectContaining({ path: ["number"], after: 45 }),
      ]),
    );

    expect(await publicDriverBio("jack-pemberton")).toBe(bio);
    const team = (await teamLoader(args(get("/team?driver=jack-pemberton")))) as {
      driverCarousel: { openDriver: { bio: string; number: number } };
    };
    expect(team.driverCarousel.openDriver).toMatchObject({ bio, number: 45 });
  });

  it("refuses an edit based on a stale version with 409, keeps the other person's change and the typed text", async () => {
    const stale = await driverForm("jack-pemberton");
    const first = await run(async () =>
      editAction(args(post("/admin/drivers/jack-pemberton", { ...stale, role: "First editor's role" }, editor), { id: "jack-pemberton" })),
    );
    expect(first.status).toBe(200);
    const second = await run(async () =>
      editAction(args(post("/admin/drivers/jack-pemberton", { ...stale, role: "Second editor's role" }, editor), { id: "jack-pemberton" })),
    );
    expect(second.status).toBe(409);
    const answer = second.data as { message: string; values: Record<string, string> };
    expect(answer.message).toContain(CONFLICT_MESSAGE);
    expect(answer.values.role).toBe("Second editor's role");
    expect((await driverRow("jack-pemberton")).role).toBe("First editor's role");
    // Saving again, on the version the conflict named, is a deliberate overwrite.
    const current = await driverRow("jack-pemberton");
    expect((second.data as { version: number }).version).toBe(current.version);
    const third = await run(async () =>
      editAction(
        args(post("/admin/drivers/jack-pemberton", { ...stale, version: String(current.version), role: "Second editor's role" }, editor), {
          id: "jack-pemberton",
        }),
      ),
    );
    expect(third.status).toBe(200);
    expect((await driverRow("jack-pemberton")).role).toBe("Second editor's role");
  });

  it("restores an earlier version from History, audited as a restore", async () => {
    const original = await driverRow("ethan-cole");
    const edited = await run(async () =>
      editAction(
        args(post("/admin/drivers/ethan-cole", await driverForm("ethan-cole", { bio: "A bio to be undone." }), editor), {
          id: "ethan-cole",
        }),
      ),
    );
    expect(edited.status).toBe(200);
    // The first edit's audit row holds the version before it as `before`; restoring needs a snapshot
    // of the original as an `after`, so make a second edit and restore the first one's result.
    const again = await run(async () =>
      editAction(
        args(post("/admin/drivers/ethan-cole", await driverForm("ethan-cole", { bio: "Second text." }), editor), { id: "ethan-cole" }),
      ),
    );
    expect(again.status).toBe(200);
    const page = await run(async () => editLoader(args(getAs("/admin/drivers/ethan-cole?tab=history", editor), { id: "ethan-cole" })));
    const history = (page.data as { history: Array<{ id: number; restorable: boolean; action: string }> }).history;
    expect(history.map((entry) => entry.action)).toEqual(["update", "update"]);
    expect(history[0]!.restorable).toBe(false);
    expect(history[1]!.restorable).toBe(true);
    const current = await driverRow("ethan-cole");
    const restored = await run(async () =>
      editAction(
        args(
          post(
            "/admin/drivers/ethan-cole",
            { intent: "restore-version", eventId: String(history[1]!.id), version: String(current.version) },
            editor,
          ),
          { id: "ethan-cole" },
        ),
      ),
    );
    expect(restored.status).toBe(200);
    expect((await driverRow("ethan-cole")).bio).toBe("A bio to be undone.");
    expect(await publicDriverBio("ethan-cole")).toBe("A bio to be undone.");
    const [latest] = await suite.db
      .select()
      .from(schema.auditEvents)
      .where(and(eq(schema.auditEvents.entityType, "driver"), eq(schema.auditEvents.entityId, "ethan-cole")))
      .orderBy(schema.auditEvents.id)
      .then((rows) => rows.slice(-1));
    expect(latest).toMatchObject({ action: "restore" });
    expect(original.bio).not.toBe("A bio to be undone.");
  });

  it("creates a driver who appears on the team page, and refuses a taken id", async () => {
    const form = {
      intent: "save",
      id: "new-driver",
      name: "Nina Newcomer",
      number: "88",
      racingClass: "FF1600",
      role: "FF1600 Driver",
      sortOrder: "50",
      image: "/media/drivers/amelia-ward.svg",
      objectPosition: "",
      bio: "Nina joins the team for the new season.",
      achievements: "Karting champion\n\nRookie of the year",
      careerHighlights: "",
    };
    const created = await run(async () => editAction(args(post("/admin/drivers/new", form, editor), { id: "new" })));
    expect(created.status).toBe(302);
    expect(created.location).toBe("/admin/drivers/new-driver?created=1");
    expect(await driverRow("new-driver")).toMatchObject({
      achievements: ["Karting champion", "Rookie of the year"],
      objectPosition: "center",
      version: 1,
    });
    const team = (await teamLoader(args(get("/team")))) as { driverCarousel: { drivers: Array<{ id: string }> } };
    expect(team.driverCarousel.drivers.map((driver) => driver.id)).toContain("new-driver");

    const taken = await run(async () =>
      editAction(args(post("/admin/drivers/new", { ...form, name: "Someone Else" }, editor), { id: "new" })),
    );
    expect(taken.status).toBe(409);
    expect((taken.data as { errors: Record<string, string> }).errors.id).toMatch(/already has this id/);
  });

  it("deletes softly: off the site at once, undone within 30 days, both audited", async () => {
    const row = await driverRow("new-driver");
    const deleted = await run(async () =>
      editAction(args(post("/admin/drivers/new-driver", { intent: "delete", version: String(row.version) }, editor), { id: "new-driver" })),
    );
    expect(deleted.status).toBe(200);
    expect(await publicDriverBio("new-driver")).toBeNull();
    const list = await run(async () => listLoader(args(getAs("/admin/drivers?deleted=1", editor))));
    const rows = (list.data as { rows: Array<{ id: string; version: number }> }).rows;
    expect(rows.map((entry) => entry.id)).toEqual(["new-driver"]);
    const undone = await run(async () =>
      listAction(args(post("/admin/drivers", { intent: "undelete", id: "new-driver", version: String(rows[0]!.version) }, editor))),
    );
    expect(undone.status).toBe(200);
    expect(await publicDriverBio("new-driver")).toBe("Nina joins the team for the new season.");
    const actions = await suite.db
      .select({ action: schema.auditEvents.action })
      .from(schema.auditEvents)
      .where(and(eq(schema.auditEvents.entityType, "driver"), eq(schema.auditEvents.entityId, "new-driver")))
      .orderBy(schema.auditEvents.id);
    expect(actions.map((entry) => entry.action)).toEqual(["create", "delete", "undelete"]);
  });
});

describe("team members and the Female Side", () => {
  it("edits a team member's profile page and a Female Side member's card, with 400s for bad input", async () => {
    const page = await run(async () => editLoader(args(getAs("/admin/team/2", editor), { id: "2" })));
    const { values, record } = page.data as { values: Record<string, string>; record: { version: number } };
    const bad = await run(async () =>
      editAction(
        args(
          post("/admin/team/2", { ...values, intent: "save", version: String(record.version), group: "nowhere", video: "/x.exe" }, editor),
          { id: "2" },
        ),
      ),
    );
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.data as { errors: object }).errors).sort()).toEqual(["group", "video"]);
    const saved = await run(async () =>
      editAction(
        args(
          post(
            "/admin/team/2",
            { ...values, intent: "save", version: String(record.version), fullBio: "A rewritten profile.", video: "" },
            editor,
          ),
          { id: "2" },
        ),
      ),
    );
    expect(saved.status).toBe(200);
    const profile = (await teamMemberLoader(args(get("/team/2"), { memberId: "2" }))) as {
      member: { fullBio: string; video: string | null };
    };
    expect(profile.member).toMatchObject({ fullBio: "A rewritten profile.", video: null });

    const fs = await run(async () => editLoader(args(getAs("/admin/female-side/fs-1", editor), { id: "fs-1" })));
    const fsData = fs.data as { values: Record<string, string>; record: { version: number } };
    const fsSaved = await run(async () =>
      editAction(
        args(
          post(
            "/admin/female-side/fs-1",
            { ...fsData.values, intent: "save", version: String(fsData.record.version), role: "Programme Lead" },
            editor,
          ),
          { id: "fs-1" },
        ),
      ),
    );
    expect(fsSaved.status).toBe(200);
    const femaleSide = (await femaleSideLoader(args(get("/female-side")))) as Record<string, unknown>;
    expect(JSON.stringify(femaleSide)).toContain("Programme Lead");
  });

  it("numbers a new team member after the highest one", async () => {
    const created = await run(async () =>
      editAction(
        args(
          post(
            "/admin/team/new",
            {
              intent: "save",
              name: "Pat Newhire",
              role: "Data Engineer",
              department: "Engineering",
              group: "male-side",
              image: "/media/team/member-1.svg",
              video: "",
              bio: "Short.",
              fullBio: "Longer.",
              philosophy: "Measure twice.",
              specialties: "Data",
              achievements: "",
              careerHighlights: "",
            },
            editor,
          ),
          { id: "new" },
        ),
      ),
    );
    expect(created.status).toBe(302);
    const id = Number(created.location!.split("/")[3]!.split("?")[0]);
    const all = await suite.db.select({ id: schema.teamMembers.id }).from(schema.teamMembers);
    expect(id).toBe(Math.max(...all.map((row) => row.id)));
    expect(((await teamMemberLoader(args(get(`/team/${id}`), { memberId: String(id) }))) as { member: { name: string } }).member.name).toBe(
      "Pat Newhire",
    );
  });
});

describe("a driver's own edits", () => {
  let sophie: CookieJar;
  let oliver: CookieJar;

  beforeAll(async () => {
    sophie = await account("sophie@example.com", "driver");
    oliver = await account("oliver@example.com", "driver");
    expect((await linkDriver(suite.db, "sophie@example.com", "sophie-marsh")).ok).toBe(true);
    expect((await linkDriver(suite.db, "oliver@example.com", "oliver-hartley")).ok).toBe(true);
  });

  it("waits for approval: nothing public changes until an editor approves it, which is audited and announced", async () => {
    const published = await driverRow("sophie-marsh");
    const bio = "Sophie's own words about her season.";
    const sent = await run(async () => driverDashboardAction(args(post("/dashboard/driver", { bio, image: published.image }, sophie))));
    expect(sent.status).toBe(200);
    expect(await publicDriverBio("sophie-marsh")).toBe(published.bio);
    expect(await driverRow("sophie-marsh")).toEqual(published);
    const dashboard = await run(async () => driverDashboardLoader(args(getAs("/dashboard/driver", sophie))));
    expect((dashboard.data as { change: { status: string; bio: string } }).change).toMatchObject({ status: "pending", bio });

    const list = await run(async () => listLoader(args(getAs("/admin/drivers", editor))));
    const pending = (list.data as { pending: Array<{ id: number; driverId: string; current: { version: number; bio: string } }> }).pending;
    const change = pending.find((entry) => entry.driverId === "sophie-marsh")!;
    expect(change.current.bio).toBe(published.bio);

    const announcedBefore = announced;
    const approved = await run(async () =>
      listAction(
        args(
          post(
            "/admin/drivers",
            { intent: "approve-change", changeId: String(change.id), version: String(change.current.version) },
            editor,
          ),
        ),
      ),
    );
    expect(approved.status).toBe(200);
    expect(announced).toBe(announcedBefore + 1);
    expect(await publicDriverBio("sophie-marsh")).toBe(bio);
    const events = await suite.db
      .select()
      .from(schema.auditEvents)
      .where(and(eq(schema.auditEvents.entityType, "driver"), eq(schema.auditEvents.entityId, "sophie-marsh")));
    expect(events.map((event) => event.action)).toEqual(["driver_change.approve"]);
    expect(events[0]!.diff).toEqual([
      expect.objectContaining({ path: ["bio"], before: published.bio, after: bio }),
      expect.objectContaining({ path: ["version"] }),
    ]);

    const again = await run(async () =>
      listAction(
        args(
          post(
            "/admin/drivers",
            { intent: "approve-change", changeId: String(change.id), version: String(change.current.version + 1) },
            editor,
          ),
        ),
      ),
    );
    expect(again.status).toBe(404);
  });

  it("is rejected with a reason the driver sees, and the site keeps the approved text", async () => {
    const published = await driverRow("oliver-hartley");
    await run(async () =>
      driverDashboardAction(args(post("/dashboard/driver", { bio: "Too short a bio?", image: published.image }, oliver))),
    );
    const list = await run(async () => listLoader(args(getAs("/admin/drivers", editor))));
    const change = (list.data as { pending: Array<{ id: number; driverId: string }> }).pending.find(
      (entry) => entry.driverId === "oliver-hartley",
    )!;
    const noReason = await run(async () =>
      listAction(args(post("/admin/drivers", { intent: "reject-change", changeId: String(change.id), reason: "  " }, editor))),
    );
    expect(noReason.status).toBe(400);
    expect((noReason.data as { errors: Record<string, string> }).errors.reason).toBe("Enter the reason for the driver.");
    const rejected = await run(async () =>
      listAction(
        args(
          post(
            "/admin/drivers",
            { intent: "reject-change", changeId: String(change.id), reason: "Please keep your karting history in." },
            editor,
          ),
        ),
      ),
    );
    expect(rejected.status).toBe(200);
    expect(await publicDriverBio("oliver-hartley")).toBe(published.bio);
    const dashboard = await run(async () => driverDashboardLoader(args(getAs("/dashboard/driver", oliver))));
    expect((dashboard.data as { change: unknown }).change).toMatchObject({
      status: "rejected",
      reason: "Please keep your karting history in.",
    });
    const [event] = await suite.db
      .select()
      .from(schema.auditEvents)
      .where(and(eq(schema.auditEvents.entityType, "driver_profile_change"), eq(schema.auditEvents.entityId, String(change.id))));
    expect(event).toMatchObject({ action: "reject", reason: "Please keep your karting history in." });
  });

  it("can only ever change the driver the account is linked to", async () => {
    const sophieBefore = await driverRow("sophie-marsh");
    const beforeChanges = await suite.db
      .select()
      .from(schema.driverProfileChanges)
      .where(eq(schema.driverProfileChanges.driverId, "sophie-marsh"));
    // Oliver names Sophie's record in every way a form could: it is ignored.
    const sent = await run(async () =>
      driverDashboardAction(
        args(
          post(
            "/dashboard/driver",
            { bio: "Oliver writing as Sophie", image: sophieBefore.image, driverId: "sophie-marsh", id: "sophie-marsh" },
            oliver,
          ),
        ),
      ),
    );
    expect(sent.status).toBe(200);
    expect(
      await suite.db.select().from(schema.driverProfileChanges).where(eq(schema.driverProfileChanges.driverId, "sophie-marsh")),
    ).toEqual(beforeChanges);
    const [own] = await suite.db
      .select()
      .from(schema.driverProfileChanges)
      .where(and(eq(schema.driverProfileChanges.driverId, "oliver-hartley"), eq(schema.driverProfileChanges.status, "pending")));
    expect(own!.bio).toBe("Oliver writing as Sophie");
    expect(await driverRow("sophie-marsh")).toEqual(sophieBefore);

    // A driver cannot approve it, nor reach the back-office edit of another driver.
    const approve = await run(async () =>
      listAction(args(post("/admin/drivers", { intent: "approve-change", changeId: String(own!.id), version: "1" }, oliver))),
    );
    expect(approve.status).toBe(403);
    const edit = await run(async () =>
      editAction(
        args(post("/admin/drivers/sophie-marsh", await driverForm("sophie-marsh", { bio: "hijack" }), oliver), { id: "sophie-marsh" }),
      ),
    );
    expect(edit.status).toBe(403);

    // An unlinked driver account, and a team member, have nothing to edit.
    const unlinked = await account("unlinked@example.com", "driver");
    const refused = await run(async () =>
      driverDashboardAction(args(post("/dashboard/driver", { bio: "Who am I?", image: "/media/drivers/ethan-cole.svg" }, unlinked))),
    );
    expect(refused.status).toBe(403);
    const member = await run(async () =>
      driverDashboardAction(args(post("/dashboard/driver", { bio: "Not a driver", image: "/media/drivers/ethan-cole.svg" }, teamMember))),
    );
    expect(member.status).toBe(302);
    expect(await driverRow("sophie-marsh")).toEqual(sophieBefore);
  });

  it("refuses a bad bio or photo with 400 and field messages, and a second edit replaces the waiting one", async () => {
    const bad = await run(async () =>
      driverDashboardAction(args(post("/dashboard/driver", { bio: "", image: "https://evil.example/x.png" }, oliver))),
    );
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.data as { errors: object }).errors).sort()).toEqual(["bio", "image"]);
    const missing = await run(async () =>
      driverDashboardAction(args(post("/dashboard/driver", { bio: "Fine.", image: "/media/drivers/nobody.png" }, oliver))),
    );
    expect(missing.status).toBe(400);
    expect((missing.data as { errors: Record<string, string> }).errors.image).toMatch(/No file on the site has this path/);
    await run(async () =>
      driverDashboardAction(args(post("/dashboard/driver", { bio: "Take two.", image: "/media/drivers/oliver-hartley.svg" }, oliver))),
    );
    const waiting = await suite.db
      .select()
      .from(schema.driverProfileChanges)
      .where(and(eq(schema.driverProfileChanges.driverId, "oliver-hartley"), eq(schema.driverProfileChanges.status, "pending")));
    expect(waiting.map((row) => row.bio)).toEqual(["Take two."]);
  });
});
