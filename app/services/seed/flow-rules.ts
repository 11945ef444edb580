import { FLOW_TYPES, type FlowType, type StepType } from "~/lib/flow-types";
import { MINUTES_PER_DAY, MINUTES_PER_HOUR, timingForOffsetMinutes } from "~/lib/timing";
import type { FlowRuleInput, FlowStep } from "~/models/flow-rule.server";

/**
 * One default flow rule per flow type: trigger, exit rules and steps from lifecycle
 * marketing best practice. Admins edit or replace them in /admin/flow-maps; the seed only inserts
 * a rule for a flow type that has none. Placeholders in [brackets] are filled from the business's
 * questionnaire answers by the generator.
 */

export type FlowRuleSeed<T extends FlowType = FlowType> = FlowRuleInput & { flowType: T; steps: FlowStep[] };

const HOUR = MINUTES_PER_HOUR;
const DAY = MINUTES_PER_DAY;

/** SMS rules shared by every flow (carrier rules, TCPA/GDPR consent, and plain courtesy). */
export const SMS_POLICY = {
  consentRequired: true,
  sendWindowLocalTime: { from: "08:00", to: "21:00" },
  outsideWindow: "Hold the message and send it at 08:00 the next morning in the recipient's time zone.",
  withoutConsent: "Skip SMS steps for contacts without SMS consent; the email steps still send.",
  content: "Start with the brand name, keep to one message of 160 characters or fewer, and end with 'Reply STOP to opt out'.",
} as const;

const SMS_NOTE = "SMS steps go only to contacts who gave SMS consent, and only between 8 am and 9 pm in the recipient's local time (otherwise held until 8 am).";

function lines(...items: string[]) {
  return items.map((item) => `• ${item}`).join("\n");
}

function step(
  stepNumber: number,
  channel: StepType,
  offsetMinutes: number,
  displayText: string,
  content: { title: string; primaryGoal: string; keyMessages: string; callToAction: string; notes?: string },
): FlowStep {
  const timing = timingForOffsetMinutes(offsetMinutes);
  return {
    stepNumber,
    channel,
    title: content.title,
    delayDays: Math.floor(offsetMinutes / DAY),
    timing: { ...timing, displayText },
    primaryGoal: content.primaryGoal,
    keyMessages: content.keyMessages,
    callToAction: content.callToAction,
    notes: channel === "SMS" ? [content.notes, `SMS consent required. ${SMS_NOTE}`].filter(Boolean).join(" ") : (content.notes ?? ""),
  };
}

const ALL = "All";

const onboarding: FlowRuleSeed<"onboarding"> = {
  flowName: "Welcome & Onboarding Series",
  flowType: "onboarding",
  businessType: ALL,
  communicationChannels: "Email only",
  purchaseDecisionTimeline: ALL,
  serviceFrequency: ALL,
  upsellOpportunity: ALL,
  trigger: "Joins the list (signup form, new account or lead-magnet opt-in) and has not bought yet.",
  exitRules: {
    exitWhen: ["Places a first order or books a first appointment: move to the post-purchase flow", "Unsubscribes or marks an email as spam"],
    skipWhen: ["Step 5 (offer reminder) when the welcome offer has already been used"],
    smsPolicy: SMS_POLICY,
  },
  notes: `Five emails over nine days: immediately, +1 day, +3 days, then every 3 days. The first email gets the series' highest open rate, so it carries the promised offer. ${SMS_NOTE}`,
  steps: [
    step(1, "Email", 0, "Immediately after signup", {
      title: "Welcome to [Company] — here's your [welcome offer]",
      primaryGoal: "Deliver the promised signup incentive and set expectations while interest is at its peak.",
      keyMessages: lines(
        "Thank them for joining and put the welcome offer (code, guide or first-visit perk) in the first lines",
        "One sentence on who you are and the problem you solve for [target audience]",
        "What they will get from your emails and how often",
      ),
      callToAction: "Claim your welcome offer",
      notes: "Send within minutes of signup. State the offer in the subject line.",
    }),
    step(2, "Email", DAY, "1 day after signup", {
      title: "Why we started [Company]",
      primaryGoal: "Build trust by telling the brand story and what makes you different.",
      keyMessages: lines(
        "The founder's or team's reason for starting, in three or four sentences",
        "The two or three things you do differently from the alternatives",
        "A short quote from a real customer that backs it up",
      ),
      callToAction: "See how we do it",
    }),
    step(3, "Email", 3 * DAY, "3 days after signup", {
      title: "Getting started is easy: 3 steps to [desired outcome]",
      primaryGoal: "Remove friction before the first purchase or booking by showing exactly how it works.",
      keyMessages: lines(
        "Three simple steps from choosing to getting the result",
        "Best sellers or most-booked services, with who each one is for",
        "Answers to the top pre-purchase question (delivery, sizing, booking or pricing)",
      ),
      callToAction: "Find the right one for you",
    }),
    step(4, "Email", 6 * DAY, "6 days after signup", {
      title: "Don't just take our word for it",
      primaryGoal: "Overcome hesitation with social proof.",
      keyMessages: lines(
        "Three short customer reviews with names (and photos where allowed)",
        "Your rating and number of reviews, press mentions or certifications",
        "The guarantee or returns policy that makes trying you risk-free",
      ),
      callToAction: "Read customer stories",
    }),
    step(5, "Email", 9 * DAY, "9 days after signup", {
      title: "Your welcome offer ends in 48 hours",
      primaryGoal: "Convert subscribers who have not bought yet before the welcome offer expires.",
      keyMessages: lines(
        "Clear reminder of the offer and its end date",
        "The single biggest benefit, restated in one line",
        "Risk reversal: guarantee, free returns or free cancellation",
      ),
      callToAction: "Use my offer before it expires",
      notes: "Buyers have already left the flow. Without a signup offer, lead with the guarantee and one best-seller instead.",
    }),
  ],
};

