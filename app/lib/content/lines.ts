/**
 * The writer's recurring sentences, each role with several phrasings in the same voice and meaning
 * (lib/content/phrasing.ts picks one per business). Many weave in a fact the writer already has
 * (the brand, the unit, who the business serves), so the sentence is the business's own. Nothing
 * here adds a claim, number, offer or deadline. Pure and client-safe.
 */

export interface LineFacts {
  /** The brand as written. */
  b: string;
  /** What one purchase is called: "order", "treatment", "pre-order". */
  unit: string;
  /** The business's own word for what people come for: "dinner", "game", "lesson". */
  own: string;
  /** Who buys: "customers", "clients", "members". */
  people: string;
  /** The first conversion: "first order", "first visit". */
  first: string;
  /** ", and most people come back about every 6 weeks", or "". */
  cycle: string;
}

type Lines = (c: LineFacts) => string[];

/** Every head joined to every tail, as one sentence each: many phrasings from a few parts that read well in any pairing. */
function crossed(heads: readonly string[], tails: readonly string[], join = ", ", end = "."): string[] {
  return heads.flatMap((head) => tails.map((tail) => `${head}${join}${tail}${end}`));
}

const glad: Lines = () =>
  crossed(
    ["We're really glad", "We're delighted", "We're pleased", "We're happy", "It's great"],
    ["you're here", "to have you with us", "you found us", "you've joined us", "to meet you"],
    " ",
  );

const proofLead: Lines = ({ b, people }) => [
  `Don't just take it from us at ${b}.`,
  `Here's ${b}, in other people's words.`,
  `Rather than tell you about ${b} ourselves, we'll let others do it.`,
  `The best case for ${b} isn't one we make ourselves.`,
  `Others put it better than we could, so here's ${b} through their eyes.`,
  `A few words about ${b} from outside the team.`,
  `Here's why ${people} choose ${b}.`,
  `We'd rather show you ${b} than tell you about it.`,
  `Don't take our word for it: here's ${b} as others see it.`,
  `What's it like to choose ${b}? Read on.`,
];

const proofIfNot: Lines = ({ b }) =>
  crossed(
    ["And if", "What if", "But what if", "And what if"],
    ["it isn't right for you", "it doesn't suit you", "it turns out not to fit", "it doesn't work out", "it's not what you hoped", `${b} isn't right for you`],
    " ",
    "?",
  );

const askFirst: Lines = ({ b }) =>
  crossed(
    [
      "Questions before you decide are normal",
      "It's normal to have a few questions first",
      "Everyone has a question or two at this stage",
      "A question or two before deciding is only natural",
      "A few questions at this stage are normal",
    ],
    [
      "and we'd rather answer them than leave you guessing",
      "so here are some honest answers",
      "and we're happy to answer them",
      "so here's what we can tell you",
      `and ${b} would rather answer than leave you guessing`,
    ],
  );

const worryListEnd: Lines = ({ b }) =>
  crossed(
    ["If one of those is yours", "If any of these sound familiar", "If one of these is holding you back", "Whichever one is on your mind", "If you recognise one of those"],
    [
      "you're in good company, and it's exactly what we're here to talk through",
      "you're not alone, and we're happy to talk it through",
      "reply and we'll talk it through",
      "we'd be glad to go through it with you",
      `${b} is here to answer it`,
    ],
  );

const worryOneEnd: Lines = ({ b }) =>
  crossed(
    ["If that's on your mind too", "If that sounds like you", "If that's what's holding you back", "If that rings a bell", "If you feel the same"],
    [
      "you're in good company, and it's exactly what we're here to talk through",
      "you're not alone, and we're happy to talk it through",
      "reply and we'll talk it through",
      "we'd be glad to go through it with you",
      `${b} is here to answer it`,
    ],
  );

const worryListLead: Lines = ({ unit, people }) => [
  `What we hear most before a first ${unit}:`,
  `The worries we hear most before a first ${unit}:`,
  `What people ask before a first ${unit}:`,
  `Before a first ${unit}, we often hear:`,
  `Common worries before a first ${unit}:`,
  `What ${people} tell us before a first ${unit}:`,
  `A few things ${people} wonder about first:`,
  `The questions that come up before a first ${unit}:`,
];

