import { readdirSync, readFileSync } from "node:fs";
import { and, eq, inArray, sql } from "drizzle-orm";
import { pgTable, text } from "drizzle-orm/pg-core";
import { Secret, TOTP } from "otpauth";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, legalDocuments, staffRoleGrants, users } from "../../db/schema";
import { deletedAtColumn, versionColumn } from "../../db/schema/columns";
import type { Auth } from "../../app/features/account/auth.server";
import { auditedWrite, CONFLICT_MESSAGE } from "../../app/features/admin/audit.server";
import { entityHistory, restoreFromHistory } from "../../app/features/admin/history.server";
import { restoreAction } from "../../app/features/admin/desk/restore.server";
import { changeStaffRole, needsTwoFactorMessage, searchPeople } from "../../app/features/admin/people.server";
import { softDelete, undoSoftDelete } from "../../app/features/admin/soft-delete.server";
import {
  NOT_STAFF_MESSAGE,
  PENDING_ROLE_MESSAGE,
  requireAnyStaff,
  requireStaff,
  STAFF_TWO_FACTOR_MESSAGE,
  STAFF_TWO_FACTOR_PATH,
  type StaffUser,
} from "../../app/features/admin/staff.server";
import { legalDocumentRestoreTarget, saveLegalDocument } from "../../app/features/legal/legal-admin.server";
import { action as securityAction, loader as securityLoader } from "../../app/routes/dashboard-security";
import { action as peopleAction } from "../../app/routes/admin/people";
import { createTestAuth, formPost, get, requestContext, run } from "../support/accounts";
import { STAFF_PASSWORD } from "../support/prepared-staff";
import { enrolAuthenticator, makeStaff, signUpPerson, type TestPerson } from "../support/staff";
import { seededTestDatabase } from "../support/test-database";
import { routerContextFor } from "../../app/context";
import { routeArgs } from "../support/route-args";

const suite = seededTestDatabase();
let auth: Auth;
beforeAll(() => {
  auth = createTestAuth(suite.db);
});

let emailCounter = 0;
const person = (label: string) =>
  signUpPerson(suite.db, auth, { email: `${label}-${++emailCounter}@example.com`, name: `${label} ${emailCounter}` });
const context = () => requestContext(suite.db, auth);
const asRequest = (who: TestPerson | null, path = "/admin/people") => get(path, who ? { cookie: who.jar.header() } : {});

async function staffUser(who: TestPerson, role: "admin" | "editor" | "shop"): Promise<StaffUser> {
  return requireStaff(asRequest(who), context(), role);
}

async function auditRows(entityType: string, entityId: string) {
  return suite.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, entityType), eq(auditEvents.entityId, entityId)))
    .orderBy(auditEvents.id);
}

