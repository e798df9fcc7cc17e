import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/product-edit";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { SectionHeading } from "~/components/ui/section-heading";
import { FormNotice } from "~/components/ui/form-notice";
import { HistoryPanel } from "~/features/admin/audit-views";
import { entityHistory } from "~/features/admin/history.server";
import { restoreVersion } from "~/features/admin/desk/restore.server";
import { RecordTabs } from "~/features/admin/record-tabs";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { deskAnswer } from "~/features/admin/desk/answer.server";
import { useUnsavedFormWarning } from "~/features/admin/unsaved-changes";
import { listMediaChoices } from "~/features/media/media.server";
import { ProductFields, productFormValues } from "~/features/shop/shop-desk/product-fields";
import { parseProductForm, parseSizeForm, parseStockAdjustment, skuOf } from "~/features/shop/shop-desk/product-form";
import {
  createProduct,
  getDeskProduct,
  ProductRefusedError,
  productRestoreTarget,
  saveSize,
  updateProduct,
} from "~/features/shop/shop-desk/products.server";
import { adjustStock } from "~/features/shop/shop-desk/stock.server";
import { StockLog } from "~/features/shop/shop-desk/stock-log";
import { formValues } from "~/features/admin/desk/desk-fields";
import { DEFAULT_LOW_STOCK_THRESHOLD } from "~/features/shop/shop-desk/stock-level";
import { readForm } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { z } from "~/lib/zod";
import { appContext } from "~/context";

const NOT_FOUND = "There is no such product.";

function productIdOf(params: { id?: string }): number | null {
  if (params.id === undefined) return null;
  if (!/^\d{1,9}$/.test(params.id)) throw data({ message: NOT_FOUND }, { status: 404, headers: BACK_OFFICE_HEADERS });
  return Number(params.id);
}

export async function loader({ request, url, context: routerContext, params }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "shop");
  const id = productIdOf(params);
  const photoChoices = await listMediaChoices(context.db);
  if (id === null)
    return data({ found: null, tab: "details" as const, history: [], photoChoices, notice: null }, { headers: BACK_OFFICE_HEADERS });
  const found = await getDeskProduct(context.db, id);
  if (!found) throw data({ message: NOT_FOUND }, { status: 404, headers: BACK_OFFICE_HEADERS });
  const tab = url.searchParams.get("tab") === "history" ? ("history" as const) : ("details" as const);
  const history =
    tab === "history" ? await entityHistory(context.db, "product", String(id), { currentVersion: found.product.version }) : [];
  const notice = url.searchParams.has("created")
    ? "Created. Add its sizes and stock below; it shows in the store when “Shown in the store” is ticked."
    : null;
  return data(
    {
      found: {
        product: found.product,
        variants: found.variants.map(({ lowStockSince, lowStockAlertedAt: _alerted, ...variant }) => ({
          ...variant,
          low: lowStockSince !== null || variant.stock < variant.lowStockThreshold,
          sku: skuOf(found.product.slug, variant.size),
        })),
        adjustments: found.adjustments.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      },
      tab,
      history,
      photoChoices,
      notice,
    },
    { headers: BACK_OFFICE_HEADERS },
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: `${args.loaderData?.found?.product.name ?? "New product"} | Back Office`,
    description: "Edit a product of the store.",
    path: null,
  });

const intentSchema = z.object({
  intent: z.enum(["save", "restore-version", "adjust-stock", "save-size"], { message: "Unknown form intent." }),
});
const idField = z.coerce.number().int().positive();

interface ActionResult {
  tone: "error" | "success";
  message: string;
  errors: Record<string, string>;
  values: Record<string, string> | null;
  /** Which size form the answer is about (its errors and typed values show there). */
  variantId?: string;
}
const answer = deskAnswer<ActionResult>;
const FIX = "Some fields need attention; nothing was saved.";