/** Before the owner's answers to the questions people ask. */
const faqLead: Lines = ({ b, unit, people }) => [
  `What ${people} ask us most, answered:`,
  `The questions we hear most before a first ${unit}:`,
  `What people usually ask ${b} first:`,
  `Straight answers to what we're asked most:`,
  `A few questions we get a lot, with our answers:`,
  `What ${people} want to know first:`,
  `Asked and answered, in short:`,
  `The questions that come up most at ${b}:`,
];

const replyAnything: Lines = ({ b }) =>
  crossed(
    [
      "Reply to this email with anything on your mind",
      "Hit reply with your question",
      "Write back with whatever's on your mind",
      "Send us your question, big or small,",
      "Just reply to this email",
      "Reply with any question at all",
    ],
    [
      "and a real person will answer",
      "and one of us will get back to you",
      `and someone at ${b} will answer`,
      "and a real person will read it and reply",
      "and we'll answer it personally",
      `and a person at ${b} will answer`,
    ],
    " ",
  );

/** Leads that end in a colon and run into the offer, so the sentence is the offer's own. */
const offerLead: Lines = ({ b, first }) => [
  "We've set something aside for you:",
  `For your ${first}:`,
  `Something from ${b}, just for you:`,
  "Here's a little something to help you decide:",
  `To make your ${first} easier:`,
  `A little welcome from ${b}:`,
  "We kept this for you:",
  "Here's what's waiting for you:",
];

const slipsBy: Lines = () =>
  crossed(
    ["A quick reminder", "Just a short note", "A gentle nudge", "A quick note", "One more reminder"],
    ["before it slips by", "in case it slipped your mind", "in case life got busy", "while it's on your mind", "in case it got buried in your inbox"],
  );

/** The close of an invitation with no offer to make: no pressure, one step. */
const whenReady: Lines = ({ first }) =>
  crossed(
    [
      `Whenever you're ready for your ${first}`,
      `When the time is right for your ${first}`,
      `If you'd like to go ahead with your ${first}`,
      `Whenever your ${first} suits you`,
      "When you're ready to take the next step",
    ],
    ["we're here", "we'll be glad to help", "it only takes a minute", "the button below is all it takes", "we're ready for you"],
  );

/** How little the next step takes, said at the last reminder. */
const clickAway: Lines = ({ first }) =>
  crossed(
    [
      `Your ${first} is just a click away`,
      `Your ${first} takes a minute`,
      `Your ${first} is one click from here`,
      `Your ${first} is ready when you are`,
      `Getting your ${first} started takes a click`,
    ],
    ["whenever it suits you", "and we'll take it from there", "at a time that works for you", "when the moment is right"],
  );

const cartSaved: Record<"service" | "digital" | "other", Lines> = {
  service: ({ b, unit }) => [
    "You were almost booked in, so we saved your spot in the process.",
    `You were almost booked in for your ${unit}, so we saved your place.`,
    `Your ${unit} booking was nearly done, so we kept it for you.`,
    `You'd nearly finished booking your ${unit}, and we've kept your place.`,
    `Your ${unit} is almost booked: we kept everything you'd chosen.`,
    `Your booking with ${b} wasn't quite finished, so we kept it for you.`,
    "You were one step from booked, so we held on to your details.",
    `Your booking at ${b} is nearly there, and we've saved your progress.`,
  ],
  digital: ({ b }) => [
    "You were nearly signed up, so we kept your details for you.",
    `You were nearly signed up to ${b}, so we kept your details.`,
    "Your sign-up was almost done, so we saved where you got to.",
    `Your ${b} sign-up is nearly finished, and we kept your progress.`,
    "You'd almost finished signing up, so we held on to your details.",
    "Your sign-up is one step from done, and your details are saved.",
  ],
  other: ({ b, unit }) =>
    crossed(
      [
        `You left something at ${b}`,
        "You didn't quite finish",
        `Your ${unit} wasn't quite finished`,
        `Your ${unit} is nearly done`,
        "You were almost there",
        `Your ${unit} at ${b} isn't finished yet`,
      ],
      [
        "so we saved it for you",
        "so we kept everything for you",
        "and we've held on to it",
        "and it's saved just as you left it",
        "so we kept it right where you left it",
        "and nothing is lost",
      ],
    ),
};

