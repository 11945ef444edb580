import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { useFetcher, useNavigate, useSearchParams } from "@remix-run/react";
import { useEffect, useId, useState } from "react";

import { ButtonLink, Spinner, StatusButton } from "~/components/ui/button";
import { controlClass, Field, FieldLabel, FormError, TextareaField } from "~/components/ui/field";
import { Dialog, DialogActions, DialogCancel } from "~/components/ui/dialog";
import { flowTypeLabel } from "~/lib/flow-types";
import { PROGRESS_RESET_AFTER_MS } from "~/lib/flows/progress";
import { FLOW_LIMITS, TOUCHPOINT_EDIT_LIMITS, type FlowView, type MessageView, type TouchpointView, type VersionView } from "~/lib/flows/types";
import type { GenerationProgressView } from "~/lib/flows/generation-progress";
import { timingFormValues } from "~/lib/timing-input";
import { useHydrated } from "~/lib/use-hydrated";

import { ENHANCED_FIELD, FLOW_INTENTS, flowHref, NOTE_PARAM } from "~/lib/flows/flow-url";
import { Icon } from "./flow-view";
import { GenerationFailed, GenerationSteps, RegenerationOutcome, UnchangedNotice } from "./generation-progress";
import { LocalDate, plural } from "./format";
import { ProgressBar, useSimulatedProgress } from "./simulated-progress";
import { TimingFields } from "./timing-fields";
import { useFlowForm } from "./use-flow-form";

