import { CALL_TO_ACTION_MAX, PREHEADER_MAX, SMS_GSM7_MAX, SMS_OPT_OUT, SMS_UNICODE_MAX, SUBJECT_MAX } from "~/lib/content/rules";
import { type ModelFlow, modelFlowSchema, WRITTEN_FLOW_JSON_SCHEMA, type WrittenFlow } from "~/lib/content/schema";
import { type BusinessFacts, businessFacts } from "~/lib/business/facts";
import { buttonLink } from "~/lib/content/links";
import { checkWritten } from "~/lib/copy/checker";
import { INVENTED_RULE } from "~/lib/copy/invented";
import { FIRST_NAME_TAG } from "~/lib/content/merge-tags";
import { flowTypeLabel } from "~/lib/flow-types";
import type { ContentProvider, ContentRequest } from "~/services/ai/content.server";
import { createOpenAiClient, type OpenAiClient, type OpenAiSettings } from "~/services/ai/openai-client.server";
import { completeChecked } from "~/services/ai/repair.server";
import { asksAnything } from "~/lib/content/asks";
import { briefAsks } from "~/lib/flows/feedback/brief";

const SYSTEM_PROMPT = [
  "You are a senior lifecycle copywriter. Write ready-to-send copy for every touchpoint of the flow you are given,",
  "in the business's own voice, using its answers (company, offer, proof, guarantee, objections, audience).",
  "Answer with JSON only, one entry per touchpoint, in the given order, with its touchpointId.",
  `Email touchpoints: subject (at most ${SUBJECT_MAX} characters), preheader (at most ${PREHEADER_MAX}),`,
  `bodyText (plain text, paragraphs separated by a blank line, bullet lines start with "• ", no HTML, no markdown),`,
  `callToAction (button text, at most ${CALL_TO_ACTION_MAX} characters); sms null.`,
  `SMS touchpoints: sms only (the email fields null): one message of at most ${SMS_GSM7_MAX} GSM-7 characters`,
  `(${SMS_UNICODE_MAX} if it needs any other character), starting with the brand name followed by ": "`,
  `and ending with '${SMS_OPT_OUT}'. Avoid emoji and curly quotes in SMS.`,
  "Write to the reader as 'you': the key messages are the brief for you, the writer, never text for the customer.",
  "A touchpoint's asks are the marketer's feedback, quoted from its key messages: follow every one for that touchpoint.",
  "'Tone: formal' means no exclamation marks, no contractions and no emoji; 'Tone: playful', 'warm', 'plain', 'shorter', 'less-salesy' (no urgency, a soft button) and 'gentle' (no guilt or fear) change the words, never the brand's rules.",
  "'Topic: X' means the email is about X, from what the answers say about it, else the marked placeholder [add: what to say about X]; 'Lead with: X' puts X first; 'Mention: X' says X in the body; 'Never say: X' keeps X out of every field.",
  `Open every email with a greeting that uses the merge tag ${FIRST_NAME_TAG} (for example "Hi ${FIRST_NAME_TAG},").`,
  "Every subject is different, and each preheader adds something its subject does not say.",
  "Use offers exactly as the business gave them; never invent a discount, an amount or a code. A discount in the brief without a code keeps the placeholder [YOUR DISCOUNT CODE].",
  "Write the brand exactly as given; do not paste long answers into sentences (quote a customer's words in quotation marks instead).",
  INVENTED_RULE,
  "Do not write web addresses: each button's link is added for you from the business's answers.",
].join(" ");

/** The model's copy with each email's button link: the owner's URL for what the button says, or the marked placeholder. */
export function withButtonLinks(written: ModelFlow, request: ContentRequest, facts: BusinessFacts): WrittenFlow {
  const emails = new Set(request.touchpoints.filter((tp) => tp.stepType === "Email").map((tp) => tp.id));
  return {
    touchpoints: written.touchpoints.map((item) => ({
      ...item,
      buttonUrl:
        emails.has(item.touchpointId) && item.callToAction ? buttonLink(item.callToAction, request.business, { flowType: request.flowType, verb: facts.action.verb }) : null,
    })),
  };
}

/** The key-message lines that are feedback's asks ("Tone: formal", "Never say: subscription"; flows/feedback/brief.ts), verbatim. */
export function asksIn(keyMessages: string): string[] {
  return keyMessages
    .split("\n")
    .map((line) => line.replace(/^\s*[•*-]\s*/, "").trim())
    .filter((line) => asksAnything(briefAsks(line)));
}

/** Each answered touchpoint's key messages, in the answer's order, for the checker to hold the copy to its asks. */
function briefsOf(answer: ModelFlow, request: ContentRequest): string[] {
  const byId = new Map(request.touchpoints.map((tp) => [tp.id, tp.keyMessages]));
  return answer.touchpoints.map((item) => byId.get(item.touchpointId) ?? "");
}

export class OpenAiContentWriter implements ContentProvider {
  readonly model: string;
  private readonly client: OpenAiClient;

  constructor(settings: OpenAiSettings) {
    this.model = settings.model;
    this.client = createOpenAiClient(settings);
  }

  /** The flow's copy; any fault of the model (see OpenAiClient) is a ProviderError. */
  async writeContent(request: ContentRequest): Promise<WrittenFlow> {
    const brief = {
      flowType: flowTypeLabel(request.flowType),
      brand: request.companyName,
      business: request.business,
      touchpoints: request.touchpoints.map((tp) => ({
        touchpointId: tp.id,
        stepNumber: tp.stepNumber,
        channel: tp.stepType,
        title: tp.title,
        primaryGoal: tp.primaryGoal,
        keyMessages: tp.keyMessages,
        asks: asksIn(tp.keyMessages),
        callToAction: tp.callToAction,
      })),
    };
    const facts = businessFacts(request.business, request.companyName);
    const allowed = request.touchpoints.map((tp) => `${tp.title}\n${tp.keyMessages}\n${tp.callToAction}`).join("\n");
    const written = await completeChecked(
      this.client,
      { schema: modelFlowSchema, jsonSchema: WRITTEN_FLOW_JSON_SCHEMA, name: "written_flow", system: SYSTEM_PROMPT, user: JSON.stringify(brief), temperature: 0.7 },
      (answer) => checkWritten(facts, answer.touchpoints, { allowed, briefs: briefsOf(answer, request) }),
    );
    return withButtonLinks(written, request, facts);
  }
}
