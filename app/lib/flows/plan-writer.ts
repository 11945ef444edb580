import { afterPurchase, boughtOnce, type BusinessFacts, brandSeed, leadMagnetOf, lowerStart, offerFor, standingPerkOf, theThing, verbBe, yourOffer } from "~/lib/business/facts";
import type { FlowType } from "~/lib/flow-types";
import type { TouchpointAngle } from "~/lib/flows/angles";
import { withArticle, withUnit } from "~/lib/business/model-specs";
import { anchoredOnboardingPlan } from "~/lib/flows/plans/onboarding";
import { anchoredStep, bullets, D, H, offerBrief, pick, type Plan, type PlannedStep, proofLine, smsStep, step, unitOf, worryLine } from "~/lib/flows/plans/steps";
import { roundSpanMinutes } from "~/lib/flows/summary";
import { formatDuration } from "~/lib/timing";

export type { Plan, PlannedStep };

/**
 * The offline planner's default plans: one per flow type, shaped by the business's facts rather
 * than filled into one skeleton. What kind of business it is decides the calls to action, the
 * exit rules and the steps (a shop sells, a subscription subscribes, a studio books, software
 * starts); how fast people decide sets the lead nurture's length (two weeks at most for impulse
 * and quick decisions, two weeks or more for research-heavy ones); the onboarding starts where
 * the business said it does; the buying cycle times replenishment and rebooking. Key messages are
 * the brief for whoever writes the copy, in the business's own facts.
 */

// ---------------------------------------------------------------------------------------------
// Onboarding

