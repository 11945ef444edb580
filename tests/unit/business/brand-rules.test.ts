import { describe, expect, it } from "vitest";

import { bannedTermsIn } from "~/lib/business/brand-enforce";
import { type BrandRules, brandRulesOf } from "~/lib/business/brand-rules";
import { emptyAnswers, type QuestionnaireAnswers } from "~/lib/questionnaire/fields";

/** Made-up owners, written the way owners type: none of them is in the evaluation corpus. */
const rulesOf = (voice: string, more: Partial<QuestionnaireAnswers> = {}, companyName = "Fernleaf Studio"): BrandRules =>
  brandRulesOf({ ...emptyAnswers(), companyName, brandVoicePositioning: voice, ...more });

const flags = (rules: BrandRules, text: string) => bannedTermsIn(text, rules).map((t) => t.term);

describe("brandRulesOf: exclamation marks", () => {
  it.each<[string, number | null]>([
    ["Calm and kind. Never use exclamation marks.", 0],
    ["no exclamation marks pls, we're not shouting", 0],
    ["NO EXCLAMATION MARKS EVER. SIGN OFF AS TOM", 0],
    ["dry, understated, no exclamtion marks", 0],
    ["Upbeat! Max 2 exclamation points per email though.", 2],
    ["Only one exclamation mark per email, we get excited but not that excited", 1],
    ["one ! per email max", 1],
    ["Friendly and upbeat, we love a good story", null],
  ])("%s", (voice, expected) => {
    expect(rulesOf(voice).exclamations).toBe(expected);
  });
});

describe("brandRulesOf: the brand's own spelling", () => {
  it("takes a name in capitals with its accent from an unquoted rule, and never bans the name's other spellings", () => {
    const rules = rulesOf("Warm, direct. Brand is always GLÜCK in capitals with the umlaut, never 'Gluck' or 'GLUCK'.", {}, "Glück Kitchen");
    expect(rules.brand).toBe("GLÜCK Kitchen");
    expect(rules.casing).toContain("GLÜCK");
    expect(rules.banned).not.toContain("gluck");
  });

  it("keeps a name written 'exactly like that', lower-case start and inner capital", () => {
    expect(rulesOf("Write 'hiveMind' exactly like that, lowercase h and capital M.", {}, "Hivemind").brand).toBe("hiveMind");
  });

  it("keeps a trailing full stop that is part of the name, and lower case", () => {
    const rules = rulesOf("we write in lowercase only. always 'the crumb.' with the full stop, never 'The Crumb'.", {}, "The Crumb");
    expect(rules.brand).toBe("the crumb.");
    expect(rules.lowercase).toBe(true);
    expect(rules.banned).toEqual([]);
  });

  it("keeps a name's casing that is not the brand ('the Lab' with a capital L) apart from the brand", () => {
    const rules = rulesOf("Always 'the Lab' with a capital L.", {}, "Fernleaf Science Lab");
    expect(rules.brand).toBe("Fernleaf Science Lab");
    expect(rules.casing).toEqual(["the Lab"]);
  });

  it("keeps the company name as typed without a rule, and does not read a shouting owner's capitals as casing", () => {
    expect(rulesOf("Friendly and local.", {}, "  northSide Bikes ").brand).toBe("northSide Bikes");
    const shouting = rulesOf("DIRECT. NO FLUFF. WE ARE NORTHSIDE BIKES AND WE WRITE IN CAPS LOL", {}, "Northside Bikes");
    expect(shouting.brand).toBe("Northside Bikes");
    expect(shouting.casing).toEqual([]);
    expect(shouting.lowercase).toBe(false);
  });
});

describe("brandRulesOf: sign-off", () => {
  it.each<[string, string | null, boolean, string[]]>([
    ["Sign off as 'Dr Mensah', not 'Kofi'.", "Dr Mensah", false, ["Kofi"]],
    ["Always sign off as Ingrid (the owner).", "Ingrid", false, []],
    ["sign off as ingrid", "Ingrid", false, []],
    ["Sign off 'Ana & Luis', never 'The Team'.", "Ana & Luis", false, ["The Team"]],
    ["Sign off with your personal stylist's name, never 'The Team'.", null, true, ["The Team"]],
    ["Friendly. Sign-off: whoever wrote it, just be human.", null, false, []],
  ])("%s", (voice, name, person, refused) => {
    const rules = rulesOf(voice);
    expect(rules.signOff).toBe(name);
    expect(rules.signOffPerson).toBe(person);
    expect(rules.signOffNot).toEqual(refused);
  });
});

