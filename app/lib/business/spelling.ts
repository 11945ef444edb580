import { matchCase } from "~/lib/business/brand-words";

/**
 * Converting copy between American and British-family spelling with a compact word list: the
 * words lifecycle copy uses ("colour", "favourite", "personalised", "centre", "cancelled"), plus
 * -ize verbs for British and Australian spelling (never "size", "prize" or "seize"). Canadian
 * follows British but keeps -ize and "program"; Australian keeps "program". American reverses the
 * list, with no general -ise rule ("advertise" and "surprise" are American too). Pure.
 */

/** The spellings copy can be converted to. */
export type Spelling = "British" | "Australian" | "Canadian" | "American";

/** Stems spelt -or in American and -our elsewhere, with the endings they take. */
const OUR_STEMS = [
  "color",
  "flavor",
  "favor",
  "honor",
  "humor",
  "labor",
  "neighbor",
  "behavior",
  "harbor",
  "rumor",
  "savor",
  "vapor",
  "odor",
  "armor",
  "endeavor",
  "parlor",
  "splendor",
  "valor",
];
const OUR_ENDINGS = ["", "s", "ed", "ing", "ful", "fully", "less", "ite", "ites", "able", "ably", "y", "ies", "ist", "ists", "hood", "hoods", "al", "er", "ers", "way", "ways"];

/** Whole words that differ (American → British). */
const WORDS: Record<string, string> = {
  center: "centre",
  centers: "centres",
  centered: "centred",
  centering: "centring",
  theater: "theatre",
  theaters: "theatres",
  fiber: "fibre",
  fibers: "fibres",
  liter: "litre",
  liters: "litres",
  milliliter: "millilitre",
  milliliters: "millilitres",
  somber: "sombre",
  meager: "meagre",
  catalog: "catalogue",
  catalogs: "catalogues",
  dialog: "dialogue",
  traveled: "travelled",
  traveling: "travelling",
  traveler: "traveller",
  travelers: "travellers",
  canceled: "cancelled",
  canceling: "cancelling",
  labeled: "labelled",
  labeling: "labelling",
  modeled: "modelled",
  modeling: "modelling",
  fueled: "fuelled",
  jewelry: "jewellery",
  counselor: "counsellor",
  counselors: "counsellors",
  marvelous: "marvellous",
  enrollment: "enrolment",
  enrollments: "enrolments",
  enroll: "enrol",
  enrolls: "enrols",
  fulfill: "fulfil",
  fulfills: "fulfils",
  fulfillment: "fulfilment",
  skillful: "skilful",
  installment: "instalment",
  installments: "instalments",
  aging: "ageing",
  gray: "grey",
  defense: "defence",
  offense: "offence",
  pajamas: "pyjamas",
  mustache: "moustache",
  cozy: "cosy",
  plow: "plough",
  mold: "mould",
  moldy: "mouldy",
  artifact: "artefact",
  aluminum: "aluminium",
  sulfur: "sulphur",
  analyze: "analyse",
  analyzed: "analysed",
  analyzes: "analyses",
  analyzing: "analysing",
  paralyze: "paralyse",
  paralyzed: "paralysed",
  catalyze: "catalyse",
};

/** Words British spelling changes but Australian and Canadian keep. */
const UK_ONLY: Record<string, string> = { program: "programme", programs: "programmes" };

/** Words Canadian keeps in their American form. */
const CANADIAN_KEEPS = new Set(["analyze", "analyzed", "analyzes", "analyzing", "paralyze", "paralyzed", "catalyze", "aging"]);

/** -ize verbs, so American spelling can turn "organise" back into "organize" (the general rule only runs one way). */
const IZE_VERBS = (
  "organ real recogn apolog personal custom priorit optim minim maxim summar special final visual categor emphas util energ standard memor " +
  "author central critic familiar global human ideal legal local modern normal social symbol synchron stabil steril subsid sympath tantal " +
  "jeopard item capital character civil digit fertil hospital immun industrial mobil monet neutral popular revolution scrutin"
).split(" ");
const IZE_ENDINGS = ["e", "es", "ed", "ing", "ation", "ations", "er", "ers"];

/** Words ending in -ize that are spelt the same everywhere. */
const IZE_SAME = /(?:size|prize|seize|maize|baize)[a-z]*$/i;

function ourForms(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const stem of OUR_STEMS) for (const ending of OUR_ENDINGS) out[stem + ending] = stem.replace(/or$/, "our") + ending;
  return out;
}

const US_TO_UK: Readonly<Record<string, string>> = { ...ourForms(), ...WORDS };

/** The British form of an -ize word ("personalized" → "personalised"), or null when it has none. */
function iseForm(word: string): string | null {
  const match = /^(\p{L}{3,}?)iz(e|es|ed|ing|ation|ations|er|ers)$/iu.exec(word);
  if (!match || IZE_SAME.test(word)) return null;
  return `${match[1]}is${match[2]}`;
}

/** The word as the given spelling writes it, or null when it is the same. */
function convertWord(lower: string, spelling: Spelling): string | null {
  if (spelling === "American") return UK_TO_US[lower] ?? null;
  if (spelling === "Canadian" && CANADIAN_KEEPS.has(lower)) return null;
  const listed = US_TO_UK[lower] ?? (spelling === "British" ? UK_ONLY[lower] : undefined);
  if (listed) return listed;
  return spelling === "Canadian" ? null : iseForm(lower);
}

const UK_TO_US: Readonly<Record<string, string>> = (() => {
  const out: Record<string, string> = {};
  for (const [us, uk] of Object.entries({ ...US_TO_UK, ...UK_ONLY })) out[uk] = us;
  for (const stem of IZE_VERBS) for (const ending of IZE_ENDINGS) out[`${stem}is${ending}`] = `${stem}iz${ending}`;
  return out;
})();

/** The text in the given spelling, word by word, each word keeping its case. */
export function convertSpelling(text: string, spelling: Spelling): string {
  return text.replace(/\p{L}+/gu, (word) => {
    const converted = convertWord(word.toLowerCase(), spelling);
    return converted ? matchCase(word, converted) : word;
  });
}

/** Every spelling of a word the list knows (both sides), for matching a banned term however it is spelt. */
export function spellingVariants(word: string): string[] {
  const lower = word.toLowerCase();
  const out = new Set<string>();
  for (const spelling of ["British", "American"] as const) {
    const converted = lower.replace(/\p{L}+/gu, (w) => convertWord(w, spelling) ?? w);
    if (converted !== lower) out.add(converted);
  }
  return [...out];
}

/** British-family words an owner quotes to show how they spell ("Spell it 'colour'"). */
export function isBritishForm(word: string): boolean {
  return Object.prototype.hasOwnProperty.call(UK_TO_US, word.toLowerCase());
}
