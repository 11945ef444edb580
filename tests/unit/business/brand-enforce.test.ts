import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { bannedTermsIn, dropSentencesWith, enforceBrandRules, enforceEmail } from "~/lib/business/brand-enforce";
import { type BrandRules, brandRulesOf } from "~/lib/business/brand-rules";
import { FIRST_NAME_TAG } from "~/lib/content/merge-tags";
import { emptyAnswers, type QuestionnaireAnswers } from "~/lib/questionnaire/fields";

const rulesOf = (voice: string, companyName = "Fernleaf Studio", more: Partial<QuestionnaireAnswers> = {}): BrandRules =>
  brandRulesOf({ ...emptyAnswers(), companyName, brandVoicePositioning: voice, ...more });

const crumb = rulesOf("lowercase everything, including our name: always 'the crumb.' with the full stop, never 'The Crumb'. no exclamation marks.", "the crumb.");
const verde = rulesOf(
  "Say 'guests' not 'customers'. Don't say 'cheap' — we say 'great value'. Always say 'Chef Rosa', never just 'Rosa'. UK spelling. Max one exclamation mark per email. NO emoji.",
  "Verde Kitchen",
);
const gluck = rulesOf("Formal. Brand is always GLÜCK in capitals with the umlaut. Don't open with 'Hey'. Canadian English.", "Glück Kitchen");
const crust = rulesOf("American spelling. emoji sparingly.", "Crust", { businessOperationDescription: "we don't deliver, pickup only" });

