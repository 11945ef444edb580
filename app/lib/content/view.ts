import { linkPlaceholder, purposeOfButton } from "~/lib/content/links";
import { placeholdersIn } from "~/lib/content/placeholders";
import type { ContentFields, FlowContentView, TouchpointContentView } from "~/lib/content/types";
import { touchpointFingerprint, type FlowView } from "~/lib/flows/types";

/** A stored piece of content as the view builder needs it. */
export type StoredContent = ContentFields & {
  touchpointId: string;
  /** The touchpoint's fingerprint when it was written (flows/fingerprint.ts). */
  fingerprint: string;
  writtenAt: Date | string;
};

const time = (value: Date | string) => new Date(value).getTime();

/** A written email's button link; content written before buttons had links reads the placeholder for what its button says. */
function buttonUrlOf(chosen: StoredContent | undefined, flowType: FlowView["flowType"] | undefined): string | null {
  if (!chosen?.callToAction) return null;
  return chosen.buttonUrl ?? linkPlaceholder(purposeOfButton(chosen.callToAction, { flowType }));
}

/**
 * The content of a flow's current touchpoints: for each one, the content written for exactly
 * its present fields (up to date), else the latest written for it before an edit (outdated), else
 * nothing (outdated, every field null), and every placeholder left to fill. `written` says
 * whether any touchpoint has content.
 */
export function flowContentView(
  flow: Pick<FlowView, "id" | "versionCount" | "touchpoints"> & { flowType?: FlowView["flowType"] },
  stored: readonly StoredContent[],
): FlowContentView & { written: boolean } {
  let written = false;
  const touchpoints = flow.touchpoints.map((tp): TouchpointContentView => {
    const fingerprint = touchpointFingerprint(tp);
    const mine = stored.filter((entry) => entry.touchpointId === tp.id);
    const exact = mine.find((entry) => entry.fingerprint === fingerprint);
    const chosen = exact ?? [...mine].sort((a, b) => time(b.writtenAt) - time(a.writtenAt))[0];
    if (chosen) written = true;
    const isEmail = tp.stepType === "Email";
    return {
      touchpointId: tp.id,
      stepType: tp.stepType,
      subject: isEmail ? (chosen?.subject ?? null) : null,
      preheader: isEmail ? (chosen?.preheader ?? null) : null,
      bodyText: isEmail ? (chosen?.bodyText ?? null) : null,
      bodyHtml: isEmail ? (chosen?.bodyHtml ?? null) : null,
      callToAction: isEmail ? (chosen?.callToAction ?? null) : null,
      buttonUrl: isEmail ? buttonUrlOf(chosen, flow.flowType) : null,
      sms: isEmail ? null : (chosen?.sms ?? null),
      outdated: !exact,
    };
  });
  const steps = new Map(flow.touchpoints.map((tp) => [tp.id, tp.stepNumber]));
  const placeholders = placeholdersIn({ touchpoints: touchpoints.map((tp) => ({ ...tp, stepNumber: steps.get(tp.touchpointId) ?? 0 })) });
  return { flowId: flow.id, versionNumber: flow.versionCount + 1, touchpoints, placeholders, written };
}
