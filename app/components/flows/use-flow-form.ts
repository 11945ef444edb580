import { useActionData, useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";

import { useToast } from "~/components/ui/toaster";

import type { FlowActionReplyData as FlowActionReply, FlowIntent } from "~/lib/flows/flow-url";

function isReply(value: unknown): value is FlowActionReply {
  return typeof value === "object" && value !== null && "intent" in value;
}

/**
 * One form of the screen: a fetcher with JavaScript (no page load, its own pending state), the
 * page's action data without it. The reply's toast is shown once per reply.
 */
export function useFlowForm(intent: FlowIntent) {
  const fetcher = useFetcher<FlowActionReply>({ key: intent });
  const actionData = useActionData<unknown>();
  const fromPage = isReply(actionData) && actionData.intent === intent ? actionData : undefined;
  const reply = (isReply(fetcher.data) ? fetcher.data : undefined) ?? fromPage;
  const { toast } = useToast();
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (!reply?.toast || shown.current === reply) return;
    shown.current = reply;
    toast({ ...reply.toast, variant: reply.toast.variant ?? "default" });
  }, [reply, toast]);
  return { fetcher, reply, pending: fetcher.state !== "idle" };
}