describe("requireStaff", () => {
  it("sends a guest to sign in and back", async () => {
    const outcome = await run(() => requireStaff(get("/admin/people?q=sam"), context(), "admin"));
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/login?redirectTo=%2Fadmin%2Fpeople%3Fq%3Dsam");
    expect(outcome.headers.get("cache-control")).toBe("private, no-store");
  });

  it("refuses someone signed in without a staff role, or without the one asked for, with 403", async () => {
    const member = await makeStaff(suite.db, await person("member"), [], { twoFactor: true });
    const shop = await makeStaff(suite.db, await person("shop"), ["shop"]);
    for (const [who, role] of [
      [member, "editor"],
      [shop, "editor"],
      [shop, "admin"],
    ] as const) {
      const outcome = await run(() => requireStaff(asRequest(who), context(), role));
      expect(outcome.status).toBe(403);
      expect(outcome.data).toEqual({ message: NOT_STAFF_MESSAGE });
    }
    expect((await run(() => requireAnyStaff(asRequest(member), context()))).status).toBe(403);
  });

  it("gives back the staff member, and lets an admin act as every role, recorded as admin (not as the screen's role)", async () => {
    const admin = await makeStaff(suite.db, await person("admin"), ["admin"]);
    for (const role of ["admin", "editor", "shop"] as const) {
      expect(await staffUser(admin, role)).toEqual({
        id: admin.id,
        name: admin.name,
        email: admin.email,
        roles: ["admin"],
        actingAs: "admin",
      });
    }
    const both = await makeStaff(suite.db, await person("both"), ["shop", "editor"]);
    expect(await requireAnyStaff(asRequest(both), context())).toMatchObject({ roles: ["editor", "shop"], actingAs: "editor" });
  });

  it("sends a staff member without two-factor to turn it on; their role then waits for an admin to confirm it", async () => {
    const editor = await makeStaff(suite.db, await person("editor"), ["editor"], { twoFactor: false });
    const refused = await run(() => requireStaff(asRequest(editor), context(), "editor"));
    expect(refused.status).toBe(302);
    expect(refused.location).toBe(STAFF_TWO_FACTOR_PATH);

    // The security page says why, until two-factor is on.
    const security = (path = STAFF_TWO_FACTOR_PATH) =>
      run(() =>
        securityLoader(
          routeArgs({ request: get(path, { cookie: editor.jar.header() }), context: routerContextFor(context()), params: {} }) as never,
        ),
      );
    expect(((await security()).data as { staffNotice: string }).staffNotice).toBe(STAFF_TWO_FACTOR_MESSAGE);
    expect(((await security("/dashboard/security")).data as { staffNotice: string | null }).staffNotice).toBeNull();

    const post = (fields: Record<string, string>) =>
      run(() =>
        securityAction(
          routeArgs({
            request: formPost("/dashboard/security", fields, { cookie: editor.jar.header() }),
            context: routerContextFor(context()),
            params: {},
          }) as never,
        ),
      );
    expect((await post({ intent: "two-factor-start", password: STAFF_PASSWORD })).status).toBe(200);
    const { twoFactor } = (await security()).data as { twoFactor: { secret: string } };
    const code = new TOTP({ secret: Secret.fromBase32(twoFactor.secret.replace(/\s/g, "")), digits: 6, period: 30 }).generate();
    const confirmed = await post({ intent: "two-factor-confirm", code });
    expect(confirmed.status).toBe(200);
    editor.jar.take(confirmed.setCookies);

    expect(((await security()).data as { staffNotice: string | null }).staffNotice).toBeNull();
    // Turned on after the role was given: whoever knew the password could have done that, so the
    // role waits for an admin to confirm it (ADR 0100).
    const waiting = await run(() => requireStaff(asRequest(editor), context(), "editor"));
    expect(waiting).toMatchObject({ status: 403, data: { message: PENDING_ROLE_MESSAGE } });
    const admin = await makeStaff(suite.db, await person("confirming-admin"), ["admin"]);
    const confirmation = await run(() =>
      peopleAction(
        routeArgs({
          request: formPost("/admin/people", { intent: "grant-role", userId: editor.id, role: "editor" }, { cookie: admin.jar.header() }),
          context: routerContextFor(context()),
          params: {},
        }) as never,
      ),
    );
    expect(confirmation).toMatchObject({
      status: 200,
      data: { tone: "success", message: `${editor.name}'s Editor role is confirmed and in effect.` },
    });
    expect(await staffUser(editor, "editor")).toMatchObject({ id: editor.id, roles: ["editor"] });
  });
});

