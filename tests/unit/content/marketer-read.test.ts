// What a lifecycle marketer notices on a first read of a generated flow: a verb that disagrees with
// a plural offer, "the worry: worry about…", two colons on one line, the same customer quote in two
// emails of one flow, an email that ignores the question its brief asked it to answer.
import { describe, expect, it } from "vitest";

import { businessFacts, verbBe } from "~/lib/business/facts";
import { angleOf, worryClause, writeFlowCopy } from "~/lib/content/writer";
import { FLOW_TYPES, type FlowType } from "~/lib/flow-types";
import { writePlan } from "~/lib/flows/plan-writer";
import type { QuestionnaireAnswers } from "~/lib/questionnaire/fields";
import { generateOfflineDraft } from "~/services/ai/offline.server";

import { BRAMBLE_AND_BEAN, BUSINESSES, FLUENTFUL, HEARTH_AND_TIMBER, KNEADED, LEAF_AND_KETTLE, LEDGERLY } from "../flows/businesses";

function written(flowType: FlowType, business: QuestionnaireAnswers) {
  const draft = generateOfflineDraft({ flowType, business, rule: null, customContext: "" });
  const touchpoints = draft.touchpoints.map((tp, index) => ({ ...tp, id: `tp-${index + 1}`, stepNumber: index + 1 }));
  const copies = writeFlowCopy({ flowType, answers: business, companyName: business.companyName, touchpoints });
  return { draft, touchpoints, copies };
}

type TouchpointCopy = ReturnType<typeof writeFlowCopy>[number];

const emailText = (copy: TouchpointCopy) => (copy.stepType === "Email" ? [copy.email.subject, copy.email.preheader, copy.email.bodyText].join("\n") : copy.sms);