function onboardingPlan(facts: BusinessFacts, seed: number): Plan {
  const anchored = anchoredOnboardingPlan(facts, seed);
  if (anchored) return anchored;
  const offer = offerFor(facts, "onboarding");
  const unit = unitOf(facts);
  const fast = facts.decision === "impulse" || facts.decision === "quick";
  if (facts.onboardingStart === "first_booking" || (facts.onboardingStart === "first_purchase" && facts.kind === "service")) {
    const rebookDays = facts.cycleDays ? Math.min(45, Math.max(3, facts.cycleDays)) : 21;
    const steps: PlannedStep[] = [
      step(
        "Email",
        0,
        "the first booking",
        "thanks",
        pick([`You're booked: what to expect at your first ${unit}`, `Your first ${unit} is booked`, `Before your first ${unit}`], seed, 1),
        `Confirm the booking and make the first ${unit} feel easy.`,
        bullets(
          `Date, time, address and how to change the booking`,
          `What to bring and when to arrive`,
          facts.problem && `Why it helps: ${lowerStart(facts.problem, facts.brand)}`,
          facts.questions[0] && `Answer up front: ${facts.questions[0]}`,
        ),
        "Add it to my calendar",
      ),
      step(
        "Email",
        2 * D,
        "the first booking",
        "checkin",
        pick([`How was your first ${unit}?`, `How did it go?`], seed, 2),
        `Ask for feedback while the ${unit} is fresh, and catch any problem early.`,
        bullets(
          `One question: how was it? (a one-click rating)`,
          `A reply goes to a real person`,
          facts.difference && `Remind them what sets ${facts.brand} apart: ${lowerStart(facts.difference, facts.brand)}`,
        ),
        "Rate my visit",
      ),
      step(
        "Email",
        5 * D,
        "the first booking",
        "proof",
        pick([`What regulars say about ${facts.brand}`, `Why people keep coming back`], seed, 3),
        "Show what regular visits bring, with customers' own words.",
        bullets(proofLine(facts), facts.proof[1] && `Add: ${facts.proof[1]}`, facts.guarantee && `Reassure with the guarantee: ${facts.guarantee}`),
        "See what others say",
      ),
      step(
        "Email",
        rebookDays * D,
        "the first booking",
        "rebook",
        pick([`Time for your next ${unit}?`, `Ready to book your next ${unit}?`], seed, 4),
        `Bring them back at the rhythm that works (${formatDuration(rebookDays * D)} after the first ${unit}).`,
        bullets(`The best time to book the next ${unit}`, facts.guarantee && `Reassure: ${facts.guarantee}`, "Link straight to open slots"),
        facts.action.again,
      ),
    ];
    if (facts.usesSms)
      steps.splice(
        1,
        0,
        smsStep(
          facts,
          20 * H,
          "the first booking",
          "reminder",
          `Reminder: your ${unit} is coming up`,
          `A friendly reminder with the time and a link to reschedule.`,
          "Tap to see the details",
        ),
      );
    return {
      trigger: facts.onboardingStage ? `${facts.onboardingStage}.` : `Books a first ${unit}.`,
      exitRules: [`Cancels the booking without rebooking`, `Books a second ${unit}: move to the regulars' flow`, "Unsubscribes or marks an email as spam"],
      strategy: `It starts at the first booking, prepares the first ${unit}, asks how it went and invites a second visit after ${formatDuration(rebookDays * D)}.`,
      goal: `turn a first booking into regular visits`,
      steps,
    };
  }
  if (facts.onboardingStart === "first_purchase") {
    const cycle = facts.cycleDays ?? null;
    const subscription = facts.kind === "subscription";
    const steps: PlannedStep[] = [
      step(
        "Email",
        0,
        "the first order",
        "thanks",
        pick([`Thank you for your ${facts.action.first}`, `Your ${facts.action.first} is confirmed`], seed, 1),
        "Confirm the order and say what happens next.",
        bullets(
          "Order summary and delivery estimate",
          `Who ${facts.brand} is, in one line`,
          facts.difference && `What sets it apart: ${lowerStart(facts.difference, facts.brand)}`,
        ),
        "Track my order",
      ),
      step(
        "Email",
        3 * D,
        "the first order",
        "howto",
        pick([`Get the most from your ${facts.product || "order"}`, `How to enjoy it from day one`], seed, 2),
        "Help them succeed with the product so the second order follows.",
        bullets(
          facts.product && `Three tips for using ${lowerStart(facts.product, facts.brand)}`,
          facts.questions[0] && `Answer: ${facts.questions[0]}`,
          facts.objections[0] && worryLine(facts.objections[0], facts.brand, "Head off the worry"),
        ),
        "Read the tips",
      ),
      // Asked only once it has arrived: timed from delivery, not from the order.
      anchoredStep(
        step(
          "Email",
          0,
          "delivery",
          "checkin",
          "How is it going so far?",
          "Ask for a review once it has arrived and been tried.",
          bullets("A one-click rating, and a reply goes to a real person", proofLine(facts), facts.guarantee && `Remind them: ${facts.guarantee}`),
          "Leave a quick review",
        ),
        { event: "delivery", direction: "after", minutes: 4 * D },
        3 * D,
      ),
    ];
    if (cycle) {
      steps.push(
        step(
          "Email",
          Math.max(10, cycle - 5) * D,
          "the first order",
          subscription ? "upgrade" : "replenish",
          subscription ? "Your next delivery is coming" : "Running low?",
          subscription ? "Keep the subscription going: what's in the next delivery and how to change it." : "Time the reorder to the buying cycle.",
          bullets(
            subscription ? "What's in the next delivery, and how to skip, swap or pause" : `Reorder in one click before they run out (about every ${formatDuration(cycle * D)})`,
            standingPerkOf(facts) && `Remind them: ${standingPerkOf(facts)!.text}`,
          ),
          subscription ? "Manage my delivery" : "Reorder now",
        ),
      );
    }
    return {
      trigger: facts.onboardingStage ? `${facts.onboardingStage}.` : "Places a first order.",
      exitRules: ["Places a second order: move to the repeat-customer flow", "Asks for a refund", "Unsubscribes or marks an email as spam"],
      strategy: "It starts after the first order and makes the first experience a success, so the second order follows.",
      goal: "turn a first order into a second one",
      steps,
    };
  }
  // From signup to the first order, booking, subscription or demo.
  const g = fast ? [0, D, 2 * D, 4 * D, 6 * D] : facts.decision === "research" ? [0, 2 * D, 5 * D, 9 * D, 14 * D] : [0, D, 3 * D, 6 * D, 9 * D];
  const howTitle: Record<BusinessFacts["kind"], string[]> = {
    product: [`How to choose your first ${facts.product ? lowerStart(facts.product, facts.brand).split(" ").slice(-1)[0] : "order"}`, "Our best sellers, and who they're for"],
    subscription: ["How your subscription works", "Skip, swap or pause: it's your plan"],
    service: [`What happens at your first ${unit}`, `Your first ${unit}, step by step`],
    digital: ["Up and running in three steps", "Your first steps, one at a time"],
  };
  const steps: PlannedStep[] = [
    step(
      "Email",
      g[0]!,
      "signup",
      "welcome",
      offer
        ? pick([`Welcome to ${facts.brand}: ${offer.headline.toLowerCase()} inside`, `Welcome! Here's ${offer.headline.toLowerCase()}`], seed, 1)
        : pick([`Welcome to ${facts.brand}`, `You're in: welcome to ${facts.brand}`], seed, 1),
      offer ? "Deliver the welcome offer and set expectations while interest is at its peak." : "Welcome them and set expectations while interest is at its peak.",
      bullets(
        offer && `Lead with the offer: ${offerBrief(offer)}`,
        facts.product && `One line on what ${facts.brand} offers: ${lowerStart(facts.product, facts.brand)}`,
        facts.audience && `Written for ${lowerStart(facts.audience, facts.brand)}`,
        "What the emails will bring, and how often",
      ),
      offer ? `Claim ${offer.headline.toLowerCase()}` : facts.action.cta,
    ),
    step(
      "Email",
      g[1]!,
      "signup",
      "story",
      pick([`How ${facts.brand} is different`, `What makes ${facts.brand} different`, `The ${facts.brand} way`], seed, 2),
      "Build trust with what makes the business different.",
      bullets(facts.difference && `The difference: ${facts.difference}`, facts.problem && `The problem it fixes: ${lowerStart(facts.problem, facts.brand)}`, proofLine(facts)),
      pick(["See how we do it", "See what's different"], seed, 3),
    ),
    step(
      "Email",
      g[2]!,
      "signup",
      "howto",
      pick(howTitle[facts.kind], seed, 4),
      `Remove friction before the ${facts.action.first} by showing exactly how it works.`,
      bullets(
        facts.kind === "service"
          ? `What the first ${unit} looks like, from booking to ${facts.remote ? "the end of the call" : "leaving"}`
          : facts.kind === "subscription"
            ? "How delivery, skipping and cancelling work"
            : facts.kind === "digital"
              ? "The three steps to a first result"
              : "Best sellers, and who each one is for",
        facts.questions[0] && `Answer: ${facts.questions[0]}`,
        facts.objections[0] && worryLine(facts.objections[0], facts.brand, "Head off the worry"),
      ),
      facts.action.cta,
    ),
    step(
      "Email",
      g[3]!,
      "signup",
      "proof",
      pick(["Don't just take our word for it", `What customers say about ${facts.brand}`, "Real people, real results"], seed, 5),
      "Overcome hesitation with social proof.",
      bullets(
        proofLine(facts) ?? "Two or three short reviews with first names",
        facts.proof[1] && `Add: ${facts.proof[1]}`,
        facts.guarantee && `Make trying risk-free: ${facts.guarantee}`,
      ),
      pick(["Read the reviews", "See what they say"], seed, 6),
    ),
    step(
      "Email",
      g[4]!,
      "signup",
      offer ? "urgency" : "offer",
      offer
        ? pick([`${yourOffer(offer.headline)} ${verbBe(offer.headline)} still waiting`, `Don't miss ${offer.headline.toLowerCase()}`], seed, 7)
        : pick([`Ready for your ${facts.action.first}?`, "Whenever you're ready"], seed, 7),
      offer ? `Convert those who have not bought yet while the welcome offer still stands.` : `Invite the ${facts.action.first} with the guarantee and one best choice.`,
      bullets(
        offer && `Remind them of the offer exactly as given: ${offerBrief(offer)}`,
        offer?.condition && `Condition: ${offer.condition}`,
        facts.guarantee && `Risk reversal: ${facts.guarantee}`,
        "The single biggest benefit, in one line",
      ),
      facts.action.cta,
    ),
  ];
  return {
    trigger: facts.b2b ? "Signs up for an account or a trial, and has not become a customer yet." : "Joins the list (signup form or new account) and has not bought yet.",
    exitRules: [`${facts.action.exit}: move to the customer flows`, "Unsubscribes or marks an email as spam"],
    strategy: offer
      ? `It opens with ${offer.headline.toLowerCase()} and leads to the ${facts.action.first} within ${formatDuration(g[4]!)}.`
      : `It leads from signup to the ${facts.action.first} within ${formatDuration(g[4]!)}.`,
    steps,
  };
}