describe("staff roles at /admin/people", () => {
  const post = (who: TestPerson, fields: Record<string, string>) =>
    run(() =>
      peopleAction(
        routeArgs({
          request: formPost("/admin/people", fields, { cookie: who.jar.header() }),
          context: routerContextFor(context()),
          params: {},
        }) as never,
      ),
    );

  it("grants and removes a role, each audited with who did it and as what", async () => {
    const admin = await makeStaff(suite.db, await person("granting-admin"), ["admin"]);
    // Two-factor on, no staff role yet: someone a role may be given to.
    const writer = await makeStaff(suite.db, await person("writer"), []);
    const granted = await post(admin, { intent: "grant-role", userId: writer.id, role: "editor", reason: "Writes the race reports" });
    expect(granted).toMatchObject({ status: 200, data: { tone: "success", message: `${writer.name} is now an Editor.` } });
    const removed = await post(admin, { intent: "remove-role", userId: writer.id, role: "editor" });
    expect(removed).toMatchObject({ status: 200, data: { message: `${writer.name} is no longer an Editor.` } });

    const rows = await auditRows("user", writer.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      actorUserId: admin.id,
      actorLabel: `${admin.name} <${admin.email}>`,
      actorRoles: ["admin"],
      roleUsed: "admin",
      action: "staff_role.grant",
      entityLabel: writer.name,
      before: { staffRoles: [] },
      after: { staffRoles: ["editor"] },
      diff: [{ path: ["staffRoles"], kind: "changed", before: [], after: ["editor"] }],
      reason: "Writes the race reports",
    });
    expect(rows[1]).toMatchObject({
      action: "staff_role.remove",
      before: { staffRoles: ["editor"] },
      after: { staffRoles: [] },
      reason: null,
    });
  });

  it("gives no role to someone without two-factor: refused with what to ask of them, and no access", async () => {
    const admin = await makeStaff(suite.db, await person("careful-admin"), ["admin"]);
    const newcomer = await person("password-only");
    const refused = await post(admin, { intent: "grant-role", userId: newcomer.id, role: "admin" });
    expect(refused).toMatchObject({ status: 409, data: { tone: "error", message: needsTwoFactorMessage(newcomer.name) } });
    expect(await suite.db.select().from(staffRoleGrants).where(eq(staffRoleGrants.userId, newcomer.id))).toEqual([]);
    expect(await auditRows("user", newcomer.id)).toHaveLength(0);
    // Whoever has the password turns two-factor on: still not staff.
    await enrolAuthenticator(auth, newcomer);
    expect(await run(() => requireStaff(asRequest(newcomer), context(), "admin"))).toMatchObject({
      status: 403,
      data: { message: NOT_STAFF_MESSAGE },
    });
  });

  it("puts a role on hold when its holder's two-factor is turned off, and keeps it waiting after it is on again, until an admin confirms it", async () => {
    const admin = await makeStaff(suite.db, await person("watchful-admin"), ["admin"]);
    const shopper = await person("shop-keeper");
    await enrolAuthenticator(auth, shopper);
    expect((await post(admin, { intent: "grant-role", userId: shopper.id, role: "shop" })).status).toBe(200);
    expect(await staffUser(shopper, "shop")).toMatchObject({ roles: ["shop"] });

    const off = await auth.api.disableTwoFactor({
      body: { password: STAFF_PASSWORD },
      headers: new Headers({ cookie: shopper.jar.header() }),
      returnHeaders: true,
    });
    shopper.jar.take(off.headers.getSetCookie());
    expect((await run(() => requireStaff(asRequest(shopper), context(), "shop"))).location).toBe(STAFF_TWO_FACTOR_PATH);
    await enrolAuthenticator(auth, shopper);
    expect(await run(() => requireStaff(asRequest(shopper), context(), "shop"))).toMatchObject({
      status: 403,
      data: { message: PENDING_ROLE_MESSAGE },
    });
    const { people } = await searchPeople(suite.db, { query: shopper.email, staffOnly: false, page: 1 });
    expect(people[0]).toMatchObject({ staffRoles: ["shop"], pendingRoles: ["shop"], twoFactorEnabled: true });

    const confirmed = await post(admin, { intent: "grant-role", userId: shopper.id, role: "shop", reason: "Checked by phone" });
    expect(confirmed).toMatchObject({ status: 200, data: { tone: "success" } });
    expect(await staffUser(shopper, "shop")).toMatchObject({ roles: ["shop"] });
    expect((await auditRows("user", shopper.id)).at(-1)).toMatchObject({
      action: "staff_role.confirm",
      before: { staffRoles: [], pendingRoles: ["shop"] },
      after: { staffRoles: ["shop"], pendingRoles: [] },
      reason: "Checked by phone",
    });
  });

  it("counts only admins in effect when keeping the last one", async () => {
    await suite.db.delete(staffRoleGrants).where(eq(staffRoleGrants.role, "admin"));
    const only = await makeStaff(suite.db, await person("lone-admin"), ["admin"]);
    // An admin role that waits (its holder never turned two-factor on) keeps nobody in charge.
    await makeStaff(suite.db, await person("waiting-admin"), ["admin"], { twoFactor: false });
    const refused = await post(only, { intent: "remove-role", userId: only.id, role: "admin" });
    expect(refused.status).toBe(409);
  });

  it("refuses bad input with 400 and field messages, and changes nothing", async () => {
    const admin = await makeStaff(suite.db, await person("strict-admin"), ["admin"]);
    const target = await person("target");
    const bad = await post(admin, { intent: "grant-role", userId: target.id, role: "superuser" });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ errors: { role: "Choose a staff role: admin, editor or shop." } });
    expect((await post(admin, { intent: "promote", userId: target.id, role: "editor" })).status).toBe(400);
    expect((await post(admin, { intent: "grant-role", userId: "", role: "editor" })).status).toBe(400);
    expect((await post(admin, { intent: "grant-role", userId: "no-such-user", role: "editor" })).status).toBe(404);
    expect(await auditRows("user", target.id)).toHaveLength(0);
  });

  it("never removes the last admin, even at their own request; with another admin, one may step down", async () => {
    await suite.db.delete(staffRoleGrants).where(eq(staffRoleGrants.role, "admin"));
    const only = await makeStaff(suite.db, await person("only-admin"), ["admin"]);
    const refused = await post(only, { intent: "remove-role", userId: only.id, role: "admin" });
    expect(refused.status).toBe(409);
    expect((refused.data as { message: string }).message).toMatch(/^You are the last admin/);
    expect(await auditRows("user", only.id)).toHaveLength(0);

    const second = await makeStaff(suite.db, await person("second-admin"), []);
    expect((await post(only, { intent: "grant-role", userId: second.id, role: "admin" })).status).toBe(200);
    expect((await post(only, { intent: "remove-role", userId: only.id, role: "admin" })).status).toBe(200);
    // Now `second` is the last admin; nobody (here, a direct call as the last admin) can remove them.
    const secondStaff = await staffUser(second, "admin");
    expect(await changeStaffRole(context(), secondStaff, { userId: second.id, role: "admin", grant: false })).toMatchObject({
      ok: false,
      status: 409,
    });
  });
});

