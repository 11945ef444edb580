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

/**
 * The content of a flow's current touchpoints: for each one, the content written for exactly
 * its present fields (up to date), else the latest written for it before an edit (outdated), else
 * nothing (outdated, every field null). `written` says whether any touchpoint has content.
 */
export function flowContentView(flow: Pick<FlowView, "id" | "versionCount" | "touchpoints">, stored: readonly StoredContent[]): FlowContentView & { written: boolean } {
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
      sms: isEmail ? null : (chosen?.sms ?? null),
      outdated: !exact,
    };
  });
  return { flowId: flow.id, versionNumber: flow.versionCount + 1, touchpoints, written };
}
