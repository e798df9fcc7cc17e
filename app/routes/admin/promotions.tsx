import { data, Link } from "react-router";
import type { Route } from "./+types/promotions";
import { LinkButton } from "~/components/ui/link-button";
import { SectionHeading } from "~/components/ui/section-heading";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { promotionState, promotionSummary } from "~/features/shop/store/promotion-form";
import { listPromotions } from "~/features/shop/store/promotions.server";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";

export async function loader({ request, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "shop");
  const now = new Date();
  const promotions = (await listPromotions(context.db)).map((promo) => ({
    code: promo.code,
    summary: promotionSummary(promo),
    state: promotionState(promo, now),
    uses: promo.maxUses === null ? `${promo.usedCount} used` : `${promo.usedCount} of ${promo.maxUses} used`,
    perCustomer: promo.perCustomerLimit === null ? null : `${promo.perCustomerLimit} per customer`,
    note: promo.note,
  }));
  return data({ promotions }, { headers: BACK_OFFICE_HEADERS });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Promotions | Back Office", description: "Promo codes.", path: null });

export default function Promotions({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SectionHeading
        level={1}
        title="Promotions"
        description="Promo codes shoppers type in the cart. A use is held while an order waits for payment and given back if it is not paid, so a limit is never overrun."
      />
      <p className="mb-6">
        <LinkButton to="/admin/promotions/new">New promo code</LinkButton>
      </p>
      {loaderData.promotions.length === 0 ? (
        <p className="text-muted">No promo codes yet.</p>
      ) : (
        <ul className="grid gap-2">
          {loaderData.promotions.map((promo) => (
            <li key={promo.code}>
              <Link
                to={`/admin/promotions/${promo.code}`}
                className="block min-h-11 rounded-card border border-line bg-surface px-4 py-3 hover:border-accent-text"
              >
                <span className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-mono font-semibold">{promo.code}</span>
                  <span className="text-sm font-semibold uppercase tracking-wide text-muted">{promo.state}</span>
                </span>
                <span className="block text-sm text-muted">
                  {[promo.summary, promo.uses, promo.perCustomer].filter(Boolean).join(" · ")}
                </span>
                {promo.note && <span className="block text-sm text-muted">{promo.note}</span>}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
