import { Form } from "@remix-run/react";
import { useState } from "react";

import { AdminSubmit, FormAlert, SelectControl, TextAreaControl, TextControl } from "~/components/admin/admin-ui";
import { DIALOG_FORM_CLASS, DialogFooter, DialogScrollBody } from "~/components/admin/route-dialog";
import { Button, ButtonLink } from "~/components/ui/button";
import { FLOW_TYPE_INFO, FLOW_TYPES, STEP_TYPES } from "~/lib/flow-types";
import { FLOW_LIMITS, RULE_LIMITS } from "~/lib/flows/types";
import { BUSINESS_TYPES, COMMUNICATION_CHANNELS, CUSTOMER_FREQUENCIES, PURCHASE_DECISION_TIMELINES, UPSELL_OPPORTUNITIES } from "~/lib/questionnaire/options";
import { TIMING_DISPLAY_TEXT_MAX, TIMING_EVENT_PHRASES, TIMING_EVENTS, WEEKDAY_NAMES } from "~/lib/timing";
import { useHydrated } from "~/lib/use-hydrated";
import { MAX_RULE_STEPS } from "~/lib/admin/flow-rule-fields";
import { applyStepEdit, type RuleDraft, type StepDraft, type StepEdit } from "~/lib/admin/rule-draft";

const TIMING_TYPES = [
  { value: "immediate", label: "Immediately" },
  { value: "offset", label: "After a delay" },
  { value: "relative_event", label: "Before or after an event" },
  { value: "weekday_relative_event", label: "On a weekday of an event" },
];
const UNITS = [
  { value: "minutes", label: "minutes" },
  { value: "hours", label: "hours" },
  { value: "days", label: "days" },
];
const EVENTS = TIMING_EVENTS.map((event) => ({ value: event, label: TIMING_EVENT_PHRASES[event].replace(/^the /, "") }));
const WEEKDAYS = WEEKDAY_NAMES.map((name, index) => ({ value: String(index), label: name }));
const ANY = "All";

/**
 * The flow-map editor: the rule's matching fields, then a structured step editor (channel,
 * timing, title, goal, key messages, call to action) where steps are added, removed and
 * reordered. With JavaScript that happens in place; without it each button posts the form and the
 * server sends it back changed (nothing is saved until Save).
 */
