/**
 * Facts a writer invents when the answers run out: a deadline, scarcity, a founding story, news, a
 * package or membership, a free consultation, a download, a promise of speed. Each kind is found in
 * customer copy by what it says, and is allowed only when the business's own words (its answers,
 * its offers, what the user typed) say the same kind of thing. The copy checker reports each one as
 * "invented", for the offline writer and a model alike.
 */

export interface InventedClaim {
  /** The words at fault. */
  text: string;
  /** What is wrong and what to do, in a sentence a writer (or a model) can act on. */
  message: string;
}

interface Kind {
  /** The claim, as a noun phrase: "A deadline", "A founding story". */
  what: string;
  /** What the copy says. */
  said: RegExp;
  /** Whether the business's words give it, from the words the copy said (a pattern, or any test of the words). */
  given: (words: string) => { test: (owned: string) => boolean };
  /** The placeholder's words for the marketer: "[add: your offer's end date]". */
  add: string;
}

const NUMBER = String.raw`(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|few|a few)`;
/** A count, never "a" or "a few": "in a minute" is a manner of speaking, "in ten minutes" a promise. */
const COUNT = String.raw`(?:\d+|two|three|five|ten|fifteen|twenty|thirty)`;
const DAY = String.raw`(?:mon|tues|wednes|thurs|fri|satur|sun)day`;

/** The noun the copy used, as a pattern for the answers' spelling of it ("cheat sheets" finds "cheat-sheet"). */
function rootOf(noun: RegExp, words: string): string {
  return (noun.exec(words)?.[0] ?? "").toLowerCase().replace(/[-\s]/g, "[-\\s]?").replace(/e?s$/, "");
}

/** The same thing said free in the business's words ("free consultation", "consultations are free"). */
const freeOf =
  (noun: RegExp) =>
  (words: string): RegExp => {
    const root = rootOf(noun, words);
    const free = String.raw`(?:free|no charge|no cost|complimentary|no[- ]obligation|on us)`;
    return new RegExp(String.raw`\b${free}\b[^.\n]{0,40}\b${root}|\b${root}\w*\b[^.\n]{0,40}\b${free}\b`, "i");
  };

const FREE_WORDS = String.raw`(?:free|no charge|no cost|complimentary|no[- ]obligation|on us|on the house|included|includes|waived)`;
const OWN_KIND_FREE =
  /\b(?:guide|checklist|e-?book|cheat ?sheet|workbook|worksheet|template|white ?paper|toolkit|course|webinar|masterclass|quiz|calculator|planner|playbook|lookbook|consultation|call|chat|sample|trial|taster|assessment|demo|session|lesson|class|quote|estimate|audit)/i;
const FREE_TIER = /^(?:account|plan|version|tier|forever)$/i;
const FREE_TIERS = "account|plan|version|tier|forever|freemium";
const NOT_A_THING = /^(?:free|complimentary|your|our|first|new|one|two|is|are|on|us|the|house|it|its|a|an|this|that|extra|little|whole|every|each|uk|eu|us)$/i;

/**
 * Something said free in the business's words: any word of the free thing ("free InBody scan",
 * "your first bag free", "the first bun's on us") found near a word for free in its answers.
 */
function freeThing(words: string): { test: (owned: string) => boolean } {
  // A free guide or consultation is judged by its own kind (is there such a guide?), never twice.
  if (OWN_KIND_FREE.test(words)) return { test: () => true };
  const things = (words.toLowerCase().match(/[a-z][\w-]{2,}/g) ?? []).filter((word) => !NOT_A_THING.test(word)).map((word) => word.replace(/e?s$/, ""));
  if (!things.length) return { test: () => false };
  // Its first word is said free: "free worldwide shipping" is not "free UK shipping over £40" (the words after it
  // may be the sentence going on: "a free account makes it easier").
  const near = (thing: string) => {
    // A free account, plan, version or tier is the same thing in a freemium business's words.
    const alternatives = FREE_TIER.test(thing) ? FREE_TIERS : thing.replace(/[-\s]/g, "[-\\s]?");
    const pattern = String.raw`(?:${alternatives})`;
    return new RegExp(String.raw`\b${FREE_WORDS}\b[^.\n]{0,40}\b${pattern}|\b${pattern}\w*\b[^.\n]{0,40}\b${FREE_WORDS}|\bfree[- ]${pattern}`, "i");
  };
  return { test: (owned) => near(things[0]!).test(owned) };
}