describe("audited writes", () => {
  async function legalVersion(slug: string) {
    const [row] = await suite.db.select().from(legalDocuments).where(eq(legalDocuments.slug, slug));
    return row!;
  }

  it("writes nothing, neither change nor audit row, when the write fails after changing the record", async () => {
    const editor = await staffUser(await makeStaff(suite.db, await person("failing-editor"), ["editor"]), "editor");
    const before = await legalVersion("cookies");
    await expect(
      auditedWrite(context(), editor, async (tx) => {
        await tx.update(legalDocuments).set({ title: "Changed then failed" }).where(eq(legalDocuments.slug, "cookies"));
        throw new Error("the write failed half-way");
      }),
    ).rejects.toThrow("the write failed half-way");
    expect(await legalVersion("cookies")).toEqual(before);
    expect(await auditRows("legal_document", "cookies")).toHaveLength(0);
  });

  it("keeps no change when its audit row cannot be inserted", async () => {
    const editor = await staffUser(await makeStaff(suite.db, await person("audit-fail-editor"), ["editor"]), "editor");
    const before = await legalVersion("cookies");
    await expect(
      auditedWrite(context(), editor, async (tx) => {
        await tx.update(legalDocuments).set({ title: "Changed without a trace" }).where(eq(legalDocuments.slug, "cookies"));
        // An action the audit table refuses (NOT NULL): the insert fails inside the transaction.
        return { value: null, audit: { action: null as never, entityType: "legal_document", entityId: "cookies", before: {}, after: {} } };
      }),
    ).rejects.toThrow();
    expect(await legalVersion("cookies")).toEqual(before);
    expect(await auditRows("legal_document", "cookies")).toHaveLength(0);
  });

  it("refuses a save based on a stale version, keeping the other person's change, and tells listeners only of commits", async () => {
    const alice = await staffUser(await makeStaff(suite.db, await person("alice"), ["editor"]), "editor");
    const bob = await staffUser(await makeStaff(suite.db, await person("bob"), ["admin"]), "editor");
    const opened = await legalVersion("returns");
    let announced = 0;
    const listening = { ...context(), requestId: "req-alice", contentChanged: async () => void announced++ };

    const first = await saveLegalDocument(
      listening,
      alice,
      "returns",
      opened.version,
      { ...opened, title: "Returns (Alice)" },
      "Tidy the title",
    );
    expect(first).toMatchObject({ ok: true, value: { title: "Returns (Alice)", version: opened.version + 1 } });
    const second = await saveLegalDocument(listening, bob, "returns", opened.version, { ...opened, title: "Returns (Bob)" });
    expect(second).toEqual({ ok: false, kind: "conflict", message: CONFLICT_MESSAGE, entityType: "legal_document", entityId: "returns" });
    expect(CONFLICT_MESSAGE).toBe("Someone else saved this record since you opened it; your changes were not saved.");

    expect(await legalVersion("returns")).toMatchObject({ title: "Returns (Alice)", version: opened.version + 1 });
    const rows = await auditRows("legal_document", "returns");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: alice.id,
      roleUsed: "editor",
      action: "update",
      requestId: "req-alice",
      reason: "Tidy the title",
      diff: [
        { path: ["title"], kind: "changed", before: opened.title, after: "Returns (Alice)" },
        { path: ["version"], kind: "changed", before: opened.version, after: opened.version + 1 },
      ],
    });
    // Announced once, for the commit; never for the refused save.
    expect(announced).toBe(1);
  });

  it("restores an earlier version from the History, as an audited change with the version check", async () => {
    const editor = await staffUser(await makeStaff(suite.db, await person("restorer"), ["editor"]), "editor");
    const original = await legalVersion("privacy");
    const v2 = await saveLegalDocument(context(), editor, "privacy", original.version, { ...original, bodyMarkdown: "Second text" });
    if (!v2.ok) throw new Error("save failed");
    const v3 = await saveLegalDocument(context(), editor, "privacy", v2.value.version, { ...original, bodyMarkdown: "Third text" });
    if (!v3.ok) throw new Error("save failed");

    const history = await entityHistory(suite.db, "legal_document", "privacy", { currentVersion: v3.value.version });
    expect(history.map((entry) => [entry.version, entry.restorable])).toEqual([
      [v3.value.version, false],
      [v2.value.version, true],
    ]);
    const target = legalDocumentRestoreTarget("privacy");

    // Someone looking at an older version cannot restore over a newer save.
    const stale = await restoreFromHistory(context(), editor, target, { eventId: history[1]!.id, expectedVersion: v2.value.version });
    expect(stale).toMatchObject({ ok: false, kind: "conflict" });
    expect(await legalVersion("privacy")).toMatchObject({ bodyMarkdown: "Third text" });

    const restored = await restoreFromHistory(context(), editor, target, { eventId: history[1]!.id, expectedVersion: v3.value.version });
    expect(restored).toMatchObject({ ok: true, value: { bodyMarkdown: "Second text", version: v3.value.version + 1 } });
    expect(await legalVersion("privacy")).toMatchObject({ bodyMarkdown: "Second text" });
    const rows = await auditRows("legal_document", "privacy");
    expect(rows.at(-1)).toMatchObject({
      action: "restore",
      actorUserId: editor.id,
      reason: expect.stringMatching(new RegExp(`^Restored the version saved at .* \\(change #${history[1]!.id}\\)$`)),
    });
    expect(rows.at(-1)!.diff).toContainEqual({ path: ["bodyMarkdown"], kind: "changed", before: "Third text", after: "Second text" });

    // Through the History panel's form: a bad form is a 400, a stale version a 409.
    const form = (fields: Record<string, string>) => new URLSearchParams(fields) as unknown as FormData;
    const viaForm = (fields: Record<string, string>) => run(() => restoreAction(context(), editor, form(fields), target));
    expect(await viaForm({ intent: "restore-version", eventId: "x", version: "1" })).toMatchObject({
      status: 400,
      data: { message: "Choose a version to restore." },
    });
    expect(await viaForm({ intent: "restore-version", eventId: String(history[0]!.id), version: String(v3.value.version) })).toMatchObject({
      status: 409,
    });
    const current = await legalVersion("privacy");
    expect(await viaForm({ intent: "restore-version", eventId: String(history[0]!.id), version: String(current.version) })).toMatchObject({
      status: 200,
      data: { tone: "success" },
    });
    expect(await legalVersion("privacy")).toMatchObject({ bodyMarkdown: "Third text", version: current.version + 1 });

    const elsewhere = await restoreFromHistory(context(), editor, legalDocumentRestoreTarget("terms"), {
      eventId: history[1]!.id,
      expectedVersion: 1,
    });
    expect(elsewhere).toMatchObject({ ok: false, kind: "not-found" });
  });
});

