import { Form } from "@remix-run/react";

import { AdminSubmit, FormAlert, SelectControl, TextAreaControl, TextControl } from "~/components/admin/admin-ui";
import { DIALOG_FORM_CLASS, DialogFooter, DialogScrollBody } from "~/components/admin/route-dialog";
import { ButtonLink } from "~/components/ui/button";
import { BENCHMARK_TYPES, FLOW_TYPE_INFO, PERFORMANCE_INDICATORS, flowTypeForBenchmarkType } from "~/lib/flow-types";
import {
  ALL_BUSINESS_TYPES,
  ALL_INDUSTRIES,
  BENCHMARK_BUSINESS_TYPES,
  type BENCHMARK_FORM_FIELDS,
  BENCHMARK_INDUSTRIES,
  BENCHMARK_LABELS as LABELS,
  NUMBER_STEP,
  RATE_MAX,
  REVENUE_MAX,
} from "~/lib/admin/benchmark-fields";

export type BenchmarkFormValues = Partial<Record<(typeof BENCHMARK_FORM_FIELDS)[number], string>>;

const typeOptions = BENCHMARK_TYPES.map((type) => {
  const flow = flowTypeForBenchmarkType(type);
  return { value: type, label: flow ? `${type} (${FLOW_TYPE_INFO[flow].label} flow)` : type };
});

/**
 * A peer-group select's options. A row saved before the peer group was a choice may hold text
 * outside the list: it stays selected, marked, so saving without choosing says what to fix.
 */
function peerGroupOptions(options: readonly string[], current: string | undefined) {
  const known = !current || options.some((option) => option.toLowerCase() === current.toLowerCase());
  return known ? options : [...options, { value: current, label: `${current} (not in the list: choose another)` }];
}

/** The add/edit form of a benchmark row: the indicator view the dashboard reads, then the admin figures. */
export function BenchmarkForm({
  intent,
  id,
  values,
  errors,
  message,
  closeHref,
}: {
  intent: "create" | "update";
  id?: string;
  values: BenchmarkFormValues;
  errors: Record<string, string>;
  message?: string;
  closeHref: string;
}) {
  const number = (name: "openRate" | "clickRate" | "ctr" | "revenuePerRecipient") => (
    <TextControl
      label={LABELS[name]}
      name={name}
      type="number"
      inputMode="decimal"
      step={NUMBER_STEP}
      min={0}
      max={name === "revenuePerRecipient" ? REVENUE_MAX : RATE_MAX}
      defaultValue={values[name] ?? ""}
      error={errors[name]}
      placeholder="-"
    />
  );
  return (
    <Form method="post" className={DIALOG_FORM_CLASS} preventScrollReset>
      <DialogScrollBody className="space-y-5">
        {id ? <input type="hidden" name="id" value={id} /> : null}
        <FormAlert message={message && Object.keys(errors).length === 0 ? message : undefined} />
        <fieldset className="space-y-4">
          <legend className="text-sm font-semibold text-slate-900">What the dashboard shows</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectControl
              label={LABELS.benchmarkType}
              name="benchmarkType"
              options={typeOptions}
              defaultValue={values.benchmarkType ?? BENCHMARK_TYPES[0]}
              error={errors.benchmarkType ?? errors.flowType}
              required
            />
            <SelectControl
              label={LABELS.performanceIndicator}
              name="performanceIndicator"
              options={PERFORMANCE_INDICATORS}
              defaultValue={values.performanceIndicator ?? PERFORMANCE_INDICATORS[0]}
              error={errors.performanceIndicator}
              required
            />
            <TextControl
              label={LABELS.industryMedian}
              name="industryMedian"
              defaultValue={values.industryMedian ?? ""}
              error={errors.industryMedian}
              hint="As users see it, e.g. 52.04% or $2.65"
              required
              maxLength={50}
            />
            <SelectControl
              label={LABELS.industry}
              name="industry"
              options={peerGroupOptions(BENCHMARK_INDUSTRIES, values.industry)}
              defaultValue={values.industry || ALL_INDUSTRIES}
              error={errors.industry}
              hint="The peer group: users who answered this industry"
            />
            <SelectControl
              label={LABELS.businessType}
              name="businessType"
              options={peerGroupOptions(BENCHMARK_BUSINESS_TYPES, values.businessType)}
              defaultValue={values.businessType || ALL_BUSINESS_TYPES}
              error={errors.businessType}
              hint="And this business type"
            />
            <TextAreaControl label={LABELS.source} name="source" defaultValue={values.source ?? ""} error={errors.source} rows={2} maxLength={1000} className="sm:col-span-2" />
          </div>
        </fieldset>
        <fieldset className="space-y-4 border-t border-slate-200 pt-5">
          <legend className="text-sm font-semibold text-slate-900">Figures</legend>
          <p className="-mt-2 text-xs text-slate-500">Rates are percents from 0 to 100; revenue is dollars. Leave a figure empty when it does not apply.</p>
          <div className="grid grid-cols-2 items-end gap-4 sm:grid-cols-4">
            {number("openRate")}
            {number("clickRate")}
            {number("ctr")}
            {number("revenuePerRecipient")}
          </div>
        </fieldset>
      </DialogScrollBody>
      <DialogFooter>
        <ButtonLink to={closeHref} preventScrollReset variant="secondary">
          Cancel
        </ButtonLink>
        <AdminSubmit intent={intent} pendingLabel="Saving...">
          {intent === "create" ? "Add Benchmark" : "Save Changes"}
        </AdminSubmit>
      </DialogFooter>
    </Form>
  );
}
