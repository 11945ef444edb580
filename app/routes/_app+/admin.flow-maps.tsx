import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { AdminPageHeader, DeleteConfirm, useFailureToastOf } from "~/components/admin/admin-ui";
import { FlowRuleEditor } from "~/components/admin/flow-rule-editor";
import { RouteDialog } from "~/components/admin/route-dialog";
import { ButtonLink } from "~/components/ui/button";
import { DataTable, formatCell, useHrefWith, type Column } from "~/components/ui/data-table";
import { flowTypeLabel } from "~/lib/flow-types";
import {
  createFlowRuleAsAdmin,
  deleteFlowRuleAsAdmin,
  FLOW_RULE_TABLE,
  type FlowRuleRow,
  getFlowRuleForAdmin,
  listFlowRulesForAdmin,
  updateFlowRuleAsAdmin,
} from "~/services/admin/flow-rules.server";
import { parseListQuery, tablePage } from "~/lib/list-query";
import { backToTable, refused, rowForDialog, unknownIntent } from "~/web/admin-page.server";
import { applyStepEdit, draftFromForm, draftFromRule, emptyRuleDraft, inputFromDraft, parseStepEdit, type RuleDraft } from "~/lib/admin/rule-draft";
import { requireAdmin } from "~/web/auth/auth.server";
import { isDomainError } from "~/services/domain-error";
import { readForm } from "~/web/forms.server";

export const meta: MetaFunction = () => [{ title: "Manage Flow Maps | Flowmap" }];

const TABLE = "Flow Maps";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = parseListQuery(new URL(request.url).searchParams, FLOW_RULE_TABLE);
  const { dialog, selected } = await rowForDialog(request, getFlowRuleForAdmin);
  return { query, page: await listFlowRulesForAdmin(query), dialog, selected, draft: selected ? draftFromRule(selected) : emptyRuleDraft() };
}

export async function action({ request }: ActionFunctionArgs) {
  // Another site's post is refused before anything else, whoever is signed in.
  const form = await readForm(request);
  const admin = await requireAdmin(request);
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const draft = draftFromForm(form);
  // Without JavaScript the step buttons post the form: send it back changed, save nothing.
  const stepEdit = parseStepEdit(intent);
  if (stepEdit) {
    const changed: RuleDraft = { ...draft, steps: applyStepEdit(draft.steps, stepEdit) };
    return data({ intent: id ? "update" : "create", values: changed, fieldErrors: {} as Record<string, string>, message: "", toast: null, edited: true });
  }
  try {
    switch (intent) {
      case "create":
        await createFlowRuleAsAdmin({ actor: admin, input: inputFromDraft(draft) });
        return await backToTable(request, TABLE, "created");
      case "update":
        await updateFlowRuleAsAdmin({ actor: admin, id, input: inputFromDraft(draft) });
        return await backToTable(request, TABLE, "updated");
      case "delete":
        await deleteFlowRuleAsAdmin({ actor: admin, id });
        return await backToTable(request, TABLE, "deleted");
      default:
        return unknownIntent(draft);
    }
  } catch (error) {
    if (isDomainError(error)) return refused(error, intent, draft, request);
    throw error;
  }
}

const columns: Array<Column<FlowRuleRow>> = [
  { key: "flowName", header: "Flow Name", sortKey: "flowName", value: (row) => row.flowName, className: "font-medium min-w-48 text-slate-900" },
  { key: "flowType", header: "Flow Type", sortKey: "flowType", value: (row) => (row.flowType ? flowTypeLabel(row.flowType) : "") },
  { key: "businessType", header: "Business Type", sortKey: "businessType", value: (row) => row.businessType },
  { key: "communicationChannels", header: "Channels", sortKey: "communicationChannels", value: (row) => row.communicationChannels, className: "whitespace-nowrap" },
  { key: "steps", header: "Steps", kind: "text", value: (row) => String(row.steps.length), className: "text-center" },
  { key: "updatedAt", header: "Updated", sortKey: "updatedAt", kind: "date", value: (row) => row.updatedAt, className: "whitespace-nowrap" },
];

export default function AdminFlowMaps() {
  const { query, page, dialog, selected, draft } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  useFailureToastOf(reply && "toast" in reply && reply.toast ? reply : null);
  const hrefWith = useHrefWith();
  const closeHref = hrefWith({ dialog: null, id: null });
  const errors = reply?.fieldErrors ?? {};
  const replyDraft = reply && "values" in reply && reply.values && "steps" in reply.values ? reply.values : null;
  // A new editor whenever the server sends the form back (a refusal, or a step edit without JavaScript).
  const editorKey = reply ? JSON.stringify([errors, replyDraft?.steps.map((step) => step.key)]) : "initial";

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <AdminPageHeader
        title="Manage Flow Maps"
        description="The flow-mapping rules every generated flow starts from. The most specific rule for a business wins over the general one."
      >
        <ButtonLink to={hrefWith({ dialog: "new", id: null })} preventScrollReset>
          <span aria-hidden="true">+</span> Add Flow Map
        </ButtonLink>
      </AdminPageHeader>

      <DataTable
        name="flow maps"
        caption="Flow-mapping rules"
        columns={columns}
        rowKey={(row) => row.id}
        page={tablePage(query, page)}
        searchLabel="Search name, trigger, business type"
        actions={(row) => (
          <>
            <ButtonLink to={hrefWith({ dialog: "edit", id: row.id })} preventScrollReset variant="ghost" size="xs" aria-label={`Edit ${row.flowName}`}>
              Edit
            </ButtonLink>
            <ButtonLink to={hrefWith({ dialog: "delete", id: row.id })} preventScrollReset variant="ghost-destructive" size="xs" aria-label={`Delete ${row.flowName}`}>
              Delete
            </ButtonLink>
          </>
        )}
      />

      {dialog === "new" ? (
        <RouteDialog title="Add Flow Map" description="A rule the generator follows for matching businesses." closeHref={closeHref} size="xl" fixedFooter>
          <FlowRuleEditor
            key={editorKey}
            intent="create"
            draft={reply?.intent === "create" && replyDraft ? replyDraft : draft}
            errors={reply?.intent === "create" ? errors : {}}
            message={reply?.message}
            closeHref={closeHref}
          />
        </RouteDialog>
      ) : null}
      {dialog === "edit" && selected ? (
        <RouteDialog title="Edit Flow Map" description={selected.flowName} closeHref={closeHref} size="xl" fixedFooter>
          <FlowRuleEditor
            key={`${selected.id}-${editorKey}`}
            intent="update"
            id={selected.id}
            draft={reply?.intent === "update" && replyDraft ? replyDraft : draft}
            errors={reply?.intent === "update" ? errors : {}}
            message={reply?.message}
            closeHref={closeHref}
          />
        </RouteDialog>
      ) : null}
      {dialog === "delete" && selected ? (
        <RouteDialog title="Delete Flow Map" closeHref={closeHref}>
          <DeleteConfirm
            id={selected.id}
            closeHref={closeHref}
            message={reply?.intent === "delete" ? reply.message : undefined}
            what={
              <p>
                Delete the rule <strong>{selected.flowName}</strong> ({selected.flowType ? flowTypeLabel(selected.flowType) : "any flow type"}, {formatCell(selected.businessType)},{" "}
                {selected.steps.length} steps)? Flows generated later no longer follow it.
              </p>
            }
          />
        </RouteDialog>
      ) : null}
    </div>
  );
}