describe("brandRulesOf: banned words and the brand's own words", () => {
  it("reads 'say X not Y' pairs, with number forms, and bans every Y", () => {
    const rules = rulesOf("We say 'guests' not 'customers', and 'stay' not 'booking'.");
    expect(rules.replacements).toEqual(
      expect.arrayContaining([
        { from: "customers", to: "guests" },
        { from: "customer", to: "guest" },
        { from: "booking", to: "stay" },
      ]),
    );
    expect(flags(rules, "Our customer and her booking")).toEqual(["customer", "booking"]);
  });

  it("takes 'your plan' not 'your subscription' as the noun's replacement wherever it stands", () => {
    const rules = rulesOf("We say 'your plan' not 'your subscription' in customer emails.");
    expect(rules.replacements).toEqual(
      expect.arrayContaining([
        { from: "subscription", to: "plan" },
        { from: "subscriptions", to: "plans" },
      ]),
    );
    expect(flags(rules, "Stuck in a subscription")).toEqual(["subscription"]);
    expect(rulesOf("We say 'your plan' not 'a subscription'.").replacements).not.toEqual(expect.arrayContaining([{ from: "subscription", to: "plan" }]));
  });

  it("reads a ban followed by the brand's own word, and lists of either", () => {
    const rules = rulesOf("Don't say 'cheap' or 'bargain' — we say 'great value'. Never say 'anti-frizz'; say 'smoothing'.");
    expect(rules.replacements).toEqual(
      expect.arrayContaining([
        { from: "cheap", to: "great value" },
        { from: "bargain", to: "great value" },
        { from: "anti-frizz", to: "smoothing" },
      ]),
    );
  });

  it("bans without a replacement when the owner gives none or a sentence instead of a word", () => {
    const rules = rulesOf("Never call it 'fast food'. Never say 'cheap' - say 'lunch from £6 on weekdays'.");
    expect(rules.replacements).toEqual([]);
    expect(rules.banned).toEqual(expect.arrayContaining(["fast food", "cheap"]));
  });

  it("reads 'say X, not Y or Z'", () => {
    const rules = rulesOf("say 'carer', not 'mom' or 'mum' (families vary)");
    expect(rules.replacements).toEqual(
      expect.arrayContaining([
        { from: "mom", to: "carer" },
        { from: "mums", to: "carers" },
      ]),
    );
  });

  it("reads lists after 'no', 'avoid jargon like' and slash-separated bans", () => {
    expect(rulesOf("No 'grind' / 'hustle' talk please.").banned).toEqual(expect.arrayContaining(["grind", "hustle"]));
    expect(rulesOf("Avoid jargon like 'synergise', 'bandwidth', 'circle back'.").banned).toEqual(expect.arrayContaining(["synergise", "bandwidth", "circle back"]));
  });

  it("reads unquoted bans: 'never lecture about X or Y', 'no X talk'", () => {
    const rules = rulesOf("Never lecture about diets or calories. no weight-loss talk. no slang, no jargon, no emoji.");
    expect(rules.banned).toEqual(expect.arrayContaining(["diets", "diet", "calories", "calorie", "weight-loss"]));
    expect(rules.banned).not.toEqual(expect.arrayContaining(["slang", "jargon", "emoji"]));
  });

  it("reads an owner typing in capitals, and typos", () => {
    const rules = rulesOf("NO 'FOODIE' NONSENSE. NEVER SAY 'YUMMY'. dont say 'cheep'!!");
    expect(rules.banned).toEqual(expect.arrayContaining(["foodie", "yummy", "cheep"]));
  });

  it("takes a greeting it bans as an opener, and the word a banned greeting addresses", () => {
    const rules = rulesOf("Dont open with 'Hey guys'. NO 'HEY'. no 'hiya lovelies!'");
    expect(rules.openers).toEqual(expect.arrayContaining(["hey guys", "hey"]));
    expect(rules.banned).toEqual(expect.arrayContaining(["hey", "hiya lovelies", "lovelies"]));
  });

  it("reads 'X, never just Y' as the brand's own word for Y", () => {
    const rules = rulesOf("Always say 'Chef Rosa', never just 'Rosa'.", {}, "Verde Kitchen");
    expect(rules.replacements).toEqual([{ from: "Rosa", to: "Chef Rosa" }]);
    expect(flags(rules, "Chef Rosa made it")).toEqual([]);
    expect(flags(rules, "Rosa made it")).toEqual(["rosa"]);
  });

  it("gives sensible inflections, and none that make another word", () => {
    const rules = rulesOf("Don't say 'hack'. Never call it a 'package'. No 'fur baby' stuff.");
    expect(rules.banned).toEqual(expect.arrayContaining(["hack", "hacks", "hacking", "package", "packages", "fur baby", "fur babies"]));
    expect(rules.banned).not.toContain("packaging");
  });

  it("reads a 'don't call it' rule written in another answer", () => {
    expect(rulesOf("", { onboardingSpecialOffers: "The mat is included with the first class (don't call it a free gift)." }).banned).toContain("free gift");
  });

  it("does not ban what the owner allows", () => {
    const rules = rulesOf("It's fine to say 'cheap and cheerful'. 'visit' vs 'appointment' - both are ok.");
    expect(rules.banned).toEqual([]);
    expect(rules.replacements).toEqual([]);
  });
});

