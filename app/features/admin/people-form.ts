import { z } from "~/lib/zod";
import { STAFF_ROLES } from "./staff-roles";

/** /admin/people's search, from the URL. */
export const peopleSearchSchema = z.object({
  q: z.string().trim().max(200, "Search with at most 200 characters.").default(""),
  staff: z
    .enum(["1", "on"])
    .optional()
    .transform((value) => value !== undefined),
  page: z.coerce.number().int("Pages are whole numbers.").min(1, "Pages start at 1.").max(100_000).default(1),
});

/** A staff-role change posted from /admin/people. */
export const staffRoleChangeSchema = z.object({
  intent: z.enum(["grant-role", "remove-role"], { message: "Unknown form intent." }),
  userId: z.string().trim().min(1, "Choose a person.").max(200, "Choose a person."),
  role: z.enum(STAFF_ROLES, { message: "Choose a staff role: admin, editor or shop." }),
  reason: z
    .string()
    .trim()
    .max(500, "Keep the reason under 500 characters.")
    .optional()
    .transform((value) => value || null),
});

export type StaffRoleChange = z.output<typeof staffRoleChangeSchema>;