describe("soft delete", () => {
  // A table of the shape the convention asks for, made for this test only.
  const widgets = pgTable("test_widgets", {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    version: versionColumn(),
    deletedAt: deletedAtColumn(),
  });
  const WIDGET = { table: widgets, id: widgets.id, entityType: "test_widget" };

  beforeAll(async () => {
    await suite.db.execute(
      sql`create table test_widgets (id text primary key, name text not null, version integer not null default 1, deleted_at timestamptz)`,
    );
    await suite.db.insert(widgets).values([
      { id: "w1", name: "Wing" },
      { id: "w2", name: "Old wing" },
    ]);
  });

  it("deletes softly, undoes within 30 days, refuses after, each audited and version-checked", async () => {
    const editor = await staffUser(await makeStaff(suite.db, await person("deleter"), ["editor"]), "editor");
    const deleted = await softDelete(context(), editor, WIDGET, "w1", 1, { reason: "Duplicate", entityLabel: "Wing" });
    expect(deleted).toMatchObject({ ok: true, value: { id: "w1", version: 2, deletedAt: expect.any(Date) } });
    expect(await softDelete(context(), editor, WIDGET, "w1", 1)).toMatchObject({ ok: false, kind: "conflict" });
    const undone = await undoSoftDelete(context(), editor, WIDGET, "w1", 2);
    expect(undone).toMatchObject({ ok: true, value: { deletedAt: null, version: 3 } });
    expect((await auditRows("test_widget", "w1")).map((row) => [row.action, row.reason, row.entityLabel])).toEqual([
      ["delete", "Duplicate", "Wing"],
      // Not named by the call: the record's own name, from its snapshot.
      ["undelete", null, "Wing"],
    ]);

    await suite.db
      .update(widgets)
      .set({ deletedAt: sql`now() - interval '31 days'` })
      .where(eq(widgets.id, "w2"));
    expect(await undoSoftDelete(context(), editor, WIDGET, "w2", 1)).toMatchObject({ ok: false, kind: "too-late" });
    expect(await undoSoftDelete(context(), editor, WIDGET, "missing", 1)).toMatchObject({ ok: false, kind: "not-found" });
    expect(await auditRows("test_widget", "w2")).toHaveLength(0);
  });
});