// ---------------------------------------------------------------------------------------------
// Lead nurture

function leadNurturePlan(facts: BusinessFacts, seed: number): Plan {
  const magnet = leadMagnetOf(facts);
  // The lead nurture drives to the owner's stated goal from the first email: its button, where the goal reads as one.
  const goal = facts.goalCta || facts.action.cta;
  const incentive = offerFor(facts, "lead_nurture", { incentiveOnly: true });
  const unit = unitOf(facts);
  const schedule: Record<BusinessFacts["decision"], number[]> = {
    impulse: [0, D, 3 * D, 5 * D, 7 * D],
    quick: [0, D, 3 * D, 6 * D, 10 * D],
    considered: [0, 2 * D, 5 * D, 9 * D, 14 * D, 21 * D],
    research: [0, 3 * D, 7 * D, 14 * D, 21 * D, 30 * D, 40 * D],
  };
  const g = schedule[facts.decision];
  const after = magnet ? "opt-in" : "signup";
  // Regular visits: a consumer service with a rhythm, never a big one-off purchase or an agency's clients.
  const repeats = facts.cycleDays !== null && !boughtOnce(facts) && !facts.b2b;
  const angles: Record<BusinessFacts["kind"], Array<[TouchpointAngle, string[], string, string]>> = {
    product: [
      [
        "education",
        [`What to look for in ${facts.product ? lowerStart(facts.product, facts.brand) : "a good one"}`, "What to look for, before you buy"],
        "Teach what quality looks like, so the choice is easy.",
        "See what to look for",
      ],
      ["proof", ["Why customers come back", `The reviews behind ${facts.brand}`], "Let customers make the case.", "Read the reviews"],
      [
        "objection",
        [facts.objections[0] ? "The question everyone asks first" : "Your questions, answered", "Before you order: quick answers"],
        "Answer the worry that stops the first order.",
        "Get the answers",
      ],
      ["story", [`What makes ${facts.brand} different`, `How ${facts.brand} does it`], "Say what sets the product apart and the problem it fixes.", "See how we do it"],
      ["howto", ["How to choose your first order", "Our best sellers, and who they're for"], "Make the first choice easy.", "Find the right one"],
    ],
    subscription: [
      ["education", ["How the subscription works", "What arrives, and when"], "Show exactly what a member gets and how flexible it is.", "See how it works"],
      ["proof", ["What members say", "Why members stay"], "Let members make the case.", "Hear from members"],
      ["objection", ["Skip, pause or cancel any time?", "The small print, in plain words"], "Answer the commitment worry.", "See the details"],
      [
        "story",
        [`What makes ${facts.brand} different`, `How ${facts.brand} is different`],
        "Say what sets the subscription apart and the problem it fixes.",
        "See what's different",
      ],
      ["howto", ["Choosing your first delivery", "Make it yours: picking a plan"], "Make the first choice easy.", "Choose my plan"],
    ],
    service: [
      ["education", [`What to expect at your first ${unit}`, `Your first ${unit}, step by step`], `Make the first ${unit} feel easy and familiar.`, "See what to expect"],
      // Regulars and regular visits belong to a service people come back to; a one-off (a wedding, an installation) has clients and a process.
      [
        "proof",
        [repeats ? "Stories from our regulars" : `What clients say about ${facts.brand}`, `Why people choose ${facts.brand}`],
        "Let clients make the case.",
        "Read their stories",
      ],
      [
        "objection",
        [facts.objections[0] ? "The worry we hear most, answered" : `Your questions about your first ${unit}`, "Before you book: quick answers"],
        "Answer the worry that stops the first booking.",
        "Get the answers",
      ],
      ["story", [`Meet the people behind ${facts.brand}`, `What makes ${facts.brand} different`], "Introduce the team and what sets them apart.", "Meet the team"],
      repeats
        ? ["howto", [`Getting the most from every ${unit}`, `How it works at ${facts.brand}`], "Help them plan regular visits.", "Plan my visits"]
        : [
            "howto",
            [`How it works after your first ${unit}`, `How it works at ${facts.brand}`],
            `Show what happens after the first ${unit}, so the next step feels easy.`,
            "See how it works",
          ],
    ],
    // Software sold to a business speaks of teams, switching and rollouts; software for people speaks of them.
    digital: facts.b2b
      ? [
          [
            "education",
            [facts.problem ? "What the problem really costs" : "The hidden cost of doing it by hand", "A better way to work"],
            "Show the cost of the problem and a better way.",
            "See the better way",
          ],
          ["proof", ["How teams like yours did it", "Results from customers like you"], "Prove it with a customer like them.", "Read the case study"],
          [
            "objection",
            [facts.objections[0] ? "Is switching risky? What it really takes" : "Questions teams ask before they switch", "What switching really takes"],
            "Answer the risk of switching.",
            "See how switching works",
          ],
          [
            "story",
            [`How ${facts.brand} is different`, `What makes ${facts.brand} different`],
            "Say what sets the product apart and the problem it fixes.",
            "See what's different",
          ],
          ["howto", ["Your first week, step by step", "What a rollout looks like"], "Show how the first weeks go, so the demo feels safe.", "See the rollout plan"],
        ]
      : [
          ["education", [`There's a better way, with ${facts.brand}`, "A better way to do it"], "Show the problem and a better way.", "See the better way"],
          ["proof", [`What people say about ${facts.brand}`, `Why people choose ${facts.brand}`], "Let people like them make the case.", "See what people say"],
          ["objection", ["Your questions, answered", "Before you decide: quick answers"], "Answer the worry that stops people starting.", "Get the answers"],
          [
            "story",
            [`How ${facts.brand} is different`, `What makes ${facts.brand} different`],
            "Say what sets the product apart and the problem it fixes.",
            "See what's different",
          ],
          ["howto", ["Your first week, step by step", "Getting started, step by step"], "Show how the first days go, so starting feels easy.", "See how it starts"],
        ],
  };
  const middle = angles[facts.kind];
  const steps: PlannedStep[] = [
    magnet
      ? step(
          "Email",
          0,
          after,
          "magnet",
          `Here's your ${magnet.headline.replace(/^(A|An|The|Your) /, "").toLowerCase()}`,
          "Deliver what they asked for and introduce the business.",
          bullets(
            `Deliver it: ${magnet.text}`,
            `One line on who ${facts.brand} is`,
            facts.audience && `Written for ${lowerStart(facts.audience, facts.brand)}`,
            "What the next emails will bring",
          ),
          "Get my copy",
        )
      : step(
          "Email",
          0,
          after,
          "welcome",
          pick([`Thanks for your interest in ${facts.brand}`, `Welcome to ${facts.brand}`], seed, 1),
          "Welcome the lead and set expectations.",
          bullets(
            facts.product && `What ${facts.brand} offers: ${lowerStart(facts.product, facts.brand)}`,
            facts.audience && `Who it is for: ${lowerStart(facts.audience, facts.brand)}`,
            "What the next emails will bring",
          ),
          goal,
        ),
  ];
  const middleCount = g.length - 2;
  for (let i = 0; i < middleCount; i++) {
    const [angle, titles, goal, cta] = middle[i % middle.length]!;
    const cycle = Math.floor(i / middle.length);
    const title = pick(titles, seed, 10 + i);
    const brief =
      angle === "education"
        ? bullets(
            facts.problem && `Start from the problem: ${lowerStart(facts.problem, facts.brand)}`,
            facts.difference && `Show the difference: ${facts.difference}`,
            facts.questions[i % Math.max(1, facts.questions.length)] && `Answer: ${facts.questions[i % facts.questions.length]}`,
          )
        : angle === "story"
          ? bullets(facts.difference && `The difference: ${facts.difference}`, facts.problem && `The problem it fixes: ${lowerStart(facts.problem, facts.brand)}`)
          : angle === "howto"
            ? bullets(facts.questions[1] && `Answer: ${facts.questions[1]}`, facts.product && `Start from ${lowerStart(facts.product, facts.brand)}`)
            : angle === "proof"
              ? bullets(
                  facts.reviews[i % Math.max(1, facts.reviews.length)] ? `Quote a customer: "${facts.reviews[i % facts.reviews.length]}"` : null,
                  facts.proof[0] && `Lead with the proof: ${facts.proof[0]}`,
                  facts.proof[1] && `Add: ${facts.proof[1]}`,
                  !facts.reviews.length && !facts.proof.length && "One short customer story with a first name and a result",
                )
              : bullets(
                  facts.objections[0] ? worryLine(facts.objections[0], facts.brand) : "The two questions asked most before buying",
                  facts.questions[0] && `Answer: ${facts.questions[0]}`,
                  facts.guarantee && `Reassure: ${facts.guarantee}`,
                );
    const second = titles.find((t) => t !== title) ?? `${title.replace(/\?$/, "")}: part two`;
    steps.push(step("Email", g[i + 1]!, after, angle, cycle > 0 ? second : title, goal, brief, cta));
  }
  steps.push(
    step(
      "Email",
      g[g.length - 1]!,
      after,
      "offer",
      incentive
        ? pick(
            incentive.headline.toLowerCase().includes(unit)
              ? [`Ready when you are: ${incentive.headline.toLowerCase()}`, `Still yours: ${incentive.headline.toLowerCase()}`]
              : [`Ready when you are: ${incentive.headline.toLowerCase()}`, `For your ${facts.action.first}: ${incentive.headline.toLowerCase()}`],
            seed,
            20,
          )
        : pick([`Ready for your ${facts.action.first}?`, "Whenever you're ready, we're here"], seed, 20),
      `Make the ${facts.action.first} an easy yes.`,
      bullets(
        incentive && `The offer exactly as given: ${offerBrief(incentive)}`,
        facts.guarantee && `Risk reversal: ${facts.guarantee}`,
        facts.goal ? `Drive to the goal, in the owner's words: ${facts.goal}` : `One clear next step: ${goal.toLowerCase()}`,
      ),
      incentive ? `Claim ${incentive.headline.toLowerCase()}` : goal,
    ),
  );
  if (facts.usesSms) {
    const at = roundSpanMinutes((g[g.length - 2]! + g[g.length - 1]!) / 2);
    steps.splice(
      steps.length - 1,
      0,
      smsStep(
        facts,
        at,
        after,
        "reminder",
        facts.kind === "service" ? `A quick text: book your first ${unit}` : "A quick text before the last email",
        "A short personal nudge on a second channel for leads who have not acted.",
        facts.kind === "service" ? "Tap to book" : "Tap to take a look",
      ),
    );
  }
  const span = formatDuration(g[g.length - 1]!);
  return {
    trigger: magnet
      ? `Downloads ${theThing(magnet.headline, facts.brand)} or asks for information, and is not a customer yet.`
      : "Asks for information or joins the list, and is not a customer yet.",
    exitRules: [`${facts.action.exit}: move to onboarding`, "Unsubscribes or marks an email as spam"],
    strategy: `People decide ${facts.decision === "impulse" ? "on impulse" : facts.decision === "quick" ? "within a day" : facts.decision === "research" ? "after weeks of research" : "within a week"}, so it runs ${span}${magnet ? `, starting with ${lowerStart(magnet.headline, facts.brand)}` : ""}.`,
    steps,
  };
}

