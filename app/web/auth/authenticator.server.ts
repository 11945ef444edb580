import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";

import { loginSchema } from "~/lib/schemas/auth";
import type { UserRecord } from "~/models/user.server";
import { verifySignIn } from "~/services/auth/accounts.server";
import { validationError } from "~/services/domain-error";
import { clientAddress } from "~/web/client.server";

export const FORM_STRATEGY = "form";

let authenticator: Authenticator<UserRecord> | undefined;

/** remix-auth with the email-and-password strategy and, when configured, the third-party one. */
export function getAuthenticator() {
  if (authenticator) return authenticator;
  authenticator = new Authenticator<UserRecord>();
  authenticator.use(
    new FormStrategy<UserRecord>(async ({ form, request }) => {
      const parsed = loginSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) throw validationError(parsed.error.issues[0]?.message ?? "Invalid email or password.");
      return verifySignIn(clientAddress(request), parsed.data);
    }),
    FORM_STRATEGY,
  );
  return authenticator;
}