describe("copy a marketer would send", () => {
  it("agrees the verb with a plural offer", () => {
    expect(verbBe("Free wood samples")).toBe("are");
    expect(verbBe("15% off")).toBe("is");
    expect(verbBe("Free shipping")).toBe("is");
    expect(verbBe("$20 off your first massage")).toBe("is");
    expect(verbBe("Free returns")).toBe("are");
    expect(verbBe("A free class")).toBe("is");
    const { draft, copies } = written("onboarding", HEARTH_AND_TIMBER);
    const all = [...draft.touchpoints.map((tp) => tp.title), ...copies.map(emailText)].join("\n");
    expect(all).toContain("samples are");
    expect(all).not.toMatch(/samples is\b/i);
  });

  it("never writes 'the worry: worry…' and keeps an objection whole where 'that' is not a clause", () => {
    for (const business of BUSINESSES) {
      for (const flowType of FLOW_TYPES) {
        const { draft } = written(flowType, business);
        for (const tp of draft.touchpoints) expect(tp.keyMessages, `${business.companyName} ${flowType}`).not.toMatch(/worry:\s*(?:worr|fear|concern)/i);
      }
    }
    const text = written("lead_nurture", HEARTH_AND_TIMBER)
      .draft.touchpoints.map((tp) => tp.keyMessages)
      .join("\n");
    expect(text).toContain('in their words: "Worried about spending that much on a table they have not seen in person"');
  });

  it("keeps the whole guarantee and never puts two colons on a line of customer copy", () => {
    for (const flowType of FLOW_TYPES) {
      const { copies } = written(flowType, HEARTH_AND_TIMBER);
      for (const copy of copies) {
        for (const line of emailText(copy).split("\n")) expect(line.split(": ").length, `${flowType}: ${line}`).toBeLessThanOrEqual(2);
      }
    }
    const onboarding = written("onboarding", HEARTH_AND_TIMBER).copies.map(emailText).join("\n");
    expect(onboarding).toContain("we collect it and refund you in full");
  });

  it("quotes a customer once per flow when the business gave more than one review", () => {
    for (const business of [HEARTH_AND_TIMBER]) {
      for (const flowType of ["onboarding", "lead_nurture"] as const) {
        const bodies = written(flowType, business).copies.map(emailText);
        for (const review of ["Eight people around it every Sunday", "the first piece of furniture I'd call an heirloom"]) {
          expect(bodies.filter((body) => body.includes(review)).length, `${flowType}: ${review}`).toBeLessThanOrEqual(1);
        }
      }
    }
    // The only review is quoted by the first email that wants it, and again only by a proof email.
    const upsell = written("upsell", BRAMBLE_AND_BEAN).copies.map(emailText);
    expect(upsell.filter((body) => body.includes("smelled like the roastery")).length).toBe(1);
    // One review: the story tells what the business does instead of repeating the proof email's quote.
    const story = written("onboarding", BRAMBLE_AND_BEAN)
      .copies.map(emailText)
      .find((text) => text.includes("is for anyone who knows this"));
    expect(story).toBeDefined();
    expect(story).not.toContain("smelled like the roastery");
    expect(story).toContain("Our answer:");
  });

  it("answers the question the email's brief names, not always the first one", () => {
    const { touchpoints, copies } = written("lead_nurture", HEARTH_AND_TIMBER);
    let checked = 0;
    touchpoints.forEach((tp, index) => {
      const asked = /Answer: (.+\?)/.exec(tp.keyMessages)?.[1];
      const copy = copies[index]!;
      if (!asked || copy.stepType !== "Email" || !/how to|getting started|three easy steps|what to expect/i.test(copy.email.subject)) return;
      expect(emailText(copy), tp.title).toContain(asked);
      checked += 1;
    });
    expect(checked).toBeGreaterThanOrEqual(2);
  });

  it("never promises an answer in the preheader that the email does not give", () => {
    for (const business of [HEARTH_AND_TIMBER, KNEADED, BRAMBLE_AND_BEAN]) {
      for (const flowType of FLOW_TYPES) {
        for (const copy of written(flowType, business).copies) {
          if (copy.stepType === "Email") expect(copy.email.preheader).not.toMatch(/the answer to/i);
        }
      }
    }
  });

  it("writes no email body twice across one business's flows, even where two flows share a purpose (a check-in, a reorder)", () => {
    const afterOrder = { onboardingStage: "After the first order", customerFrequency: ["Monthly"] };
    const shops = [
      { ...LEAF_AND_KETTLE, ...afterOrder },
      { ...HEARTH_AND_TIMBER, ...afterOrder, productServiceDescription: "Hand-poured soy candles and refills" },
      { ...HEARTH_AND_TIMBER, onboardingStage: "After the first order", productServiceDescription: "Hand-thrown vases and gift sets" },
    ];
    for (const business of [...shops, ...BUSINESSES]) {
      const bodies = FLOW_TYPES.flatMap((flowType) =>
        written(flowType, business)
          .copies.filter((c) => c.stepType === "Email")
          .map((c) => c.email.bodyText),
      );
      expect(new Set(bodies).size, business.companyName).toBe(bodies.length);
    }
  });

  it("never asks a furniture buyer to reorder: a durable purchase's upsell checks in, asks for a review and suggests what goes with it", () => {
    const { draft, copies } = written("upsell", HEARTH_AND_TIMBER);
    const text = [...draft.touchpoints.map((tp) => `${tp.title}\n${tp.primaryGoal}\n${tp.keyMessages}`), ...copies.map(emailText)].join("\n");
    expect(text).not.toMatch(/running low|reorder|restock|buying cycle/i);
    expect(text).toMatch(/review/i);
    expect(draft.flowOverview).toContain("bought once in years");
    // A consumable with no stated cycle still gets its reorder reminder.
    const coffee = written("upsell", { ...HEARTH_AND_TIMBER, productServiceDescription: "Small-batch coffee beans, roasted to order" });
    expect(coffee.draft.touchpoints.map((tp) => tp.title).join("\n")).toMatch(/running low|restock/i);
  });

  it("reads cleanly for every business: no 'Your your', a capital after a question mark, no 'arrive' for a lesson held online", () => {
    for (const business of BUSINESSES) {
      for (const flowType of FLOW_TYPES) {
        const { draft, copies } = written(flowType, business);
        const text = [...draft.touchpoints.map((tp) => tp.title), ...copies.map(emailText)].join("\n");
        expect(text, `${business.companyName} ${flowType}`).not.toMatch(/\byour your\b/i);
        expect(text, `${business.companyName} ${flowType}`).not.toMatch(/\? [a-z]/);
      }
    }
    const onboarding = written("onboarding", FLUENTFUL);
    const all = [...onboarding.draft.touchpoints.map((tp) => `${tp.title}\n${tp.keyMessages}`), ...onboarding.copies.map(emailText)].join("\n");
    expect(all).toContain("Your first week free is still waiting");
    expect(all).not.toMatch(/\barrive\b|from booking to leaving/i);
    expect(all).toContain("open the link a minute before");
    // A studio with a street address still asks people to arrive early, and gives no advice of its
    // own on what its customers ask about ("What should I wear?"): the email invites the question.
    const studio = written("onboarding", KNEADED).copies.map(emailText).join("\n");
    expect(studio).toMatch(/\ba few (?:extra )?minutes\b/i);
    expect(studio).toContain('Got a question, like "What should I wear?"');
    expect(studio).not.toMatch(/\bwear something\b/i);
  });

  it("words a worry that describes the person as a worry about themselves, and thanks an online learner without 'coming in'", () => {
    expect(worryClause("Too shy to speak with a stranger")).toBe("they're too shy to speak with a stranger");
    expect(worryClause("Too shy to speak with a stranger", "you're")).toBe("you're too shy to speak with a stranger");
    expect(worryClause("Worry that it will hurt")).toBe("that it will hurt");
    for (const flowType of FLOW_TYPES) {
      const text = written(flowType, FLUENTFUL).copies.map(emailText).join("\n");
      expect(text, flowType).not.toMatch(/worr(?:y|ied) about too\b/i);
    }
    const upsell = written("upsell", FLUENTFUL);
    const all = [...upsell.draft.touchpoints.map((tp) => `${tp.title}\n${tp.keyMessages}`), ...upsell.copies.map(emailText)].join("\n");
    expect(all).not.toMatch(/coming in|left feeling better|for the visit/i);
    expect(all).toContain("Thank you for your lesson");
  });

  it("says the guarantee in at most two emails of a flow, and never repeats a turn of phrase within one email", () => {
    // Words without case or punctuation, as the writer compares lines.
    const words = (text: string) =>
      text
        .toLowerCase()
        .replace(/[^\p{L}\p{N}%$]+/gu, " ")
        .trim();
    for (const business of BUSINESSES) {
      // The guarantee as the business wrote it: its last six words appear wherever it is said.
      const tail = words(String(business.guarantees_q8 ?? ""))
        .split(" ")
        .slice(-6)
        .join(" ");
      for (const flowType of FLOW_TYPES) {
        const { copies } = written(flowType, business);
        const emails = copies.filter((copy) => copy.stepType === "Email");
        const saying = emails.filter((copy) => words(emailText(copy)).includes(tail));
        if (tail) expect(saying.length, `${business.companyName} ${flowType}`).toBeLessThanOrEqual(2);
        for (const copy of emails) expect(emailText(copy).match(/we'd rather/g)?.length ?? 0, `${business.companyName} ${flowType}`).toBeLessThanOrEqual(1);
      }
    }
    // It is still said where it reassures: a lead nurture's proof or objection email.
    const lead = written("lead_nurture", KNEADED).copies.map(emailText).join("\n");
    expect(lead).toContain("Your next massage is on us");
  });

  it("titles and buttons promise only what the email says: no 'new' over an email of reviews", () => {
    // Every email is read, and one that promises news without any in its body is listed.
    let emails = 0;
    const emptyPromises: string[] = [];
    for (const business of BUSINESSES) {
      for (const flowType of FLOW_TYPES) {
        const { touchpoints, copies } = written(flowType, business);
        copies.forEach((copy, index) => {
          if (copy.stepType !== "Email") return;
          emails++;
          const { title, callToAction } = touchpoints[index]!;
          const promisesNews = /\bnew\b/i.test(`${title} ${callToAction ?? ""} ${copy.email.callToAction}`);
          if (promisesNews && !/\bnew\b/i.test(copy.email.bodyText)) emptyPromises.push(`${business.companyName} ${flowType}: ${title}`);
        });
      }
    }
    expect(emails).toBeGreaterThanOrEqual(BUSINESSES.length * FLOW_TYPES.length);
    expect(emptyPromises).toEqual([]);
  });

  it("welcomes a software buyer and gets them set up, without shipping notes or orders, and gives a subjectless differentiator its subject", () => {
    expect(LEDGERLY.competitiveDifferentiation).toMatch(/^Closes the books/);
    const { draft, copies } = written("upsell", LEDGERLY);
    const all = [...draft.touchpoints.map((tp) => `${tp.title}\n${tp.callToAction ?? ""}`), ...copies.map(emailText)].join("\n");
    expect(all).not.toMatch(/\bships?\b|\border\b|track|favourites/i);
    expect(all).toContain("Your account is ready");
    expect(all).toContain("Compare plans");
    expect(draft.trigger).toBe("Buys a plan.");
    // "One thing you'll notice: closes the books…" had no subject; the brand is it.
    expect(all).toContain("Ledgerly closes the books in two days");
    expect(all).not.toMatch(/: closes the books/i);
    // An unfinished sign-up is not a cart, and finishing it is not an order.
    const signUp = written("abandoned_cart", LEDGERLY);
    const signUpText = [...signUp.draft.touchpoints.map((tp) => `${tp.title}\n${tp.callToAction ?? ""}`), ...signUp.copies.map(emailText)].join("\n");
    expect(signUpText).not.toMatch(/\bcart\b|\border\b|checking out/i);
    expect(signUpText).toContain("Finish my sign-up");
    // A subscription's saved-checkout text says what its step's title says.
    const subscription = written("abandoned_cart", BRAMBLE_AND_BEAN);
    const sms = subscription.copies.find((copy) => copy.stepType === "SMS");
    expect(sms?.stepType === "SMS" && sms.sms).toContain("Your plan is saved.");
    // A differentiator that has its subject is left as written.
    expect(written("upsell", HEARTH_AND_TIMBER).copies.map(emailText).join("\n")).toContain("each table is built by one maker");
  });

  it("writes each planned email for the purpose its title names: a case study is proof, a founder's story is a story", () => {
    // Pairs the writer words alike: teaching and how-to, a thank-you and a booking confirmation, a
    // software "reorder" (its upgrade), and a subscription's "how it works" answering a doubt.
    const alike = new Set(["education howto", "howto education", "thanks booked", "replenish upgrade", "objection howto"]);
    for (const business of BUSINESSES) {
      const facts = businessFacts(business, business.companyName);
      for (const flowType of FLOW_TYPES) {
        const plan = writePlan(flowType, facts);
        plan.steps.forEach((step, index) => {
          if (step.stepType === "SMS") return;
          const read = angleOf(flowType, step, index, plan.steps.length);
          if (read !== step.angle)
            expect(alike.has(`${step.angle} ${read}`), `${business.companyName} ${flowType}: "${step.title}" planned ${step.angle}, read ${read}`).toBe(true);
        });
      }
    }
    // The software lead nurture, title by title.
    const { touchpoints, copies } = written("lead_nurture", LEDGERLY);
    const subjectOf = (title: string) => {
      const copy = copies[touchpoints.findIndex((tp) => tp.title === title)];
      return copy?.stepType === "Email" ? `${copy.email.subject}\n${copy.email.bodyText}` : "";
    };
    // The story says what makes the business different, never a founding story the answers do not tell.
    const storyTitle = touchpoints.find((tp) => /different/.test(tp.title))!.title;
    expect(subjectOf(storyTitle)).toMatch(/Ledgerly is for anyone who knows this/);
    expect(subjectOf(storyTitle)).not.toMatch(/started|founded|why we built/i);
    expect(subjectOf("What a rollout looks like")).toMatch(/three steps/);
    // A lead magnet is named in a sentence, with its article and the business's own capitals.
    expect(copies[0]?.stepType === "Email" && copies[0].email.bodyText).toContain("Here's the Month-End Close Benchmark Report 2026, and it's one click away");
    expect(written("lead_nurture", LEDGERLY).draft.trigger).toMatch(/^Downloads the Month-End Close Benchmark Report or/);
    const tea = written("lead_nurture", LEAF_AND_KETTLE).copies[0]!;
    expect(tea.stepType === "Email" && tea.email.bodyText).toContain("Here's your free tasting guide to the six tea families, and it's one click away");
  });
});