const cartFinish: Record<"service" | "other", Lines> = {
  service: ({ unit }) => [
    "Finishing takes a minute: pick up where you left off and choose your time.",
    "It only takes a minute to finish: choose your time and you're done.",
    "Pick up where you left off and choose a time that suits you.",
    "To finish, just choose your time: it takes a minute.",
    `Finishing your ${unit} booking takes a minute.`,
    `One more step: pick your time, and your ${unit} is booked.`,
    "The button below takes you back to where you left off, so you can choose your time.",
    "Choose your time and you're done, with everything else saved.",
    `Your ${unit} is one step from booked: choose your time.`,
    `All that's left is a time for your ${unit}.`,
    `Choosing a time is the last step, and your ${unit} is booked.`,
    "Everything else is saved, so you only need to choose your time.",
  ],
  other: ({ unit }) => [
    "Finishing takes a minute: pick up where you left off.",
    "It takes a minute to finish from where you left off.",
    `Finishing your ${unit} takes a minute from where you stopped.`,
    "The button below takes you back to where you stopped.",
    "Pick up where you left off: it takes a minute.",
    "You can finish in a minute, right where you left off.",
    "One more step, and it's done.",
    "Everything is where you left it, so finishing is quick.",
    `Your ${unit} is saved as it was, and the rest takes a minute.`,
    "Nothing is lost: one click brings it all back.",
    `The rest of your ${unit} is a minute's work.`,
    "It's all kept, so you can carry on when it suits you.",
  ],
};

const howWasIt: Lines = ({ b, unit }) => [
  `How was your ${unit}? We'd love to know.`,
  `How did your ${unit} go? We'd really like to hear.`,
  `We hope your ${unit} went well, and we'd love to hear how it was.`,
  `How did we do on your ${unit}?`,
  `Tell us: how was your ${unit} at ${b}?`,
  `Was your ${unit} everything you hoped?`,
  `We'd love to hear how your ${unit} went.`,
  `How did your ${unit} with ${b} go?`,
  `Your ${unit} is done: how was it?`,
];

const howIsItGoing: Lines = ({ b, unit }) => [
  "How is everything going so far?",
  `How are you getting on with ${b}?`,
  `How are things with your ${unit} so far?`,
  `We'd love to know how ${b} is working for you.`,
  "How are things going so far?",
  "Is everything going as you hoped?",
  `How is ${b} treating you so far?`,
  "How are you finding it so far?",
];

const oneClickTells: Lines = ({ b }) =>
  crossed(
    [
      "One click on the button tells us",
      "A click on the button is all it takes",
      "The button below takes one click",
      "Answering takes a single click",
      "One click is enough to tell us",
    ],
    [
      "and if anything wasn't right, just reply: a real person reads every answer",
      "and if something fell short, reply and a real person will read it",
      "and any reply reaches a real person",
      `and if anything wasn't right, reply: someone at ${b} reads every answer`,
      "and a reply in your own words reaches a real person",
    ],
  );

const lessOften: Lines = ({ b }) =>
  crossed(
    [
      "If you'd rather hear from us less often",
      "If we're writing too often for you",
      "If you'd like fewer emails",
      "Should you prefer fewer emails",
      "If that's more email than you want",
      `If ${b} is filling your inbox`,
    ],
    [
      "you can change that in one click at the bottom of this email",
      "the link at the bottom of this email changes that in one click",
      "one click at the foot of this email sorts it",
      "the bottom of this email has a one-click way to change it",
      "a single click at the bottom of this email turns it down",
    ],
  );

const lastEmail: Lines = ({ b }) =>
  crossed(
    [
      "We haven't heard from you in a while",
      "It's been a while since we heard from you",
      "You've been quiet for a while",
      "Things have gone quiet between us",
      "It's been some time since we heard from you",
      "We don't want to crowd your inbox",
      "We've not heard back from you lately",
      "Your inbox is busy, and we know it",
      "It's been a few months since you last opened one of ours",
    ],
    [
      "so this is our last email unless you tell us otherwise",
      "so unless you say otherwise, this is our last email",
      "so this will be our last email unless you'd like more",
      `so this is the last email from ${b} unless you tell us otherwise`,
      "so we'll make this our last email unless you say otherwise",
      "so this is where our emails stop, unless you'd like them",
      "so we'll stop writing after this one, unless you tell us to keep going",
      "so this one is our last, unless you'd like to stay",
    ],
  );

