import { describe, expect, it } from "vitest";

import { enforceBrandRules } from "~/lib/business/brand-enforce";
import { brandRulesOf } from "~/lib/business/brand-rules";

import { loadCorpus, measure, type RuleKind } from "./brand-corpus";

/**
 * The parser read against the evaluation corpus (tests/eval/corpus): 40 businesses written the way
 * owners type, each stating its brand rules and the words it must avoid. The corpus is an
 * evaluation, not a target list: no rule in the parser names a business in it. Rules that need
 * judgement (tone, claims, "no puns about …") are counted apart and never asserted.
 */

const corpus = loadCorpus();

describe("brandRulesOf on the evaluation corpus", () => {
  const { rules, avoid } = measure(corpus);
  const rate = (kind: string) => {
    const t = rules.get(kind) ?? avoid.get(kind);
    return t ? t.recovered / t.total : 1;
  };

  it("reads all 40 businesses", () => {
    expect(corpus).toHaveLength(40);
  });

  it.each<RuleKind>(["exclamation", "sign-off", "brand spelling", "lowercase", "emoji", "spelling", "no discounts", "opener", "banned words"])(
    "recovers every expected rule of kind: %s",
    (kind) => {
      expect(rules.get(kind)?.missed ?? []).toEqual([]);
      expect(rules.get(kind)?.total ?? 0).toBeGreaterThan(0);
    },
  );

  it("recovers about half the avoid-words from the answers alone, and most with the model's never-words", () => {
    // Measured: 124/250 from brand rules and negations; 190/250 with the inferred model's never-words
    // (the second depends on model inference, so it has some slack). Most of the rest are claims a
    // business must not make ("guaranteed job", "free parking"), not words its answers rule out.
    expect(rate("brand rules and negations")).toBeGreaterThanOrEqual(0.49);
    expect(rate("with the model's never-words")).toBeGreaterThanOrEqual(0.72);
  });

  it("writes every business's name as the business does after enforcing, with one full stop", () => {
    for (const business of corpus) {
      const r = brandRulesOf(business.answers);
      const out = enforceBrandRules(`Welcome to ${business.answers.companyName.toUpperCase()}! We're glad.`, r, "body");
      expect(out, business.file).toContain(r.brand);
      expect(out, business.file).not.toMatch(/\.\./);
    }
  });
});
