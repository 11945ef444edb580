import { z } from "zod";

import { FIELD_LIMITS, tooLongMessage } from "~/lib/limits";
/** Field schemas with the spec's exact messages (spec §5), shared by every form and API. */
const requiredText = (message: string, max: number = FIELD_LIMITS.personName) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: tooLongMessage(max) });

export const firstNameSchema = requiredText("First name is required");
export const lastNameSchema = requiredText("Last name is required");

export const emailSchema = z
  .string({ error: "Invalid email address" })
  .trim()
  .toLowerCase()
  .max(FIELD_LIMITS.email, { error: "Invalid email address" })
  .pipe(z.email({ error: "Invalid email address" }));

/** Passwords longer than this are refused before hashing, so a huge body cannot tie up the CPU. */
export const PASSWORD_MAX_LENGTH = FIELD_LIMITS.password;

export const newPasswordSchema = (message: string, min = 6) =>
  z
    .string({ error: message })
    .min(min, { error: message })
    .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` });

export const registrationPasswordSchema = newPasswordSchema("Password must be at least 6 characters");

export const companyNameSchema = z
  .string()
  .trim()
  .max(FIELD_LIMITS.companyName, { error: tooLongMessage(FIELD_LIMITS.companyName) })
  .optional()
  .transform((v) => v ?? "");

/** What the registration API takes (spec §7: the confirmation is not sent). */
export const registerApiSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  companyName: companyNameSchema,
  email: emailSchema,
  password: registrationPasswordSchema,
});

/** The registration form adds the confirmation, checked here and never sent on. */
export const registerFormSchema = registerApiSchema
  .extend({
    confirmPassword: z.string({ error: "Please confirm your password" }).min(1, { error: "Please confirm your password" }),
    redirectTo: z.string().optional(),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], error: "Passwords don't match" });

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Password is required" }).min(1, { error: "Password is required" }).max(PASSWORD_MAX_LENGTH, {
    error: "Invalid email or password.",
  }),
  redirectTo: z.string().optional(),
});

export const profileNameSchema = z.object({ firstName: firstNameSchema, lastName: lastNameSchema });

export const changePasswordApiSchema = z.object({
  currentPassword: z.string({ error: "Current password is required" }).min(1, { error: "Current password is required" }),
  newPassword: newPasswordSchema("New password must be at least 6 characters"),
});

export const changePasswordFormSchema = changePasswordApiSchema
  .extend({
    confirmPassword: z.string({ error: "Please confirm your password" }).min(1, { error: "Please confirm your password" }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], error: "Passwords don't match" });

/** A field no person fills in: hidden from people, tempting to bots. Anything in it refuses the post. */
export const HONEYPOT_FIELD = "website_address";

/** POST /api/auth/login: the API's sign-in body (the route and the OpenAPI document use it). */
export const loginApiSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Password is required" }).min(1, { error: "Password is required" }).max(PASSWORD_MAX_LENGTH),
});