export function FlowRuleEditor({
  intent,
  id,
  draft,
  errors,
  message,
  closeHref,
}: {
  intent: "create" | "update";
  id?: string;
  draft: RuleDraft;
  errors: Record<string, string>;
  message?: string;
  closeHref: string;
}) {
  const hydrated = useHydrated();
  const [steps, setSteps] = useState<StepDraft[]>(draft.steps);
  const edit = (change: StepEdit) => (event: React.MouseEvent) => {
    if (!hydrated) return;
    event.preventDefault();
    setSteps((current) => applyStepEdit(current, change));
  };
  const setTimingType = (key: string, timingType: string) => setSteps((current) => current.map((step) => (step.key === key ? { ...step, timingType } : step)));
  const generalError = message && Object.keys(errors).length === 0 ? message : undefined;

  return (
    <Form method="post" className={DIALOG_FORM_CLASS} preventScrollReset>
      <DialogScrollBody className="space-y-6">
        {id ? <input type="hidden" name="id" value={id} /> : null}
        <FormAlert message={generalError} />
        <fieldset className="space-y-4">
          <legend className="text-sm font-semibold text-slate-900">Rule</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextControl label="Flow name" name="flowName" defaultValue={draft.flowName} error={errors.flowName} required maxLength={RULE_LIMITS.flowName} />
            <SelectControl
              label="Flow type"
              name="flowType"
              defaultValue={draft.flowType}
              error={errors.flowType}
              options={[{ value: "", label: "Any flow type" }, ...FLOW_TYPES.map((type) => ({ value: type, label: FLOW_TYPE_INFO[type].label }))]}
            />
            <TextControl
              label="Business type"
              name="businessType"
              list="fm-business-types"
              defaultValue={draft.businessType}
              error={errors.businessType}
              hint="'All' applies to every business"
              maxLength={RULE_LIMITS.businessType}
            />
            <SelectControl
              label="Communication channels"
              name="communicationChannels"
              defaultValue={draft.communicationChannels}
              error={errors.communicationChannels}
              options={[ANY, ...COMMUNICATION_CHANNELS]}
            />
            <TextControl
              label="Purchase decision timeline"
              name="purchaseDecisionTimeline"
              list="fm-timelines"
              defaultValue={draft.purchaseDecisionTimeline}
              error={errors.purchaseDecisionTimeline}
              maxLength={RULE_LIMITS.purchaseDecisionTimeline}
            />
            <TextControl
              label="Service frequency"
              name="serviceFrequency"
              list="fm-frequencies"
              defaultValue={draft.serviceFrequency}
              error={errors.serviceFrequency}
              maxLength={RULE_LIMITS.serviceFrequency}
            />
            <TextControl
              label="Upsell opportunity"
              name="upsellOpportunity"
              list="fm-upsell"
              defaultValue={draft.upsellOpportunity}
              error={errors.upsellOpportunity}
              maxLength={RULE_LIMITS.upsellOpportunity}
            />
            <TextAreaControl label="Trigger" name="trigger" defaultValue={draft.trigger} error={errors.trigger} rows={2} maxLength={RULE_LIMITS.trigger} />
            <TextAreaControl
              label="Exit rules (JSON)"
              name="exitRules"
              defaultValue={draft.exitRules}
              error={errors.exitRules}
              rows={4}
              className="sm:col-span-2 [&_textarea]:font-mono [&_textarea]:text-xs"
              hint='For example {"exitWhen": ["Places an order"]}; leave empty for none'
            />
            <TextAreaControl label="Notes" name="notes" defaultValue={draft.notes} error={errors.notes} rows={2} className="sm:col-span-2" maxLength={RULE_LIMITS.notes} />
          </div>
          <Datalist id="fm-business-types" options={[ANY, ...BUSINESS_TYPES]} />
          <Datalist id="fm-timelines" options={[ANY, ...PURCHASE_DECISION_TIMELINES]} />
          <Datalist id="fm-frequencies" options={[ANY, ...CUSTOMER_FREQUENCIES]} />
          <Datalist id="fm-upsell" options={[ANY, ...UPSELL_OPPORTUNITIES]} />
        </fieldset>

        <fieldset className="space-y-4 border-t border-slate-200 pt-6">
          <legend className="flex w-full items-center justify-between text-sm font-semibold text-slate-900">Steps ({steps.length})</legend>
          {errors.steps ? <p className="text-sm text-red-700">{errors.steps}</p> : null}
          <ol className="space-y-4" aria-label="Steps">
            {steps.map((step, index) => (
              <StepEditor
                key={step.key}
                step={step}
                index={index}
                count={steps.length}
                errors={errors}
                hydrated={hydrated}
                onEdit={edit}
                onTimingType={(value) => setTimingType(step.key, value)}
              />
            ))}
          </ol>
          {steps.length < MAX_RULE_STEPS ? (
            <Button type="submit" name="intent" value="step:add" formNoValidate onClick={edit({ kind: "add" })} variant="secondary" className="w-full border-dashed">
              <span aria-hidden="true">+</span> Add step
            </Button>
          ) : null}
        </fieldset>
      </DialogScrollBody>
      <DialogFooter>
        <ButtonLink to={closeHref} preventScrollReset variant="secondary">
          Cancel
        </ButtonLink>
        <AdminSubmit intent={intent} pendingLabel="Saving...">
          {intent === "create" ? "Add Flow Map" : "Save Changes"}
        </AdminSubmit>
      </DialogFooter>
    </Form>
  );
}

function Datalist({ id, options }: { id: string; options: readonly string[] }) {
  return (
    <datalist id={id}>
      {options.map((option) => (
        <option key={option} value={option} />
      ))}
    </datalist>
  );
}