describe("enforceBrandRules", () => {
  it("writes the brand's own words, keeping case, number and the article", () => {
    expect(enforceBrandRules("A cheap lunch for Customers. Our customer loves it. CUSTOMERS rule.", verde, "body")).toBe(
      "A great value lunch for Guests. Our guest loves it. GUESTS rule.",
    );
    expect(enforceBrandRules("Rosa cooks. Chef Rosa cooks.", verde, "body")).toBe("Chef Rosa cooks. Chef Rosa cooks.");
  });

  it("writes the brand exactly, wherever it appears in another casing, and never doubles its full stop", () => {
    expect(enforceBrandRules("Gluck Kitchen opens today. Welcome to glück kitchen.", gluck, "body")).toBe("GLÜCK Kitchen opens today. Welcome to GLÜCK Kitchen.");
    const kestrel = rulesOf("Never use exclamation marks.", "Kestrel Tool Co.");
    expect(enforceBrandRules("Welcome to Kestrel Tool Co.! We're glad!! Really?!", kestrel, "body")).toBe("Welcome to Kestrel Tool Co. We're glad. Really?");
    expect(enforceBrandRules("See you at Kestrel Tool Co..", kestrel, "body")).toBe("See you at Kestrel Tool Co.");
  });

  it("lower-cases everything but merge tags, links, placeholders and codes, and keeps the name's full stop", () => {
    const text = `Hi ${FIRST_NAME_TAG},\n\nWelcome to The Crumb! Your Loaf is at https://TheCrumb.example/Orders. Use code CRUMB10 or [YOUR DISCOUNT CODE].\n\nSee you Saturday at The Crumb.`;
    expect(enforceBrandRules(text, crumb, "body")).toBe(
      `hi ${FIRST_NAME_TAG},\n\nwelcome to the crumb. your loaf is at https://TheCrumb.example/Orders. use code CRUMB10 or [YOUR DISCOUNT CODE].\n\nsee you saturday at the crumb.`,
    );
  });

  it("leaves the marketer's plan in its case, but still holds it to the brand's words", () => {
    expect(enforceBrandRules("Thank Customers for visiting The Crumb", crumb, "plan")).toBe("Thank Customers for visiting the crumb.");
    expect(enforceBrandRules("Thank Customers", verde, "plan")).toBe("Thank Guests");
  });

  it("turns exclamation marks past the allowance into full stops, counting what the email used already", () => {
    expect(enforceBrandRules("Hi! Great! Yes!", verde, "body")).toBe("Hi! Great. Yes.");
    expect(enforceBrandRules("Hi! Great!", verde, "body", { exclamationsUsed: 1 })).toBe("Hi. Great.");
    expect(enforceEmail({ subject: "Hello!", preheader: "Great!", body: "Yes! No!", cta: "Go!" }, verde)).toEqual({
      subject: "Hello!",
      preheader: "Great.",
      body: "Yes. No.",
      cta: "Go.",
    });
  });

  it("removes emoji the brand does not use, and keeps one where it uses them sparingly", () => {
    expect(enforceBrandRules("Enjoy 🎉 the lunch ✨", verde, "body")).toBe("Enjoy the lunch");
    expect(enforceBrandRules("Enjoy 🎉 the bread ✨", crust, "body")).toBe("Enjoy 🎉 the bread");
    expect(enforceBrandRules("© 2025 Verde Kitchen", verde, "body")).toBe("© 2025 Verde Kitchen");
  });

  it("converts spelling: British, Canadian (keeps -ize and program), Australian (keeps program), American", () => {
    const text = "Your favorite color, personalized at our center. Our program. Analyze it.";
    expect(enforceBrandRules(text, rulesOf("UK spelling"), "body")).toBe("Your favourite colour, personalised at our centre. Our programme. Analyse it.");
    expect(enforceBrandRules(text, gluck, "body")).toBe("Your favourite colour, personalized at our centre. Our program. Analyze it.");
    expect(enforceBrandRules(text, rulesOf("Australian spelling"), "body")).toBe("Your favourite colour, personalised at our centre. Our program. Analyse it.");
    expect(enforceBrandRules("Your favourite colour, organised. Our programme. We advertise and sell prizes.", crust, "body")).toBe(
      "Your favorite color, organized. Our program. We advertise and sell prizes.",
    );
    expect(enforceBrandRules("Pick your size and win a prize.", rulesOf("UK spelling"), "body")).toBe("Pick your size and win a prize.");
  });

  it("replaces a banned greeting with an allowed one, and cuts any other banned opener", () => {
    expect(enforceBrandRules(`Hey ${FIRST_NAME_TAG},\n\nThanks.`, gluck, "body")).toBe(`Hello ${FIRST_NAME_TAG},\n\nThanks.`);
    expect(enforceBrandRules("Hey there, thanks for reaching out.", rulesOf("Formal and respectful."), "body")).toBe("Hello, thanks for reaching out.");
    expect(enforceBrandRules("Just checking in, your file is ready.", rulesOf("Dont open with 'Just checking in'"), "subject")).toBe("Your file is ready.");
    expect(enforceBrandRules("Hey, it's ready", gluck, "cta")).toBe("Hey, it's ready");
  });

  it("changes nothing for a brand without rules", () => {
    const none = rulesOf("Warm and knowledgeable.");
    const text = `Hi ${FIRST_NAME_TAG},\n\nWelcome to Fernleaf Studio! Your favorite mug is ready 🎉`;
    expect(enforceBrandRules(text, none, "body")).toBe(text);
  });
});