/** The thing itself named in the business's words ("checklist" gives "our checklist"). */
const named =
  (noun: RegExp) =>
  (words: string): RegExp =>
    new RegExp(String.raw`\b${rootOf(noun, words)}`, "i");

/** A stated time limit in the owner's words: the same day or figure near "ends", "until", "deadline", "only"… */
const timeLimit = (words: string): RegExp => {
  const time = new RegExp(`\\d+|${DAY}|today|tonight|tomorrow|midnight|weekend|hours?|days?`, "i").exec(words)?.[0];
  if (!time) return /\b(?:deadline|ends?|ending|expir\w*|until|till|last day|limited[- ]time|today only)\b/i;
  const when = time.replace(/s$/, "");
  return new RegExp(
    String.raw`\b(?:by|before|ends?|ending|expir\w*|deadline|until|till|only|last|closes?|valid|limited|within)\b[^.\n]{0,40}\b${when}|\b${when}\w*\b[^.\n]{0,20}\b(?:only|deadline|left)\b`,
    "i",
  );
};

/** Words that end the thing said free: "free shipping on orders over £40" is about shipping. */
const FREE_STOP = String.raw`(?:to|of|from|for|and|or|with|in|at|on|over|the|a|an|your|our|when|if|every|each|by|as|is|are|was|were|until|till|takes?|gets?|comes?|lets?|means?|makes?|gives?|has|have|had|includes?|starts?|works?|keeps?|helps?|needs?|will|can|could|would|should|stays?|lasts?|covers?|goes|runs?)`;