// ---------------------------------------------------------------------------------------------
// Abandoned cart

function abandonedCartPlan(facts: BusinessFacts, seed: number): Plan {
  const incentive = offerFor(facts, "abandoned_cart", { incentiveOnly: true });
  const unit = unitOf(facts);
  const what = facts.abandoned;
  const booking = what === "booking";
  const abandoned = what === "cart" ? "checkout is abandoned" : `the ${what} is abandoned`;
  const steps: PlannedStep[] = [
    step(
      "Email",
      H,
      abandoned,
      "cart",
      pick(
        booking
          ? ["Your booking isn't finished", `Still want that ${unit}?`]
          : what === "cart"
            ? ["Did you forget something?", "Your cart is waiting"]
            : [`Your ${what} is almost done`, `Finish your ${what} in a minute`],
        seed,
        1,
      ),
      `Bring them back while intent is fresh, with nothing but a reminder.`,
      bullets(
        booking ? `The ${unit} they chose, the time and how to finish` : "The items left behind, with images and prices",
        standingPerkOf(facts) && `Remind them: ${standingPerkOf(facts)!.text}`,
        facts.questions[0] && `Answer: ${facts.questions[0]}`,
      ),
      booking ? "Finish my booking" : what === "cart" ? "Return to my cart" : `Finish my ${what}`,
    ),
    step(
      "Email",
      D,
      abandoned,
      "objection",
      pick(
        booking
          ? [`Questions before you book your ${unit}?`, "Still deciding? Here's what helps"]
          : facts.model === "subscription"
            ? [`Questions about your ${what}?`, "Skip, pause or cancel: how it works"]
            : ["Any questions before you decide?", "Still deciding? Here's what helps"],
        seed,
        2,
      ),
      "Answer the doubt behind the abandonment.",
      bullets(
        facts.objections[0] ? worryLine(facts.objections[0], facts.brand) : "Delivery, returns and payment, in three lines",
        proofLine(facts),
        facts.guarantee && `Reassure: ${facts.guarantee}`,
      ),
      facts.action.finish,
    ),
    step(
      "Email",
      2 * D,
      abandoned,
      incentive ? "offer" : "urgency",
      incentive
        ? pick([`${incentive.headline}, if you finish today`, `A little something: ${incentive.headline.toLowerCase()}`], seed, 3)
        : booking
          ? `Your ${unit} time won't wait forever`
          : facts.model === "subscription"
            ? `Last reminder: your ${what} is waiting`
            : "Last reminder before we let it go",
      incentive
        ? "Tip the undecided over with the business's own offer, on the last message only."
        : `A last reminder${facts.guarantee ? " with the guarantee" : ""}, and nothing the business did not offer.`,
      bullets(
        incentive ? `The offer exactly as given: ${offerBrief(incentive)}` : "Say plainly that this is the last reminder",
        facts.guarantee && `Risk reversal: ${facts.guarantee}`,
      ),
      incentive ? `Claim ${incentive.headline.toLowerCase()}` : facts.action.finish,
    ),
  ];
  if (facts.usesSms)
    steps.splice(
      1,
      0,
      smsStep(
        facts,
        4 * H,
        abandoned,
        "reminder",
        booking ? "Your booking is saved" : what === "cart" ? "Your cart is saved" : `Your ${what} is saved`,
        "A short reminder with one link back.",
        booking ? "Tap to finish booking" : what === "cart" ? "Tap to finish checkout" : `Tap to finish your ${what}`,
      ),
    );
  return {
    trigger: booking
      ? `Starts booking ${withArticle(unit)} and does not finish within 1 hour.`
      : what === "cart"
        ? `An identified contact starts checkout and places no order within 1 hour.`
        : `An identified contact starts ${withArticle(what)} and does not finish it within 1 hour.`,
    exitRules: [booking ? `Books the ${unit} (checked before every message)` : `${facts.action.exit} (checked before every message)`, "Unsubscribes or replies STOP (SMS)"],
    strategy: incentive
      ? `Three reminders at 1 hour, 1 day and 2 days; only the last carries ${incentive.headline.toLowerCase()}.`
      : "Three reminders at 1 hour, 1 day and 2 days, each with only what the business offers.",
    steps,
  };
}

