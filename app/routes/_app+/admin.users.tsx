import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { AdminPageHeader } from "~/components/admin/admin-ui";
import { PremiumControl, RoleControl } from "~/components/admin/user-access";
import { DataTable, type Column } from "~/components/ui/data-table";
import { useUser } from "~/components/use-user";
import { parseListQuery, tablePage } from "~/services/admin/list-query";
import { formFields, refused, tableHref, unknownIntent } from "~/web/admin-page.server";
import { redirectWithToast } from "~/web/toast.server";
import { listUsersAsAdmin, setUserAccessAsAdmin, USER_TABLE, type AdminUserView } from "~/services/admin/users.server";
import { requireAdmin } from "~/web/auth/auth.server";
import { isDomainError } from "~/services/domain-error";
import { readForm } from "~/web/forms.server";

export const meta: MetaFunction = () => [{ title: "User Management | Flowmap" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = parseListQuery(new URL(request.url).searchParams, USER_TABLE);
  return { query, page: await listUsersAsAdmin(query) };
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
      default:
        return unknownIntent(values);
    }
  } catch (error) {
    if (isDomainError(error)) return refused(error, intent, values, request);
    throw error;
  }
}

export default function AdminUsers() {
  const { query, page } = useLoaderData<typeof loader>();
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
      <DataTable
        name="users"
        caption="Users"
        columns={columns}
        rowKey={(row) => row.id}
        page={tablePage(query, { ...page, rows: page.users })}
        searchLabel="Search email or name"
      />
    </div>
  );
}
