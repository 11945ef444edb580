import { useFetcher } from "@remix-run/react";

import { useFailureToastOf, type AdminFailure } from "~/components/admin/admin-ui";
import { Button } from "~/components/ui/button";
import { ADMIN_ROLE, DEFAULT_ROLE, hasPremium } from "~/lib/user";

interface Row {
  id: string;
  email: string;
  role: string;
  isPremium: number;
}

/**
 * A user's role and premium switches. Each is its own small form: a plain post without
 * JavaScript; with it a fetcher, so the table stays in place while the change is saved.
 */
export function RoleControl({ user, isSelf }: { user: Row; isSelf: boolean }) {
  const fetcher = useFetcher<AdminFailure>();
  useFailureToastOf(fetcher.data);
  const pendingRole = fetcher.formData?.get("role");
  const role = typeof pendingRole === "string" ? pendingRole : user.role;
  const next = role === ADMIN_ROLE ? DEFAULT_ROLE : ADMIN_ROLE;
  const admin = role === ADMIN_ROLE;
  return (
    <fetcher.Form method="post" className="flex flex-col items-start gap-1" preventScrollReset>
      <input type="hidden" name="id" value={user.id} />
      <input type="hidden" name="role" value={next} />
      <div className="flex items-center gap-2">
        <span
          className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${admin ? "bg-brand-100 text-brand-700" : "bg-slate-100 text-slate-700"}`}
          data-testid="role-badge"
        >
          {role}
        </span>
        <Button
          type="submit"
          name="intent"
          value="set-role"
          disabled={fetcher.state !== "idle"}
          variant="ghost"
          size="xs"
          className="whitespace-nowrap"
          aria-label={`${admin ? "Remove Admin role from" : "Make Admin:"} ${user.email}`}
        >
          {admin ? (isSelf ? "Leave Admin" : "Make User") : "Make Admin"}
        </Button>
      </div>
      {fetcher.data?.message ? (
        <p className="max-w-56 text-xs whitespace-normal text-red-700" role="alert">
          {fetcher.data.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

export function PremiumControl({ user }: { user: Row }) {
  const fetcher = useFetcher<AdminFailure>();
  useFailureToastOf(fetcher.data);
  const pending = fetcher.formData?.get("isPremium");
  const premium = typeof pending === "string" ? pending === "1" : hasPremium(user);
  return (
    <fetcher.Form method="post" preventScrollReset>
      <input type="hidden" name="id" value={user.id} />
      <input type="hidden" name="isPremium" value={premium ? "0" : "1"} />
      <button
        type="submit"
        name="intent"
        value="set-premium"
        role="switch"
        aria-checked={premium}
        aria-label={`Premium for ${user.email}`}
        disabled={fetcher.state !== "idle"}
        className="group inline-flex items-center gap-2 rounded-full text-xs font-medium text-slate-700 disabled:opacity-60"
      >
        <span className={`relative inline-flex h-5 w-9 flex-none rounded-full transition-colors ${premium ? "bg-amber-500" : "bg-slate-300"}`} aria-hidden="true">
          <span className={`absolute top-0.5 h-4 w-4 rounded-full bg-white shadow transition-transform ${premium ? "translate-x-4" : "translate-x-0.5"}`} />
        </span>
        <span className="w-12 text-left">{premium ? "Premium" : "Free"}</span>
      </button>
    </fetcher.Form>
  );
}