// ---------------------------------------------------------------------------------------------
// Upsell

/** The upsell's closing text: a visit is rebooked and goods reordered; a plan (a subscription, software) renews itself, so it points to what more it offers. */
function upsellReminder(facts: BusinessFacts, unit: string): [title: string, cta: string] {
  if (facts.kind === "service") return [`Book your next ${unit}`, "Tap to book"];
  if (facts.kind === "product") return ["A quick reorder reminder", "Tap to reorder"];
  return ["More from your plan", "Tap to see the options"];
}

/** After a one-off service (an installation, a wedding, a car): thanks, what goes with it and its care, then a referral. */
function oneOffServiceUpsell(facts: BusinessFacts, seed: number, unit: string): PlannedStep[] {
  return [
    step(
      "Email",
      0,
      `the ${unit}`,
      "thanks",
      pick([`Thanks for choosing ${facts.brand}`, `Thank you from ${facts.brand}`], seed, 1),
      "Thank them and say who to contact from here.",
      bullets("Thank them by name", facts.difference && `What sets ${facts.brand} apart: ${facts.difference}`, facts.questions[0] && `Answer: ${facts.questions[0]}`),
      "Get in touch",
    ),
    step(
      "Email",
      14 * D,
      `the ${unit}`,
      "crosssell",
      pick(["What goes with it", "Looking after it, and what goes with it"], seed, 2),
      "Show the add-ons and the care that go with what they bought, in the owner's words.",
      bullets(facts.product && `What else the business does: ${lowerStart(facts.product, facts.brand)}`, facts.guarantee && `How it is looked after: ${facts.guarantee}`),
      "See what goes with it",
    ),
    step(
      "Email",
      30 * D,
      `the ${unit}`,
      "referral",
      pick(["Know someone who'd want the same?", "Pass it on?"], seed, 3),
      // A referral scheme is named only when the owner runs one.
      facts.referral ? "Ask for a referral, with the perk the business gives for one." : "Ask them to pass the business on to someone who needs the same.",
      bullets(facts.referral ? `The perk, in the owner's words: ${facts.referral}` : "One link to pass on to a friend", proofLine(facts)),
      facts.referral ? "Refer a friend" : "Pass it on",
    ),
  ];
}