const abandonedCart: FlowRuleSeed<"abandoned_cart"> = {
  flowName: "Abandoned Cart Recovery",
  flowType: "abandoned_cart",
  businessType: ALL,
  communicationChannels: "Email + SMS",
  purchaseDecisionTimeline: ALL,
  serviceFrequency: ALL,
  upsellOpportunity: ALL,
  trigger: "An identified contact starts checkout or adds to cart and places no order within 1 hour.",
  exitRules: {
    exitWhen: ["Places an order (checked before every message)", "Empties the cart", "Unsubscribes or replies STOP (SMS)"],
    reentry: "At most once every 14 days per contact, so regular shoppers are not trained to wait for an incentive.",
    smsPolicy: SMS_POLICY,
  },
  notes: `Three messages at about 1 hour, 24 hours and 48 hours after abandonment. Only the last one carries an incentive. ${SMS_NOTE}`,
  steps: [
    step(1, "Email", HOUR, "1 hour after the cart is abandoned", {
      title: "Did you forget something?",
      primaryGoal: "Bring the shopper back to the saved cart while intent is fresh, without a discount.",
      keyMessages: lines(
        "The cart's items with images, names and prices",
        "A one-click link that restores the cart",
        "Reassurance on shipping, returns and delivery dates, plus a way to ask a question",
      ),
      callToAction: "Return to my cart",
      notes: "Send 1 to 4 hours after abandonment (1 hour by default). No incentive in this message.",
    }),
    step(2, "SMS", DAY, "24 hours after the cart is abandoned", {
      title: "Your cart is saved",
      primaryGoal: "A short, personal nudge on a second channel.",
      keyMessages: lines("[Company]: the [item] in your cart is still waiting for you", "Direct link back to checkout", "Reply STOP to opt out"),
      callToAction: "Tap to finish checkout",
      notes: "Contacts without SMS consent get this step as an email ('Still thinking it over?') with reviews of the items in their cart.",
    }),
    step(3, "Email", 2 * DAY, "48 hours after the cart is abandoned", {
      title: "A little something to help you decide",
      primaryGoal: "Recover price-sensitive shoppers with the flow's only incentive, limited in time.",
      keyMessages: lines(
        "The incentive (free shipping or 10% off) and when it expires (48 hours)",
        "Reviews of the items in the cart",
        "Low-stock notice only when it is true",
        "Guarantee and easy returns",
      ),
      callToAction: "Complete my order and save",
      notes: "The only message with an incentive; send 48 to 72 hours after abandonment. Prefer free shipping or a gift to a discount on high-margin carts.",
    }),
  ],
};

