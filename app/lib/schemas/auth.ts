import * as z from "zod/mini";

import { FIELD_LIMITS, tooLongMessage } from "~/lib/limits";

/**
 * Field schemas with the messages users see, shared by every form and API: written
 * once with `zod/mini`, so the browser validates with these very schemas at a few KB
 * (docs/decisions/071). Checks a form can fail name their message (the browser loads no
 * zod locale); the rest read as before on the server, where zod's English locale is loaded.
 */
const requiredText = (message: string, max: number = FIELD_LIMITS.personName) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, { error: message }), z.maxLength(max, { error: tooLongMessage(max) }));

export const firstNameSchema = requiredText("First name is required");
export const lastNameSchema = requiredText("Last name is required");

export const emailSchema = z.pipe(
  z.string({ error: "Invalid email address" }).check(z.trim(), z.toLowerCase(), z.maxLength(FIELD_LIMITS.email, { error: "Invalid email address" })),
  z.email({ error: "Invalid email address" }),
);

/** Passwords longer than this are refused before hashing, so a huge body cannot tie up the CPU. */
export const PASSWORD_MAX_LENGTH = FIELD_LIMITS.password;

/** The shortest password any form or API takes. */
export const PASSWORD_MIN_LENGTH = 6;

/** The rule as a new-password field states it before anything is typed. */
export const PASSWORD_RULE = `At least ${PASSWORD_MIN_LENGTH} characters.`;

export const newPasswordSchema = (message: string) =>
  z
    .string({ error: message })
    .check(z.minLength(PASSWORD_MIN_LENGTH, { error: message }), z.maxLength(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` }));

/** The message of a new password (settings, reset) that is too short. */
export const NEW_PASSWORD_TOO_SHORT = `New password must be at least ${PASSWORD_MIN_LENGTH} characters`;

export const registrationPasswordSchema = newPasswordSchema(`Password must be at least ${PASSWORD_MIN_LENGTH} characters`);

export const companyNameSchema = z.pipe(
  z.optional(z.string({ error: "Invalid company name" }).check(z.trim(), z.maxLength(FIELD_LIMITS.companyName, { error: tooLongMessage(FIELD_LIMITS.companyName) }))),
  z.transform((v: string | undefined) => v ?? ""),
);

/** Where to go after signing in (a hidden field; judged by the safe-redirect check afterwards). */
const redirectToSchema = z.optional(z.string({ error: "Invalid redirect address" }));

/** What the registration API takes (the password confirmation is not sent). */
export const registerApiSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  companyName: companyNameSchema,
  email: emailSchema,
  password: registrationPasswordSchema,
});

/**
 * "Passwords don't match" is judged whenever both passwords arrived as text, even while other
 * fields still fail (zod would otherwise skip it), so the form names every problem at once, in
 * the browser and on the server alike.
 */
const WHEN_BOTH_TYPED = {
  when: ({ value }: { value: unknown }) => {
    const v = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
    return typeof v.confirmPassword === "string" && (typeof v.password === "string" || typeof v.newPassword === "string");
  },
};

const confirmPasswordSchema = z.string({ error: "Please confirm your password" }).check(z.minLength(1, { error: "Please confirm your password" }));

/** The registration form adds the confirmation, checked here and never sent on. */
export const registerFormSchema = z
  .extend(registerApiSchema, { confirmPassword: confirmPasswordSchema, redirectTo: redirectToSchema })
  .check(z.refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], error: "Passwords don't match", ...WHEN_BOTH_TYPED }));

export const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: "Password is required" })
    .check(z.minLength(1, { error: "Password is required" }), z.maxLength(PASSWORD_MAX_LENGTH, { error: "Invalid email or password." })),
  redirectTo: redirectToSchema,
});

export const profileNameSchema = z.object({ firstName: firstNameSchema, lastName: lastNameSchema });

export const changePasswordApiSchema = z.object({
  currentPassword: z.string({ error: "Current password is required" }).check(z.minLength(1, { error: "Current password is required" })),
  newPassword: newPasswordSchema(NEW_PASSWORD_TOO_SHORT),
});

export const changePasswordFormSchema = z
  .extend(changePasswordApiSchema, { confirmPassword: confirmPasswordSchema })
  .check(z.refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], error: "Passwords don't match", ...WHEN_BOTH_TYPED }));

export const PASSWORD_TO_DELETE_MESSAGE = "Type your password to delete your account";
const deletePasswordField = { password: z.optional(z.string({ error: PASSWORD_TO_DELETE_MESSAGE }).check(z.maxLength(PASSWORD_MAX_LENGTH, { error: "Password is too long" }))) };

/** `DELETE /api/user`: the password, nothing else (an account without one sends nothing). */
export const deleteAccountApiSchema = z.strictObject(deletePasswordField);

/** "Delete my account" on User Settings (the form also sends `intent`). */
export const deleteAccountFormSchema = z.object(deletePasswordField);

/** The "Forgot password?" form: the email alone. */
export const forgotPasswordFormSchema = z.object({ email: emailSchema });

/** The reset page's form: the link's token (hidden), the new password and its confirmation. */
export const resetPasswordFormSchema = z
  .object({
    token: z.string({ error: "This reset link is incomplete. Open the link from the email again." }),
    newPassword: newPasswordSchema(NEW_PASSWORD_TOO_SHORT),
    confirmPassword: confirmPasswordSchema,
  })
  .check(z.refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], error: "Passwords don't match", ...WHEN_BOTH_TYPED }));

export { HONEYPOT_FIELD } from "~/lib/forms/honeypot";

/** POST /api/auth/login: the API's sign-in body (the route and the OpenAPI document use it). */
export const loginApiSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Password is required" }).check(z.minLength(1, { error: "Password is required" }), z.maxLength(PASSWORD_MAX_LENGTH)),
});