export async function action({ request, context: routerContext, params }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const staff = await requireStaff(request, context, "shop");
  const id = productIdOf(params);
  const values = formValues(await readForm(request));
  const intent = intentSchema.safeParse(values);
  if (!intent.success) return answer({ tone: "error", message: "Unknown form intent.", errors: {}, values: null }, 400);
  const writeContext = { ...context, publicUrl: context.publicUrl };

  if (intent.data.intent === "save") {
    const parsed = parseProductForm(values);
    if (!parsed.ok) return answer({ tone: "error", message: FIX, errors: parsed.errors, values }, 400);
    const { reason, ...input } = parsed.value;
    if (id === null) {
      const created = await createProduct(context, staff, input, reason);
      if (!created.ok)
        return answer(
          {
            tone: "error",
            message: created.field ? FIX : created.message,
            errors: created.field ? { [created.field]: created.message } : {},
            values,
          },
          created.status,
        );
      throw redirect(`/admin/products/${created.value.id}?created=1`, { headers: BACK_OFFICE_HEADERS });
    }
    const version = idField.safeParse(values.version);
    if (!version.success)
      return answer({ tone: "error", message: "The form is missing its version; reload the page.", errors: {}, values }, 400);
    const saved = await updateProduct(context, staff, id, version.data, input, reason);
    if (!saved.ok) {
      const message =
        saved.status === 409
          ? `${saved.message} What you typed is still in the form; their change is in the History tab.`
          : saved.field
            ? FIX
            : saved.message;
      return answer({ tone: "error", message, errors: saved.field ? { [saved.field]: saved.message } : {}, values }, saved.status);
    }
    return answer({ tone: "success", message: "Saved. The store shows the change now.", errors: {}, values: null });
  }
  if (id === null) return answer({ tone: "error", message: "Create the product first.", errors: {}, values }, 400);

  if (intent.data.intent === "restore-version") {
    try {
      const restored = "The earlier version is back, in the store too. The restore is in the History.";
      const { status, ...reply } = await restoreVersion(context, staff, values, productRestoreTarget(id), restored);
      return answer({ ...reply, errors: {}, values: null }, status);
    } catch (error) {
      if (error instanceof ProductRefusedError)
        return answer({ tone: "error", message: error.message, errors: {}, values: null }, error.status);
      throw error;
    }
  }

  if (intent.data.intent === "adjust-stock") {
    const variantId = idField.safeParse(values.variantId);
    if (!variantId.success) return answer({ tone: "error", message: "Choose a size.", errors: {}, values: null }, 400);
    const parsed = parseStockAdjustment(values);
    if (!parsed.ok)
      return answer(
        { tone: "error", message: Object.values(parsed.errors)[0]!, errors: parsed.errors, values, variantId: values.variantId },
        400,
      );
    const found = await getDeskProduct(context.db, id);
    if (!found?.variants.some((variant) => variant.id === variantId.data))
      return answer({ tone: "error", message: "There is no such size.", errors: {}, values: null }, 404);
    const result = await adjustStock(writeContext, staff, { variantId: variantId.data, ...parsed.value });
    if (!result.ok)
      return answer(
        { tone: "error", message: result.message, errors: { delta: result.message }, values, variantId: values.variantId },
        result.status,
      );
    return answer({ tone: "success", message: `Stock of ${result.value.size} is now ${result.value.stock}.`, errors: {}, values: null });
  }

  const variantId = values.variantId ? idField.safeParse(values.variantId) : null;
  if (variantId && !variantId.success) return answer({ tone: "error", message: "There is no such size.", errors: {}, values: null }, 404);
  const parsed = parseSizeForm(values);
  if (!parsed.ok)
    return answer(
      { tone: "error", message: Object.values(parsed.errors)[0]!, errors: parsed.errors, values, variantId: values.variantId || "new" },
      400,
    );
  const saved = await saveSize(writeContext, staff, { productId: id, variantId: variantId?.data ?? null, ...parsed.value });
  if (!saved.ok)
    return answer(
      {
        tone: "error",
        message: saved.message,
        errors: saved.field ? { [saved.field]: saved.message } : {},
        values,
        variantId: values.variantId || "new",
      },
      saved.status,
    );
  return answer({
    tone: "success",
    message: variantId ? `Size ${saved.value.size} saved.` : `Size ${saved.value.size} added with no stock: add its stock below.`,
    errors: {},
    values: null,
  });
}

export default function ProductEdit({ loaderData, actionData }: Route.ComponentProps) {
  useUnsavedFormWarning("product-form");
  const { found, tab, history, photoChoices, notice } = loaderData;
  const busy = useNavigation().state === "submitting";
  const product = found?.product ?? null;
  const isProductAnswer = actionData && !actionData.variantId;
  const shown = (isProductAnswer && actionData.values) || productFormValues(product);
  const base = product ? `/admin/products/${product.id}` : "/admin/products/new";
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/products" className="text-muted underline hover:text-text">
          Products
        </Link>
      </p>
      <SectionHeading
        level={1}
        title={product?.name ?? "New product"}
        description={
          product
            ? `Version ${product.version} · ${product.active ? "shown in the store" : "hidden from the store"}`
            : "It is created hidden unless you tick “Shown in the store”."
        }
      />
      {product && (
        <p className="-mt-4 mb-4 text-sm">
          {product.active ? (
            <a href={`/store/${product.slug}`} className="text-accent-text hover:underline">
              See it in the store: /store/{product.slug}
            </a>
          ) : (
            <span className="text-muted">Not in the store while hidden.</span>
          )}
        </p>
      )}
      {product && <RecordTabs base={base} tab={tab} />}
      {notice && !actionData && <FormNotice tone="success">{notice}</FormNotice>}
      {actionData && <FormNotice tone={actionData.tone}>{actionData.message}</FormNotice>}
      {tab === "history" && product ? (
        <>
          <HistoryPanel entries={history} currentVersion={product.version} title="Versions of the details" />
          <StockLog adjustments={found!.adjustments} />
        </>
      ) : (
        <div className="grid gap-10">
          <Form method="post" id="product-form" className="grid max-w-3xl gap-5" noValidate>
            <input type="hidden" name="intent" value="save" />
            {product && <input type="hidden" name="version" value={product.version} />}
            <ProductFields values={shown} errors={isProductAnswer ? actionData.errors : {}} photoChoices={photoChoices} />
            <div>
              <Button type="submit" disabled={busy}>
                {product ? "Save product" : "Create product"}
              </Button>
            </div>
          </Form>
          {found && <SizesAndStock variants={found.variants} answer={actionData?.variantId ? actionData : null} busy={busy} />}
          {found && <StockLog adjustments={found.adjustments} />}
        </div>
      )}
    </>
  );
}