const leadNurture: FlowRuleSeed<"lead_nurture"> = {
  flowName: "Lead Nurture Sequence",
  flowType: "lead_nurture",
  businessType: ALL,
  communicationChannels: "Email only",
  purchaseDecisionTimeline: ALL,
  serviceFrequency: ALL,
  upsellOpportunity: ALL,
  trigger: "Downloads a lead magnet, registers for a webinar or asks for information, and is not a customer yet.",
  exitRules: {
    exitWhen: ["Converts: buys, books a call or consultation, or starts a trial", "Unsubscribes or marks an email as spam", "Sales marks the lead as qualified or lost"],
    smsPolicy: SMS_POLICY,
  },
  notes: `Eight emails: the promised asset on day 0, education from day 3 to day 14 (about twice a week), proof on days 25 and 30, then one clear call to action on day 35. ${SMS_NOTE}`,
  steps: [
    step(1, "Email", 0, "Immediately after opt-in", {
      title: "Here's your [lead magnet]",
      primaryGoal: "Deliver the promised asset and earn the right to send the next email.",
      keyMessages: lines("Download or access link in the first line", "What they will learn from it in two minutes", "What comes next: practical tips about twice a week"),
      callToAction: "Get your [lead magnet]",
    }),
    step(2, "Email", 3 * DAY, "3 days after opt-in", {
      title: "The real reason [problem] keeps happening",
      primaryGoal: "Educate: name the core problem and what it costs the reader.",
      keyMessages: lines("The problem described in the lead's own words", "The root cause most people miss", "One quick win they can apply today"),
      callToAction: "Read the full guide",
    }),
    step(3, "Email", 7 * DAY, "7 days after opt-in", {
      title: "A simple framework for [desired outcome]",
      primaryGoal: "Teach the method behind your offer and position you as the expert.",
      keyMessages: lines("A three- to five-step framework", "A worked example from a real case", "Where your product or service fits, without a hard sell"),
      callToAction: "See the framework in action",
    }),
    step(4, "Email", 10 * DAY, "10 days after opt-in", {
      title: "5 mistakes to avoid when choosing [category]",
      primaryGoal: "Shape the buying criteria so the lead can judge the options, yours included.",
      keyMessages: lines("The most common and costly mistakes", "What a good solution must do (criteria you meet)", "An honest comparison with the alternatives"),
      callToAction: "Compare your options",
    }),
    step(5, "Email", 14 * DAY, "14 days after opt-in", {
      title: "Your questions, answered",
      primaryGoal: "Remove the top objections: price, time and fit.",
      keyMessages: lines(
        "The top three reasons people hesitate, with honest answers",
        "The cost of doing nothing compared with the price",
        "What the first week with you looks like",
      ),
      callToAction: "Read the FAQ",
    }),
    step(6, "Email", 25 * DAY, "25 days after opt-in", {
      title: "How [customer] got [result]",
      primaryGoal: "Prove results with a customer story the lead can relate to.",
      keyMessages: lines("Before and after, with numbers", "How long it took and what they did", "A direct quote from the customer"),
      callToAction: "Read the full story",
    }),
    step(7, "Email", 30 * DAY, "30 days after opt-in", {
      title: "Why [number] customers trust [Company]",
      primaryGoal: "Lower the perceived risk of buying.",
      keyMessages: lines("Ratings, reviews and recognisable clients", "Credentials, certifications or press", "Guarantee terms, in plain words"),
      callToAction: "See our reviews",
    }),
    step(8, "Email", 35 * DAY, "35 days after opt-in", {
      title: "Ready when you are: [specific offer]",
      primaryGoal: "Convert with one clear next step.",
      keyMessages: lines(
        "The outcome they want, summed up in one line",
        "One specific offer (consultation, trial or first-order perk) with a deadline",
        "Exactly what happens after they click",
      ),
      callToAction: "Book your free consultation",
      notes: "One call to action only. Leads who do not convert move to the regular newsletter.",
    }),
  ],
};