describe("the migration to staff roles", () => {
  it("gives every former admin account the admin staff role, makes it a team member, and records it", async () => {
    const former = await person("former-admin");
    // As the account was before the migration (the check still allows the old value).
    await suite.db.execute(sql`update users set role = 'admin' where id = ${former.id}`);
    const folder = new URL("../../db/migrations/", import.meta.url);
    const file = readdirSync(folder).find((name) => name.endsWith("_admin-core_sql.sql"));
    const migration = readFileSync(new URL(file!, folder), "utf8");
    for (const statement of migration.split("--> statement-breakpoint")) await suite.db.execute(sql.raw(statement));

    const [row] = await suite.db.select({ role: users.role }).from(users).where(eq(users.id, former.id));
    expect(row!.role).toBe("team_member");
    expect(
      await suite.db.select({ role: staffRoleGrants.role }).from(staffRoleGrants).where(eq(staffRoleGrants.userId, former.id)),
    ).toEqual([{ role: "admin" }]);
    expect(await auditRows("user", former.id)).toMatchObject([
      {
        actorUserId: null,
        actorLabel: "database migration",
        action: "staff_role.grant",
        entityLabel: former.name,
        after: { staffRoles: ["admin"] },
      },
    ]);
  });
});

describe("the migration that ties staff roles to two-factor", () => {
  it("keeps the roles of holders with two-factor on in effect, and leaves the others waiting", async () => {
    const secured = await makeStaff(suite.db, await person("secured-holder"), ["editor"]);
    const unsecured = await makeStaff(suite.db, await person("unsecured-holder"), ["shop"], { twoFactor: false });
    // As the rows were before the migration: no authenticator recorded.
    await suite.db
      .update(staffRoleGrants)
      .set({ twoFactorId: null })
      .where(inArray(staffRoleGrants.userId, [secured.id, unsecured.id]));
    const folder = new URL("../../db/migrations/", import.meta.url);
    const file = readdirSync(folder).find((name) => name.endsWith("_staff-roles-need-two-factor.sql"));
    const migration = readFileSync(new URL(file!, folder), "utf8");
    // Its last statement is the data step; the columns are there already.
    await suite.db.execute(sql.raw(migration.split("--> statement-breakpoint").at(-1)!));

    expect(await staffUser(secured, "editor")).toMatchObject({ roles: ["editor"] });
    const [waiting] = await suite.db.select().from(staffRoleGrants).where(eq(staffRoleGrants.userId, unsecured.id));
    expect(waiting).toMatchObject({ role: "shop", twoFactorId: null });
  });
});