function upsellPlan(facts: BusinessFacts, seed: number): Plan {
  const unit = unitOf(facts);
  const cycle = facts.cycleDays ?? (facts.kind === "service" ? 28 : 30);
  const perk = standingPerkOf(facts);
  const booking = facts.kind === "service";
  // The invite comes a little before the next visit or order is due, and the text when it is due.
  const inviteDay = Math.max(booking ? 2 : 7, Math.round(cycle * 0.85));
  const once = booking && boughtOnce(facts);
  const steps: PlannedStep[] = once
    ? oneOffServiceUpsell(facts, seed, unit)
    : booking
      ? [
          step(
            "Email",
            0,
            `the ${unit}`,
            "thanks",
            pick(
              facts.remote
                ? [`Thank you for your ${unit}`, `Thanks for joining us`]
                : [facts.atCustomer ? `Thanks for having us` : `Thanks for coming in`, `Thank you for your ${unit}`],
              seed,
              1,
            ),
            "Thank them and make the next visit the natural step.",
            bullets(
              facts.remote || facts.atCustomer ? `Thank them by name for the ${unit}` : "Thank them by name for the visit",
              facts.remote ? "One tip to keep practising between sessions" : "One tip to keep the benefit going at home",
              facts.difference && `What sets ${facts.brand} apart: ${facts.difference}`,
            ),
            "See your booking details",
          ),
          step(
            "Email",
            Math.max(2, Math.round(cycle / 3)) * D,
            `the ${unit}`,
            facts.bundle ? "upgrade" : "proof",
            // Only a bundle the owner sells is offered, in their words; without one, the step is proof.
            facts.bundle
              ? pick([`About ${theThing(facts.bundle, facts.brand)}`, "Make it a habit"], seed, 2)
              : pick([`Why ${facts.spec.people} come back`, `What regulars say`], seed, 2),
            facts.bundle ? "Offer the bundle the business sells to regulars, exactly as it describes it." : "Show what regular visits bring, in others' words.",
            bullets(facts.bundle && `The bundle, in the owner's words: ${facts.bundle}`, proofLine(facts), facts.guarantee && `Reassure: ${facts.guarantee}`),
            facts.bundle ? "See the options" : "See what they say",
          ),
          step(
            "Email",
            inviteDay * D,
            `the ${unit}`,
            "rebook",
            pick([`Time for your next ${unit}?`, `Your next ${unit} is due`], seed, 3),
            `Rebook at the rhythm the business sees (${formatDuration(cycle * D)}).`,
            bullets(`Invite them to book the next ${unit}`, "Link straight to open slots"),
            facts.action.again,
          ),
        ]
      : facts.durable
        ? [
            // A table or a ring is bought once in years: no reorder. The plan looks after the purchase and turns it into reviews, referrals and what goes with it.
            step(
              "Email",
              0,
              "the order",
              "thanks",
              pick(["Thank you for your order", `Thanks for choosing ${facts.brand}`], seed, 1),
              "Confirm the order and say what happens between now and delivery.",
              bullets(
                "Order summary, lead time and what happens next",
                facts.difference && `What sets ${facts.brand} apart: ${facts.difference}`,
                facts.questions[0] && `Answer: ${facts.questions[0]}`,
              ),
              "Track your order",
            ),
            step(
              "Email",
              21 * D,
              "the order",
              "checkin",
              pick(["How is it settling in?", "How are you finding it?"], seed, 2),
              "Check in once it has arrived, share a care tip and ask for a review.",
              bullets("How to look after it, in three lines", "Ask for a review, with a photo if they like", facts.guarantee && `Reassure: ${facts.guarantee}`),
              "Leave a review",
            ),
            step(
              "Email",
              45 * D,
              "the order",
              "crosssell",
              pick(["Goes well with your last order", "Picked for you"], seed, 3),
              "Recommend what goes with the first purchase, and invite a referral.",
              bullets("Two or three pieces that go with what they bought", proofLine(facts), "A friend who would love one too? Invite them"),
              "See what goes with it",
            ),
          ]
        : [
            step(
              "Email",
              0,
              "the order",
              "thanks",
              // Software is not shipped: its buyers are welcomed and set up.
              facts.kind === "digital"
                ? pick([`Thanks for choosing ${facts.brand}`, "You're all set"], seed, 1)
                : facts.model === "shop"
                  ? pick(["Thank you for your order", `Thanks for choosing ${facts.brand}`], seed, 1)
                  : pick([`Thanks for choosing ${facts.brand}`, `Thank you from ${facts.brand}`], seed, 1),
              facts.kind === "digital" ? "Confirm the purchase and get them set up." : "Confirm the order and set up the next purchase.",
              bullets(
                facts.kind === "digital" ? "What happens next, and the first thing to set up" : "Order summary and what happens next",
                facts.product && `How to get the most from ${lowerStart(facts.product, facts.brand)}`,
              ),
              facts.kind === "digital" ? "Get set up" : "Track your order",
            ),
            step(
              "Email",
              Math.max(3, Math.round(cycle / 3)) * D,
              "the order",
              "crosssell",
              facts.kind === "digital"
                ? pick(["What to try next", `Getting more from ${facts.brand}`], seed, 2)
                : pick(["Picked for you", "Goes well with your last order", "You might also like"], seed, 2),
              "Recommend what goes with the first purchase.",
              bullets("Two or three items that go with what they bought", proofLine(facts), perk && `Remind them: ${perk.text}`),
              facts.kind === "digital" ? "See what's next" : "Shop your recommendations",
            ),
            // Without a buying cycle the owner gave, a product gets no "time to reorder": a review request instead.
            !facts.cycleDays && facts.kind === "product"
              ? step(
                  "Email",
                  21 * D,
                  "the order",
                  "checkin",
                  pick(["How is it going?", "How did we do?"], seed, 3),
                  "Ask for a review once they have used it.",
                  bullets("Ask for a short review", proofLine(facts)),
                  "Leave a review",
                )
              : step(
                  "Email",
                  inviteDay * D,
                  "the order",
                  facts.kind === "subscription" ? "upgrade" : "replenish",
                  facts.kind === "subscription"
                    ? pick(["Upgrade your plan", "More of what you love"], seed, 3)
                    : facts.kind === "digital"
                      ? "Ready for more?"
                      : pick(["Running low?", "Time to restock?"], seed, 3),
                  facts.kind === "subscription"
                    ? "Offer the bigger plan or an add-on."
                    : facts.kind === "digital"
                      ? "Show the upgrade that fits how they use it."
                      : `Time the reorder to the buying cycle (about every ${formatDuration(cycle * D)}).`,
                  bullets(facts.kind === "product" ? "Reorder in one click" : "What the upgrade adds", facts.guarantee && `Reassure: ${facts.guarantee}`),
                  facts.kind === "digital" ? "Compare plans" : facts.action.again,
                ),
          ];
  if (facts.usesSms && (facts.durable || once))
    steps.push(smsStep(facts, 23 * D, "the order", "reminder", "A quick review request", "A short thank-you with one link to leave a review.", "Tap to review"));
  else if (facts.usesSms && (booking || facts.cycleDays || facts.kind !== "product")) {
    const [title, cta] = upsellReminder(facts, unit);
    steps.push(smsStep(facts, Math.max(cycle, inviteDay + 1) * D, booking ? `the ${unit}` : "the order", "reminder", title, "A short reminder with one link.", cta));
  }
  return {
    trigger: booking
      ? `Completes ${withArticle(unit)}.`
      : facts.kind === "digital"
        ? "Buys a plan."
        : facts.model === "shop"
          ? "Places an order."
          : withUnit(facts.spec.servedTrigger, facts.unit),
    exitRules: [
      once
        ? "Books more work or refers someone"
        : booking
          ? `Books the next ${unit} or buys a package`
          : facts.kind === "digital"
            ? "Upgrades their plan or buys an add-on"
            : "Places another order",
      "Unsubscribes or marks an email as spam",
    ],
    strategy: once
      ? "Bought once, not on a rhythm: it thanks them, offers what goes with it and how it is looked after, and asks for a referral, never a next visit."
      : facts.durable
        ? "A piece like this is bought once in years, so it looks after the purchase and turns it into reviews, referrals and what goes with it."
        : `Timed to the buying cycle: the next ${booking ? unit : "purchase"} is invited after about ${formatDuration(cycle * D)}.`,
    steps,
  };
}

