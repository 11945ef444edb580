import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { AdminPageHeader, DeleteConfirm, useFailureToastOf } from "~/components/admin/admin-ui";
import { RouteDialog } from "~/components/admin/route-dialog";
import { ResetLinkButton, ResetLinkNotice, type ResetLink } from "~/components/admin/user-account-actions";
import { PremiumControl, RoleControl } from "~/components/admin/user-access";
import { ButtonLink } from "~/components/ui/button";
import { useHrefWith } from "~/components/ui/data-table";
import { DataTable, type Column } from "~/components/ui/data-table";
import { useUser } from "~/components/use-user";
import { parseListQuery, tablePage } from "~/lib/list-query";
import { formFields, refused, rowForDialog, tableHref, unknownIntent } from "~/web/admin-page.server";
import { redirectWithToast } from "~/web/toast.server";
import { getUserAsAdmin, listUsersAsAdmin, setUserAccessAsAdmin, USER_TABLE, type AdminUserView } from "~/services/admin/users.server";
import { deleteUserAsAdmin } from "~/services/auth/account-deletion.server";
import { createResetLinkAsAdmin } from "~/services/auth/password-reset.server";
import { requireAdmin } from "~/web/auth/auth.server";
import { isDomainError } from "~/services/domain-error";
import { readForm } from "~/web/forms.server";

export const meta: MetaFunction = () => [{ title: "User Management | Flowmap" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = parseListQuery(new URL(request.url).searchParams, USER_TABLE);
  const { dialog, selected } = await rowForDialog(request, getUserAsAdmin);
  return { query, page: await listUsersAsAdmin(query), dialog, selected };
}

export async function action({ request }: ActionFunctionArgs) {
  // Another site's post is refused before anything else, whoever is signed in.
  const form = await readForm(request);
  const admin = await requireAdmin(request);
  const intent = String(form.get("intent") ?? "");
  const values = formFields(form, ["id", "role", "isPremium"] as const);
  const id = values.id ?? "";
  try {
    switch (intent) {
      case "set-role": {
        const user = await setUserAccessAsAdmin({ actor: admin, id, input: { role: values.role } });
        // Said as what happened, not as "Users item updated successfully".
        return await redirectWithToast(tableHref(request), { title: "Role changed", description: `${user.email} is now ${user.role}.`, variant: "success" });
      }
      case "set-premium": {
        const user = await setUserAccessAsAdmin({ actor: admin, id, input: { isPremium: values.isPremium } });
        return await redirectWithToast(tableHref(request), {
          title: user.isPremium ? "Premium turned on" : "Premium turned off",
          description: user.isPremium ? `${user.email} now has Premium.` : `${user.email} is back on the Free Plan.`,
          variant: "success",
        });
      }
      case "reset-link": {
        // Shown in the answer only: the link is a secret for the Admin to hand over.
        const resetLink: ResetLink = await createResetLinkAsAdmin({ actor: admin, id });
        return data({ intent, values, fieldErrors: {}, message: null, toast: null, resetLink }, { headers: { "Cache-Control": "private, no-store" } });
      }
      case "delete": {
        const { email } = await deleteUserAsAdmin({ actor: admin, id });
        return await redirectWithToast(tableHref(request), { title: "User deleted", description: `${email} and everything in the account were deleted.`, variant: "success" });
      }
      default:
        return unknownIntent(values);
    }
  } catch (error) {
    if (isDomainError(error)) return refused(error, intent, values, request);
    throw error;
  }
}

export default function AdminUsers() {
  const { query, page, dialog, selected } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const failure = reply && "resetLink" in reply ? null : reply;
  useFailureToastOf(failure);
  const resetLink = reply && "resetLink" in reply ? reply.resetLink : null;
  const hrefWith = useHrefWith();
  const closeHref = hrefWith({ dialog: null, id: null });
  const me = useUser();
  const columns: Array<Column<AdminUserView>> = [
    { key: "email", header: "Email", sortKey: "email", value: (row) => row.email, className: "font-medium break-words min-w-52 max-w-72" },
    { key: "firstName", header: "First Name", sortKey: "firstName", value: (row) => row.firstName },
    { key: "lastName", header: "Last Name", sortKey: "lastName", value: (row) => row.lastName },
    { key: "role", header: "Role", sortKey: "role", value: (row) => row.role, render: (row) => <RoleControl user={row} isSelf={row.id === me.id} /> },
    { key: "isPremium", header: "Premium", sortKey: "isPremium", value: (row) => String(row.isPremium), render: (row) => <PremiumControl user={row} /> },
    { key: "createdAt", header: "Joined", sortKey: "createdAt", kind: "date", value: (row) => row.createdAt, className: "whitespace-nowrap" },
  ];
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <AdminPageHeader
        title="User Management"
        description="Roles and premium per account. A customer who e-mailed for Premium gets it here; it applies from their next page load."
      />
      {resetLink ? <ResetLinkNotice link={resetLink} /> : null}
      <DataTable
        name="users"
        caption="Users"
        columns={columns}
        rowKey={(row) => row.id}
        page={tablePage(query, { ...page, rows: page.users })}
        searchLabel="Search email or name"
        actions={(row) => (
          <>
            <ResetLinkButton user={row} />
            <ButtonLink to={hrefWith({ dialog: "delete", id: row.id })} preventScrollReset variant="ghost-destructive" size="xs" aria-label={`Delete the account of ${row.email}`}>
              Delete
            </ButtonLink>
          </>
        )}
      />
      {dialog === "delete" && selected ? (
        <RouteDialog title="Delete account" closeHref={closeHref}>
          <DeleteConfirm
            id={selected.id}
            closeHref={closeHref}
            message={failure?.intent === "delete" ? (failure.message ?? undefined) : undefined}
            what={
              <p>
                Delete the account of <strong>{selected.email}</strong> and everything in it: flows, content, answers, metrics, tokens and the Klaviyo connection?
              </p>
            }
          />
        </RouteDialog>
      ) : null}
    </div>
  );
}