describe("brandRulesOf: emoji, lower case, formality, spelling", () => {
  it.each<[string, BrandRules["emoji"]]>([
    ["NO emojis, they look cheap", "none"],
    ["emoji sparingly pls 🙂", "sparingly"],
    ["emojis ok but not in every line", "sparingly"],
    ["emojis are fine 🎉", "ok"],
    ["chatty and bright 🌿🌿", "ok"],
    ["plain and short", null],
  ])("emoji: %s", (voice, expected) => {
    expect(rulesOf(voice).emoji).toBe(expected);
  });

  it.each<[string, boolean]>([
    ["lowercase everything", true],
    ["we write everything in lower case, even headings", true],
    ["Write 'hiveMind' with a lowercase h", false],
  ])("lower case: %s", (voice, expected) => {
    expect(rulesOf(voice).lowercase).toBe(expected);
  });

  it.each<[string, BrandRules["formality"]]>([
    ["Formal, respectful, precise.", "formal"],
    ["friendly but professional, no slang", "formal"],
    ["super casual and chatty", "casual"],
    ["Warm but not formal", "casual"],
    ["Clear and kind.", null],
  ])("formality: %s", (voice, expected) => {
    expect(rulesOf(voice).formality).toBe(expected);
  });

  it.each<[string, Partial<QuestionnaireAnswers>, BrandRules["spelling"]]>([
    ["UK spelling please", {}, "British"],
    ["Plain Canadian English.", {}, "Canadian"],
    ["Aussie through and through, no worries", {}, "Australian"],
    ["Spell it 'colour' and 'organise'.", {}, "British"],
    ["US spelling", { productServiceDescription: "Tins of tea, £12" }, "American"],
    ["", { productServiceDescription: "Tins of tea, £12 each, shipped from Leeds" }, "British"],
    ["", { productServiceDescription: "Sessions are CAD 90" }, "Canadian"],
    ["", { productServiceDescription: "Sessions are $90" }, null],
  ])("spelling: %s %j", (voice, more, expected) => {
    expect(rulesOf(voice, more).spelling).toBe(expected);
  });
});

describe("brandRulesOf: never discounting", () => {
  it.each<[string, boolean]>([
    ["We never do sales.", true],
    ["No discounts, ever. Our prices are fair.", true],
    ["WE DO NOT DO DISCOUNTS", true],
    ["No discount codes for referrals, but members get a free class.", false],
    ["I don't discount except in January.", false],
    ["No other discounts.", false],
  ])("%s", (offers, expected) => {
    const rules = rulesOf("", { onboardingSpecialOffers: offers });
    expect(rules.noDiscounts).toBe(expected);
    if (expected) expect(flags(rules, "Get 20% off in our sale with a coupon")).toEqual(expect.arrayContaining(["% off", "sale", "coupon"]));
  });
});