function Loading({ what }: { what: string }) {
  return (
    <div className="flex items-center justify-center gap-2 py-10 text-sm text-slate-600" role="status">
      <Spinner /> Loading {what}…
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Regenerate

export function RegenerateDialog({
  open,
  flow,
  closeHref,
  wait = null,
  progress = null,
}: {
  open: boolean;
  flow: FlowView;
  closeHref: string;
  wait?: string | null;
  /** A model's regeneration of this flow: its steps so far while it runs, then how it ended. */
  progress?: GenerationProgressView | null;
}) {
  const { fetcher, reply, pending } = useFlowForm(FLOW_INTENTS.regenerate);
  const dismiss = useFetcher({ key: FLOW_INTENTS.dismissProgress });
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { value, controller } = useSimulatedProgress();
  // After a refused post without JavaScript, the text sent comes back in the reply.
  const sent = reply?.result?.initialValue?.feedback;
  // A suggested note in the address (the scorecard's link for a flow that trails its peers) fills the field.
  const [searchParams] = useSearchParams();
  const suggested = (searchParams.get(NOTE_PARAM) ?? "").slice(0, FLOW_LIMITS.feedback);
  const [feedback, setFeedback] = useState(typeof sent === "string" ? sent : open ? suggested : "");
  const [finished, setFinished] = useState(false);
  const fieldId = useId();
  // A note nothing could be acted on: the flow is as it was, and the dialog says so.
  const unchanged = reply?.unchanged;
  const serverError = reply && !reply.ok ? (reply.result?.error?.feedback?.[0] ?? reply.result?.error?.[""]?.[0] ?? reply.message) : undefined;

  // A closed dialog forgets its feedback (a 402 closes the dialog and clears it); one opened with a suggested note starts from it.
  useEffect(() => {
    if (!open) {
      setFeedback("");
      setFinished(false);
    } else if (suggested) setFeedback(suggested);
  }, [open, suggested]);

  // The answer arrived: 100 and close after the reset delay, or back to 0. A model's regeneration
  // has only begun: its progress (below) takes over from the simulated bar.
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.started) {
      controller.fail();
      return;
    }
    if (fetcher.data.ok) {
      controller.succeed();
      setFinished(true);
      const timer = window.setTimeout(() => navigate(closeHref, { preventScrollReset: true }), PROGRESS_RESET_AFTER_MS);
      return () => window.clearTimeout(timer);
    }
    controller.fail();
  }, [fetcher.state, fetcher.data, controller, navigate, closeHref]);

  // A model's regeneration that changed the flow: read, after the same pause, which closes the
  // dialog and says what it did (the Done form below does the same without JavaScript).
  const progressId = progress?.id;
  const regenerated = progress?.state === "succeeded" && progress.result?.applied !== false;
  const submitDismiss = dismiss.submit;
  useEffect(() => {
    if (!open || !regenerated || !progressId) return;
    const timer = window.setTimeout(
      () => submitDismiss({ intent: FLOW_INTENTS.dismissProgress, progressId }, { method: "post", action: closeHref, preventScrollReset: true }),
      PROGRESS_RESET_AFTER_MS,
    );
    return () => window.clearTimeout(timer);
  }, [open, regenerated, progressId, submitDismiss, closeHref]);

  const blank = feedback.trim() === "";
  const busy = pending || finished;
  const streaming = progress?.state === "running";
  return (
    <Dialog
      open={open}
      closeHref={closeHref}
      onClose={busy ? () => {} : undefined}
      title="Regenerate Flow"
      description={`Tell the AI what to change in your ${flowTypeLabel(flow.flowType)} flow. If your note changes it, the current flow is saved as a version first.`}
      size="md"
      data-testid="regenerate-dialog"
    >
      <fetcher.Form
        method="post"
        action={flowHref(flow.flowType, { dialog: "regenerate" })}
        onSubmit={(event) => {
          if (blank) {
            event.preventDefault();
            return;
          }
          controller.start();
        }}
      >
        <input type="hidden" name="flowId" value={flow.id} />
        {hydrated ? <input type="hidden" name={ENHANCED_FIELD} value="1" /> : null}
        <FieldLabel htmlFor={fieldId}>Your feedback</FieldLabel>
        <textarea
          id={fieldId}
          name="feedback"
          rows={5}
          maxLength={FLOW_LIMITS.feedback}
          value={feedback}
          onChange={(event) => setFeedback(event.target.value)}
          readOnly={busy || streaming}
          data-autofocus
          aria-invalid={serverError ? true : undefined}
          aria-describedby={serverError ? `${fieldId}-error` : `${fieldId}-hint`}
          placeholder="e.g. Add an SMS reminder before the second email and make the tone warmer."
          className={`${controlClass} mt-1`}
        />
        <p id={`${fieldId}-hint`} className="mt-1 text-xs text-slate-500">
          Be specific: timing, channels, tone, offers. {wait ? `${wait}.` : "Regeneration usually takes under a minute."}
        </p>
        {serverError ? (
          <div id={`${fieldId}-error`} className="mt-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800" role="alert">
            {reply?.toast?.title ? <strong className="block font-semibold">{reply.toast.title}</strong> : null}
            {serverError}
          </div>
        ) : null}
        {unchanged && !pending ? <UnchangedNotice explanation={unchanged.explanation} /> : null}
        {progress && !pending ? <RegenerationProgress progress={progress} flow={flow} closeHref={closeHref} /> : null}
        {hydrated && (busy || value > 0) ? (
          <div className="mt-4" data-testid="regenerate-progress">
            <ProgressBar value={value} label={finished ? "Flow regenerated" : "Regenerating your flow"} />
          </div>
        ) : null}
        <DialogActions>
          <DialogCancel closeHref={closeHref} onClose={busy ? () => {} : undefined} />
          <StatusButton
            intent={FLOW_INTENTS.regenerate}
            status={pending || streaming ? "pending" : "idle"}
            disabled={(hydrated && blank) || (finished && !pending) || streaming}
            icon={<Icon d="M4 4v6h6M20 20v-6h-6M5.5 15a7 7 0 0012 2.5M18.5 9a7 7 0 00-12-2.5" />}
            pendingLabel="Regenerating…"
          >
            Regenerate Flow
          </StatusButton>
        </DialogActions>
      </fetcher.Form>
    </Dialog>
  );
}

/** A model's regeneration in the dialog: each step as it is written, then how it ended. */
function RegenerationProgress({ progress, flow, closeHref }: { progress: GenerationProgressView; flow: FlowView; closeHref: string }) {
  if (progress.state === "running") return <GenerationSteps progress={progress} label={flowTypeLabel(flow.flowType)} />;
  if (progress.state === "failed") return <GenerationFailed progress={progress} action={closeHref} />;
  return <RegenerationOutcome progress={progress} action={closeHref} />;
}

// ---------------------------------------------------------------------------------------------
// Versions

