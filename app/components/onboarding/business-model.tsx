import { useActionData, useFetcher } from "@remix-run/react";
import { useEffect } from "react";

import { StatusButton } from "~/components/ui/button";
import { ErrorList, useFieldIds } from "~/components/ui/field";
import { useToast } from "~/components/ui/toaster";
import { businessModelSentence } from "~/lib/business/model";
import {
  BUSINESS_MODEL_ANCHOR,
  BUSINESS_MODEL_INTENT,
  BUSINESS_MODEL_SOURCE_TEXT,
  BUSINESS_MODEL_TAKES_EFFECT,
  businessModelOptions,
  choiceOf,
  inferredDiffers,
  isBusinessModelReply,
  type BusinessModelReply,
  type BusinessModelView,
} from "~/lib/business/model-choice";

/**
 * The business model on the dashboard's Business Profile card and the Onboarding Questions page:
 * the sentence ("Flowmap plans your flows for: …"), where the model comes from, and a small form
 * to correct it. The form posts to the page's own action: without JavaScript a plain post and a
 * redirect back here; with it a fetcher, so the page stays in place (unsaved answers included)
 * and the toast says what was saved.
 */
export function BusinessModelSection({ view, heading: Heading = "h3", className = "" }: { view: BusinessModelView; heading?: "h2" | "h3"; className?: string }) {
  // Styled by the stylesheet's `.business-model` rules: the dashboard's page weight is a target.
  return (
    <section id={BUSINESS_MODEL_ANCHOR} aria-labelledby="business-model-heading" className={className ? `business-model ${className}` : "business-model"}>
      <Heading id="business-model-heading">Business model</Heading>
      <BusinessModelSentence view={view} />
      <BusinessModelForm view={view} />
    </section>
  );
}

function BusinessModelSentence({ view }: { view: BusinessModelView }) {
  const differs = inferredDiffers(view);
  return (
    <>
      <p>
        {`${businessModelSentence(view.model)} `}
        <span>{`(${BUSINESS_MODEL_SOURCE_TEXT[view.source]})`}</span>
      </p>
      {differs ? <small>{differs}</small> : null}
    </>
  );
}

/** A refusal: the fetcher's (with JavaScript), else the page's own reply (a post without it). */
function useRefusal(fetched: BusinessModelReply | undefined) {
  const actionData = useActionData<unknown>();
  const { toast } = useToast();
  useEffect(() => {
    if (fetched?.toast) toast({ title: fetched.toast.title, description: fetched.toast.description, variant: "destructive" });
  }, [fetched, toast]);
  const reply = fetched ?? (isBusinessModelReply(actionData) ? actionData : undefined);
  return reply ? (reply.fieldErrors.businessModel ?? reply.message) : undefined;
}

function BusinessModelForm({ view }: { view: BusinessModelView }) {
  const fetcher = useFetcher<BusinessModelReply>();
  const error = useRefusal(fetcher.data);
  const { id, descriptionId, errorId, controlProps } = useFieldIds({ errors: error ? [error] : undefined, description: BUSINESS_MODEL_TAKES_EFFECT });
  const choice = choiceOf(view);
  return (
    <fetcher.Form method="post" preventScrollReset>
      <div>
        <label htmlFor={id}>Plan my flows for</label>
        <select key={choice} name="businessModel" defaultValue={choice} {...controlProps}>
          {businessModelOptions().map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <p id={descriptionId}>{BUSINESS_MODEL_TAKES_EFFECT}</p>
        <ErrorList id={errorId} errors={error ? [error] : undefined} />
      </div>
      <StatusButton intent={BUSINESS_MODEL_INTENT} status={fetcher.state === "idle" ? "idle" : "pending"} pendingLabel="Saving..." variant="secondary">
        Save
      </StatusButton>
    </fetcher.Form>
  );
}