type Variant = { id: number; size: string; stock: number; lowStockThreshold: number; low: boolean; sku: string };

function SizesAndStock({ variants, answer, busy }: { variants: Variant[]; answer: ActionResult | null; busy: boolean }) {
  const typed = (variantId: string, name: string, fallback: string) =>
    (answer?.variantId === variantId ? answer.values?.[name] : undefined) ?? fallback;
  const errorFor = (variantId: string, name: string) => (answer?.variantId === variantId ? answer.errors[name] : undefined);
  return (
    <section id="stock" aria-labelledby="stock-heading" className="grid max-w-4xl gap-4">
      <h2 id="stock-heading" className="text-2xl font-bold uppercase">
        Sizes and stock
      </h2>
      <p className="text-sm text-muted">
        Stock changes by a number of units with a reason, and can never go below 0. Below the alert level, the size is flagged here and shop
        staff get one e-mail.
      </p>
      {variants.length === 0 && <p className="text-sm">No sizes yet: a product needs at least one (e.g. “One Size”) to be bought.</p>}
      <ul className="grid gap-4">
        {variants.map((variant) => {
          const key = String(variant.id);
          return (
            <li key={variant.id} className="rounded-card border border-line bg-surface p-4">
              <div className="flex flex-wrap items-center gap-3">
                <h3 className="font-sans text-lg font-semibold">Size {variant.size}</h3>
                <span className="text-sm" data-testid={`stock-${variant.sku}`}>
                  <strong>{variant.stock}</strong> in stock
                </span>
                {variant.stock <= 0 ? <Badge tone="warning">Sold out</Badge> : variant.low && <Badge tone="warning">Low stock</Badge>}
                <span className="text-xs text-muted">SKU {variant.sku}</span>
              </div>
              <div className="mt-3 grid gap-4 md:grid-cols-2">
                <Form method="post" className="grid gap-2" aria-label={`Change the stock of ${variant.size}`}>
                  <input type="hidden" name="intent" value="adjust-stock" />
                  <input type="hidden" name="variantId" value={variant.id} />
                  <div className="grid grid-cols-[6rem_1fr] gap-2">
                    <FormField
                      label="Units (+/−)"
                      name="delta"
                      inputMode="numeric"
                      defaultValue={typed(key, "delta", "")}
                      error={errorFor(key, "delta")}
                    />
                    <FormField label="Reason" name="reason" defaultValue={typed(key, "reason", "")} error={errorFor(key, "reason")} />
                  </div>
                  <div>
                    <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                      Change stock<span className="sr-only"> of {variant.size}</span>
                    </Button>
                  </div>
                </Form>
                <Form method="post" className="grid gap-2" aria-label={`Edit size ${variant.size}`}>
                  <input type="hidden" name="intent" value="save-size" />
                  <input type="hidden" name="variantId" value={variant.id} />
                  <div className="grid grid-cols-2 gap-2">
                    <FormField label="Size" name="size" defaultValue={typed(key, "size", variant.size)} error={errorFor(key, "size")} />
                    <FormField
                      label="Alert below"
                      name="lowStockThreshold"
                      inputMode="numeric"
                      defaultValue={typed(key, "lowStockThreshold", String(variant.lowStockThreshold))}
                      error={errorFor(key, "lowStockThreshold")}
                      hint="0: no alert e-mail"
                    />
                  </div>
                  <div>
                    <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                      Save size<span className="sr-only"> {variant.size}</span>
                    </Button>
                  </div>
                </Form>
              </div>
            </li>
          );
        })}
      </ul>
      <Form method="post" className="grid max-w-xl gap-2 rounded-card border border-line p-4" aria-label="Add a size">
        <h3 className="font-sans text-lg font-semibold">Add a size</h3>
        <input type="hidden" name="intent" value="save-size" />
        <div className="grid grid-cols-2 gap-2">
          <FormField
            label="Size"
            name="size"
            defaultValue={typed("new", "size", "")}
            error={errorFor("new", "size")}
            hint="e.g. M, One Size"
          />
          <FormField
            label="Alert below"
            name="lowStockThreshold"
            inputMode="numeric"
            defaultValue={typed("new", "lowStockThreshold", String(DEFAULT_LOW_STOCK_THRESHOLD))}
            error={errorFor("new", "lowStockThreshold")}
            hint="0: no alert e-mail"
          />
        </div>
        <div>
          <Button type="submit" variant="secondary" size="sm" disabled={busy}>
            Add size
          </Button>
        </div>
      </Form>
    </section>
  );
}
