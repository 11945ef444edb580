import type { BusinessModel } from "~/lib/business/model";
import type { QuestionnaireAnswers } from "~/lib/questionnaire/fields";

/**
 * Where a customer comes to collect or to visit, in the owner's words: "the shop in Salamanca,
 * Hobart", "the hatch at 14 orford rd", "the coworking space above the old post office". Only for
 * a business whose customers come to it (pickup, a local visit, an appointment or a membership
 * that happens in person); "" when the answers name no place, so nothing is ever guessed.
 */

/** The models whose customers come in person: a place is part of what they need to know. */
const IN_PERSON: ReadonlySet<BusinessModel> = new Set(["pickup", "local-visit", "appointment", "membership"]);

/** What a business's premises are called. */
const PREMISES =
  "shops?|stores?|bakery|bakehouse|butchers?|florists?|pharmacy|chemist|clinics?|practice|surgery|studios?|gyms?|salons?|barbers?|spa|hatch|counter|restaurant|caf[eé]|bar|venue|space|rooms|centre|center|showroom|garage|workshop|premises|dojo|deli|market stall|stall|unit|yard";

/** Where, from the premises: "in Salamanca, Hobart", "at 14 orford rd", "above the old post office". */
const WHERE = String.raw`(in|at|on|above|below|behind|beside|next to|opposite|near)\s+([^.;:()!?\n–—]+)`;

/** Words before the premises that say how many or how big, never what kind ("one big bouldering gym" keeps "bouldering"). */
const SIZE = /^(?:one|two|three|four|five|\d+|a|an|the|our|my|big|small|tiny|little|independent|family[- ]run|boutique|local|new|old|single)$/i;

/** The end of the place: a clause that follows a comma is not part of it unless it names a town ("Salamanca, Hobart"). */
function trimPlace(raw: string, lowercaseAnswer: boolean): string {
  const parts = raw.split(/,\s*/);
  let place = parts[0]!;
  for (const part of parts.slice(1)) {
    const town = /^[A-Z][\p{L}'-]*(?:\s+[A-Z][\p{L}'-]*)?$/u.test(part.trim()) || (lowercaseAnswer && /^[a-z][\p{L}'-]*$/u.test(part.trim()));
    if (!town || /^(?:and|but|so|open|with)$/i.test(part.trim())) break;
    place += `, ${part.trim()}`;
  }
  // A place ends before what is said about it: "in Cardiff city centre and we" → "in Cardiff city centre".
  return place.replace(/\s+(?:and|but|so|with|where|which|who|since|for|open|during|from|until|[-–—])\s.*$/i, "").trim();
}

/** A place reads as one: it names a town or an address (a capital or a number), or where it is in a building ("above the old post office"). */
function readsAsPlace(prep: string, place: string, lowercaseAnswer: boolean): boolean {
  const words = place.split(/\s+/);
  if (words.length === 0 || words.length > 8) return false;
  if (/^(?:the\s+)?(?:app|website|phone|morning|afternoon|evening|weekend|week|advance|store only|person|time)\b/i.test(place)) return false;
  if (/^(?:above|below|behind|beside|next to|opposite)$/i.test(prep)) return /^(?:the|a|an)\s/i.test(place);
  if (/[A-Z0-9]/.test(place)) return true;
  return lowercaseAnswer && words.length <= 3;
}

function placeIn(sentence: string): string {
  const lowercaseAnswer = !/[A-Z]/.test(sentence);
  const pattern = new RegExp(String.raw`((?:[\p{L}'-]+\s+){0,3})\b(${PREMISES})\s+${WHERE}`, "giu");
  for (const match of sentence.matchAll(pattern)) {
    const [, before = "", noun = "", prep = "", rawPlace = ""] = match;
    const place = trimPlace(rawPlace, lowercaseAnswer);
    if (!readsAsPlace(prep, place, lowercaseAnswer)) continue;
    // A word that says what kind of premises it is stays only after a count or size ("one big bouldering gym"), never a verb or preposition ("pick up from the hatch").
    const words = before.trim().split(/\s+/).filter(Boolean);
    const kind = words.length > 1 && SIZE.test(words[0]!) && !SIZE.test(words[words.length - 1]!) ? [words[words.length - 1]!] : [];
    // "two clinics", "5 rooms": more than one is "our"; one is "the".
    const determiner = /s$/i.test(noun) && !/^(?:premises|glass)$/i.test(noun) ? "our" : "the";
    // An answer written in capitals is quoted in sentence case, its town capitalised ("ONE GYM IN AKRON OHIO" → "the gym in Akron Ohio").
    const shouting = sentence === sentence.toUpperCase();
    // A town written in lower case is a name all the same ("shop in ilkley" → "Ilkley"); an address keeps the owner's writing.
    const town = (text: string) => text.replace(/(^|\s)(?!(?:the|a|an|of|on|in|at|and)\b)(\p{L})/gu, (_, space: string, c: string) => space + c.toUpperCase());
    const at = shouting ? town(place.toLowerCase()) : lowercaseAnswer && !/\d/.test(place) && /^(?:in|near)$/i.test(prep) ? town(place) : place;
    const premises = shouting ? [...kind, noun].join(" ").toLowerCase() : [...kind, noun].join(" ");
    return [determiner, premises, prep.toLowerCase(), at].join(" ");
  }
  return "";
}

/** Where customers collect or visit, from the answers that describe the business and how people buy; "" when none is named. */
export function placeOf(answers: Partial<QuestionnaireAnswers>, model: BusinessModel, remote: boolean): string {
  // Pickup and a walk-in visit happen at the premises whatever else is online; a service may be given remotely.
  if (!IN_PERSON.has(model) || (remote && (model === "appointment" || model === "membership"))) return "";
  const texts = [answers.businessOperationDescription, answers.purchaseMethod, answers.keyUserKnowledgeElements, answers.socialProofCredentials];
  for (const text of texts) {
    for (const sentence of (text ?? "").split(/(?<=[.!?])\s+(?=[A-Za-z])|\n/)) {
      const place = placeIn(sentence);
      if (place) return place;
    }
  }
  return "";
}
