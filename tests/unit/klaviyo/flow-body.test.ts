import { describe, expect, it } from "vitest";

import type { TouchpointView } from "~/lib/flows/types";
import { UNSUBSCRIBE_TAGS } from "~/lib/content/esp";
import { KLAVIYO_CHECKOUT_URL_TAG, klaviyoFlowName } from "~/lib/klaviyo/constants";
import { delayOf, flowRequest, klaviyoButtonTag, type KlaviyoPlanInput, outlineSteps, reviewNotes, templatePlaceholders, templateRequests } from "~/lib/klaviyo/flow-body";

import { contractErrors } from "../../support/klaviyo-stand-in";

/** The Create Template and Create Flow bodies built from a plan, checked against Klaviyo's published schemas. */

const KLAVIYO_UNSUBSCRIBE = UNSUBSCRIBE_TAGS.klaviyo;

function touchpoint(stepNumber: number, fields: Partial<TouchpointView>): TouchpointView {
  return {
    id: `tp-${stepNumber}`,
    flowId: "flow-1",
    createdAt: "2026-01-01T00:00:00.000Z",
    stepNumber,
    stepType: "Email",
    title: `Step ${stepNumber}`,
    delayDays: 0,
    timing: null,
    offsetMinutes: 0,
    primaryGoal: "Goal <b>",
    keyMessages: "Key & messages",
    callToAction: "Shop now",
    sendWindow: null,
    ...fields,
  };
}

const PLAN: KlaviyoPlanInput = {
  flow: {
    id: "flow-1",
    flowType: "abandoned_cart",
    companyName: "Harbor <Coffee>",
    versionCount: 2,
    touchpoints: [
      touchpoint(1, { offsetMinutes: 60, timing: { type: "offset", minutes: 60 } }),
      touchpoint(2, { stepType: "SMS", offsetMinutes: 1440 + 60, sendWindow: { start: "09:00", end: "20:00" } }),
      touchpoint(3, { offsetMinutes: 4 * 1440 + 60 }),
      touchpoint(4, { offsetMinutes: null, timing: { type: "relative_event", event: "delivery", direction: "after", minutes: 120 } }),
      touchpoint(5, { offsetMinutes: 4 * 1440 + 90 }),
    ],
  },
  content: null,
  postalAddress: null,
};

const ids = new Map(PLAN.flow.touchpoints.filter((tp) => tp.stepType === "Email").map((tp) => [tp.id, `T${tp.stepNumber}`]));

describe("the Create Flow body", () => {
  const body = flowRequest(PLAN, { trigger: { type: "metric", id: "M1" }, templateIds: ids });
  const actions = body.data.attributes.definition.actions;

  it("is valid against Klaviyo's published schema", () => {
    expect(contractErrors("create_flow", body)).toBeNull();
  });

  it("names the flow, starts at the first action, and links every action to the next in step order", () => {
    expect(body.data.attributes.name).toBe(klaviyoFlowName("Harbor <Coffee>", "abandoned_cart"));
    expect(body.data.attributes.name).toBe("Harbor <Coffee> — Abandoned Cart (from Flowmap)");
    expect(body.data.attributes.definition.entry_action_id).toBe(actions[0]!.temporary_id);
    actions.slice(0, -1).forEach((action, index) => expect(action.links).toEqual({ next: actions[index + 1]!.temporary_id }));
    expect(actions.at(-1)!.links).toBeUndefined();
    expect(new Set(actions.map((a) => a.temporary_id)).size).toBe(actions.length);
  });

  it("puts the waits between the offsets, in the largest whole unit; a step timed from a date goes to a flow of its own", () => {
    expect(actions.map((a) => (a.type === "time-delay" ? `${a.data.value} ${a.data.unit}` : a.type))).toEqual([
      "1 hours",
      "send-email",
      "1 days",
      "send-sms",
      "3 days",
      "send-email",
      "30 minutes",
      "send-email",
    ]);
    expect(delayOf(2880)).toEqual({ unit: "days", value: 2 });
    expect(delayOf(90)).toEqual({ unit: "minutes", value: 90 });
  });

  it("creates every message as a draft, emails on their templates, SMS held by quiet hours", () => {
    for (const action of actions) {
      if (action.type === "send-email" || action.type === "send-sms") expect(action.data.status).toBe("draft");
    }
    expect(actions.filter((a) => a.type === "send-email").map((a) => (a.type === "send-email" ? a.data.message.template_id : ""))).toEqual(["T1", "T3", "T5"]);
    const sms = actions.find((a) => a.type === "send-sms");
    expect(sms?.type === "send-sms" && sms.data.message).toMatchObject({ sms_quiet_hours_enabled: true, name: "SMS 1: Step 2 (send 09:00–20:00 local time)" });
  });

  it("refuses to build a flow whose email has no template", () => {
    expect(() => flowRequest(PLAN, { trigger: { type: "metric", id: "M1" }, templateIds: new Map() })).toThrow(/No template for step 1/);
  });
});

