/**
 * A small, general lexicon of the events a lifecycle flow starts from or counts to, for reading
 * the corpus's free-text `onboardingStarts` and `anchor` loosely. Each event is one idea with the
 * ways owners write it; the longer ones are read first and mask what they cover, so "pre-order"
 * is not also an "order" and "patch test" not also a "test".
 */

export interface EventWord {
  event: string;
  pattern: RegExp;
}

export const EVENT_WORDS: readonly EventWord[] = [
  { event: "patch test", pattern: /\bpatch[- ]tests?\b/gi },
  { event: "pre-order", pattern: /\bpre-?order(?:s|ed|ing)?\b/gi },
  { event: "engagement letter", pattern: /\bengagement letters?\b/gi },
  { event: "handover", pattern: /\bhand(?:ed|s)? over\b|\bhandover\b|\bcollects? the car\b/gi },
  { event: "click and collect", pattern: /\bclick (?:&|and) collect\b/gi },
  { event: "consultation", pattern: /\bconsult(?:ation|ations|s)?\b/gi },
  { event: "purchase", pattern: /\bpurchas(?:e|es|ed|ing)\b|\bbuys?\b|\bbought\b|\border(?:s|ed|ing)?\b|\bcheck(?:s|ed)? ?out\b/gi },
  { event: "trial", pattern: /\btrials?\b/gi },
  { event: "fob", pattern: /\bfobs?\b/gi },
  { event: "deposit", pattern: /\bdeposits?\b/gi },
  { event: "contract", pattern: /\bcontracts?\b/gi },
  { event: "agreement", pattern: /\bagreements?\b/gi },
  { event: "registration", pattern: /\bregist(?:er|ers|ered|ering|ration)\b/gi },
  { event: "sign-up", pattern: /\bsign(?:s|ed|ing)?[- ]?ups?\b|\bsignup\b|\bjoin(?:s|ed)?\b|\baccount is created\b|\bcreates? an account\b/gi },
  { event: "booking", pattern: /\bbook(?:s|ed|ing|ings)?\b|\breserv(?:es|ed|ation)\b/gi },
  { event: "visit", pattern: /\bvisits?\b|\bwash(?:es)?\b|\bdinner\b|\bmeal\b|\binduction\b|\bday pass\b/gi },
  { event: "plan", pattern: /\bplans?\b|\bsubscri(?:bes?|ption)\b/gi },
  { event: "payment", pattern: /\bpa(?:y|ys|id|ying|yment)\b/gi },
  { event: "acceptance", pattern: /\baccept(?:ed|ance)\b/gi },
  { event: "dispatch", pattern: /\bdispatch(?:ed|es)?\b|\bships?\b|\bshipped\b/gi },
  { event: "delivery", pattern: /\bdeliver(?:y|ed|s)?\b|\barriv(?:es|al)\b/gi },
  { event: "prescription", pattern: /\bprescriptions?\b|\brepeat request\b/gi },
  { event: "request", pattern: /\brequests?\b/gi },
  { event: "appointment", pattern: /\bappointments?\b|\bexams?\b|\btreatments?\b|\bsessions?\b|\blessons?\b|\bclass(?:es)?\b|\bcall\b/gi },
  { event: "app", pattern: /\bapp open\b|\bopens? the app\b|\bdownloads?\b/gi },
  { event: "membership", pattern: /\bmember(?:s|ship)?\b/gi },
  { event: "audit", pattern: /\baudits?\b|\binspections?\b/gi },
  { event: "cleaning", pattern: /\bcleaning\b|\bclean\b/gi },
  { event: "start date", pattern: /\bstart date\b|\bcohort\b/gi },
  { event: "wedding", pattern: /\bweddings?\b/gi },
  { event: "pickup", pattern: /\bpick(?:s|ed)?[- ]?ups?\b|\bcollect(?:s|ed|ion)?\b/gi },
];

/** The events a text names, in lexicon order (each span is read once, by the first event that takes it). */
export function eventsIn(text: string): string[] {
  let rest = text;
  const events: string[] = [];
  for (const { event, pattern } of EVENT_WORDS) {
    let hit = false;
    rest = rest.replace(pattern, (m) => {
      hit = true;
      return " ".repeat(m.length);
    });
    if (hit) events.push(event);
  }
  return events;
}

/** The owner's words with their asides dropped: "(usually 3-4 weeks away)", ", before the first bag arrives". */
export function mainClause(text: string): string {
  return text.replace(/\([^)]*\)/g, " ").replace(/,?\s*\bbefore\b[^,;.]*/gi, " ");
}

/** What the owner says onboarding must not start at: "(not at booking)" gives ["booking"]. */
export function excludedEvents(text: string): string[] {
  const parts = [...text.matchAll(/\bnot (?:at|on|when|from|after)\s+([^),;.]+)/gi)].map((m) => m[1]!);
  return parts.flatMap(eventsIn);
}
