import type { DeskField } from "~/features/admin/desk/desk-fields";
import { SOCIAL_NETWORKS } from "./site-settings";

/** The fields of the settings form at /admin/settings, in the order shown. */
export const SITE_SETTINGS_FIELDS: DeskField[] = [
  {
    name: "email",
    label: "Contact e-mail",
    kind: "email",
    required: true,
    hint: "Shown in the footer and on /contact; contact-form messages go here.",
  },
  { name: "phone", label: "Phone", kind: "tel", required: true },
  { name: "address", label: "Address", kind: "text", required: true, hint: "Shown as Headquarters on /contact." },
  {
    name: "officeHours",
    label: "Office hours",
    kind: "textarea",
    required: true,
    hint: "One line each, “Days: hours”, e.g. Monday - Friday: 9:00 AM - 6:00 PM.",
  },
  { name: "joinTheTeamUrl", label: "Join The Team link", kind: "url", required: true, hint: "The header's Join The Team button." },
  ...SOCIAL_NETWORKS.map((name): DeskField => ({
    name: `social.${name}`,
    label: `${name} profile`,
    kind: "url",
    hint: "Leave empty to leave it off the site.",
  })),
];
