import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents } from "../../db/schema";
import { readShopSettings } from "../../app/features/shop/store/shop-settings.server";
import { FREE_SHIPPING } from "../../app/features/shop/store/pricing";
import { action as deliveryAction, loader as deliveryLoader } from "../../app/routes/admin/delivery";
import { createTestAuth, formPost, requestContext, run } from "../support/accounts";
import { makeStaff, signUpPerson } from "../support/staff";
import { seededTestDatabase } from "../support/test-database";
import { routerContextFor } from "../../app/context";
import { routeArgs } from "../support/route-args";

const suite = seededTestDatabase();

describe("the shop desk's delivery settings", () => {
  it("are saved by shop staff, versioned and audited; bad input and a stale form change nothing", async () => {
    const auth = createTestAuth(suite.db);
    const shop = await makeStaff(suite.db, await signUpPerson(suite.db, auth, { email: "delivery-shop@example.com" }), ["shop"]);
    const cookie = { cookie: shop.jar.header() };
    const post = (fields: Record<string, string>) =>
      run(() =>
        deliveryAction(
          routeArgs({
            request: formPost("/admin/delivery", fields, cookie),
            context: routerContextFor(requestContext(suite.db, auth)),
            params: {},
          }) as never,
        ),
      );

    const loaded = await run(() =>
      deliveryLoader(
        routeArgs({
          request: new Request("http://localhost/admin/delivery", { headers: cookie }),
          context: routerContextFor(requestContext(suite.db, auth)),
          params: {},
        }) as never,
      ),
    );
    expect(loaded.data).toMatchObject({ version: 0, values: { shipsTo: "GB", flatRate: "0", freeAbove: "" } });

    const bad = await post({ version: "0", shipsTo: "GB, XX", shippingMethodName: "", flatRate: "free", freeAbove: "" });
    expect(bad).toMatchObject({
      status: 400,
      data: {
        errors: { shipsTo: expect.stringMatching(/XX/), shippingMethodName: expect.any(String), flatRate: expect.any(String) },
        values: { shipsTo: "GB, XX" },
      },
    });
    expect(await readShopSettings(suite.db, FREE_SHIPPING)).toMatchObject({ shipsTo: ["GB"], rule: FREE_SHIPPING });

    const saved = await post({
      version: "0",
      shipsTo: "GB, IE",
      shippingMethodName: "Royal Mail Tracked 48",
      flatRate: "4.99",
      freeAbove: "50",
      reason: "Back to the old rule",
    });
    expect(saved.data).toMatchObject({ tone: "success" });
    expect(await readShopSettings(suite.db, FREE_SHIPPING)).toEqual({
      shipsTo: ["GB", "IE"],
      shippingMethodName: "Royal Mail Tracked 48",
      rule: { flatRatePence: 499, freeAbovePence: 5000 },
    });
    const [audit] = await suite.db.select().from(auditEvents).where(eq(auditEvents.entityType, "shop_settings"));
    expect(audit).toMatchObject({ action: "update", reason: "Back to the old rule" });

    const stale = await post({ version: "0", shipsTo: "GB", shippingMethodName: "Free", flatRate: "0", freeAbove: "" });
    expect(stale.status).toBe(409);
    expect((await readShopSettings(suite.db, FREE_SHIPPING)).rule.flatRatePence).toBe(499);
  });
});
