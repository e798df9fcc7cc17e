import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/products-stock";
import { Button } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/form-field";
import { SectionHeading } from "~/components/ui/section-heading";
import { FormNotice } from "~/components/ui/form-notice";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { deskAnswer } from "~/features/admin/desk/answer.server";
import { MAX_STOCK_CSV_BYTES, previewFingerprint, type StockChange } from "~/features/shop/shop-desk/stock-csv";
import { applyStockCsv, previewStockCsv } from "~/features/shop/shop-desk/stock.server";
import { readForm } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { z } from "~/lib/zod";
import { appContext } from "~/context";

export async function loader({ request, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "shop");
  return data({}, { headers: BACK_OFFICE_HEADERS });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Stock from a CSV | Back Office", description: "Update stock of many sizes at once.", path: null });

const formSchema = z.object({
  intent: z.enum(["preview", "apply"], { message: "Unknown form intent." }),
  csv: z
    .string()
    .max(MAX_STOCK_CSV_BYTES * 2)
    .default(""),
  reason: z.string().trim().max(300, "Keep the reason under 300 characters.").default(""),
  fingerprint: z.string().max(MAX_STOCK_CSV_BYTES).default(""),
});

interface StockAnswer {
  tone: "error" | "success" | "preview";
  message: string;
  problems: Array<{ line: number | null; message: string }>;
  changes: StockChange[];
  unchanged: number;
  csv: string;
  reason: string;
  fingerprint: string;
  reasonError?: string;
}

const answer = (body: Partial<StockAnswer> & Pick<StockAnswer, "tone" | "message">, status = 200) =>
  deskAnswer<StockAnswer>({ problems: [], changes: [], unchanged: 0, csv: "", reason: "", fingerprint: "", ...body }, status);

export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const staff = await requireStaff(request, context, "shop");
  const form = await readForm(request);
  const file = form.get("file");
  const fields = Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string"));
  const parsed = formSchema.safeParse(fields);
  if (!parsed.success) return answer({ tone: "error", message: parsed.error.issues[0]!.message }, 400);
  let { csv } = parsed.data;
  const { intent, reason, fingerprint } = parsed.data;
  if (file instanceof File && file.size > 0) {
    if (file.size > MAX_STOCK_CSV_BYTES)
      return answer({ tone: "error", message: `The file is larger than ${MAX_STOCK_CSV_BYTES / 1024} KB; split it in two.`, reason }, 400);
    csv = await file.text();
  }
  if (!csv.trim()) return answer({ tone: "error", message: "Paste the CSV or choose a file.", reason }, 400);

  if (intent === "preview") {
    const preview = await previewStockCsv(context.db, csv);
    if (!preview.ok)
      return answer(
        { tone: "error", message: "The file was not accepted; nothing was changed.", problems: preview.problems, csv, reason },
        400,
      );
    return answer({
      tone: "preview",
      message:
        preview.changes.length === 0
          ? "Every size in the file already has that stock: nothing would change."
          : `Preview: ${preview.changes.length} ${preview.changes.length === 1 ? "size" : "sizes"} would change. Nothing has been changed yet.`,
      changes: preview.changes,
      unchanged: preview.unchanged,
      csv,
      reason,
      fingerprint: previewFingerprint(preview.changes),
    });
  }
  if (!reason) {
    const preview = await previewStockCsv(context.db, csv);
    return answer(
      {
        tone: "preview",
        message: "Give a reason for the change, then apply.",
        reasonError: "Give a reason, e.g. “Stock-take 3 March”.",
        changes: preview.ok ? preview.changes : [],
        csv,
        reason,
        fingerprint,
      },
      400,
    );
  }
  const applied = await applyStockCsv({ ...context, publicUrl: context.publicUrl }, staff, { text: csv, reason, fingerprint });
  if (!applied.ok) return answer({ tone: "error", message: applied.message, csv, reason }, applied.status);
  return answer({
    tone: "success",
    message: `Stock updated for ${applied.value.changed} ${applied.value.changed === 1 ? "size" : "sizes"}. Each change is in the stock log of its product.`,
  });
}