function StepEditor({
  step,
  index,
  count,
  errors,
  hydrated,
  onEdit,
  onTimingType,
}: {
  step: StepDraft;
  index: number;
  count: number;
  errors: Record<string, string>;
  hydrated: boolean;
  onEdit: (edit: StepEdit) => (event: React.MouseEvent) => void;
  onTimingType: (value: string) => void;
}) {
  const name = (field: keyof StepDraft) => `steps[${index}].${field}`;
  const error = (field: string) => errors[`steps.${index}.${field}`];
  const timingError = Object.entries(errors).find(([key]) => key === `steps.${index}.timing` || key.startsWith(`steps.${index}.timing.`))?.[1];
  // Without JavaScript every timing field is on show; with it, only those the chosen kind uses.
  const shows = (...types: string[]) => !hydrated || types.includes(step.timingType);
  const number = index + 1;

  return (
    <li className="rounded-xl border border-slate-200 bg-slate-50/60 p-4" aria-label={`Step ${number}`}>
      <input type="hidden" name={name("key")} value={step.key} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <span className="flex h-6 w-6 items-center justify-center rounded-full bg-brand-600 text-xs text-white">{number}</span>
          Step {number}
        </p>
        <div className="flex gap-1.5">
          <Button
            type="submit"
            name="intent"
            value={`step:up:${index}`}
            formNoValidate
            disabled={index === 0}
            onClick={onEdit({ kind: "up", index })}
            variant="secondary"
            size="xs"
            aria-label={`Move step ${number} up`}
          >
            ↑ Up
          </Button>
          <Button
            type="submit"
            name="intent"
            value={`step:down:${index}`}
            formNoValidate
            disabled={index === count - 1}
            onClick={onEdit({ kind: "down", index })}
            variant="secondary"
            size="xs"
            aria-label={`Move step ${number} down`}
          >
            ↓ Down
          </Button>
          <Button
            type="submit"
            name="intent"
            value={`step:remove:${index}`}
            formNoValidate
            disabled={count === 1}
            onClick={onEdit({ kind: "remove", index })}
            variant="danger"
            size="xs"
            aria-label={`Remove step ${number}`}
          >
            Remove
          </Button>
        </div>
      </div>
      <div className="mt-4 grid gap-4 sm:grid-cols-4">
        <SelectControl label="Channel" name={name("channel")} defaultValue={step.channel} options={STEP_TYPES} error={error("channel")} />
        <TextControl label="Title" name={name("title")} defaultValue={step.title} error={error("title")} className="sm:col-span-3" maxLength={FLOW_LIMITS.title} />
      </div>
      <div className="mt-4 rounded-lg border border-slate-200 bg-white p-3">
        <div className="grid gap-3 sm:grid-cols-4">
          <SelectControl
            label="Timing"
            name={name("timingType")}
            defaultValue={step.timingType}
            options={TIMING_TYPES}
            onChange={(event) => onTimingType(event.currentTarget.value)}
            className="sm:col-span-2"
          />
          {shows("offset", "relative_event") ? (
            <>
              <TextControl label="Amount" name={name("amount")} type="number" min={0} step={1} defaultValue={step.amount} inputMode="numeric" />
              <SelectControl label="Unit" name={name("unit")} defaultValue={step.unit} options={UNITS} />
            </>
          ) : null}
          {shows("relative_event") ? <SelectControl label="Before or after" name={name("direction")} defaultValue={step.direction} options={["before", "after"]} /> : null}
          {shows("relative_event", "weekday_relative_event") ? <SelectControl label="Event" name={name("event")} defaultValue={step.event} options={EVENTS} /> : null}
          {shows("weekday_relative_event") ? (
            <>
              <SelectControl label="Weekday" name={name("weekday")} defaultValue={step.weekday} options={WEEKDAYS} />
              <SelectControl
                label="Week"
                name={name("relation")}
                defaultValue={step.relation}
                options={[
                  { value: "before", label: "before the event" },
                  { value: "on", label: "of the event" },
                ]}
              />
              <TextControl label="Time (HH:MM)" name={name("time")} defaultValue={step.time} placeholder="09:00" maxLength={5} />
            </>
          ) : null}
          <TextControl
            label="Display text"
            name={name("displayText")}
            defaultValue={step.displayText}
            className="sm:col-span-4"
            hint="Optional: how an event timing reads on the flow. A delay always reads like “3 days after the trigger”."
            maxLength={TIMING_DISPLAY_TEXT_MAX}
          />
        </div>
        {timingError ? <p className="mt-2 text-sm text-red-700">{timingError}</p> : null}
      </div>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextAreaControl label="Goal" name={name("primaryGoal")} defaultValue={step.primaryGoal} error={error("primaryGoal")} rows={2} maxLength={FLOW_LIMITS.primaryGoal} />
        <TextAreaControl
          label="Call to action"
          name={name("callToAction")}
          defaultValue={step.callToAction}
          error={error("callToAction")}
          rows={2}
          maxLength={FLOW_LIMITS.callToAction}
        />
        <TextAreaControl
          label="Key messages"
          name={name("keyMessages")}
          defaultValue={step.keyMessages}
          error={error("keyMessages")}
          rows={4}
          className="sm:col-span-2"
          maxLength={FLOW_LIMITS.keyMessages}
        />
        <TextAreaControl label="Notes" name={name("notes")} defaultValue={step.notes} error={error("notes")} rows={2} className="sm:col-span-2" maxLength={RULE_LIMITS.stepNotes} />
      </div>
    </li>
  );
}
