import { data, Link } from "react-router";
import type { Route } from "./+types/partner";
import { SectionHeading } from "~/components/ui/section-heading";
import { auditedWrite } from "~/features/admin/audit.server";
import { deskAnswer } from "~/features/admin/desk/answer.server";
import { deskWrite, DeskInputError } from "~/features/admin/desk/desk-write.server";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { queueMonthlyReportNow } from "~/features/partners/monthly-report.server";
import { partnerDeskAction, partnerDeskInput } from "~/features/partners/partner-desk-form";
import { PartnerDeskPanels, type PartnerDeskResult } from "~/features/partners/partner-desk-panels";
import {
  addDeliverable,
  deleteDeliverable,
  newReportLink,
  partnerDesk,
  setPartnerContact,
  setPartnerPlacements,
  updateDeliverable,
  withdrawReportLink,
} from "~/features/partners/partners-desk.server";
import { PartnerReportView } from "~/features/partners/report-view";
import { previousMonth } from "~/features/partners/report";
import { readForm } from "~/lib/forms.server";
import { ukIsoDate } from "~/lib/dates";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";

export async function loader({ request, params, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "editor");
  const desk = await partnerDesk(context.db, params.partnerId);
  if (!desk) throw data({ message: "No such partner." }, { status: 404, headers: BACK_OFFICE_HEADERS });
  return data({ ...desk, lastMonth: previousMonth(ukIsoDate(new Date())) }, { headers: BACK_OFFICE_HEADERS });
}

const answer = deskAnswer<PartnerDeskResult>;

export async function action({ request, params, context: routerContext }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const staff = await requireStaff(request, context, "editor");
  const partnerId = params.partnerId;
  const parsed = partnerDeskAction.safeParse(partnerDeskInput(await readForm(request)));
  if (!parsed.success) {
    const errors = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? "form"), issue.message]));
    return answer({ tone: "error", message: Object.values(errors)[0] ?? "Please check the form.", errors }, 400);
  }
  if (!(await partnerDesk(context.db, partnerId))) return answer({ tone: "error", message: "No such partner.", errors: {} }, 404);
  const input = parsed.data;
  switch (input.intent) {
    case "placements":
      return deskWrite(
        context,
        staff,
        async (tx) => ({ value: null, audit: await setPartnerPlacements(tx, partnerId, input.placements) }),
        () => "Placements saved.",
      );
    case "contact":
      return deskWrite(
        context,
        staff,
        async (tx) => ({ value: null, audit: await setPartnerContact(tx, partnerId, input.email || null) }),
        () => "Report contact saved.",
      );
    case "add-deliverable": {
      const { intent: _intent, ...line } = input;
      return deskWrite(
        context,
        staff,
        async (tx) => ({ value: null, audit: await addDeliverable(tx, partnerId, line) }),
        () => "Ledger line added.",
      );
    }
    case "update-deliverable": {
      const { intent: _intent, id, ...line } = input;
      return deskWrite(
        context,
        staff,
        async (tx) => ({ value: null, audit: await updateDeliverable(tx, partnerId, id, line) }),
        () => "Ledger line saved.",
      );
    }
    case "delete-deliverable":
      return deskWrite(
        context,
        staff,
        async (tx) => ({ value: null, audit: await deleteDeliverable(tx, partnerId, input.id) }),
        () => "Ledger line removed.",
      );
    case "revoke-link":
      return deskWrite(
        context,
        staff,
        async (tx) => ({ value: null, audit: await withdrawReportLink(tx, partnerId, input.linkId) }),
        () => "Link withdrawn: it now answers that it was withdrawn.",
      );
    case "create-link": {
      const result = await auditedWrite(context, staff, async (tx) => {
        const { token, audit } = await newReportLink(tx, partnerId, input.days, staff.id);
        return { value: token, audit };
      });
      if (!result.ok) return answer({ tone: "error", message: result.message, errors: {} }, 409);
      return answer({
        tone: "success",
        message: "Link made. Copy it now: it is shown only once.",
        errors: {},
        link: `${context.publicUrl}/partner-report/${result.value}`,
      });
    }
    case "send-report":
      try {
        const result = await auditedWrite(context, staff, async (tx) => {
          const outcome = await queueMonthlyReportNow(tx, context.publicUrl, partnerId, input.month);
          if (outcome === "no-contact") throw new DeskInputError("email", "Save the partner's report contact first.");
          return {
            value: outcome,
            audit: { action: "send", entityType: "partner_report", entityId: partnerId, before: null, after: { month: input.month } },
          };
        });
        if (!result.ok) return answer({ tone: "error", message: result.message, errors: {} }, 409);
        return answer({ tone: "success", message: `The ${input.month} report is queued with its PDF and CSV.`, errors: {} });
      } catch (error) {
        if (!(error instanceof DeskInputError)) throw error;
        return answer({ tone: "error", message: error.message, errors: { [error.field]: error.message } }, 400);
      }
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: `${args.loaderData?.partner.name ?? "Partner"} | Partners | Back Office`,
    description: "A partner's placements, ledger and report.",
    path: null,
  });

export default function PartnerDeskPage({ loaderData }: Route.ComponentProps) {
  const { partner, report } = loaderData;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/partners" className="underline">
          All partners
        </Link>
      </p>
      <SectionHeading level={1} title={partner.name} description="Where they appear, what was promised and delivered, and their report." />
      <PartnerDeskPanels desk={loaderData} />
      {report && (
        <section aria-labelledby="report-preview-heading" className="mt-12">
          <h2 id="report-preview-heading" className="mb-4 text-2xl font-bold uppercase">
            Their report, as they see it
          </h2>
          <PartnerReportView report={report} />
        </section>
      )}
    </>
  );
}