describe("the templates", () => {
  it("without written content: a marked outline per email, escaped, valid against the published schema", () => {
    const templates = templateRequests(PLAN);
    expect(templates.map((t) => t.stepNumber)).toEqual([1, 3, 4, 5]);
    for (const template of templates) {
      expect(template.source).toBe("outline");
      expect(contractErrors("create_template", template.body)).toBeNull();
      expect(template.body.data.attributes.html).toContain("Outline from Flowmap");
      expect(template.body.data.attributes.html).toContain("Goal &lt;b&gt;");
      expect(template.body.data.attributes.html).not.toContain("<b>");
    }
    expect(outlineSteps(PLAN)).toEqual([1, 2, 3, 4, 5]);
  });

  function writtenPlan(buttonUrl: string, callToAction = "Finish checkout") {
    const content = {
      touchpoints: PLAN.flow.touchpoints.map((tp) => ({
        touchpointId: tp.id,
        stepType: tp.stepType,
        subject: tp.stepType === "Email" ? `Subject ${tp.stepNumber}` : null,
        preheader: tp.stepType === "Email" ? "Preheader" : null,
        bodyText: tp.stepType === "Email" ? 'Hi {{ first_name|default:"there" }},\n\nYour cart is waiting.' : null,
        bodyHtml: null,
        callToAction: tp.stepType === "Email" ? callToAction : null,
        buttonUrl: tp.stepType === "Email" ? buttonUrl : null,
        sms: tp.stepType === "SMS" ? "Harbor: your cart is waiting. Reply STOP to opt out" : null,
        outdated: tp.stepNumber === 3,
      })),
    };
    return { ...PLAN, content };
  }

  it("with content written for the step as it is: the copy; with content older than the step: the outline", () => {
    const plan = writtenPlan("https://harbor.example/cart");
    const templates = templateRequests(plan);
    expect(templates.map((t) => t.source)).toEqual(["content", "outline", "content", "content"]);
    expect(templates[0]!.body.data.attributes.html).toContain('{{ first_name|default:"there" }}');
    const body = flowRequest(plan, { trigger: { type: "metric", id: "M1" }, templateIds: ids });
    const sms = body.data.attributes.definition.actions.find((a) => a.type === "send-sms");
    expect(sms?.type === "send-sms" && sms.data.message.body).toBe("Harbor: your cart is waiting. Reply STOP to opt out");
    expect(outlineSteps(plan)).toEqual([3]);
    expect(reviewNotes(plan)[0]).toMatch(/^Step 3 is an outline/);
  });

  it("every template's footer has Klaviyo's unsubscribe link and the postal address (or its placeholder), valid against the schema", () => {
    for (const plan of [writtenPlan("https://harbor.example/cart"), { ...writtenPlan("[Link: your cart or checkout page]"), postalAddress: "1 Harbor Way, Portland, ME 04101" }]) {
      for (const template of templateRequests(plan)) {
        const { html, text } = template.body.data.attributes;
        expect(contractErrors("create_template", template.body)).toBeNull();
        expect(html).toContain(`<a href="${KLAVIYO_UNSUBSCRIBE}"`);
        expect(html).toContain(plan.postalAddress ? "1 Harbor Way, Portland, ME 04101" : "[add: your postal address]");
        if (template.source === "content") expect(text).toContain(`Unsubscribe: ${KLAVIYO_UNSUBSCRIBE}`);
      }
    }
  });

  it("an abandoned cart started by Started Checkout: the checkout button opens the event's own checkout URL", () => {
    const plan = writtenPlan("https://harbor.example/cart");
    const [first] = templateRequests(plan);
    expect(first!.body.data.attributes.html).toContain(`<a href="${KLAVIYO_CHECKOUT_URL_TAG}"`);
    expect(first!.body.data.attributes.html).not.toContain("https://harbor.example/cart");
    expect(first!.body.data.attributes.text).toContain(`Finish checkout: ${KLAVIYO_CHECKOUT_URL_TAG}`);
    expect(reviewNotes(plan).some((note) => note.startsWith("Steps 1, 4 and 5's button opens the contact's own checkout, {{ event.CheckoutURL }}"))).toBe(true);
    // Started from a list instead, there is no event to take the link from: the owner's URL.
    const fromList = templateRequests({ ...plan, triggerType: "list" });
    expect(fromList[0]!.body.data.attributes.html).toContain('<a href="https://harbor.example/cart"');
    // A button that does not resume the checkout keeps its own link.
    const reviews = templateRequests(writtenPlan("https://harbor.example/reviews", "Read the reviews"));
    expect(reviews[0]!.body.data.attributes.html).toContain('<a href="https://harbor.example/reviews"');
    expect(klaviyoButtonTag(plan, "Update my email preferences")).toBe("{% manage_preferences_link %}");
  });

  it("a placeholder link is drawn beside the button, never behind it, and listed to fill", () => {
    const plan = { ...writtenPlan("[Link: your reviews page]", "Read the reviews"), triggerType: "list" as const };
    const html = templateRequests(plan)[0]!.body.data.attributes.html;
    expect(html).toContain("Link to fill: your reviews page");
    expect(html).not.toMatch(/href="\[Link/);
    expect(templatePlaceholders(plan).map((item) => item.text)).toEqual(["[Link: your reviews page]", "[add: your postal address]"]);
    expect(reviewNotes(plan)).toContain("Fill these in before turning the flow on: [Link: your reviews page] (steps 1, 4 and 5); [add: your postal address] (steps 1, 4 and 5).");
  });
});

describe("the review notes", () => {
  it("name the outlines, the SMS window, the flow of the step timed from a date, and that everything is a draft", () => {
    const notes = reviewNotes(PLAN);
    expect(notes[0]).toMatch(/^Steps 1, 2, 3, 4 and 5 are outlines/);
    expect(notes.some((n) => /Step 2 \(SMS\) should go out between 09:00 and 20:00/.test(n))).toBe(true);
    expect(
      notes.some((n) => /^Step 4 is timed from delivery, so it is in a flow of its own, “Harbor <Coffee> — Abandoned Cart, timed from delivery \(from Flowmap\)”/.test(n)),
    ).toBe(true);
    expect(notes.at(-1)).toMatch(/draft/);
  });
});
