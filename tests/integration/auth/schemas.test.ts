import { describe, expect, it } from "vitest";
import { safeParse, type $ZodType } from "zod/v4/core";

import { changePasswordApiSchema, changePasswordFormSchema, loginSchema, profileNameSchema, registerApiSchema, registerFormSchema } from "~/lib/schemas/auth";

/** The first message per field path of a failed parse ({} when it passes). */
function messagesOf(schema: $ZodType, input: unknown) {
  const result = safeParse(schema, input);
  const messages: Record<string, string> = {};
  if (result.success) return messages;
  for (const issue of result.error.issues) messages[issue.path.join(".") || "_form"] ??= issue.message;
  return messages;
}

const validRegistration = {
  firstName: "Ada",
  lastName: "Lovelace",
  companyName: "",
  email: "ada@example.com",
  password: "secret1",
  confirmPassword: "secret1",
};

describe("registration schema", () => {
  it.each([
    ["firstName", { firstName: "" }, "First name is required"],
    ["firstName", { firstName: "   " }, "First name is required"],
    ["lastName", { lastName: "" }, "Last name is required"],
    ["email", { email: "not-an-email" }, "Invalid email address"],
    ["email", { email: "" }, "Invalid email address"],
    ["password", { password: "12345" }, "Password must be at least 6 characters"],
    ["confirmPassword", { confirmPassword: "" }, "Please confirm your password"],
    ["confirmPassword", { confirmPassword: "secret2" }, "Passwords don't match"],
  ])("%s: %j gives %j", (field, change, message) => {
    expect(messagesOf(registerFormSchema, { ...validRegistration, ...change })[field]).toBe(message);
  });

  it("gives every missing field its own message", () => {
    expect(messagesOf(registerFormSchema, {})).toMatchObject({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Invalid email address",
      password: "Password must be at least 6 characters",
      confirmPassword: "Please confirm your password",
    });
  });

  it("accepts a valid registration with the company optional, six characters being enough", () => {
    const { companyName: _omitted, ...withoutCompany } = validRegistration;
    const parsed = registerFormSchema.parse({ ...withoutCompany, password: "123456", confirmPassword: "123456" });
    expect(parsed.companyName).toBe("");
    expect(parsed.password).toBe("123456");
  });

  it("normalises the email and trims names", () => {
    const parsed = registerApiSchema.parse({ ...validRegistration, email: "  Ada@Example.COM ", firstName: "  Ada " });
    expect(parsed.email).toBe("ada@example.com");
    expect(parsed.firstName).toBe("Ada");
  });

  it("the API schema takes no confirmation (it is never sent) and drops unknown keys", () => {
    const parsed = registerApiSchema.parse({ ...validRegistration, role: "Admin" });
    expect(parsed).not.toHaveProperty("confirmPassword");
    expect(parsed).not.toHaveProperty("role");
    expect(messagesOf(registerApiSchema, { ...validRegistration, password: "12345" })).toEqual({
      password: "Password must be at least 6 characters",
    });
  });
});

describe("login schema", () => {
  it.each([
    ["email", { email: "nope", password: "x" }, "Invalid email address"],
    ["password", { email: "ada@example.com", password: "" }, "Password is required"],
    ["password", { email: "ada@example.com" }, "Password is required"],
  ])("%s: %j gives %j", (field, input, message) => {
    expect(messagesOf(loginSchema, input)[field]).toBe(message);
  });

  it("accepts any non-empty password (length rules are for new passwords only)", () => {
    expect(loginSchema.safeParse({ email: "ada@example.com", password: "1" }).success).toBe(true);
  });
});

describe("profile name schema", () => {
  it.each([
    [{ firstName: "", lastName: "L" }, { firstName: "First name is required" }],
    [{ firstName: "F", lastName: "" }, { lastName: "Last name is required" }],
    [
      { firstName: "  ", lastName: "\t" },
      { firstName: "First name is required", lastName: "Last name is required" },
    ],
    [{}, { firstName: "First name is required", lastName: "Last name is required" }],
  ])("%j gives %j", (input, messages) => {
    expect(messagesOf(profileNameSchema, input)).toEqual(messages);
  });

  it("accepts one character each", () => {
    expect(profileNameSchema.parse({ firstName: "A", lastName: "B" })).toEqual({ firstName: "A", lastName: "B" });
  });
});

describe("change password schema", () => {
  const valid = { currentPassword: "old-secret", newPassword: "new-secret", confirmPassword: "new-secret" };

  it.each([
    ["currentPassword", { currentPassword: "" }, "Current password is required"],
    ["newPassword", { newPassword: "12345", confirmPassword: "12345" }, "New password must be at least 6 characters"],
    ["confirmPassword", { confirmPassword: "" }, "Please confirm your password"],
    ["confirmPassword", { confirmPassword: "new-secreT" }, "Passwords don't match"],
  ])("%s: %j gives %j", (field, change, message) => {
    expect(messagesOf(changePasswordFormSchema, { ...valid, ...change })[field]).toBe(message);
  });

  it("the API schema has the same messages for the fields it takes", () => {
    expect(messagesOf(changePasswordApiSchema, {})).toEqual({
      currentPassword: "Current password is required",
      newPassword: "New password must be at least 6 characters",
    });
    expect(changePasswordFormSchema.safeParse(valid).success).toBe(true);
  });
});
