import { brand } from "~/brand";
import {
  accountDeletedEmail,
  ACCOUNT_REASON,
  passwordChangedEmail,
  resetPasswordEmail,
  resetPasswordUrl,
  signUpAttemptEmail,
  twoFactorChangedEmail,
  verificationEmail,
  verifyEmailUrl,
} from "~/features/account/account-emails.server";
import { CONTACT_NOTICE_REASON, contactNoticeEmail } from "~/features/contact/contact.server";
import { PARTNER_REPORT_REASON, partnerReportEmail } from "~/features/partners/monthly-report.server";
import { placementLabel } from "~/features/partners/placements";
import { summarise, type CountRow, type RoundWindow } from "~/features/partners/report";
import type { PartnerReport } from "~/features/partners/report.server";
import { NewsletterIssueEmail } from "~/features/newsletter/issue-email";
import { newsletterHeaders } from "~/features/newsletter/newsletter-issue";
import { newsletterReason } from "~/features/newsletter/newsletter-sending.server";
import { confirmationEmail, unsubscribeUrl } from "~/features/newsletter/newsletter.server";
import { renderEmail } from "~/features/mail/render-email.server";
import { LOW_STOCK_REASON, lowStockEmail } from "~/features/shop/shop-desk/stock.server";
import { RESULT_OVERDUE_REASON, resultDeskPath, resultOverdueEmail } from "~/features/live/result-watchdog.server";
import {
  latePaymentEmail,
  ORDER_REASON,
  orderConfirmationEmail,
  orderShippedEmail,
  paymentNotCompletedEmail,
  refundEmail,
  TEAM_ORDER_REASON,
  teamNewOrderEmail,
  teamOversoldOrderEmail,
} from "~/features/shop/store/order-emails.server";
import type { EmailFrame } from "~/features/mail/email-layout";
import type { OutgoingEmail } from "~/features/mail/outbox.server";

/*
 * Every kind of e-mail the site sends, each with sample data, built by the same function the
 * sender uses. The back office's previews (/admin/emails) show them; a test renders every one;
 * anything else that must cover every message (spam scoring, say) iterates this list. A new
 * kind of message adds its entry here.
 *
 * It lives with the desk that shows it, not in mail/: it imports every feature's e-mails, and
 * every feature imports mail/'s outbox, so in mail/ it tied the kernel to the whole site (issue 42).
 */

export type EmailAudience = "customers" | "accounts" | "subscribers" | "partners" | "team";

export const EMAIL_AUDIENCES: Record<EmailAudience, string> = {
  customers: "Customers",
  accounts: "Account holders",
  subscribers: "Newsletter",
  partners: "Partners",
  team: "The team",
};

/** What the sample needs from the site: its address and the company's postal address (site settings). */
export type EmailSite = Omit<EmailFrame, "reason">;

export interface EmailKind {
  /** URL-safe and stable: /admin/emails/:id. */
  id: string;
  name: string;
  audience: EmailAudience;
  /** When the site sends it, in a sentence. */
  sentWhen: string;
  /** The message as it would be queued, with sample data. */
  sample(site: EmailSite): Promise<OutgoingEmail>;
}

const customer = { name: "Alex Fan", email: "alex.fan@example.com" };
const sampleToken = "sAmPlEtOkEn0123456789abcdefghijklmnopqrstu";
const sampleOrder = {
  orderNumber: "RR-7K2M9Q4T",
  customerName: customer.name,
  customerEmail: customer.email,
  createdAt: new Date("2026-11-25T14:30:00Z"),
  subtotalPence: 7200,
  discountPence: 720,
  promoCode: "RIDGEWAY10",
  shippingMethod: "UK delivery (3-5 business days)",
  shippingPence: 0,
  totalPence: 6480,
  shippingAddress: {
    name: customer.name,
    line1: "1 Pit Lane",
    line2: "Flat 2",
    town: "Andover",
    county: "Hampshire",
    postcode: "SP11 8PW",
    country: "GB",
  },
};
const sampleLines = [
  { productName: "Team Cap", size: "One Size", quantity: 2, unitPricePence: 2400 },
  { productName: "Team Hoodie", size: "M", quantity: 1, unitPricePence: 2400 },
];
const at = new Date("2026-11-25T14:30:00Z");

