import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, promoCodes } from "../../db/schema";
import type { Auth } from "../../app/features/account/auth.server";
import { requiredStaffRoleFor } from "../../app/features/admin/areas";
import { CONFLICT_MESSAGE } from "../../app/features/admin/audit.server";
import * as promotionEdit from "../../app/routes/admin/promotion-edit";
import * as promotions from "../../app/routes/admin/promotions";
import { createTestAuth, formPost, get, requestContext, run } from "../support/accounts";
import { makeStaff, signUpPerson, type TestPerson } from "../support/staff";
import { seededTestDatabase } from "../support/test-database";
import { routerContextFor } from "../../app/context";
import { routeArgs } from "../support/route-args";

/* The promotions desk through its route modules: roles, bad input, the audit trail, stale saves. */

const suite = seededTestDatabase();
let auth: Auth;
let counter = 0;
const person = async (label: string) =>
  signUpPerson(suite.db, auth, { email: `${label}-${++counter}@example.com`, name: `${label} ${counter}`, role: "team_member" });
const ctx = () => ({ ...requestContext(suite.db, auth), requestId: "req-promotions" });

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyArgs = any;
const call = (handler: (args: AnyArgs) => unknown, request: Request, params: Record<string, string> = {}) =>
  run(() => handler(routeArgs({ request, context: routerContextFor(ctx()), params }) as AnyArgs));
const postAs = (who: TestPerson | null, path: string, fields: Record<string, string>) =>
  formPost(path, fields, who ? { cookie: who.jar.header() } : {});
const getAs = (who: TestPerson | null, path: string) => get(path, who ? { cookie: who.jar.header() } : {});
const body = (outcome: { data: unknown }) => outcome.data as { tone: string; message: string; errors: Record<string, string> };

let shop: TestPerson;
let editor: TestPerson;
beforeAll(async () => {
  auth = createTestAuth(suite.db);
  shop = await makeStaff(suite.db, await person("shop"), ["shop"]);
  editor = await makeStaff(suite.db, await person("editor"), ["editor"]);
});

const newCode = (overrides: Record<string, string> = {}) => ({
  code: "summer10",
  kind: "percent",
  percentOff: "10",
  minSpend: "30",
  startsOn: "2026-07-01",
  endsOn: "2026-07-31",
  maxUses: "100",
  perCustomerLimit: "1",
  active: "on",
  note: "Summer newsletter",
  ...overrides,
});

describe("promotions desk", () => {
  it("needs the shop role on every loader and action", async () => {
    expect(requiredStaffRoleFor("/admin/promotions")).toBe("shop");
    expect(requiredStaffRoleFor("/admin/promotions/NEW10")).toBe("shop");
    for (const who of [null, editor]) {
      const list = await call(promotions.loader, getAs(who, "/admin/promotions"));
      const create = await call(promotionEdit.action, postAs(who, "/admin/promotions/new", newCode()));
      expect([list.status, create.status]).toEqual(who ? [403, 403] : [302, 302]);
    }
    expect(await suite.db.select().from(promoCodes).where(eq(promoCodes.code, "SUMMER10"))).toHaveLength(0);
  });

  it("creates a code, audited, and lists it", async () => {
    const created = await call(promotionEdit.action, postAs(shop, "/admin/promotions/new", newCode()));
    expect(created).toMatchObject({ status: 302, location: "/admin/promotions/SUMMER10?saved=1" });
    const [row] = await suite.db.select().from(promoCodes).where(eq(promoCodes.code, "SUMMER10"));
    expect(row).toMatchObject({
      percentOff: 10,
      amountOffPence: null,
      minSpendPence: 3000,
      maxUses: 100,
      perCustomerLimit: 1,
      active: true,
      usedCount: 0,
      version: 1,
    });
    const audit = await suite.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, "promo_code"), eq(auditEvents.entityId, "SUMMER10")));
    expect(audit).toMatchObject([{ action: "create", roleUsed: "shop" }]);
    const list = await call(promotions.loader, getAs(shop, "/admin/promotions"));
    expect(JSON.stringify(list.data)).toContain("SUMMER10");

    const again = await call(promotionEdit.action, postAs(shop, "/admin/promotions/new", newCode({ percentOff: "20" })));
    expect(again.status).toBe(409);
    expect(body(again).errors.code).toMatch(/already a code SUMMER10/);
  });

  it.each([
    ["a promo ending before it starts", { startsOn: "2026-08-01", endsOn: "2026-07-01" }, "endsOn"],
    ["a percentage over 100", { percentOff: "120" }, "percentOff"],
    ["a fixed amount of nothing", { kind: "amount", amountOff: "0" }, "amountOff"],
    ["a negative limit", { maxUses: "-1" }, "maxUses"],
    ["a bad code", { code: "no!" }, "code"],
  ])("refuses %s with a message, changing nothing", async (_name, change, field) => {
    const before = await suite.db.select().from(promoCodes);
    const outcome = await call(promotionEdit.action, postAs(shop, "/admin/promotions/new", newCode({ code: "BADCASE", ...change })));
    expect(outcome.status).toBe(400);
    expect(body(outcome).errors[field]).toBeTruthy();
    expect(await suite.db.select().from(promoCodes)).toEqual(before);
  });

  it("edits with the version it was based on: a stale save changes nothing; the code itself cannot change", async () => {
    await call(promotionEdit.action, postAs(shop, "/admin/promotions/new", newCode({ code: "EDITME" })));
    const params = { code: "EDITME" };
    const saved = await call(
      promotionEdit.action,
      postAs(shop, "/admin/promotions/EDITME", { ...newCode({ code: "OTHER", kind: "amount", amountOff: "5", active: "" }), version: "1" }),
      params,
    );
    expect(saved.status).toBe(200);
    const [row] = await suite.db.select().from(promoCodes).where(eq(promoCodes.code, "EDITME"));
    expect(row).toMatchObject({ percentOff: null, amountOffPence: 500, active: false, version: 2 });
    expect(await suite.db.select().from(promoCodes).where(eq(promoCodes.code, "OTHER"))).toHaveLength(0);

    const stale = await call(
      promotionEdit.action,
      postAs(shop, "/admin/promotions/EDITME", { ...newCode({ percentOff: "50" }), version: "1" }),
      params,
    );
    expect(stale.status).toBe(409);
    expect(body(stale).message).toBe(CONFLICT_MESSAGE);
    const history = await call(promotionEdit.loader, getAs(shop, "/admin/promotions/EDITME?tab=history"), params);
    expect((history.data as { history: unknown[] }).history).toHaveLength(2);
    expect((await call(promotionEdit.loader, getAs(shop, "/admin/promotions/NOPE"), { code: "NOPE" })).status).toBe(404);
  });
});