const upsell: FlowRuleSeed<"upsell"> = {
  flowName: "Post-Purchase Upsell & Cross-Sell",
  flowType: "upsell",
  businessType: ALL,
  communicationChannels: "Email only",
  purchaseDecisionTimeline: ALL,
  serviceFrequency: ALL,
  upsellOpportunity: ALL,
  trigger: "An order is placed or a service is completed.",
  exitRules: {
    exitWhen: [
      "Buys the recommended product or upgrade (skips the cross-sell)",
      "The order is cancelled, refunded or returned: stop, no upsell after a bad experience",
      "Unsubscribes or marks an email as spam",
    ],
    pauseWhen: ["A support ticket is open"],
    smsPolicy: SMS_POLICY,
  },
  notes: `Four emails: thanks at once, how-to after 2 days, review request after 7 days, cross-sell after 14 days. ${SMS_NOTE}`,
  steps: [
    step(1, "Email", 0, "Immediately after the order", {
      title: "Thank you for your order, [first name]",
      primaryGoal: "Confirm, reassure and start a repeat relationship.",
      keyMessages: lines("A personal thank-you from the team", "What happens next: delivery or appointment details", "Where to get help if anything is not right"),
      callToAction: "Track your order",
      notes: "No selling in this email; it complements the receipt.",
    }),
    step(2, "Email", 2 * DAY, "2 days after the order", {
      title: "Get the most from your [product]",
      primaryGoal: "Drive use and satisfaction so that later offers land.",
      keyMessages: lines("A quick-start or care guide (a two-minute video works best)", "One pro tip most customers miss", "One common mistake to avoid"),
      callToAction: "Watch the 2-minute guide",
      notes: "Aim for it to arrive around delivery; for services, after the first session.",
    }),
    step(3, "Email", 7 * DAY, "7 days after the order", {
      title: "How are you getting on? Tell us in one click",
      primaryGoal: "Collect reviews and catch problems early.",
      keyMessages: lines("A one-click star rating", "Why reviews help other customers choose", "Low ratings go straight to support, not to a public review page"),
      callToAction: "Rate your purchase",
    }),
    step(4, "Email", 14 * DAY, "14 days after the order", {
      title: "Picked for you: goes perfectly with your [product]",
      primaryGoal: "Raise customer lifetime value with a relevant cross-sell or upgrade.",
      keyMessages: lines(
        "Two or three complementary products or packages, based on what they bought",
        "Why each one pairs with their purchase",
        "A bundle price or loyalty perk instead of a blanket discount",
      ),
      callToAction: "Shop your recommendations",
    }),
  ],
};

const sunset: FlowRuleSeed<"sunset"> = {
  flowName: "Sunset (Re-engagement) Flow",
  flowType: "sunset",
  businessType: ALL,
  communicationChannels: "Email only",
  purchaseDecisionTimeline: ALL,
  serviceFrequency: ALL,
  upsellOpportunity: ALL,
  trigger: "No click and no purchase for 120 days (90 days for brands that email several times a week, 180 days for monthly senders).",
  exitRules: {
    exitWhen: ["Clicks any email or buys: back to the active list (opens alone do not count, privacy protection inflates them)", "Unsubscribes"],
    afterLastStep: "No click within 3 days of the last email: suppress from marketing email. Keep the record as a suppression; do not delete it.",
    smsPolicy: SMS_POLICY,
  },
  notes: `Three emails about 3 days apart, then suppression. Removing inactive contacts protects sender reputation and keeps spam complaints under Gmail's 0.10%. ${SMS_NOTE}`,
  steps: [
    step(1, "Email", 0, "When the contact reaches the inactivity threshold", {
      title: "We miss you, [first name]. Still want to hear from us?",
      primaryGoal: "Re-engage or let the contact choose how often to hear from you.",
      keyMessages: lines(
        "Acknowledge that it has been a while, warmly and without guilt",
        "The best of what is new since they last engaged",
        "Choose fewer emails or different topics in the preference centre",
      ),
      callToAction: "Update my preferences",
    }),
    step(2, "Email", 3 * DAY, "3 days later", {
      title: "Here's what you've missed",
      primaryGoal: "Give one strong reason to come back.",
      keyMessages: lines("The three most popular new products, services or articles", "A comeback offer if the margin allows", "A recent review from a returning customer"),
      callToAction: "See what's new",
    }),
    step(3, "Email", 6 * DAY, "6 days after the first email", {
      title: "Should we stop emailing you?",
      primaryGoal: "Last chance: one click keeps them subscribed, otherwise they are suppressed.",
      keyMessages: lines("A short, honest note: we will stop emailing to keep your inbox clean", "One button to stay on the list", "How to come back any time"),
      callToAction: "Keep me on the list",
      notes: "No click within 3 days: suppress from marketing email.",
    }),
  ],
};

/** The default rule of each flow type, under its own type: a flow type without one does not compile. */
export const DEFAULT_FLOW_RULE_OF_TYPE: { readonly [T in FlowType]: FlowRuleSeed<T> } = {
  onboarding,
  lead_nurture: leadNurture,
  abandoned_cart: abandonedCart,
  upsell,
  sunset,
};

/** One rule per flow type, in the flow-type selector's order. */
export const DEFAULT_FLOW_RULES: readonly FlowRuleSeed[] = FLOW_TYPES.map((type) => DEFAULT_FLOW_RULE_OF_TYPE[type]);
