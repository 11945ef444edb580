import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";

import { Field, FieldLabel, SelectField } from "~/components/ui/field";
import type { TouchpointView } from "~/lib/flows/types";
import { eventLabel, timingText } from "~/lib/timing";
import { TIMING_FROM_CHOICES, TIMING_UNIT_NAMES } from "~/lib/timing-input";

/**
 * The Edit Touchpoint dialog's timing: how long, in which unit, before or after, measured from
 * the trigger or one of the business's dates, and an optional time of day. Plain fields, so the
 * dialog works the same without JavaScript; the server says what does not add up.
 */

const UNIT_OPTIONS = TIMING_UNIT_NAMES.map((unit) => ({ value: unit, label: unit }));
const DIRECTION_OPTIONS = [
  { value: "after", label: "after" },
  { value: "before", label: "before" },
];
const FROM_OPTIONS = TIMING_FROM_CHOICES.map((from) => ({ value: from, label: from === "trigger" ? "The trigger (what starts the flow)" : eventLabel(from) }));

type TimingField = FieldMetadata<unknown>;

export interface TimingFieldsProps {
  touchpoint: TouchpointView;
  amount: TimingField;
  unit: TimingField;
  direction: TimingField;
  from: TimingField;
  time: TimingField;
}

export function TimingFields({ touchpoint, amount, unit, direction, from, time }: TimingFieldsProps) {
  const weekday = touchpoint.timing?.type === "weekday_relative_event";
  return (
    <fieldset className="space-y-3 rounded-xl border border-slate-200 p-3" data-testid="timing-fields">
      <FieldLabel as="legend">When it goes</FieldLabel>
      <p className="text-xs text-slate-600" data-testid="timing-now">
        Now: {timingText(touchpoint.timing, touchpoint.delayDays)}.{weekday ? " Leave the amount empty to keep it, or enter one to time it differently." : null}
      </p>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Field label="Amount" errors={amount.errors} inputProps={{ ...getInputProps(amount, { type: "number" }), min: 0, step: 1, inputMode: "numeric" }} />
        <SelectField label="Unit" errors={unit.errors} selectProps={getSelectProps(unit)} options={UNIT_OPTIONS} />
        <SelectField label="Before or after" errors={direction.errors} selectProps={getSelectProps(direction)} options={DIRECTION_OPTIONS} />
      </div>
      <SelectField
        label="Measured from"
        errors={from.errors}
        selectProps={getSelectProps(from)}
        options={FROM_OPTIONS}
        description="The trigger, or one of your customer's dates: the appointment, pickup, the end of the trial…"
      />
      <Field
        label="Time of day (optional)"
        errors={time.errors}
        inputProps={{ ...getInputProps(time, { type: "time" }) }}
        description="With whole days from a date: 1 day before pickup at 18:00 is the evening before. The contact's local time."
      />
    </fieldset>
  );
}
