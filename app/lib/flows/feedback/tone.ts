import { BRIEF_LINE, type Tone } from "~/lib/flows/feedback/brief";
import type { Intent } from "~/lib/flows/feedback/intents";
import { claim, type Handler, refuse, withBriefLine } from "~/lib/flows/feedback/steps";

/**
 * Tone: more formal, more playful, warmer, plainer, less salesy, gentler (no guilt, no fear),
 * shorter sentences. Every step's brief says "Tone: …" for the writer, which keeps it within the
 * brand's own rules. A tone the brand voice answer rules out is not applied: the reply says so.
 */

type ToneIntent = Extract<Intent, { kind: "tone" }>;

export const TONE_WORDS: Record<Tone, string> = {
  formal: "more formal",
  playful: "more playful",
  warm: "warmer and friendlier",
  plain: "plainer",
  "less-salesy": "less salesy",
  gentle: "gentler, with no guilt or fear",
  shorter: "in shorter sentences",
};

function voiceConflict(tone: Tone, formality: "formal" | "casual" | null): string | null {
  if (formality === "formal" && tone === "playful") return "your brand voice answer says formal (change it to allow a playful tone)";
  if (formality === "casual" && tone === "formal") return "your brand voice answer says casual (change it to allow a formal tone)";
  return null;
}

export const handleTone: Handler<ToneIntent> = (state, intent, context) => {
  const reason = voiceConflict(intent.tone, context.facts.brandRules.formality);
  if (reason) return refuse(state, "tone", `kept the tone: ${reason}`);
  const line = BRIEF_LINE.tone(intent.tone);
  state.list = state.list.map((tp) => ({ ...tp, keyMessages: withBriefLine(tp.keyMessages, line) }));
  claim(state, "tone", `briefed every step to sound ${TONE_WORDS[intent.tone]}`, (list) => list.every((tp) => tp.keyMessages.includes(line)));
};
