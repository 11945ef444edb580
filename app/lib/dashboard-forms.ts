/**
 * The dashboard's forms as both sides read them: the intents and field names its components post,
 * and what its page action (app/web/dashboard-action.server.ts) sends back to a form.
 */

export const SAVE_METRICS_INTENT = "save-metrics";
/** The button of a row whose typed figure goes back to Klaviyo's: its value is the metric. */
export const REVERT_FIELD = "revert";
export const RESEARCH_ADDRESS_INTENT = "research-address";

/** What a refused new research address sends back to the research card's form. */
export interface ResearchAddressReply {
  intent: typeof RESEARCH_ADDRESS_INTENT;
  /** Never a flow: the benchmark card's forms ignore this reply. */
  flowType: "";
  values: { researchWebsiteUrl: string };
  fieldErrors: Record<string, string>;
  message: string;
}

/** The dashboard's form reply is the research address form's when it names that form's intent. */
export function isResearchAddressReply(reply: object | null | undefined): reply is ResearchAddressReply {
  return Boolean(reply && "intent" in reply && reply.intent === RESEARCH_ADDRESS_INTENT);
}