describe("brandRulesOf: what the business does not do", () => {
  const negated = (more: Partial<QuestionnaireAnswers>) => rulesOf("", more).negated;

  it("takes a fulfilment verb's whole family", () => {
    expect(negated({ businessOperationDescription: "We DON'T ship and we don't post anything, not even locally." })).toEqual(
      expect.arrayContaining(["ship", "shipping", "shipped", "post", "postage"]),
    );
    expect(negated({ businessOperationDescription: "Collection only from the farm gate." })).toEqual(expect.arrayContaining(["delivery", "shipping"]));
  });

  it("takes the object of 'we don't do/sell/offer/treat'", () => {
    expect(negated({ productServiceDescription: "We don't do weddings or corporate events, never have." })).toEqual(
      expect.arrayContaining(["weddings", "wedding", "corporate events", "corporate event"]),
    );
    expect(negated({ businessOperationDescription: "i dont sell vouchers" })).toEqual(expect.arrayContaining(["vouchers", "voucher"]));
    expect(negated({ businessOperationDescription: "We stopped doing home visits in 2022 — clinic only now." })).toEqual(expect.arrayContaining(["home visits"]));
  });

  it("takes a customer's question the business answers no", () => {
    expect(negated({ frequentQuestionsConcerns: "Do you treat horses? (no, small animals only) Parking? (yes)" })).toEqual(expect.arrayContaining(["horses", "horse"]));
    expect(negated({ frequentQuestionsConcerns: "do you do home visits (NO - studio only)" })).toContain("home visits");
  });

  it("takes bare 'No X' lines where the business describes itself, and 'online only'", () => {
    expect(negated({ productServiceDescription: "Open gym. NO CLASSES. No sauna. No personal training." })).toEqual(
      expect.arrayContaining(["classes", "sauna", "personal training"]),
    );
    expect(negated({ businessOperationDescription: "Lessons over video, online only." })).toEqual(expect.arrayContaining(["in-person", "in person"]));
  });

  it("takes what the owner says people fear but never happens ('you're NOT actually locked in'), wherever it is written", () => {
    expect(negated({ topReasonsNotToBuy: "price, scared of being locked in (you're NOT actually locked in!!)" })).toContain("locked in");
    expect(negated({ frequentQuestionsConcerns: "Will I be tied down? You're not really tied down, cancel any time." })).toContain("tied down");
    expect(negated({ topReasonsNotToBuy: "worried it's not actually worth it" })).toEqual([]);
  });

  it("is conservative: scopes, benefits, the customer's things and qualified denials are left alone", () => {
    expect(
      negated({
        businessOperationDescription: "We don't ship to Canada. No contracts, no card needed. We don't sell frames on their own.",
        guarantees_q8: "We never sell your data.",
        frequentQuestionsConcerns: "Do you ship abroad? Is it hard to cancel? (no)",
        customerFeedback: "No more sore backs! We don't deliver complaints lol",
        competitiveDifferentiation: "No hidden fees, no haggling.",
      }),
    ).toEqual([]);
  });
});

describe("brandRulesOf: the model's never-words", () => {
  it("lists the model's never-words, less those the owner uses in a plain statement", () => {
    const pickup = brandRulesOf({ ...emptyAnswers(), companyName: "Crust", businessOperationDescription: "Pre-order by Thursday, pick up Saturday." }, { model: "pickup" });
    expect(pickup.avoid).toEqual(expect.arrayContaining(["shipping", "delivery", "cart"]));
    const delivers = brandRulesOf(
      { ...emptyAnswers(), companyName: "Crust", businessOperationDescription: "Pre-order by Thursday. We deliver within 3 miles." },
      { model: "pickup" },
    );
    expect(delivers.avoid).not.toContain("deliver");
    const noFuss = brandRulesOf({ ...emptyAnswers(), companyName: "Crust", businessOperationDescription: "We deliver to your door, no fuss." }, { model: "pickup" });
    expect(noFuss.avoid).not.toContain("deliver");
    expect(brandRulesOf({ ...emptyAnswers(), companyName: "Crust" }).avoid).toEqual([]);
  });

  it("never counts an idiom as the word ('in order to' is not an order)", () => {
    const clinic = brandRulesOf({ ...emptyAnswers(), companyName: "Calm Clinic" }, { model: "appointment" });
    expect(flags(clinic, "In order to prepare, shave the day before.")).toEqual([]);
    expect(flags(clinic, "Your order is on its way.")).toEqual(expect.arrayContaining(["order"]));
  });
});

describe("brandRulesOf: an owner with no rules", () => {
  it("asks nothing", () => {
    const rules = rulesOf("Warm, knowledgeable and a little playful.");
    expect(rules).toMatchObject({ exclamations: null, lowercase: false, emoji: null, signOff: null, banned: [], replacements: [], negated: [], openers: [], noDiscounts: false });
  });
});
