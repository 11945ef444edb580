import { describe, expect, it } from "vitest";

import { FLOW_TYPES, type FlowType } from "~/lib/flow-types";
import { allFindings, crowdedEmails } from "~/lib/scorecard/recommendations";
import { buildScorecard, type ScorecardInput } from "~/lib/scorecard/scorecard";

import { DAY, figures, flow, HARBOR_COFFEE, HOUR, ONBOARDING_FLOW, seedMedians, touchpoint } from "./fixtures";

/** Every flow type present (as the service passes them), with the given figures. */
function input(partial: Partial<Record<FlowType, Parameters<typeof figures>[1]>>, rest: Partial<ScorecardInput> = {}): ScorecardInput {
  return {
    usesSms: false,
    flows: [],
    ...rest,
    figures: FLOW_TYPES.map((flowType) => figures(flowType, partial[flowType] ?? {}, rest.figures?.find((f) => f.flowType === flowType)?.medians ?? seedMedians(flowType))),
  };
}

function findings(scorecard: ScorecardInput) {
  const built = buildScorecard(scorecard);
  return allFindings({
    figures: scorecard.figures,
    scores: { score: built.score, flows: built.flows, missing: built.missing },
    flows: scorecard.flows,
    usesSms: scorecard.usesSms,
  });
}

function finding(scorecard: ScorecardInput, id: string) {
  const found = findings(scorecard).find((item) => item.id === id);
  expect(found, `a finding ${id}`).toBeTruthy();
  return found!;
}

const ALL_FLOWS_BUILT = (extra: ReturnType<typeof flow>[] = []) => {
  const built = new Map(FLOW_TYPES.map((flowType) => [flowType, flow(flowType, [touchpoint("Email", 0), touchpoint("Email", 3 * DAY), touchpoint("Email", 7 * DAY)])]));
  for (const item of extra) built.set(item.flowType, item);
  return [...built.values()];
};

describe("the realistic store (Harbor Coffee)", () => {
  const scorecard = buildScorecard(HARBOR_COFFEE);

  it("leads with the abandoned cart revenue gap, its numbers, the money at stake and the flow's own fixes", () => {
    const [first] = scorecard.recommendations;
    expect(first).toEqual({
      id: "revenue_gap:abandoned_cart",
      flowType: "abandoned_cart",
      severity: "high",
      title: "Abandoned Cart: revenue per recipient 60% below peers",
      detail:
        "Abandoned cart revenue per recipient $1.45 against a median of $3.65 across all industries. Its click rate, 4.1% against 9.5%, shows fewer people coming back to buy. Your abandoned cart flow's first message goes after 4 hours; most stores send within 1 hour. You use SMS, but your abandoned cart flow has no SMS step.",
      impact: { revenuePer1000Recipients: 2200, text: "About $2,200 more revenue per 1,000 recipients at the median." },
      actions: [
        { label: "Regenerate it asking for the first reminder within 1 hour and “more SMS”", href: "/flow-mappings?type=abandoned_cart&dialog=regenerate" },
        { label: "Rewrite its email and SMS copy", href: "/flow-content?flow=flow-abandoned_cart" },
      ],
    });
  });

  it("ranks the rest by money at stake and keeps to five", () => {
    expect(scorecard.recommendations.map((r) => [r.id, r.impact.revenuePer1000Recipients])).toEqual([
      ["revenue_gap:abandoned_cart", 2200],
      ["revenue_gap:onboarding", 550],
      ["revenue_gap:lead_nurture", 300],
      // Not run in Flowmap and no figures: what they would earn this store is not estimable.
      ["missing_flow:upsell", null],
      ["missing_flow:sunset", null],
    ]);
    expect(scorecard.score).toBe(34);
    expect(scorecard.missing).toEqual([]);
  });
});