describe("bannedTermsIn and dropSentencesWith", () => {
  const tea = rulesOf("Never say 'human grade'. Don't say 'cheap'; say 'great value'.", "Leaf & Co", { businessOperationDescription: "we don't deliver, collection only" });

  it("finds banned, replaced and negated terms as whole words, in any case, hyphen or space", () => {
    expect(bannedTermsIn("Human-grade tea, CHEAP and delivered free.", tea).map((t) => [t.term, t.kind])).toEqual([
      ["cheap", "replaced"],
      ["human grade", "banned"],
      ["delivered", "negated"],
    ]);
    expect(bannedTermsIn("cheapest? cheaply? Undelivered? https://leaf.example/delivery", tea)).toEqual([]);
    expect(bannedTermsIn("It's cheap", tea)[0]).toMatchObject({ term: "cheap", instead: "great value" });
  });

  it("never counts the brand's own words or its replacement targets", () => {
    const bakery = rulesOf("Say 'order ahead' not 'order'.", "Ship Inn Bakery");
    expect(bannedTermsIn("Order ahead at Ship Inn Bakery.", bakery)).toEqual([]);
  });

  it("drops whole sentences naming a term, and keeps paragraphs tidy", () => {
    const body = `Hi ${FIRST_NAME_TAG},\n\nYour tea is ready. We can deliver it too. Collect it on Saturday.\n\nWe deliver nothing.\n\nThe Leaf & Co. team`;
    const terms = bannedTermsIn(body, tea);
    expect(dropSentencesWith(body, terms, tea)).toBe(`Hi ${FIRST_NAME_TAG},\n\nYour tea is ready. Collect it on Saturday.\n\nThe Leaf & Co. team`);
    expect(dropSentencesWith("Nothing to drop here.", ["deliver"])).toBe("Nothing to drop here.");
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

const PROTECTED = [FIRST_NAME_TAG, "https://Example.com/Customers?ref=Cheap", "[YOUR DISCOUNT CODE]", "[Link: your booking page]", "GLOW50", "{% if x %}"];
const FRAGMENTS = [
  ...PROTECTED,
  "Customers",
  "customer",
  "a cheap",
  "CHEAP",
  "Rosa",
  "Chef Rosa",
  "color",
  "colour",
  "organise",
  "personalized",
  "program",
  "Hey",
  "hey there,",
  "Hi",
  "Just checking in,",
  "The Crumb",
  "the crumb.",
  "Gluck",
  "glück kitchen",
  "Wow!",
  "!!",
  "?!",
  "🎉",
  "✨",
  "Great.",
  "delivery",
  "in order to",
  "Kestrel Tool Co.",
  ".",
  "\n\n",
  "Co..",
  "the crumb..",
  "THE CRUMB",
  "kestrel tool co",
  "…",
  "Hey guys",
  "👍🏽",
  "❤️",
  "customers'",
  "customer-first",
  "Rosa's",
  "ROSA",
  "an",
  "Just checking in, just checking in,",
  "HEY THERE",
  "!",
  "?",
];
const text = fc
  .array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.stringMatching(/^[a-zA-Z]{1,6}$/)), { maxLength: 14 })
  .chain((parts) => fc.array(fc.constantFrom(" ", " ", "\n"), { minLength: parts.length, maxLength: parts.length }).map((gaps) => parts.map((p, i) => `${gaps[i]}${p}`).join("")));
const kestrel = rulesOf("Never use exclamation marks. Dont open with 'Just checking in'.", "Kestrel Tool Co.");
const rules = fc.constantFrom(crumb, verde, gluck, crust, kestrel);
const kind = fc.constantFrom("subject", "preheader", "body", "cta", "sms", "plan") as fc.Arbitrary<"subject" | "preheader" | "body" | "cta" | "sms" | "plan">;

describe("enforceBrandRules, for any text", () => {
  it("is idempotent", () => {
    fc.assert(
      fc.property(text, rules, kind, (input, r, k) => {
        const once = enforceBrandRules(input, r, k);
        expect(enforceBrandRules(once, r, k)).toBe(once);
      }),
      { numRuns: 400, seed: 34 },
    );
  });

  it("never changes merge tags, links, placeholders or codes", () => {
    fc.assert(
      fc.property(text, rules, kind, (input, r, k) => {
        const out = enforceBrandRules(input, r, k);
        for (const token of PROTECTED) expect(out.split(token).length, token).toBe(input.split(token).length);
      }),
      { numRuns: 400, seed: 35 },
    );
  });

  it("leaves no banned word that has a replacement, and no exclamation mark past the allowance", () => {
    fc.assert(
      fc.property(text, rules, kind, (input, r, k) => {
        const out = enforceBrandRules(input, r, k);
        expect(bannedTermsIn(out, r).filter((t) => t.kind === "replaced")).toEqual([]);
        if (r.exclamations !== null) expect((out.replace(/\{\{[^}]*\}\}|https?:\/\/\S+/g, "").match(/!/g) ?? []).length).toBeLessThanOrEqual(r.exclamations);
      }),
      { numRuns: 400, seed: 36 },
    );
  });
});