// ---------------------------------------------------------------------------------------------
// Sunset

function sunsetPlan(facts: BusinessFacts, seed: number, inactivityDays: number): Plan {
  const steps: PlannedStep[] = [
    step(
      "Email",
      0,
      "the inactivity threshold",
      "reactivation",
      pick([`We miss you at ${facts.brand}`, "It's been a while", "Still with us?"], seed, 1),
      "Re-engage with what the business does, with no pressure and no claim of news.",
      bullets(facts.product && `A reminder of ${lowerStart(facts.product, facts.brand)}`, "One link to update preferences instead of leaving"),
      // Only a business people come back to on a cycle invites the next order or visit; software invites them back in, the others to the first step.
      facts.cycleDays || facts.kind === "digital" ? facts.action.again : facts.action.cta,
    ),
    step(
      "Email",
      4 * D,
      "the inactivity threshold",
      "proof",
      pick(
        facts.kind === "service" && boughtOnce(facts)
          ? [`What clients say about ${facts.brand}`]
          : facts.kind === "service"
            ? ["What our regulars say"]
            : facts.kind === "subscription"
              ? ["What members say"]
              : facts.kind === "digital"
                ? ["What customers are saying"]
                : ["What customers say"],
        seed,
        2,
      ),
      "Show what customers say, in their words.",
      bullets(proofLine(facts) ?? "A rating or a customer's words", facts.difference && `Why it's worth a look: ${facts.difference}`),
      // The email is proof (what customers say), so neither its title nor its button promises news.
      pick(["See what they say", "Take a look"], seed, 3),
    ),
    step(
      "Email",
      8 * D,
      "the inactivity threshold",
      "goodbye",
      pick(["Should we stop emailing you?", "Is this goodbye?"], seed, 4),
      "Confirm interest or remove the contact to protect deliverability.",
      bullets("One click keeps them on the list", "Say plainly that otherwise this is the last email", "No offer: the aim is a clean list"),
      "Keep me subscribed",
    ),
  ];
  return {
    trigger: `No click and no purchase for ${inactivityDays} days.`,
    exitRules: ["Clicks any email, or buys: move back to the main list", "Does not click within 7 days of the last email: suppress the contact", "Unsubscribes"],
    strategy: `It asks contacts with no click for ${inactivityDays} days whether they want to stay, and cleans the list for the rest (opens are not counted, since privacy features inflate them).`,
    steps,
  };
}

/** The default plan for a flow type, written for the business. */
export function writePlan(flowType: FlowType, facts: BusinessFacts, inactivityDays = 90): Plan {
  const seed = brandSeed(facts);
  switch (flowType) {
    case "onboarding":
      return onboardingPlan(afterPurchase(facts), seed);
    case "lead_nurture":
      return leadNurturePlan(facts, seed);
    case "abandoned_cart":
      return abandonedCartPlan(facts, seed);
    case "upsell":
      return upsellPlan(afterPurchase(facts), seed);
    case "sunset":
      return sunsetPlan(facts, seed, inactivityDays);
  }
}