const frame = (site: EmailSite, reason: string): EmailFrame => ({ ...site, reason });

/** A partner's season so far, two race weekends in, and its October: the monthly report's sample. */
const sampleRounds: RoundWindow[] = [
  { id: "2026-r1", name: "Silverstone National", roundNumber: 1, startDate: "2026-04-04", endDate: "2026-04-05" },
  { id: "2026-r2", name: "Brands Hatch Indy", roundNumber: 2, startDate: "2026-10-17", endDate: "2026-10-18" },
];
const sampleCounts = (scale: number): CountRow[] => [
  { placementId: "home", day: "2026-04-05", metric: "impression", count: 4210 * scale },
  { placementId: "home", day: "2026-04-05", metric: "seen", count: 2980 * scale },
  { placementId: "partners-page", day: "2026-04-05", metric: "impression", count: 860 * scale },
  { placementId: "partners-page", day: "2026-04-05", metric: "click", count: 57 * scale },
  { placementId: "home", day: "2026-10-18", metric: "impression", count: 5120 * scale },
  { placementId: "home", day: "2026-10-18", metric: "seen", count: 3310 * scale },
  { placementId: "share-cards", day: "2026-10-18", metric: "card-fetch", count: 143 * scale },
  { placementId: "email-order-confirmation", day: "2026-10-18", metric: "delivered", count: 6 * scale },
];
const sampleSeason = summarise(sampleCounts(1), sampleRounds);
const samplePartnerReport: PartnerReport = {
  partner: { id: "vortex-air-systems", name: "Vortex Air Systems" },
  seasonYear: 2026,
  today: "2026-10-31",
  summary: sampleSeason,
  placementLabels: Object.fromEntries(sampleSeason.placements.map(({ placementId }) => [placementId, placementLabel(placementId)])),
  ledger: sampleRounds.map((round) => ({
    roundId: round.id,
    label: `Round ${round.roundNumber}: ${round.name}`,
    lines: [],
    mentions: [],
  })),
  laterMentions: [],
};
const orderPage = (site: EmailSite) => `${site.publicUrl}/dashboard/orders/${sampleOrder.orderNumber}`;

