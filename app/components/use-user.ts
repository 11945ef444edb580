import { useRouteLoaderData } from "@remix-run/react";

import type { ClientUser } from "~/lib/user";

/** The signed-in frame's route id: its loader hands every signed-in screen the user. */
export const APP_LAYOUT_ROUTE_ID = "routes/_app+/_layout";

/** The signed-in user, or null outside the signed-in frame. */
export function useOptionalUser(): ClientUser | null {
  const data = useRouteLoaderData<{ user: ClientUser }>(APP_LAYOUT_ROUTE_ID);
  return data?.user ?? null;
}

/** The signed-in user; only for components rendered inside the signed-in frame. */
export function useUser(): ClientUser {
  const user = useOptionalUser();
  if (!user) throw new Error("useUser() is only available on signed-in screens; use useOptionalUser() elsewhere.");
  return user;
}
