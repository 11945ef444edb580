import type { ClientUser } from "~/lib/user";

/** Only what the browser needs to know about the signed-in user. */
export function toClientUserView(user: ClientUser & { createdAt?: Date | string }): ClientUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName ?? "",
    lastName: user.lastName ?? "",
    role: user.role,
    isPremium: user.isPremium ? 1 : 0,
  };
}