const KINDS: readonly Kind[] = [
  {
    what: "A deadline",
    said: new RegExp(
      String.raw`\b(?:(?:today|tonight|this weekend) only|last chance|hurry|don't miss out|(?<!trial )(?:ends?|expires?|closes?) (?:today|tonight|tomorrow|soon|at midnight|this ${DAY}|this week(?:end)?|on ${DAY}|${DAY}|in ${NUMBER} (?:hours?|days?))|${NUMBER} (?:hours?|days?) (?:left|only|to go)|(?:only|just) ${NUMBER} (?:hours?|days?)(?! (?:after|before|of|a|per|each|to arrive|notice))|before (?:midnight|it's gone|they're gone))\b`,
      "i",
    ),
    given: timeLimit,
    add: "the offer's end date",
  },
  {
    what: "Scarcity",
    said: new RegExp(
      String.raw`\b(?:(?:only|just) ${NUMBER} (?!(?:hours?|days?|minutes?|weeks?|months?)\b)(?:[\w-]+ ){0,2}?(?:spots?|places?|seats?|slots?|spaces?|tables?|left|remaining)|${NUMBER} (?:spots?|places?|seats?|slots?|spaces?) (?:left|remaining)|selling (?:out )?fast|sells? out (?:fast|quickly|every \w+)|(?:won't|don't|never) last long|going fast|(?:almost|nearly) (?:gone|sold out|full|fully booked)|limited (?:stock|availability|spaces|places|spots|numbers|edition|run)|while (?:stocks?|supplies) last|fills? up fast|(?:times|slots|spots|places|dates) fill up(?: fast| quickly)?|in high demand|low (?:stock|availability))\b`,
      "i",
    ),
    given: () =>
      /\b(?:limited (?:spaces|places|spots|numbers|stock|availability|edition|run)|(?:strictly|very) limited|only \d+|(?:spots?|places?|seats?|spaces?) (?:left|available|remaining)|\d+ (?:seats|places|spots)|wait(?:ing)? ?list|fill(?:s|ed)? up|sell(?:s)? out|sold out|booked up|fully booked|small (?:batch|group)|capacity|few left|hard to get|in (?:high )?demand|book(?:ed)? (?:up|out)|\d+[-–]\d+ weeks? out)\b/i,
    add: "how many places are left",
  },
  {
    what: "A founding story",
    said: /\b(?:why we (?:started|built|founded|created|opened|began)|(?<!\bget(?:ting|s)? )started (?:with a|because|when|out of|as a)|the story behind|our story|(?:was )?(?:founded|born) (?:in|out of|from|when|because)|how (?:it|we|\w+) (?:all )?(?:started|began)|it all (?:started|began)|(?:it|we) began (?:with|when|as|because))\b/i,
    given: () =>
      /\b(?:found(?:ed|er|ers|ing)|established|est\.|since (?:19|20)\d\d|our story|origins?|(?:i|we|she|he|they) (?:started|began|opened|set up|created|built|founded)|started (?:in|as|by|out|because|when)|began (?:in|as|when|because)|opened in|generations?|family[- ](?:run|owned))\b/i,
    add: "how the business started",
  },
  {
    what: "News",
    said: /\b(?:recently|just (?:launched|opened|added|released|arrived|landed)|brand[- ]new|new(?:ly)? (?:launched|added|arrivals?|in stock|this (?:week|month|season))|what's new|now (?:open|available|live))\b/i,
    given: () =>
      /\b(?:recent(?:ly)?|just (?:launched|opened|added|released)|launch(?:ed|ing)|new (?:arrivals?|range|collection|menu|season|products?|features?|flavou?rs?|locations?|studio|shop|store|branch|class(?:es)?|services?|stock)|latest|seasonal|rotat\w+|changes? (?:every|each|weekly|monthly)|now open)\b/i,
    add: "what is new",
  },
  {
    what: "A package or bundle",
    said: /\b(?:packages?|bundles?|multi-?packs?|course of (?:sessions|treatments|lessons)|(?:class|session|visit) packs?)\b/i,
    given: () => /\b(?:packages?|bundles?|packs?|course of|block of|series of|multi-?(?:session|pack|buy))\b/i,
    add: "your package",
  },
  {
    what: "A membership",
    said: /\bmemberships?\b/i,
    given: () => /\b(?:members?(?:hip)?|club|season (?:pass|ticket)|passes|monthly (?:plan|pass))\b/i,
    add: "your membership",
  },
  {
    what: "An add-on",
    said: /\badd-?ons?\b/i,
    given: () => /\b(?:add-?ons?|add on|extras?|modules?|integrations?|plug-?ins?)\b/i,
    add: "your add-ons",
  },
  {
    what: "A loyalty scheme",
    said: /\b(?:loyalty|rewards? (?:card|scheme|programme|program|points|club)|(?:stamp|punch) cards?|earn (?:points|rewards))\b/i,
    given: () => /\b(?:loyalty|rewards?|points|stamp|punch card)\b/i,
    add: "your loyalty scheme",
  },
  {
    what: "A referral scheme",
    said: /\b(?:refer a friend|referrals?|refer(?:ring)? (?:a|your) (?:friend|colleague))\b/i,
    given: () => /\brefer\w*\b/i,
    add: "your referral reward",
  },
  {
    what: "A free consultation or sample",
    said: /\b(?:free|complimentary|no-obligation|no obligation) (?:(?:\w+ ){0,2}?)(?:consultations?|calls?|chats?|samples?|trials?|tasters?|assessments?|demos?|sessions?|lessons?|classes?|quotes?|estimates?|audits?)\b/i,
    given: freeOf(/consultation|call|chat|sample|trial|taster|assessment|demo|session|lesson|class|quote|estimate|audit/i),
    add: "what a first consultation costs",
  },
  {
    what: "A download",
    said: /\b(?:(?:free|downloadable|printable|our|the|your) (?:[\w'-]+ ){0,2}?(?:guide|checklists?|e-?books?|cheat ?sheets?|workbooks?|worksheets?|templates?|white ?papers?|toolkits?|mini[- ]courses?|e-?courses?|email courses?|video series|webinars?|masterclass(?:es)?|quiz(?:zes)?|calculators?|planners?|playbooks?|lookbooks?|swatch cards?|price lists?|starter packs?))\b/i,
    given: named(
      /guide|checklist|e-?book|cheat ?sheet|workbook|worksheet|template|white ?paper|toolkit|mini[- ]course|e-?course|email course|video series|webinar|masterclass|quiz|calculator|planner|playbook|lookbook|swatch card|price list|starter pack/i,
    ),
    add: "your free guide",
  },
  {
    what: "A free offer",
    said: new RegExp(
      String.raw`(?<![\w-])(?<!\b(?:feel|stress|hassle|worry|fuss|risk|guilt|pain|gluten|sugar|dairy|nut|fragrance|plastic|cruelty|tax|interest|rent|duty|commission|contract|spam|debt|toll|scot|set|break|hands)\s)(?:free|complimentary)\s+(?!(?:time|rein|will|spirit|up|yourself|you|it|them|this|that|inside|here|there|now|today|tonight|forever|again|online|anytime|instead|too|also|below|above|within|while|after|before)\b)(?:(?!${FREE_STOP}\b)[\w'-]+\s+){0,2}(?!${FREE_STOP}\b)[a-z][\w'-]*[a-z]\b|\b(?:[\w'-]+\s+){0,2}?[\w-]+(?:'s|\s+(?:is|are))\s+(?:free|on us|on the house)\b`,
      "i",
    ),
    given: freeThing,
    add: "what is free",
  },
  {
    what: "A product",
    said: /\b(?:our|try|with|grab|add|shop|buy|pick up|pair (?:it|them) with)\s+(?:the\s+|a\s+|an\s+|our\s+|new\s+)?(?:[\w'-]+\s+){0,3}?(?:e-?gift cards?|gift cards?|gift vouchers?|hampers?|starter kits?|care kits?|aftercare kits?|balms?|serums?|moisturi[sz]ers?|lotions?|cleansers?|supplements?|vitamins?|protein (?:powder|bars?|shakes?)|merch(?:andise)?|tote bags?|mugs?|t-shirts?|hoodies?|refill (?:packs?|pouches?)|samplers?|tasting sets?|gift sets?|gift boxes?)\b/i,
    given: named(
      /e-?gift card|gift card|gift voucher|hamper|starter kit|care kit|aftercare kit|balm|serum|moisturi[sz]er|lotion|cleanser|supplement|vitamin|protein|merch|tote bag|mug|t-shirt|hoodie|refill|sampler|tasting set|gift set|gift box/i,
    ),
    add: "the product, as your answers name it",
  },
  {
    what: "A promise of speed",
    said: new RegExp(
      String.raw`\b(?:(?:first|quick) wins?|instant results?|results? (?:in|within) ${NUMBER} (?:minutes?|hours?|days?)|(?:set ?up|setting up|getting (?:set up|started)|up and running|ready|(?:a |your )?first result)[^.\n]{0,25}?\b(?:takes|in|within|under) (?:just |only |less than )?${NUMBER} (?:minutes?|mins?|seconds?|hours?)|in (?:just |only |under )?${COUNT} (?:minutes?|mins?|seconds?))\b`,
      "i",
    ),
    given: (words) => {
      const unit = /minute|min|second|hour|day/i.exec(words)?.[0] ?? "minute";
      return new RegExp(String.raw`\b(?:\d+|a few|one|two|five|ten|fifteen|twenty|thirty)[- ]?${unit}`, "i");
    },
    add: "how long setup really takes",
  },
];

/** Every invented claim in one piece of customer copy, judged against the business's own words. */
export function inventedClaims(copy: string, owned: string): InventedClaim[] {
  const claims: InventedClaim[] = [];
  for (const kind of KINDS) {
    const found = kind.said.exec(copy)?.[0];
    if (!found || kind.given(found).test(owned)) continue;
    // One claim is reported once, under its most specific kind.
    if (claims.some((claim) => claim.text.includes(found) || found.includes(claim.text))) continue;
    claims.push({ text: found, message: `${kind.what} ("${found}") is not in the business's answers: leave it out, or write [add: ${kind.add}] for the marketer.` });
  }
  return claims;
}

/** The rule as a model is told it, beside the checker that holds it. */
export const INVENTED_RULE =
  "Never invent a fact the answers do not give: a price, a deadline, scarcity, a founding story, news ('recently', 'just launched'), a package, membership, add-on, loyalty or referral scheme, anything free (a consultation, call, sample, shipping, gift), a download or lead magnet (guide, checklist, quiz), a product, or a promise of speed. Where a good email needs one, write a marked placeholder such as [add: your consultation price] for the business to fill.";
