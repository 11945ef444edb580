import { z } from "zod";

import { ADMIN_ROLE, DEFAULT_ROLE } from "~/lib/user";

/**
 * `PATCH /api/admin/users/{id}`: a role and/or premium, as JSON types (isPremium a boolean, not
 * 0, 1 or text). The admin table's form posts its own values to the same service.
 */
export const userAccessApiSchema = z
  .object({
    role: z.enum([ADMIN_ROLE, DEFAULT_ROLE], { error: `Role must be ${ADMIN_ROLE} or ${DEFAULT_ROLE}` }).optional(),
    isPremium: z.boolean({ error: "isPremium must be true or false" }).optional(),
  })
  .refine((value) => value.role !== undefined || value.isPremium !== undefined, { message: "Send a role or isPremium to change", path: ["_form"] });
