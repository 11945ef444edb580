import { Form, useNavigation } from "@remix-run/react";

import { StatusButton } from "~/components/ui/button";
import { flowTypeLabel, type FlowType } from "~/lib/flow-types";
import { SEND_MISSING_INTENT } from "~/lib/klaviyo/constants";

/**
 * One button for a flow type the Klaviyo account lacks: generates the Flowmap flow (or takes the
 * one there is) and sends it to Klaviyo as a draft. A plain form post: without JavaScript the
 * browser waits for the answer and lands on the flow's Send to Klaviyo page; with it, the button
 * says what is under way.
 */
export function SendMissingForm({ flowType, hasFlow, primary = false }: { flowType: FlowType; hasFlow: boolean; primary?: boolean }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === SEND_MISSING_INTENT && navigation.formData.get("flowType") === flowType;
  const label = flowTypeLabel(flowType);
  return (
    <Form method="post" className="mt-2" data-testid={`send-missing-${flowType}`}>
      <input type="hidden" name="flowType" value={flowType} />
      <StatusButton
        intent={SEND_MISSING_INTENT}
        status={pending ? "pending" : "idle"}
        pendingLabel={hasFlow ? "Sending to Klaviyo..." : "Generating and sending..."}
        variant={primary ? "primary" : "secondary"}
      >
        {hasFlow ? `Send your ${label} flow to Klaviyo as a draft` : `Generate ${label} and send to Klaviyo as a draft`}
      </StatusButton>
    </Form>
  );
}