export function describeVersionSource(promptType: string) {
  switch (promptType) {
    case "generate":
      return "First generation";
    case "regenerate":
      return "Regenerated from feedback";
    case "rollback_backup":
      return "Saved before a rollback";
    default:
      return promptType ? promptType.replace(/_/g, " ") : "Generated";
  }
}

/**
 * Who wrote a version, in words: the built-in rules' internal name ('offline-rules-v2') means
 * nothing to a reader; a model's own name (gpt-4o-mini) is what the operator configured.
 */
export function modelLabel(model: string) {
  if (!model) return "written by an unknown model";
  if (model.startsWith("offline-")) return "planned by Flowmap's built-in rules";
  return `written by ${model}`;
}

export function VersionsDialog({ open, flow, versions, closeHref, locale }: { open: boolean; flow: FlowView; versions: VersionView[] | null; closeHref: string; locale: string }) {
  const { fetcher, pending } = useFlowForm(FLOW_INTENTS.rollback);
  const pendingVersion = pending ? String(fetcher.formData?.get("versionId") ?? "") : "";
  return (
    <Dialog
      open={open}
      closeHref={closeHref}
      title="Flow Version History"
      description="Compare an earlier version with the current flow, or roll back to it."
      size="lg"
      data-testid="versions-dialog"
    >
      <div className="rounded-xl border border-brand-200 bg-brand-50/60 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <span className="rounded-full bg-brand-600 px-2.5 py-0.5 text-xs font-semibold text-white">Current Version</span>
          <span className="text-sm font-semibold text-slate-900">Version {flow.versionCount + 1}</span>
        </div>
        <p className="mt-1 text-sm text-slate-600">
          {plural(flow.touchpoints.length, "touchpoint")} · {modelLabel(flow.model)} · updated <LocalDate iso={flow.updatedAt} locale={locale} withTime />
        </p>
      </div>
      <h3 className="mt-5 text-sm font-semibold text-slate-900">Earlier versions</h3>
      {versions === null ? (
        <Loading what="versions" />
      ) : versions.length === 0 ? (
        <EmptyList className="mt-3" title="No previous versions available" hint="Versions are created when you regenerate flows" testId="versions-empty" />
      ) : (
        <ul className="mt-3 space-y-2" aria-label="Earlier versions">
          {versions.map((version) => (
            <li key={version.id} className="rounded-xl border border-slate-200 p-4" data-testid="version-row">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <p className="text-sm font-semibold text-slate-900">Version {version.versionNumber}</p>
                  <p className="mt-0.5 text-xs text-slate-600">
                    <LocalDate iso={version.createdAt} locale={locale} withTime /> · {modelLabel(version.model)} · {describeVersionSource(version.promptType)} ·{" "}
                    {plural(version.touchpoints.length, "touchpoint")}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <ButtonLink to={flowHref(flow.flowType, { dialog: "compare", version: version.id })} preventScrollReset variant="secondary">
                    Compare with current
                    <span className="sr-only"> (version {version.versionNumber})</span>
                  </ButtonLink>
                  <fetcher.Form method="post" action={flowHref(flow.flowType, { dialog: "versions" })}>
                    <input type="hidden" name="flowId" value={flow.id} />
                    <input type="hidden" name="versionId" value={version.id} />
                    <StatusButton
                      intent={FLOW_INTENTS.rollback}
                      status={pendingVersion === version.id ? "pending" : "idle"}
                      disabled={pending && pendingVersion !== version.id}
                      pendingLabel="Rolling back…"
                    >
                      Rollback
                      <span className="sr-only"> to version {version.versionNumber}</span>
                    </StatusButton>
                  </fetcher.Form>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

// ---------------------------------------------------------------------------------------------
// Conversation

const ROLE_LABELS = { user: "You", assistant: "AI Assistant", system: "System" } as const;

export function ConversationDialog({ open, messages, closeHref, locale }: { open: boolean; messages: MessageView[] | null; closeHref: string; locale: string }) {
  return (
    <Dialog
      open={open}
      closeHref={closeHref}
      title="Conversation History"
      description="Your feedback and the AI's answers for this flow."
      size="lg"
      data-testid="conversation-dialog"
    >
      {messages === null ? (
        <Loading what="the conversation" />
      ) : messages.length === 0 ? (
        <EmptyList title="No conversation history available" hint="Messages are saved when you regenerate flows" testId="conversation-empty" />
      ) : (
        <ol className="space-y-3" aria-label="Messages">
          {messages.map((message) => {
            const mine = message.role === "user";
            const system = message.role === "system";
            return (
              <li key={message.id} className={`flex ${mine ? "justify-end" : "justify-start"}`} data-testid="message" data-role={message.role}>
                <div
                  className={`max-w-[85%] rounded-2xl px-4 py-3 text-sm ${
                    mine ? "bg-brand-600 text-white" : system ? "border border-slate-200 bg-slate-50 text-slate-700" : "bg-slate-100 text-slate-900"
                  }`}
                >
                  <p className={`flex flex-wrap items-baseline gap-x-2 text-xs ${mine ? "text-brand-100" : "text-slate-600"}`}>
                    <span className={`font-semibold ${mine ? "text-white" : "text-slate-800"}`}>{ROLE_LABELS[message.role]}</span>
                    <LocalDate iso={message.createdAt} locale={locale} withTime />
                  </p>
                  <p className="mt-1 leading-6 break-words whitespace-pre-wrap">{message.content}</p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </Dialog>
  );
}

// ---------------------------------------------------------------------------------------------
// Edit touchpoint

export function EditTouchpointDialog({ open, flow, touchpoint, closeHref }: { open: boolean; flow: FlowView; touchpoint: TouchpointView | null; closeHref: string }) {
  const { fetcher, reply, pending } = useFlowForm(FLOW_INTENTS.updateTouchpoint);
  // A reply about another touchpoint (or an older one) does not belong to this form.
  const lastResult = reply?.result && reply.result.initialValue?.touchpointId === touchpoint?.id ? reply.result : undefined;
  const [form, fields] = useForm({
    id: `edit-touchpoint-${touchpoint?.id ?? "none"}`,
    lastResult,
    defaultValue: touchpoint
      ? {
          title: touchpoint.title,
          primaryGoal: touchpoint.primaryGoal,
          keyMessages: touchpoint.keyMessages,
          callToAction: touchpoint.callToAction,
          ...timingFormValues(touchpoint.timing, touchpoint.delayDays, touchpoint.offsetMinutes),
        }
      : undefined,
    shouldRevalidate: "onBlur",
  });
  return (
    <Dialog
      open={open && touchpoint !== null}
      closeHref={closeHref}
      title="Edit Touchpoint"
      description={touchpoint ? `Step ${touchpoint.stepNumber} · ${touchpoint.stepType}` : undefined}
      size="md"
      data-testid="edit-dialog"
    >
      {touchpoint ? (
        <fetcher.Form method="post" action={flowHref(flow.flowType, { dialog: "edit", touchpoint: touchpoint.id })} {...getFormProps(form)} className="space-y-4">
          <input type="hidden" name="touchpointId" value={touchpoint.id} />
          <FormError errors={form.errors} />
          <TextInput label="Title" field={fields.title} maxLength={TOUCHPOINT_EDIT_LIMITS.title} autoFocus />
          <TextArea label="Primary goal" field={fields.primaryGoal} rows={2} maxLength={TOUCHPOINT_EDIT_LIMITS.primaryGoal} />
          <TextArea label="Key messages" field={fields.keyMessages} rows={4} maxLength={TOUCHPOINT_EDIT_LIMITS.keyMessages} />
          <TextInput label="Call to action" field={fields.callToAction} maxLength={TOUCHPOINT_EDIT_LIMITS.callToAction} />
          <TimingFields
            touchpoint={touchpoint}
            amount={fields.timingAmount}
            unit={fields.timingUnit}
            direction={fields.timingDirection}
            from={fields.timingFrom}
            time={fields.timingTime}
          />
          <DialogActions>
            <DialogCancel closeHref={closeHref} />
            <StatusButton intent={FLOW_INTENTS.updateTouchpoint} status={pending ? "pending" : "idle"} pendingLabel="Saving…">
              Save Changes
            </StatusButton>
          </DialogActions>
        </fetcher.Form>
      ) : null}
    </Dialog>
  );
}

type ConformField = Parameters<typeof getInputProps>[0];

function TextInput({
  label,
  field,
  type = "text",
  hint,
  autoFocus,
  ...rest
}: {
  label: string;
  field: ConformField;
  type?: "text" | "number";
  hint?: string;
  autoFocus?: boolean;
  maxLength?: number;
  min?: number;
  max?: number;
}) {
  return <Field label={label} description={hint} errors={field.errors} inputProps={{ ...getInputProps(field, { type }), ...rest, "data-autofocus": autoFocus || undefined }} />;
}

function TextArea({ label, field, rows, maxLength }: { label: string; field: ConformField; rows: number; maxLength: number }) {
  return <TextareaField label={label} errors={field.errors} textareaProps={{ ...getTextareaProps(field), rows, maxLength }} />;
}

// ---------------------------------------------------------------------------------------------
// Confirm deletes

export function DeleteFlowDialog({ open, flow, closeHref }: { open: boolean; flow: FlowView; closeHref: string }) {
  const { fetcher, pending } = useFlowForm(FLOW_INTENTS.deleteFlow);
  return (
    <Dialog open={open} closeHref={closeHref} title="Delete Flow" size="sm" hideCloseButton icon={<DangerIcon />} data-testid="delete-flow-dialog">
      <p className="text-sm text-slate-700">
        Delete your {flowTypeLabel(flow.flowType)} flow with its {plural(flow.touchpoints.length, "touchpoint")}, {plural(flow.versionCount, "earlier version")} and the whole
        conversation? This cannot be undone.
      </p>
      <fetcher.Form method="post" action={flowHref(flow.flowType, { dialog: "delete-flow" })}>
        <input type="hidden" name="flowId" value={flow.id} />
        <DialogActions>
          <DialogCancel closeHref={closeHref} />
          <StatusButton intent={FLOW_INTENTS.deleteFlow} status={pending ? "pending" : "idle"} variant="destructive" pendingLabel="Deleting…" data-autofocus>
            Delete Flow
          </StatusButton>
        </DialogActions>
      </fetcher.Form>
    </Dialog>
  );
}

export function DeleteTouchpointDialog({ open, flow, touchpoint, closeHref }: { open: boolean; flow: FlowView; touchpoint: TouchpointView | null; closeHref: string }) {
  const { fetcher, pending } = useFlowForm(FLOW_INTENTS.deleteTouchpoint);
  return (
    <Dialog
      open={open && touchpoint !== null}
      closeHref={closeHref}
      title="Delete Touchpoint"
      size="sm"
      hideCloseButton
      icon={<DangerIcon />}
      data-testid="delete-touchpoint-dialog"
    >
      {touchpoint ? (
        <>
          <p className="text-sm text-slate-700">
            Delete step {touchpoint.stepNumber}, <strong className="font-semibold">{touchpoint.title}</strong>? The steps after it move up by one.
          </p>
          <fetcher.Form method="post" action={flowHref(flow.flowType, { dialog: "delete-touchpoint", touchpoint: touchpoint.id })}>
            <input type="hidden" name="touchpointId" value={touchpoint.id} />
            <DialogActions>
              <DialogCancel closeHref={closeHref} />
              <StatusButton intent={FLOW_INTENTS.deleteTouchpoint} status={pending ? "pending" : "idle"} variant="destructive" pendingLabel="Deleting…" data-autofocus>
                Delete Touchpoint
              </StatusButton>
            </DialogActions>
          </fetcher.Form>
        </>
      ) : null}
    </Dialog>
  );
}

function DangerIcon() {
  return (
    <span className="flex h-10 w-10 items-center justify-center rounded-full bg-red-100 text-red-700">
      <Icon d="M12 9v4m0 4h.01M10.3 3.9L2.4 18a2 2 0 001.7 3h15.8a2 2 0 001.7-3L13.7 3.9a2 2 0 00-3.4 0z" className="h-5 w-5" />
    </span>
  );
}

/** What an empty list of a dialog says: what is missing, and how it comes about. */
function EmptyList({ title, hint, testId, className = "" }: { title: string; hint: string; testId: string; className?: string }) {
  return (
    <div className={`${className} rounded-xl border border-dashed border-slate-300 p-6 text-center`.trim()} data-testid={testId}>
      <p className="font-medium text-slate-800">{title}</p>
      <p className="mt-1 text-sm text-slate-600">{hint}</p>
    </div>
  );
}