const noHardFeelings: Lines = () =>
  crossed(
    ["If not", "Otherwise", "And if not", "If you'd rather not", "If that's a no", "And if you'd rather not", "If it's time to part ways", "Should you prefer not"],
    [
      "no hard feelings: we'll stop here",
      "that's fine: we'll stop here",
      "we understand, and we'll leave it there",
      "we'll stop here, with thanks",
      "thank you for reading, and this is goodbye",
      "we'll leave your inbox in peace",
      "we wish you well, and we'll stop here",
      "there's nothing to do, and we'll stop",
      "simply ignore this, and we'll stop writing",
    ],
  );

const nextEmails: Lines = ({ b }) => [
  "Over the next few emails we'll share what we've learned, one short idea at a time.",
  "The next few emails each share one short idea we've learned along the way.",
  `Over the next few emails, ${b} will share one short idea at a time.`,
  "In the next few emails, expect one useful idea at a time, kept short.",
  "Next come a few short emails, each with one idea worth keeping.",
  "We'll follow up with a few short emails, one idea in each.",
  "Watch for a few more short emails, each with one idea we've found useful.",
  "Over the coming emails, we'll pass on what we've learned, a little at a time.",
  `A few short emails from ${b} will follow, one idea at a time.`,
];

const differently: Lines = ({ b }) =>
  crossed(
    ["So we", "That's why we", "Which is why we", `So at ${b} we`, "And so we"],
    ["do it differently", "do things our own way", "took another route", "work another way", "changed how it's done"],
    " ",
  );

const howWeDoIt: Lines = ({ b }) =>
  crossed(["That's how", "It's how", "That's simply how", "It's just how"], ["we do it", "we work", "we do things", `${b} works`, "we do it every time", "it's done here"], " ");

const costsMore: Lines = () => [
  "It rarely shows up in a budget, but it costs time every week, and the mistakes it invites cost more.",
  "It's easy to overlook, but it adds up week after week.",
  "Few teams measure it, yet it eats into every week.",
  "It hides in the day-to-day, and the cost adds up.",
  "It rarely gets a line in the budget, but the hours add up.",
  "It's a cost nobody invoices you for, and it grows each week.",
  "The time it takes is easy to miss, and the errors it causes are easy to miss too.",
  "It doesn't appear on any bill, but you pay for it in hours.",
];

/** The first step of a service, each with the instruction the customer needs (where to be, and when). */
const firstIsSimple: Lines = ({ b, unit }) => [
  `Your first ${unit} is simple.`,
  `Your first ${unit} is easy to plan.`,
  `There's nothing tricky about a first ${unit} with ${b}.`,
  `Here's how a first ${unit} works.`,
  `A first ${unit} with us is straightforward.`,
  `Getting to your first ${unit} is easy.`,
  `Here's all there is to a first ${unit} at ${b}.`,
  `Planning your first ${unit} takes very little.`,
];

const arriveEarly: Lines = () => [
  "Book a time that suits you, arrive a few minutes early, and we'll take it from there.",
  "Choose a time that works for you, arrive a few minutes early, and leave the rest to us.",
  "Pick a slot, arrive a few minutes early, and we'll look after the rest.",
  "Book when it suits you, arrive a few minutes early, and we'll take care of everything else.",
  "Find a time that fits your week, arrive a few minutes early, and we'll handle the rest.",
  "Choose your time, arrive a few minutes early, and we'll guide you from there.",
  "Pick the time that suits you best, arrive a few minutes early, and we'll take it from there.",
  "Settle on a time, arrive a few minutes early, and the rest is up to us.",
];

/** A service that comes to the customer: nothing to arrive at, only a time to choose. */
const weComeToYou: Lines = () => [
  "Book a time that suits you, and we'll come to you.",
  "Choose a time that works for you, and we'll come to you.",
  "Pick a slot, and we'll come to you.",
  "Book when it suits you, and we'll be there.",
  "Find a time that fits your week, and we'll come to you.",
  "Choose your time, and we'll do the travelling.",
];

/** The booked email's welcome, after "Thank you for booking with …". */
const meetingYou: Lines = ({ b }) => [
  "We're looking forward to meeting you.",
  "We can't wait to meet you.",
  `Everyone at ${b} is looking forward to it.`,
  "We're looking forward to seeing you.",
  "It'll be good to meet you.",
  `The ${b} team is looking forward to it.`,
  "We're glad you're coming.",
];