describe("each rule", () => {
  it("revenue gap: names the peer group, and says the loss is after the click when clicks are fine", () => {
    const medians = seedMedians("upsell", "Food & Beverage · eCommerce");
    const scorecard = input({ upsell: { revenuePerRecipient: 0.2, clickRate: 6 } }, { figures: [figures("upsell", {}, medians)] });
    const gap = finding(scorecard, "revenue_gap:upsell");
    expect(gap.detail).toBe(
      "Upsell revenue per recipient $0.20 against a median of $0.41 for Food & Beverage · eCommerce. Its click rate (6%) is at or above the median, so the loss comes after the click: the offer, the landing page or the checkout.",
    );
    expect(gap.impact).toEqual({ revenuePer1000Recipients: 210, text: "About $210 more revenue per 1,000 recipients at the median." });
    // No upsell flow in Flowmap: the action is to build one.
    expect(gap.actions).toEqual([{ label: "Generate an upsell flow built on best practice", href: "/flow-mappings?type=upsell" }]);
    // A figure at the median is no finding.
    expect(findings(input({ upsell: { revenuePerRecipient: 0.41 } })).some((item) => item.id === "revenue_gap:upsell")).toBe(false);
  });

  it("click gap: plainly not estimable without revenue, and says what would make it estimable", () => {
    const gap = finding(input({ abandoned_cart: { clickRate: 1.1, openRate: 40 } }), "click_gap:abandoned_cart");
    expect(gap.title).toBe("Abandoned Cart: click rate 88% below peers");
    expect(gap.detail).toMatch(/^Abandoned cart click rate 1\.1% against a median of 9\.5% across all industries\./);
    expect(gap.impact).toEqual({ revenuePer1000Recipients: null, text: "Not estimable: enter your abandoned cart revenue per recipient to put a figure on it." });
    const atMedian = finding(input({ abandoned_cart: { clickRate: 1.1, revenuePerRecipient: 3.65 } }), "click_gap:abandoned_cart");
    expect(atMedian.impact.text).toBe(
      "Not estimable: your abandoned cart revenue per recipient ($3.65) matches the median ($3.65), so there is no revenue gap for Flowmap to price.",
    );
    // Revenue above the median is never said to match it.
    const above = finding(input({ abandoned_cart: { clickRate: 1.1, revenuePerRecipient: 3.9 } }), "click_gap:abandoned_cart");
    expect(above.impact.text).toBe(
      "Not estimable: your abandoned cart revenue per recipient ($3.90) is 7% above the median ($3.65), so there is no revenue gap for Flowmap to price.",
    );
  });

  it("open gap: only when revenue and clicks say nothing, and low severity", () => {
    const gap = finding(input({ sunset: { openRate: 20 } }), "open_gap:sunset");
    expect(gap.severity).toBe("medium");
    expect(gap.detail).toContain("Privacy features inflate everyone's opens");
    expect(findings(input({ sunset: { openRate: 20, clickRate: 1 } })).map((item) => item.id)).not.toContain("open_gap:sunset");
  });

  it("too many emails too close with a high unsubscribe rate: space them, with a link to the email to move", () => {
    const crowded = flow(
      "onboarding",
      [0, 1, 2, 3, 4, 5].map((day, index) => touchpoint("Email", day * DAY, `Day ${index}`)),
    );
    const scorecard = input({ onboarding: { unsubscribeRate: 0.6 } }, { flows: [crowded] });
    const found = finding(scorecard, "unsubscribe_high:onboarding");
    expect(found.title).toBe("Onboarding: too many emails too close together");
    expect(found.detail).toBe("6 onboarding emails in 5 days and an unsubscribe rate of 0.6%, 2.4 times the median of 0.25% across all industries: space them out.");
    expect(found.actions).toEqual([
      { label: "Space them out: move “Day 1” later", href: `/flow-mappings?type=onboarding&dialog=edit&touchpoint=${crowded.touchpoints[1]!.id}` },
      { label: "Regenerate it asking for “fewer emails”", href: "/flow-mappings?type=onboarding&dialog=regenerate" },
    ]);
    expect(found.severity).toBe("high");
  });

  it("a high unsubscribe rate on well-spaced emails is a plain finding, and crowding alone is none", () => {
    expect(crowdedEmails(ONBOARDING_FLOW)).toBeNull();
    const found = finding(input({ onboarding: { unsubscribeRate: 0.4 } }, { flows: [ONBOARDING_FLOW] }), "unsubscribe_high:onboarding");
    expect(found.title).toBe("Onboarding: unsubscribe rate 1.6 times the median");
    const crowded = flow(
      "onboarding",
      [0, 1, 2, 3].map((day) => touchpoint("Email", day * DAY)),
    );
    expect(crowdedEmails(crowded)).toMatchObject({ emails: 4, days: 3 });
    expect(findings(input({ onboarding: { unsubscribeRate: 0.3 } }, { flows: [crowded] })).map((item) => item.id)).not.toContain("unsubscribe_high:onboarding");
    // SMS steps and event-timed steps do not count as crowding emails.
    expect(
      crowdedEmails(flow("onboarding", [touchpoint("Email", 0), touchpoint("SMS", HOUR), touchpoint("SMS", 2 * HOUR), touchpoint("Email", null), touchpoint("Email", DAY)])),
    ).toBeNull();
  });

  it("spam complaints at Gmail's limit are critical and go first, ahead of any money", () => {
    const scorecard = input({ lead_nurture: { spamComplaintRate: 0.35 }, abandoned_cart: { revenuePerRecipient: 0.5, clickRate: 2, openRate: 30 } });
    const [first, second] = findings(scorecard);
    expect(first!.id).toBe("spam_high:lead_nurture");
    expect(first!.severity).toBe("critical");
    expect(first!.detail).toContain("Gmail asks senders to stay below 0.1% and rejects mail from senders at 0.3% or more.");
    expect(first!.actions).toEqual([{ label: "Generate a sunset flow to stop mailing people who no longer engage", href: "/flow-mappings?type=sunset" }]);
    expect(second!.id).toBe("revenue_gap:abandoned_cart");
    // Twice the median but under Gmail's warning level: high, ranked by distance among the unpriced.
    expect(finding(input({ lead_nurture: { spamComplaintRate: 0.03 } }), "spam_high:lead_nurture").severity).toBe("high");
    expect(findings(input({ lead_nurture: { spamComplaintRate: 0.02 } })).map((item) => item.id)).not.toContain("spam_high:lead_nurture");
  });

  it("bounces twice the median point to the sunset flow the user has", () => {
    const found = finding(input({ upsell: { bounceRate: 2.5 } }, { flows: [flow("sunset", [touchpoint("Email", 0), touchpoint("Email", 3 * DAY)])] }), "bounce_high:upsell");
    expect(found.title).toBe("Upsell: bounce rate 2.5 times the median");
    expect(found.actions).toEqual([{ label: "Check your sunset flow: it stops mailing people who no longer engage", href: "/flow-mappings?type=sunset" }]);
  });

  it("first abandoned cart message too late: its own finding, with an edit link when the delay is in days", () => {
    const late = flow("abandoned_cart", [touchpoint("Email", DAY, "Did you forget something?"), touchpoint("Email", 2 * DAY)]);
    const found = finding(input({}, { flows: ALL_FLOWS_BUILT([late]) }), "cart_first_message_late:abandoned_cart");
    expect(found.detail).toMatch(/^Your abandoned cart flow's first message goes after 1 day; most stores send within 1 hour\. SaleCycle/);
    expect(found.actions).toEqual([
      { label: "Edit “Did you forget something?”: set its delay to 0 days", href: `/flow-mappings?type=abandoned_cart&dialog=edit&touchpoint=${late.touchpoints[0]!.id}` },
    ]);
    expect(found.impact.revenuePer1000Recipients).toBeNull();
    const onTime = flow("abandoned_cart", [touchpoint("Email", HOUR), touchpoint("Email", DAY)]);
    expect(findings(input({}, { flows: ALL_FLOWS_BUILT([onTime]) })).map((item) => item.id)).not.toContain("cart_first_message_late:abandoned_cart");
  });

  it("no SMS in abandoned cart although the business uses SMS; nothing for an email-only business", () => {
    const emailOnly = flow("abandoned_cart", [touchpoint("Email", HOUR), touchpoint("Email", DAY)]);
    const found = finding(input({}, { usesSms: true, flows: ALL_FLOWS_BUILT([emailOnly]) }), "no_sms:abandoned_cart");
    expect(found.title).toBe("Abandoned Cart: no SMS step");
    expect(found.actions).toEqual([{ label: "Regenerate it asking for “more SMS”", href: "/flow-mappings?type=abandoned_cart&dialog=regenerate" }]);
    expect(findings(input({}, { usesSms: false, flows: ALL_FLOWS_BUILT([emailOnly]) })).map((item) => item.id)).not.toContain("no_sms:abandoned_cart");
    const withSms = flow("abandoned_cart", [touchpoint("Email", HOUR), touchpoint("SMS", DAY)]);
    expect(findings(input({}, { usesSms: true, flows: ALL_FLOWS_BUILT([withSms]) })).map((item) => item.id)).not.toContain("no_sms:abandoned_cart");
  });

  it("a flow with no figures: says so, counts its regenerations, and links to where figures are entered", () => {
    const regenerated = flow("upsell", [touchpoint("Email", 0), touchpoint("Email", 2 * DAY), touchpoint("Email", 7 * DAY)], 3);
    const found = finding(input({}, { flows: [regenerated] }), "flow_without_figures:upsell");
    expect(found.detail).toBe(
      "Your upsell flow in Flowmap has 3 messages and was regenerated 3 times, but no figures: Flowmap cannot tell whether it works or whether the changes helped.",
    );
    expect(found.actions).toEqual([{ label: "Enter your upsell figures", href: "/dashboard?open=upsell#benchmark-upsell" }]);
    const partly = finding(input({ upsell: { openRate: 50 } }, { flows: [regenerated] }), "flow_without_figures:upsell");
    expect(partly.title).toBe("Upsell: a flow without enough figures");
    expect(partly.detail).toContain("but only 1 of the 3 figures a score needs:");
  });

  it("a flow type with figures but no flow in Flowmap: generate one", () => {
    const found = finding(input({ sunset: { revenuePerRecipient: 0.5, clickRate: 3 } }), "figures_without_flow:sunset");
    expect(found.actions).toEqual([{ label: "Generate a sunset flow", href: "/flow-mappings?type=sunset" }]);
    expect(found.impact.text).toMatch(/^Not estimable: /);
  });

  it("a missing flow type: plainly not estimable, what peers earn from it, and a link to generate it", () => {
    const found = finding(input({}), "missing_flow:abandoned_cart");
    expect(found.title).toBe("No abandoned cart flow yet");
    expect(found.impact).toEqual({
      revenuePer1000Recipients: null,
      text: "Not estimable: Flowmap does not know how many of your contacts it would reach. Peers earn a median of $3.65 per recipient from an abandoned cart flow (across all industries).",
    });
    expect(found.actions).toEqual([{ label: "Generate an abandoned cart flow", href: "/flow-mappings?type=abandoned_cart" }]);
    // A new account: the five flows, the one that weighs most in flow revenue first.
    expect(buildScorecard(input({})).recommendations.map((item) => item.id)).toEqual([
      "missing_flow:abandoned_cart",
      "missing_flow:onboarding",
      "missing_flow:upsell",
      "missing_flow:lead_nurture",
      "missing_flow:sunset",
    ]);
  });
});

describe("ranking", () => {
  it("puts findings with money first, then the farthest from the median, then findings about the flows", () => {
    const scorecard = input(
      { onboarding: { revenuePerRecipient: 2.5, unsubscribeRate: 0.75 }, upsell: { clickRate: 2.5 }, lead_nurture: { clickRate: 4 } },
      { flows: ALL_FLOWS_BUILT([flow("abandoned_cart", [touchpoint("Email", DAY), touchpoint("SMS", 2 * DAY)])]), usesSms: true },
    );
    expect(findings(scorecard).map((item) => item.id)).toEqual([
      "revenue_gap:onboarding",
      // Unsubscribes 3 times the median (distance 2), then clicks 50% and 25% below.
      "unsubscribe_high:onboarding",
      "click_gap:upsell",
      "click_gap:lead_nurture",
      "cart_first_message_late:abandoned_cart",
      "flow_without_figures:abandoned_cart",
      "flow_without_figures:onboarding",
      "flow_without_figures:upsell",
      "flow_without_figures:lead_nurture",
      "flow_without_figures:sunset",
    ]);
    expect(buildScorecard(scorecard).recommendations).toHaveLength(5);
  });

  it("counts a flow the user does not run as far from the median as its share of flow revenue", () => {
    // Clicks 57% below the median: behind a missing onboarding flow (75%), ahead of a missing upsell flow (35%).
    const scorecard = input(
      { abandoned_cart: { clickRate: 4.1, revenuePerRecipient: 3.8, openRate: 41.18 } },
      { flows: [flow("abandoned_cart", [touchpoint("Email", HOUR), touchpoint("Email", DAY)])] },
    );
    expect(findings(scorecard).map((item) => item.id)).toEqual([
      "missing_flow:onboarding",
      "click_gap:abandoned_cart",
      "missing_flow:upsell",
      "missing_flow:lead_nurture",
      "missing_flow:sunset",
    ]);
  });
});