export default function ProductsStock({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const result = actionData;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/products" className="text-muted underline hover:text-text">
          Products
        </Link>
      </p>
      <SectionHeading
        level={1}
        title="Stock from a CSV"
        description="Set the stock of many sizes at once, e.g. after a stock-take. You see what would change before anything does."
      />
      <details className="mb-6 max-w-3xl rounded-card border border-line p-4 text-sm">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold">The file&apos;s format</summary>
        <p className="mt-2">
          A header line <code>sku,stock</code>, then one line per size: the SKU is the product&apos;s address and the size joined by a slash
          (shown under each size on its product&apos;s page), and stock is the number of units to sell from now on.
        </p>
        <pre className="mt-2 overflow-x-auto rounded-lg bg-ink p-3">
          {"sku,stock\nteam-tshirt/S,14\nteam-tshirt/M,30\nteam-cap-red/One Size,40"}
        </pre>
        <p className="mt-2">A file naming any SKU the store does not have is refused whole: nothing changes until every line is right.</p>
      </details>
      {result && result.tone !== "preview" && <FormNotice tone={result.tone}>{result.message}</FormNotice>}
      {result && result.problems.length > 0 && (
        <ul className="mb-6 grid max-w-3xl gap-1 text-sm text-danger" aria-label="Problems in the file">
          {result.problems.map((problem, index) => (
            <li key={index}>{problem.line ? `Line ${problem.line}: ${problem.message}` : problem.message}</li>
          ))}
        </ul>
      )}
      {result?.tone === "preview" ? (
        <section aria-labelledby="preview-heading" className="grid max-w-3xl gap-4">
          <h2 id="preview-heading" className="text-2xl font-bold uppercase">
            Preview
          </h2>
          <p role="status">{result.message}</p>
          {result.changes.length > 0 && (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Stock that would change</caption>
                <thead>
                  <tr className="border-b border-line">
                    <th scope="col" className="py-2 pr-3">
                      SKU
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      Now
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      After
                    </th>
                    <th scope="col" className="py-2">
                      Change
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {result.changes.map((change) => (
                    <tr key={change.variantId} className="border-b border-line">
                      <th scope="row" className="py-2 pr-3 font-normal">
                        {change.sku}
                      </th>
                      <td className="py-2 pr-3">{change.from}</td>
                      <td className="py-2 pr-3 font-semibold">{change.to}</td>
                      <td className="py-2">
                        {change.to > change.from ? "+" : "−"}
                        {Math.abs(change.to - change.from)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {result.unchanged > 0 && <p className="text-sm text-muted">{result.unchanged} more already had that stock.</p>}
          {result.changes.length > 0 && (
            <Form method="post" className="grid gap-3">
              <input type="hidden" name="intent" value="apply" />
              <input type="hidden" name="csv" value={result.csv} />
              <input type="hidden" name="fingerprint" value={result.fingerprint} />
              <div className="flex flex-col gap-1.5">
                <label htmlFor="apply-reason" className="text-sm font-medium">
                  Reason (required)
                </label>
                <input
                  id="apply-reason"
                  name="reason"
                  defaultValue={result.reason}
                  className={inputClasses}
                  aria-invalid={result.reasonError ? true : undefined}
                  aria-describedby={result.reasonError ? "apply-reason-error" : undefined}
                />
                {result.reasonError && (
                  <p id="apply-reason-error" className="text-sm text-danger">
                    {result.reasonError}
                  </p>
                )}
              </div>
              <div className="flex flex-wrap gap-3">
                <Button type="submit" disabled={busy}>
                  Apply these {result.changes.length} changes
                </Button>
                <Link to="/admin/products/stock" className="inline-flex min-h-11 items-center text-sm underline">
                  Start again
                </Link>
              </div>
            </Form>
          )}
        </section>
      ) : (
        <Form method="post" encType="multipart/form-data" className="grid max-w-3xl gap-4">
          <input type="hidden" name="intent" value="preview" />
          <div className="flex flex-col gap-1.5">
            <label htmlFor="stock-csv" className="text-sm font-medium">
              Paste the CSV
            </label>
            <textarea id="stock-csv" name="csv" rows={8} defaultValue={result?.csv ?? ""} className={`${inputClasses} font-mono`} />
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="stock-file" className="text-sm font-medium">
              …or choose a file
            </label>
            <input id="stock-file" type="file" name="file" accept=".csv,text/csv" className="text-sm" />
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="stock-reason" className="text-sm font-medium">
              Reason (you can also give it after the preview)
            </label>
            <input id="stock-reason" name="reason" defaultValue={result?.reason ?? ""} className={inputClasses} />
          </div>
          <div>
            <Button type="submit" disabled={busy}>
              Preview the changes
            </Button>
          </div>
        </Form>
      )}
    </>
  );
}