const CHANGE_TIME = [
  "If you need to change your time, the button below takes you to your booking",
  "To move your time, use the button below",
  "If the time stops suiting you, change it with the button below",
  "You can move your booking with the button below",
  "Should you need another time, the button below lets you change it",
];

/** How to settle in or join on the day, and how to change the time: in person or on a link. */
const onTheDay: Record<"visit" | "atCustomer" | "remote", Lines> = {
  visit: () =>
    crossed(
      [
        "Arrive a few minutes early, so you can settle in before we start",
        "Come a few minutes early to settle in",
        "Give yourself a few extra minutes to arrive and settle in",
        "A few minutes early is perfect, so nothing feels rushed",
      ],
      CHANGE_TIME,
      ". ",
    ),
  atCustomer: () =>
    crossed(
      ["There's nothing else to do: we'll come to you at the time you booked", "We'll be with you at the time you booked", "We'll come to you at the time you booked"],
      CHANGE_TIME,
      ". ",
    ),
  remote: () =>
    crossed(
      ["Open the link a minute or two early from somewhere quiet", "Join from somewhere quiet, a minute or two early", "A quiet spot and a minute or two to spare is all it takes"],
      CHANGE_TIME,
      ". ",
    ),
};

const linkEarly: Lines = () => [
  "Pick a time that suits you, open the link a minute before, and we'll take it from there.",
  "Choose a time that works for you, open the link a minute before, and leave the rest to us.",
  "Book a slot, open the link a minute before, and we'll look after the rest.",
  "Find a time that fits, open the link a minute before, and we'll handle everything else.",
  "Pick your time, open the link a minute before, and we'll guide you from there.",
  "Settle on a time, open the link a minute before, and the rest is up to us.",
  "Choose the time that suits you best, open the link a minute before, and we'll start from there.",
  "Book when it suits you, open the link a minute before, and we'll take care of the rest.",
];

const threeSteps: Lines = ({ b }) => [
  "Getting started takes three steps: create your account, connect what you already use, and see your first result.",
  `Getting set up with ${b} takes three steps: create your account, connect what you already use, and see your first result.`,
  "There are three steps to start: create your account, connect the tools you already use, and see your first result.",
  "Three steps get you going: make your account, connect what you already use, and look at your first result.",
  "Start in three steps: create your account, link the tools you already use, and check your first result.",
  `With ${b}, getting started takes three steps: create your account, connect what you already use, and see your first result.`,
];

const courseSteps: Lines = ({ b, unit }) => [
  `Getting started takes three steps: create your account, open your first ${unit}, and take it from there.`,
  `Starting with ${b} takes three steps: create your account, open your first ${unit}, and settle in.`,
  `Three steps and you're started: your account, your first ${unit}, and the button below.`,
  `There are three steps to start: sign in, find your first ${unit}, and begin.`,
  `Three steps get you going: create your account, open your first ${unit}, and start.`,
];

const whereToStart: Lines = ({ b }) => [
  "Not sure where to start?",
  "Wondering where to begin?",
  `New to ${b}?`,
  "Don't know which to pick first?",
  "Choosing your first one?",
  "Spoilt for choice?",
  "Where to start?",
];

/** How to set up, never how long it takes: only the owner knows that. */
const setUp: Lines = ({ b }) => [
  "Setting up is step by step: the button below walks you through it.",
  "The button below guides you through setup, one step at a time.",
  "The button below walks you through setup, one step at a time.",
  `Getting set up with ${b} goes one step at a time: the button below shows you how.`,
  "Follow the button below to set up, step by step.",
  "Follow the button below and it takes you through setup.",
  `The button below takes you through setting up ${b}, step by step.`,
];

const bookMinute: Lines = ({ b }) =>
  crossed(
    [
      "Booking takes a minute",
      "Getting booked in takes a minute",
      "It takes a minute to book",
      "Your next booking takes a minute",
      "Booking online takes a minute",
      `Booking with ${b} takes a minute`,
    ],
    [
      "at a time that suits you",
      "whenever suits you",
      "and we'll take care of the rest",
      "and the rest is up to us",
      "and we'll look after everything else",
      "on whatever day works best",
      "from wherever you are",
    ],
  );

