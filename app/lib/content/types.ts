import type { StepType } from "~/lib/flow-types";

/** The copy of one email touchpoint (the HTML is rendered from the text, see html.ts). */
export interface EmailCopy {
  subject: string;
  preheader: string;
  bodyText: string;
  callToAction: string;
}

/** What a writer produces for one touchpoint: email copy or one SMS. */
export type TouchpointCopy = { touchpointId: string; stepType: "Email"; email: EmailCopy } | { touchpointId: string; stepType: "SMS"; sms: string };

/** GET /api/ai-flows/{id}/content: one touchpoint's written content. */
export interface TouchpointContentView {
  touchpointId: string;
  stepType: StepType;
  subject: string | null;
  preheader: string | null;
  bodyText: string | null;
  bodyHtml: string | null;
  callToAction: string | null;
  sms: string | null;
  /** The touchpoint changed since this was written (or nothing was written for it yet). */
  outdated: boolean;
}

export interface FlowContentView {
  flowId: string;
  /** The number the current state will carry when it is saved as a version. */
  versionNumber: number;
  touchpoints: TouchpointContentView[];
}
