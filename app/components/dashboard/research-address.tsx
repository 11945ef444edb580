import { Form } from "@remix-run/react";

import { HoneypotField } from "~/components/forms";
import { StatusButton } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FIELD_LIMITS } from "~/lib/limits";
import { RESEARCH_ADDRESS_INTENT, type ResearchAddressReply } from "~/lib/dashboard-forms";

/**
 * The research card's way out when the saved website cannot be read: a form for another address,
 * which the server checks by the rules research fetches by, saves, and researches at once. A
 * plain form in a native disclosure, so it works the same without JavaScript. It is open when
 * the saved address is one research refuses, or when the last address sent was refused.
 */
export function ResearchAddressForm({ website, problem, reply }: { website: string; problem: string | null; reply: ResearchAddressReply | null }) {
  const error = reply?.fieldErrors.researchWebsiteUrl ?? null;
  return (
    <details className="group relative mt-4 rounded-xl bg-white text-slate-900 shadow-sm" open={Boolean(problem || error)} data-testid="research-address">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-xl px-4 py-3 text-sm font-semibold text-brand-800 hover:bg-brand-50">
        Change the website address
        <svg viewBox="0 0 20 20" className="h-4 w-4 transition-transform group-open:rotate-180" aria-hidden="true">
          <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </summary>
      <Form method="post" preventScrollReset className="space-y-3 border-t border-slate-100 px-4 pt-3 pb-4">
        {problem && !error ? (
          <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900" role="status">
            {problem}
          </p>
        ) : null}
        <HoneypotField />
        <Field
          label="Website address"
          description="Your public website, e.g. https://www.yourcompany.com. We save it and start the research."
          errors={error ? [error] : undefined}
          inputProps={{
            name: "researchWebsiteUrl",
            type: "text",
            inputMode: "url",
            autoComplete: "url",
            required: true,
            maxLength: FIELD_LIMITS.websiteUrl,
            defaultValue: reply?.values.researchWebsiteUrl ?? website,
            autoFocus: Boolean(error),
          }}
        />
        <StatusButton intent={RESEARCH_ADDRESS_INTENT} pendingLabel="Researching..." className="w-full sm:w-auto">
          Save and research
        </StatusButton>
      </Form>
    </details>
  );
}