/** A little while since the last one, in the owner's rhythm when they gave one. */
const sinceLast: Lines = ({ b, unit, cycle }) => [
  `It's been a little while since your last ${unit}${cycle}.`,
  `Your last ${unit} at ${b} was a little while ago${cycle}.`,
  `It's been a while since your last ${unit} with ${b}${cycle}.`,
  `It may be about time for your next ${unit}${cycle}.`,
  `We'd love to see you again for your next ${unit} at ${b}${cycle}.`,
  `A little while has passed since your last ${unit} at ${b}${cycle}.`,
  `It might be time to think about your next ${unit} with ${b}${cycle}.`,
  `Your next ${unit} at ${b} may be coming due${cycle}.`,
];

const nextOne: Lines = ({ b, unit }) => [
  `Ready for your next ${unit}? It takes a minute, whenever it suits you.`,
  `Your next ${unit} from ${b} takes a minute to arrange, whenever it suits you.`,
  `When you're ready for another ${unit} from ${b}, it takes a minute.`,
  `Whenever you'd like your next ${unit}, the button below gets it started.`,
  `Placing your next ${unit} with ${b} takes a minute.`,
  `Your next ${unit} with ${b} is a minute away, whenever it suits you.`,
  `Another ${unit} from ${b} takes a minute, whenever it suits you.`,
];

/** A lapsed regular invited back for the thing they come for ("another dinner"). */
const anotherOne: Lines = ({ own }) => [
  `Whenever you're ready for another ${own}, we'd love to see you again.`,
  `When the time is right for another ${own}, we're here.`,
  `We'd love to welcome you back for another ${own} soon.`,
  `Fancy another ${own}? We'd love to have you back.`,
  `Another ${own} is easy to plan, whenever it suits you.`,
  `If you've been meaning to come back for another ${own}, now is a good time.`,
];

const runningLow: Lines = ({ b }) => [
  "If you're running low, now is a good time to reorder, so you never run out.",
  `Running low? Your next ${b} order is one click away.`,
  "Before you run out, a reorder takes a minute.",
  `If you're near the end of your last order from ${b}, now is a good time to top up.`,
  "Nearly out? Reordering now means you never go without.",
  "A quick reorder now saves running out later.",
];

const whatNext: Record<"digital" | "other", Lines> = {
  digital: ({ b }) => [
    "Once you're up and running, here's what to try next.",
    "Now that you're set up, here's what to try next.",
    `Once ${b} is up and running, these are worth a look.`,
    "With the basics in place, here's where to go next.",
    "Here's what to explore once you're settled in.",
    "Next up: a few things worth trying once you're set up.",
    `A few ideas for getting more from ${b}.`,
    "When the basics feel easy, try these next.",
  ],
  other: ({ b, unit }) => [
    "We picked a few favourites that go well with what you chose.",
    "Here are a few favourites that go with what you chose.",
    `A few ${b} favourites to go with your last ${unit}.`,
    "We think these go nicely with what you picked.",
    "Here are a few picks to pair with your last choice.",
    `Picked at ${b} for you: a few things that go with your ${unit}.`,
    "A few things we'd suggest next, based on what you chose.",
    "Here are some favourites that sit well alongside what you chose.",
  ],
};

const planUp: Lines = ({ b }) => [
  `You've seen what ${b} can do, and the next plan up gives you more of it.`,
  `The next plan up gives you more of what ${b} already does for you.`,
  `The next plan of ${b} gives you more of what you already use.`,
  `More of ${b}, when you want it: that's the next plan up.`,
  `You know what ${b} can do, and the next plan up does more of it.`,
  `Getting more from ${b} starts with the next plan up.`,
];

const howItWorks: Lines = ({ b, unit }) => [
  `Here's how it works: choose your plan, and your ${unit} arrives on schedule.`,
  `It's simple: pick a plan, and each ${unit} arrives on schedule.`,
  `Here's how ${b} works: you choose a plan, and your ${unit} turns up on schedule.`,
  `Choose your plan once, and every ${unit} from ${b} arrives on schedule after that.`,
  `Pick the plan that suits you, and we send each ${unit} on schedule.`,
  `With ${b}, you choose a plan and each ${unit} arrives on schedule.`,
];