export const EMAIL_CATALOGUE: readonly EmailKind[] = [
  {
    id: "order-confirmation",
    name: "Order confirmation",
    audience: "customers",
    sentWhen: "When the payment for an order arrives.",
    sample: (site) => orderConfirmationEmail(frame(site, ORDER_REASON), customer.email, sampleOrder, sampleLines, orderPage(site)),
  },
  {
    id: "payment-failed",
    name: "Payment failed",
    audience: "customers",
    sentWhen: "When the payment provider says a payment failed: the order is closed, the basket kept.",
    sample: (site) => paymentNotCompletedEmail(frame(site, ORDER_REASON), customer.email, sampleOrder, sampleLines, "failed"),
  },
  {
    id: "order-expired",
    name: "Order not paid in time",
    audience: "customers",
    sentWhen: "When an unpaid order's hold ends (or the payment session expires) after the customer reached the payment page.",
    sample: (site) => paymentNotCompletedEmail(frame(site, ORDER_REASON), customer.email, sampleOrder, sampleLines, "expired"),
  },
  {
    id: "late-payment",
    name: "Paid too late: refunded",
    audience: "customers",
    sentWhen: "When a payment arrives after the order's hold ended and its items were sold meanwhile: the order is cancelled and refunded.",
    sample: (site) => latePaymentEmail(frame(site, ORDER_REASON), customer.email, sampleOrder, sampleLines),
  },
  {
    id: "order-shipped",
    name: "Order dispatched",
    audience: "customers",
    sentWhen: "When the orders desk marks an order shipped.",
    sample: (site) =>
      orderShippedEmail(
        frame(site, ORDER_REASON),
        customer.email,
        {
          ...sampleOrder,
          carrier: "royal-mail",
          carrierName: "Royal Mail",
          trackingNumber: "AB123456785GB",
          trackingUrl: "https://www.royalmail.com/track-your-item#/tracking-results/AB123456785GB",
        },
        sampleLines,
        orderPage(site),
      ),
  },
  {
    id: "refund",
    name: "Refund",
    audience: "customers",
    sentWhen: "When a refund goes through: from the orders desk (full or part), or for a payment that came too late.",
    sample: (site) => refundEmail(frame(site, ORDER_REASON), customer.email, sampleOrder, 2400, [{ quantity: 1, name: "Team Hoodie (M)" }]),
  },
  {
    id: "verify-address",
    name: "Confirm your address",
    audience: "accounts",
    sentWhen: "When someone signs up, or asks for a new link from the Security page.",
    sample: (site) =>
      verificationEmail(frame(site, ACCOUNT_REASON), customer.email, customer.name, verifyEmailUrl(site.publicUrl, sampleToken)),
  },
  {
    id: "reset-password",
    name: "Reset your password",
    audience: "accounts",
    sentWhen: "When someone asks for a reset link on the Forgot password page (and the address has an account).",
    sample: (site) =>
      resetPasswordEmail(frame(site, ACCOUNT_REASON), customer.email, customer.name, resetPasswordUrl(site.publicUrl, sampleToken)),
  },
  {
    id: "sign-up-attempt",
    name: "You already have an account",
    audience: "accounts",
    sentWhen: "When someone signs up with an address that has an account (at most three an hour to one address).",
    sample: (site) => signUpAttemptEmail(frame(site, ACCOUNT_REASON), customer.email, customer.name),
  },
  {
    id: "password-changed",
    name: "Password changed",
    audience: "accounts",
    sentWhen: "When a new password is set with a reset link.",
    sample: (site) => passwordChangedEmail(frame(site, ACCOUNT_REASON), customer.email, customer.name, at),
  },
  {
    id: "two-factor-on",
    name: "Two-factor turned on",
    audience: "accounts",
    sentWhen: "When someone confirms two-factor sign-in with a first code.",
    sample: (site) => twoFactorChangedEmail(frame(site, ACCOUNT_REASON), customer.email, customer.name, true, at),
  },
  {
    id: "two-factor-off",
    name: "Two-factor turned off",
    audience: "accounts",
    sentWhen: "When someone turns two-factor sign-in off (with their password).",
    sample: (site) => twoFactorChangedEmail(frame(site, ACCOUNT_REASON), customer.email, customer.name, false, at),
  },
  {
    id: "account-deleted",
    name: "Account deleted",
    audience: "accounts",
    sentWhen: "When someone deletes their account from the Security page.",
    sample: (site) => accountDeletedEmail(frame(site, ACCOUNT_REASON), customer.email, customer.name, 2),
  },
  {
    id: "newsletter-confirmation",
    name: "Confirm your subscription",
    audience: "subscribers",
    sentWhen: "When an address is entered in a newsletter form (double opt-in).",
    sample: (site) =>
      confirmationEmail(
        customer.email,
        sampleToken,
        sampleToken.split("").reverse().join(""),
        frame(
          site,
          `You receive this because this address was entered in the newsletter form on ${site.publicUrl.replace(/^https?:\/\//, "")}.`,
        ),
      ),
  },
  {
    id: "newsletter-issue",
    name: "Newsletter issue",
    audience: "subscribers",
    sentWhen: "When an editor sends an issue from the newsletter desk: to every confirmed subscriber, in batches.",
    sample: async (site) => {
      const leaveUrl = unsubscribeUrl(site.publicUrl, sampleToken);
      const issue = {
        subject: "Race report: two podiums at Snetterton",
        preheader: "Maya's first win in F3B, and what comes next at Brands Hatch",
        body: "Two podiums and a first win for Maya in F3B at Snetterton this weekend: she led from the second lap and held off a late challenge in the wet.\n\nNext up is Brands Hatch on 14 June. Come and say hello in the paddock.",
        articleTitle: "Snetterton: two podiums and a first win",
        articleUrl: `${site.publicUrl}/news/snetterton-two-podiums`,
        imageUrl: null,
        imageAlt: null,
      };
      return {
        to: customer.email,
        subject: issue.subject,
        ...(await renderEmail(
          <NewsletterIssueEmail frame={frame(site, newsletterReason(site.publicUrl))} issue={issue} leaveUrl={leaveUrl} />,
        )),
        headers: newsletterHeaders(site.publicUrl, leaveUrl),
      };
    },
  },
  {
    id: "partner-monthly-report",
    name: "Partner's monthly report",
    audience: "partners",
    sentWhen:
      "On the first days of each month, to each partner with a report contact, for the month before (or at once from the partner's desk page): the figures, with the PDF and CSV attached.",
    sample: (site) =>
      partnerReportEmail(frame(site, PARTNER_REPORT_REASON), "partnerships@vortex-air-systems.example", samplePartnerReport, {
        month: "2026-10",
        summary: summarise(
          sampleCounts(1).filter((row) => row.day >= "2026-10-01"),
          sampleRounds,
        ),
      }),
  },
  {
    id: "team-new-order",
    name: "New paid order",
    audience: "team",
    sentWhen: "When the payment for an order arrives: to everyone with the shop role (else the site's contact address).",
    sample: (site) => teamNewOrderEmail(frame(site, TEAM_ORDER_REASON), brand.email, sampleOrder, sampleLines),
  },
  {
    id: "team-oversold-order",
    name: "Paid too late: alert",
    audience: "team",
    sentWhen: "When a payment arrives after its order's items were sold: to everyone with the shop role (else the site's contact address).",
    sample: (site) => teamOversoldOrderEmail(frame(site, TEAM_ORDER_REASON), brand.email, sampleOrder, sampleLines),
  },
  {
    id: "contact-notice",
    name: "New contact message",
    audience: "team",
    sentWhen: "When someone sends the contact form: to the contact address in the site settings.",
    sample: (site) =>
      contactNoticeEmail(
        frame(site, CONTACT_NOTICE_REASON),
        brand.email,
        {
          name: "Jordan Lee",
          email: "jordan.lee@example.com",
          category: "Sponsorship",
          subject: "Hospitality at Thruxton",
          message:
            "Hello,\n\nWe'd like to bring six guests to the Thruxton round in July. Is there space in the team's awning, and is parking included?\n\nThanks,\nJordan",
        },
        "00000000-0000-4000-8000-000000000000",
      ),
  },
  {
    id: "low-stock",
    name: "Low stock",
    audience: "team",
    sentWhen: "When a size falls below its low-stock level, once per fall: to everyone with the shop role.",
    sample: (site) =>
      lowStockEmail(frame(site, LOW_STOCK_REASON), brand.email, [
        {
          productName: "Team Hoodie",
          size: "M",
          stock: 2,
          threshold: 3,
          sku: "team-hoodie/M",
          deskUrl: `${site.publicUrl}/admin/products/2`,
        },
        {
          productName: "Team Cap",
          size: "One Size",
          stock: 4,
          threshold: 5,
          sku: "team-cap/One Size",
          deskUrl: `${site.publicUrl}/admin/products/1`,
        },
      ]),
  },
  {
    id: "result-overdue",
    name: "Result overdue",
    audience: "team",
    sentWhen:
      "When a race-weekend session finished more than 15 minutes ago and no classification is published, once per session: to everyone with the editor role.",
    sample: (site) =>
      resultOverdueEmail(frame(site, RESULT_OVERDUE_REASON), brand.email, [
        {
          sessionName: "Race 1",
          roundName: "Silverstone National",
          circuit: "Silverstone National Circuit",
          finishedAt: "2 Nov 2025, 12:45",
          minutesAgo: 16,
          deskUrl: `${site.publicUrl}${resultDeskPath("2025-r9-silverstone-national", "2025-r9-silverstone-national-s2")}`,
        },
      ]),
  },
];

export function findEmailKind(id: string): EmailKind | undefined {
  return EMAIL_CATALOGUE.find((kind) => kind.id === id);
}
