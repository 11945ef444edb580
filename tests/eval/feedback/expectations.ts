import { MINUTES_PER_DAY as DAY, MINUTES_PER_HOUR as HOUR } from "~/lib/timing";

import {
  addsNo,
  apartFromNeighbours,
  copyChanged,
  count,
  countVersusBefore,
  fromEvent,
  fromTrigger,
  keepsNote,
  keepsOrder,
  keepsSteps,
  neverSays,
  replySays,
  says,
  someSays,
  someStep,
  spanAtMost,
  spread,
  stillSays,
  TONE,
  tone,
  unchanged,
} from "./checks";
import { about, emails, every, lastSteps, type NoteSpec, nth } from "./spec";

/**
 * What each note of tests/eval/corpus/feedback.json must lead to, read from its `expect` text and
 * keyed by the note's id (business/flow type/place). `checks` must all hold for the note to be
 * done; `never` is what the note (or its expect) rules out, and breaking one is doing the opposite;
 * `refuse` marks the notes whose right answer is an honest refusal, with what that refusal must
 * also show. These checks belong to the eval and may name each note's words; the product must not.
 */

const DISCOUNT = /\bdiscount|\d+\s?% off|[$£€]\s?\d+\s?off\b|\bcode\b|\[YOUR DISCOUNT/i;
const INVENTED_AMOUNT = /\d+\s?%|[$£€]\s?[\d,]+\s?off/i;
const DELIVERY = /\bdeliver(?:y|ies|ed|s)?\b/i;
const CART = /\b(?:cart|basket|checkout)\b/i;
const COULD_NOT = /could not|couldn't|can't|cannot|unable|did not|didn't|no change|not act/i;
const PLAYFUL = [TONE.exclamations, TONE.emoji];
const INFORMAL = [TONE.exclamations, TONE.contractions, TONE.emoji];
const SALESY = { says: "sales words", pattern: /\b(?:buy|shop now|deal|save|offer|don't miss|limited|treat yourself|upgrade)\b|!/gi };
const GUILT = {
  says: "guilt words",
  pattern: /\bmiss(?:ed)? you\b|\bsad\b|\bsorry to see\b|\bignor\w*|\bunopened\b|\bhaven't opened\b|\bgoodbye\b|\bleaving\b|\bforgot(?:ten)?\b/gi,
};
const FEAR = /shut(?:ting)? down|closure|closed down|fail(?:ed|ing)? (?:an |your )?inspection|\bfines?\b|prosecut\w*/i;
const HYPE = /\bhurry\b|act now|don't miss|limited time|only \d+ (?:days|spots|places) left|!!/i;
const COUNTDOWN = /only \d+ days left|\bdays? left\b|countdown|ends soon|last chance|hurry|running out/i;
const REFUSE: NoteSpec["refuse"] = [unchanged, keepsNote, replySays(COULD_NOT, "says it could not act")];

export const EXPECTATIONS: Readonly<Record<string, NoteSpec>> = {
  "17-the-loaf/onboarding/1": {
    checks: [
      someStep(about(/./, "a text", "SMS"), "goes the evening before pickup", fromEvent("pickup", "before", 10 * HOUR, 20 * HOUR)),
      someSays(about(/./, "the texts", "SMS"), /hatch/i, "the hatch"),
      someSays(about(/./, "the texts", "SMS"), /\b8\s?(?:am)?\s?[-–]\s?1\s?(?:pm)?\b|8am|1pm/i, "the hours (8am-1pm)"),
      keepsSteps(about(/./, "the texts", "SMS")),
    ],
  },
  "17-the-loaf/onboarding/2": {
    checks: [says(nth(2, "Email"), /bread club/i, "bread club", "about"), keepsSteps(nth(2, "Email"))],
    never: [neverSays(every, DELIVERY, "delivery talk")],
  },
  "10-northgate-vets/onboarding/1": {
    checks: [
      someStep(about(/./, "a text", "SMS"), "goes 2 hours before the appointment", fromEvent("appointment", "before", 2 * HOUR)),
      someSays(about(/./, "the texts", "SMS"), /10 minutes early|10 mins early/i, "to arrive 10 minutes early"),
      keepsSteps(),
    ],
  },
  "10-northgate-vets/onboarding/2": { checks: [says(emails, /free parking behind the building/i, "free parking behind the building"), keepsSteps()] },
  "05-litterly/onboarding/1": {
    checks: [
      someStep(
        nth(2),
        "is a text between the first and second email",
        (s, { after }) => s.channel === "SMS" && after.steps[0]?.channel === "Email" && after.steps[2]?.channel === "Email",
      ),
      apartFromNeighbours(nth(2), HOUR),
      keepsSteps(),
    ],
  },
  "12-brightwater-dental/onboarding/1": {
    checks: [
      someStep(about(/\bforms?\b/i, "the forms reminder"), "goes 3 days before the exam", fromEvent("appointment", "before", 3 * DAY)),
      keepsSteps(about(/\bforms?\b/i, "the forms reminder")),
    ],
  },
  "25-rotaly/onboarding/1": {
    checks: [
      count("Email", "at most", 4),
      someSays(every, /\brota\b.*\b(?:publish|staff)|\b(?:publish|staff)\b.*\brota\b/is, "publishing the first rota to staff"),
      someSays(every, /trial.*(?:14|ends)/i, "that the trial ends on day 14"),
    ],
    never: [countVersusBefore("Email", "no more")],
  },
  "33-excel-without-tears/onboarding/1": {
    checks: [
      says(nth(1, "Email"), /welcome/i, "a welcome", "about"),
      says(nth(2, "Email"), /practice files?/i, "downloading the practice files", "about"),
      apartFromNeighbours(nth(2, "Email"), HOUR),
      countVersusBefore("Email", 1),
      keepsSteps(nth(1)),
    ],
  },
  "23-thornbury-barn/onboarding/1": {
    checks: [
      someStep(about(/./, "a step"), "goes months before the wedding", fromEvent("event_date", "before", 60 * DAY, 400 * DAY)),
      someStep(about(/./, "a step"), "goes weeks (not days) before the wedding", fromEvent("event_date", "before", 28 * DAY, 400 * DAY)),
      keepsOrder,
    ],
    never: [spread("not closer")],
  },
  "21-marlow-motors/onboarding/1": {
    checks: [spanAtMost(7 * DAY), keepsOrder],
    never: [spread("not wider")],
  },
  "15-lockd-escape-rooms/onboarding/1": {
    checks: [copyChanged(every), tone(PLAYFUL, "more"), stillSays(/15 minutes/i, "to arrive 15 minutes early")],
    never: [tone(PLAYFUL, "no fewer"), neverSays(every, /locked in/i, "'locked in'")],
  },
  "34-founder-sprint/onboarding/1": {
    checks: [
      someStep(about(/./, "a step"), "is timed before the cohort start", fromEvent("start_date", "before", HOUR, 60 * DAY)),
      someStep(about(/./, "a step"), "goes the day before kickoff", fromEvent("start_date", "before", DAY)),
    ],
  },
  "26-budgetbee/onboarding/1": {
    checks: [someSays(every, /free plan/i, "the free plan"), someSays(every, /\bPlus\b/, "budgetBee Plus")],
    never: [neverSays(every, /\btrial\b/i, "trial", "about")],
  },
  "37-elan-studio/onboarding/1": {
    checks: [copyChanged(every), tone(INFORMAL, "fewer"), stillSays(/Fondations/, "Fondations"), keepsSteps()],
    never: [tone(INFORMAL, "no more"), neverSays(every, /!/, "exclamation mark")],
  },
  "19-hargreaves-butchers/lead_nurture/1": { checks: [keepsSteps()], never: [neverSays(every, DISCOUNT, "discount, code or offer")] },
  "28-hushaby/lead_nurture/1": {
    checks: [says(nth(1, "Email"), /free trial/i, "the 7-day free trial")],
    never: [neverSays(nth(1, "Email"), DISCOUNT, "discount")],
  },
  "35-midlife-money/lead_nurture/1": {
    checks: [],
    never: [addsNo(/sunday/i, "Sunday timing", "about")],
    refuse: REFUSE,
  },
  "31-sk-food-safety/lead_nurture/1": {
    checks: [someSays(every, /\[YOUR DISCOUNT CODE\]/, "the placeholder [YOUR DISCOUNT CODE]"), replySays(/fill in/i, "asks for the code to be filled in")],
    never: [addsNo(INVENTED_AMOUNT, "invented amount")],
  },
  "22-sunstack-solar/lead_nurture/1": { checks: [], never: [addsNo(/save\s+[$£€]?[\d,]+|[$£€][\d,]+\s+(?:a|per) year/i, "savings figure")], refuse: REFUSE },
  "30-chairfill/lead_nurture/1": {
    checks: [spread("closer"), says(nth(-1), /14 days|\$1,500|setup fee/i, "the real deadline (setup fee waived within 14 days)")],
    never: [spread("not wider"), addsNo(HYPE, "hype")],
  },
  "40-tiger-kim-taekwondo/lead_nurture/1": { checks: [says(nth(3, "Email"), /bully/i, "the anti-bullying curriculum", "about"), keepsSteps(nth(3, "Email"))] },
  "11-mr-os-maths/lead_nurture/1": { checks: [], never: [addsNo(/package|10 lessons|price of 9|\d+\s?% off/i, "package or discount")], refuse: REFUSE },
  "39-common-room/lead_nurture/1": { checks: [], never: [addsNo(/free parking/i, "free-parking line")], refuse: [...REFUSE] },
  "24-jr-walsh-kitchens/lead_nurture/1": { checks: [stillSays(/June 30/i, "the June 30 deadline")], never: [neverSays(every, COUNTDOWN, "countdown or urgency")] },
  "09-dermalux/lead_nurture/1": {
    checks: [says(nth(-1, "Email"), /GLOW50/, "GLOW50"), keepsSteps()],
    never: [neverSays(nth(1, "Email"), /GLOW50/, "GLOW50")],
  },
  "34-founder-sprint/lead_nurture/1": {
    checks: [stillSays(/50\s?%/, "the co-founder seat at 50% off"), stillSays(/info session/i, "the free info session")],
    never: [neverSays(every, /early[- ]?bird|1,250/i, "early-bird price")],
  },
  "18-bb-flowers/lead_nurture/1": {
    checks: [says(nth(1, "Email"), /collect/i, "that every order is collected"), says(nth(1, "Email"), /Salamanca|the shop/i, "where (the shop in Salamanca)")],
    never: [neverSays(every, DELIVERY, "wording that suggests delivery")],
  },
  "17-the-loaf/abandoned_cart/1": { checks: [], never: [neverSays(every, /\bship(?:ping|s)?\b/i, "shipping offer")], refuse: REFUSE },
  "07-lenzy/abandoned_cart/1": { checks: [says(every, /prescription/i, "finishing the prescription step", "about"), someSays(every, /optician/i, "the optician's details")] },
  "01-inkwell-and-nib/abandoned_cart/1": {
    checks: [says(nth(1, "Email"), /sample/i, "the free ink sample"), says(nth(1, "Email"), /Shropshire Slate|4\s?ml/i, "the 4ml 'Shropshire Slate' sample")],
    never: [addsNo(DISCOUNT, "discount")],
  },
  "15-lockd-escape-rooms/abandoned_cart/1": {
    checks: [countVersusBefore(null, "fewer"), someStep(nth(1), "goes within 1 hour", fromTrigger(0, HOUR)), keepsOrder],
    never: [countVersusBefore(null, "no more")],
  },
  "29-ledger-and-lime/abandoned_cart/1": {
    checks: [someSays(every, /proposal/i, "the unsigned proposal"), neverSays(every, CART, "cart, basket or checkout wording", "about")],
    never: [addsNo(CART, "cart wording")],
  },
  "36-codeharbor/abandoned_cart/1": {
    checks: [
      someStep(about(/./, "a text", "SMS"), "goes 1 hour after the deposit page is left", fromTrigger(HOUR)),
      someSays(about(/./, "the texts", "SMS"), /deposit/i, "the deposit"),
      keepsSteps(about(/./, "the texts", "SMS")),
    ],
  },
  "08-snackdesk/abandoned_cart/1": {
    checks: [someSays(every, /tasting box/i, "the free tasting box request"), neverSays(every, CART, "cart, checkout or basket language", "about")],
    never: [addsNo(CART, "cart wording")],
  },
  "38-iron-temple/abandoned_cart/1": { checks: [says(nth(1), /NOFEE/, "NOFEE"), keepsSteps()] },
  "12-brightwater-dental/abandoned_cart/1": { checks: [], refuse: REFUSE },
  "32-sparkleworks/abandoned_cart/1": { checks: [count("SMS", "exactly", 1), keepsSteps(about(/./, "the texts", "SMS"))], never: [countVersusBefore("SMS", "no more")] },
  "04-sol-daily/abandoned_cart/1": { checks: [keepsSteps(about(/./, "the texts", "SMS"))], never: [count("SMS", "exactly", 0)] },
  "02-goodboy-treat-co/upsell/1": {
    checks: [
      someStep(
        about(/\breview/i, "the review request"),
        "goes 21 days after the order",
        (s) => fromTrigger(21 * DAY)(s) || fromEvent(["delivery", "order_ships"], "after", 14 * DAY, 21 * DAY)(s),
      ),
      keepsSteps(about(/\breview/i, "the review request")),
    ],
  },
  "04-sol-daily/upsell/1": { checks: [someSays(every, /refill pouch/i, "the refill pouches")], never: [neverSays(every, /HELLOSOL/, "HELLOSOL")] },
  "38-iron-temple/upsell/1": {
    checks: [someSays(every, /personal training|\bPT\b/i, "personal training"), someSays(every, /InBody/i, "the InBody scan")],
    never: [neverSays(every, /supplement/i, "supplements", "about")],
  },
  "37-elan-studio/upsell/1": {
    checks: [
      someStep(
        about(/membership|ELANFIRST/i, "the membership email", "Email"),
        "goes right after the third intro class",
        (s) => /third|3rd/i.test(s.about) && fromEvent("appointment", "after", 0, DAY)(s),
      ),
      keepsSteps(about(/membership|ELANFIRST/i, "the membership email", "Email")),
    ],
  },
  "40-tiger-kim-taekwondo/upsell/1": { checks: [says(emails, /summer camp/i, "summer camp"), keepsSteps()] },
  "18-bb-flowers/upsell/1": {
    checks: [someSays(emails, /occasion.*remind|remind.*occasion/is, "the occasion reminder service", "about")],
    never: [neverSays(every, DELIVERY, "delivery")],
  },
  "25-rotaly/upsell/1": { checks: [says(nth(1), /2 months free/i, "2 months free on annual plans")], never: [addsNo(/\bcode\b|\d+\s?% off/i, "discount code")] },
  "13-sudz-car-wash/upsell/1": {
    checks: [
      someSays(every, /\$1\b|\$10\b|\[YOUR DISCOUNT CODE\]/, "SUDZ's own offer or the placeholder"),
      replySays(/\$1\b|\$10\b|\[YOUR DISCOUNT CODE\]/, "says which offer it used"),
    ],
    never: [addsNo(/20\s?%/, "20% offer")],
  },
  "20-cornerstone-pharmacy/upsell/1": {
    checks: [copyChanged(every), tone([SALESY], "fewer")],
    never: [tone([SALESY], "no more"), addsNo(DISCOUNT, "discount language")],
  },
  "26-budgetbee/upsell/1": {
    checks: [someSays(every, /NEWYEAR40/, "NEWYEAR40"), replySays(/not running|isn't running|not on now|paused|not active/i, "flags that it isn't running now")],
  },
  "12-brightwater-dental/sunset/1": { checks: [count("SMS", "exactly", 0), keepsSteps(about(/./, "the texts", "SMS"))], never: [count("SMS", "exactly", 0)] },
  "06-fizz-lab-box/sunset/1": { checks: [countVersusBefore(null, -1), keepsSteps(lastSteps(2))], never: [countVersusBefore(null, "no more")] },
  "27-querybird/sunset/1": { checks: [count("Email", "at most", 2)], never: [countVersusBefore("Email", "no more")] },
  "16-osteria-nonna-pina/sunset/1": { checks: [], never: [addsNo(/\d+\s?%|discount|\[YOUR DISCOUNT/i, "discount")], refuse: REFUSE },
  "26-budgetbee/sunset/1": { checks: [copyChanged(every), tone([GUILT], "fewer"), keepsSteps()], never: [tone([GUILT], "no more")] },
  "05-litterly/sunset/1": { checks: [keepsSteps()], never: [neverSays(every, /subscription/i, "'subscription'")] },
  "13-sudz-car-wash/sunset/1": { checks: [], refuse: [...REFUSE, replySays(/\?|what (?:would|should|to)/i, "asks what to change")] },
  "33-excel-without-tears/sunset/1": {
    checks: [someSays(every, /module 3/i, "module 3 (formulas)"), someSays(every, /community|Q&A|live/i, "where to get help (the community tab, the live Q&A)")],
  },
  "03-hollis-tractor-spares/sunset/1": { checks: [], never: [neverSays(every, /first_name/i, "first name in a subject line", "subject")] },
  "31-sk-food-safety/sunset/1": { checks: [someSays(every, /mock (?:health )?inspection/i, "the mock inspection")], never: [neverSays(every, FEAR, "fear wording")] },
  "21-marlow-motors/sunset/1": { checks: [spread("wider"), keepsOrder], never: [spread("not closer")] },
  "14-crimp-and-co/sunset/1": { checks: [], never: [addsNo(/new wall/i, "new-wall story")], refuse: [...REFUSE, replySays(/\?|what (?:is|the)/i, "asks what the new wall is")] },
};