/** The thank-you that opens a first email after a purchase, by what was bought; brand-woven, so each business's is its own. */
const thanks: Record<"remote" | "atCustomer" | "service" | "digital" | "pickup" | "shop" | "other", Lines> = {
  remote: ({ b, unit }) => [
    `Thank you for your ${unit}! We hope it was worth every minute.`,
    `Thanks for your ${unit} with ${b}!`,
    `Thank you for joining ${b} for your ${unit}!`,
    `Thanks for spending your ${unit} with ${b}!`,
    `It was good to have you at your ${unit} with ${b}. Thank you!`,
  ],
  atCustomer: ({ b, unit }) => [
    `Thank you for having us for your ${unit}!`,
    `Thanks for choosing ${b} for your ${unit}!`,
    `Thank you for your ${unit} with ${b}!`,
    `Thanks for having ${b} round!`,
    `It was good to look after your ${unit}. Thank you!`,
    `Thank you for letting ${b} come to you!`,
  ],
  service: ({ b, unit }) => [
    `Thanks for coming in to see us at ${b}!`,
    `Thank you for your ${unit} at ${b}!`,
    `Thanks for visiting ${b}!`,
    `It was good to see you at ${b}. Thank you!`,
    `Thank you for choosing ${b} for your ${unit}!`,
  ],
  digital: ({ b }) => [
    `Thanks for choosing ${b}!`,
    `Thank you for joining ${b}!`,
    `Welcome aboard, and thanks for choosing ${b}!`,
    `Thanks for picking ${b}!`,
    `Thank you for signing up with ${b}!`,
  ],
  pickup: ({ b, unit }) => [
    `Thank you for your ${unit}! It's in.`,
    `Thanks for your ${unit} with ${b}! It's in.`,
    `Thank you! Your ${unit} is in with ${b}.`,
    `We've got your ${unit} at ${b}: thank you!`,
    `Thank you for your ${unit} at ${b}!`,
  ],
  shop: ({ b }) => [
    "Thank you for your order! We're getting it ready.",
    `Thanks for your order from ${b}! We're getting it ready.`,
    `Your ${b} order is in, and we're getting it ready.`,
    `Thank you for shopping with ${b}! We're getting your order ready.`,
    `Thanks for choosing ${b}! We're preparing your order now.`,
  ],
  other: ({ b }) => [
    `Thank you for choosing ${b}!`,
    `Thanks for choosing ${b}!`,
    `Thank you for joining ${b}!`,
    `We're glad you chose ${b}. Thank you!`,
    `Thanks for starting with ${b}!`,
  ],
};

const accountReady: Lines = () => [
  "Your account is ready.",
  "Your account is ready when you are.",
  "Your account is ready to use.",
  "Your account is ready and waiting.",
  "Your account is ready for you.",
];

export const LINES = {
  glad,
  proofLead,
  proofIfNot,
  askFirst,
  worryListEnd,
  worryOneEnd,
  worryListLead,
  faqLead,
  replyAnything,
  offerLead,
  slipsBy,
  whenReady,
  clickAway,
  cartSavedService: cartSaved.service,
  cartSavedDigital: cartSaved.digital,
  cartSavedOther: cartSaved.other,
  cartFinishService: cartFinish.service,
  cartFinishOther: cartFinish.other,
  howWasIt,
  howIsItGoing,
  oneClickTells,
  lessOften,
  lastEmail,
  noHardFeelings,
  nextEmails,
  differently,
  howWeDoIt,
  costsMore,
  firstIsSimple,
  arriveEarly,
  weComeToYou,
  linkEarly,
  meetingYou,
  onTheDayVisit: onTheDay.visit,
  changeTime: () => CHANGE_TIME.map((tail) => `${tail}.`),
  onTheDayRemote: onTheDay.remote,
  onTheDayAtCustomer: onTheDay.atCustomer,
  threeSteps,
  courseSteps,
  whereToStart,
  setUp,
  bookMinute,
  sinceLast,
  nextOne,
  runningLow,
  anotherOne,
  whatNextDigital: whatNext.digital,
  whatNextOther: whatNext.other,
  planUp,
  accountReady,
  howItWorks,
  thanksRemote: thanks.remote,
  thanksAtCustomer: thanks.atCustomer,
  thanksService: thanks.service,
  thanksDigital: thanks.digital,
  thanksPickup: thanks.pickup,
  thanksShop: thanks.shop,
  thanksOther: thanks.other,
} satisfies Record<string, Lines>;

export type LineRole = keyof typeof LINES;
