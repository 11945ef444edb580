import { safeHttpUrl } from "~/lib/content/urls";
import type { FlowType } from "~/lib/flow-types";

/**
 * Where each email's button goes. A button's words name a purpose ("Finish my booking" → the page
 * that finishes a booking); the owner's URL for that purpose is taken from the answers when one is
 * there ("book online at https://x.example/book"), else a clearly marked placeholder names the page
 * to link ("[Link: your booking page]"). The bare home page is never used, except for a button
 * that says to visit the website. Pure and client-safe.
 */

export const LINK_PURPOSES = [
  "keep-subscribed",
  "email-preferences",
  "finish-booking",
  "finish-signup",
  "checkout",
  "pre-order",
  "order-tracking",
  "manage-booking",
  "manage-subscription",
  "testimonials",
  "review",
  "test-drive",
  "viewing",
  "consultation",
  "demo",
  "quote",
  "apply",
  "booking",
  "app-download",
  "trial",
  "download",
  "upgrade",
  "pricing",
  "membership",
  "subscribe",
  "login",
  "calendar",
  "reorder",
  "course",
  "product",
  "faq",
  "next-steps",
  "how-it-works",
  "about",
  "contact",
  "shop",
  "website",
  "offer",
  "other",
] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];

/** The page each purpose links to, as the placeholder names it: "[Link: your booking page]". */
export const PURPOSE_PAGES: Readonly<Record<LinkPurpose, string>> = {
  "keep-subscribed": "your stay-subscribed confirmation page",
  "email-preferences": "your email preferences page",
  "finish-booking": "your booking page",
  "finish-signup": "your sign-up page",
  checkout: "your cart or checkout page",
  "pre-order": "your pre-order page",
  "order-tracking": "your order-tracking page",
  "manage-booking": "your booking details page",
  "manage-subscription": "your subscription account page",
  testimonials: "your reviews page",
  review: "the page where customers leave a review",
  "test-drive": "your test-drive booking page",
  viewing: "your viewing booking page",
  consultation: "your consultation booking page",
  demo: "your demo booking page",
  quote: "your quote request page",
  apply: "your application page",
  booking: "your booking page",
  "app-download": "your app download page",
  trial: "your free-trial sign-up page",
  download: "the download link for your guide",
  upgrade: "your upgrade page",
  pricing: "your pricing page",
  membership: "your membership sign-up page",
  subscribe: "your subscription sign-up page",
  login: "your account login page",
  calendar: "your add-to-calendar link",
  reorder: "your reorder page",
  course: "your course page",
  product: "your products page",
  faq: "your questions and answers page",
  "next-steps": "your what-happens-next page",
  "how-it-works": "your how-it-works page",
  about: "your about page",
  contact: "your contact page",
  shop: "your shop page",
  website: "your website",
  offer: "your offer page",
  other: "the page this button opens",
};

/**
 * Button words, most specific first: the first pattern a button's text matches names its purpose.
 * "Book a test drive" is a test drive before it is a booking; "Read the reviews" reads reviews,
 * it does not leave one.
 */
const BUTTON_WORDS: ReadonlyArray<readonly [LinkPurpose, RegExp]> = [
  ["keep-subscribed", /\b(?:keep me|stay) (?:subscribed|on the list|in touch)\b|\bkeep (?:hearing|getting) (?:from )?/i],
  ["email-preferences", /\b(?:email )?preferences\b|\bemail settings\b|\bhear (?:from us )?less\b/i],
  ["finish-booking", /\b(?:finish|complete|resume|continue)\b.*\b(?:book(?:ing)?|appointment|reservation)\b/i],
  ["finish-signup", /\b(?:finish|complete|resume|continue)\b.*\b(?:sign[- ]?up|registration|application)\b/i],
  ["order-tracking", /\btrack\b|\border status\b/i],
  ["checkout", /\b(?:cart|basket|checkout|check out)\b|\b(?:finish|complete|resume)\b.*\b(?:order|plan|pre-order|enrol\w*|joining)\b|\bfinish enrolling\b/i],
  ["pre-order", /\bpre-?order|\border ahead\b|\border for (?:pickup|collection)\b/i],
  ["manage-booking", /\b(?:see|view|manage|change|check)\b.*\b(?:my|your) (?:booking|appointment|reservation)\b|\bbooking details\b/i],
  ["manage-subscription", /\b(?:manage|pause|skip|change|edit)\b.*\b(?:subscription|plan|delivery|deliveries|membership|box)\b/i],
  [
    "testimonials",
    /\b(?:read|see|hear)\b.*\b(?:reviews|stories|testimonials|case stud\w*|what (?:they|others|customers|clients|people|members) (?:say|said))\b|\bhear from (?:our )?(?:members|customers|clients|parents|students|patients|owners)\b/i,
  ],
  ["review", /\b(?:review|rate|rating|feedback|tell us how|how (?:did|was) it)\b|\bhow it went\b/i],
  ["test-drive", /\btest[- ]drive\b/i],
  ["viewing", /\b(?:viewing|show ?round|site visit|open day)\b|\btour of\b/i],
  ["consultation", /\b(?:consultation|consult|discovery call|assessment|home survey)\b/i],
  ["demo", /\bdemo\b/i],
  ["quote", /\b(?:quote|estimate|proposal)\b/i],
  ["apply", /\b(?:apply|application|enrol|enroll|join the (?:cohort|waitlist|waiting list))\b/i],
  ["booking", /\b(?:book|schedule|reserve|appointment|plan my visits?)\b/i],
  ["app-download", /\b(?:download|get|install) (?:the |our )?app\b|\bapp store\b/i],
  ["trial", /\b(?:free trial|trial|try (?:it )?(?:for )?free|start (?:for )?free|sign up|get started)\b/i],
  ["download", /\b(?:get|download) (?:my|your|the) (?:free )?(?:copy|guide|report|checklist|download|ebook|e-book|pdf|workbook)\b/i],
  ["upgrade", /\bupgrade\b|\bgo (?:pro|premium)\b|\bnext plan\b/i],
  ["pricing", /\b(?:pricing|prices|plans|packages|options|compare)\b|\b(?:choose|pick|see)\b.*\bplan\b/i],
  ["membership", /\b(?:join|membership|become a member)\b/i],
  ["subscribe", /\b(?:subscribe|subscription|start my plan)\b/i],
  ["login", /\b(?:log ?in|log back in|sign in|my account|pick up where|get set up|set up my|setting up|first step|open the app|dashboard)\b/i],
  ["calendar", /\b(?:calendar|add to cal)\b/i],
  ["reorder", /\b(?:re-?order|restock|buy again|order again)\b/i],
  ["course", /\b(?:course|lessons?|modules?|class(?:es)?|curriculum)\b/i],
  ["product", /\b(?:add-ons?|picks|recommendations|products?|collection|range|menu|what goes with|goes well)\b/i],
  ["faq", /\b(?:answers|faqs?|questions)\b/i],
  // After a purchase with a date ahead: the page that sets out what happens between now and then.
  ["next-steps", /\b(?:what happens next|next steps|see the details|what to know|first days)\b/i],
  ["how-it-works", /\b(?:how (?:it|we|switching) works?|what to expect|the better way|rollout|guide|tips|see how|how we do it)\b/i],
  ["about", /\b(?:our story|about us|who we are|meet the team|why we)\b/i],
  ["contact", /\b(?:contact|get in touch|talk to us|call us|message us|reply|ask us)\b/i],
  ["website", /\b(?:visit|go to|see) (?:our|the) (?:web)?site\b|\bwebsite\b/i],
  ["shop", /\b(?:shop|store|buy|order now|browse)\b/i],
  ["offer", /\b(?:claim|redeem|unlock)\b|\bget (?:my|your) (?:discount|offer|gift)\b/i],
];

/** What a business mainly wants people to do (lib/business/facts.ts `action.verb`) as the purpose of a button that names no page. */
const VERB_PURPOSE: Readonly<Record<string, LinkPurpose>> = { book: "booking", shop: "shop", start: "trial", subscribe: "subscribe" };

/** An unfinished booking, sign-up or order: what an abandoned-cart flow's general buttons resume. */
const RESUME_PURPOSE: Readonly<Partial<Record<LinkPurpose, LinkPurpose>>> = {
  booking: "finish-booking",
  shop: "checkout",
  trial: "finish-signup",
  subscribe: "checkout",
  offer: "checkout",
};

export interface ButtonContext {
  flowType?: FlowType;
  /** The business's main action ("book", "shop", "start", "subscribe"), for buttons whose words name no page. */
  verb?: string;
}

/** The purpose a button's words name ("Finish my booking" → finish-booking), else the business's main action's. */
export function purposeOfButton(ctaText: string, context: ButtonContext = {}): LinkPurpose {
  const named = BUTTON_WORDS.find(([, pattern]) => pattern.test(ctaText))?.[0];
  const byVerb = context.verb ? VERB_PURPOSE[context.verb] : undefined;
  const purpose: LinkPurpose = !named || named === "offer" ? (byVerb ?? named ?? "other") : named;
  // In an abandoned-cart flow, booking, shopping or signing up means finishing the one left unfinished.
  return context.flowType === "abandoned_cart" ? (RESUME_PURPOSE[purpose] ?? purpose) : purpose;
}

/** Words in a URL's host and path that say which page it is. */
const PAGE_WORDS: Readonly<Partial<Record<LinkPurpose, RegExp>>> = {
  "keep-subscribed": /\b(?:stay|keep|resubscribe)\b/,
  "email-preferences": /\b(?:preferences|email settings|manage email)\b/,
  checkout: /\b(?:carts?|basket|checkout)\b/,
  "pre-order": /\bpre ?orders?\b|\bpreorders?\b|\border ahead\b/,
  "order-tracking": /\b(?:track|tracking|order status)\b/,
  "manage-booking": /\b(?:my bookings?|my appointments?|manage booking)\b/,
  "manage-subscription": /\b(?:subscriptions?|manage|my plan|portal|billing)\b/,
  testimonials: /\b(?:reviews|testimonials|stories|case studies)\b/,
  review: /\b(?:review|reviews|writereview|feedback|rate|trustpilot|yelp)\b/,
  "test-drive": /\btest ?drives?\b/,
  viewing: /\b(?:viewings?|tours?|visit|open day)\b/,
  consultation: /\b(?:consult|consultations?|discovery|assessment|survey)\b/,
  demo: /\bdemos?\b/,
  quote: /\b(?:quotes?|estimate|proposal)\b/,
  apply: /\b(?:apply|application|enrol|enroll|admissions)\b/,
  booking: /\b(?:book|booking|bookings|appointments?|schedule|reserve|reservations?|calendly|fresha|acuityscheduling|setmore|simplybook)\b/,
  "app-download": /\b(?:apps apple|play google|download|testflight)\b/,
  trial: /\b(?:trial|free trial|sign ?up|signup|register|get started|start)\b/,
  download: /\b(?:download|guide|ebook|pdf|checklist|report|workbook)\b/,
  upgrade: /\bupgrade\b/,
  pricing: /\b(?:pricing|prices|plans|packages|rates)\b/,
  membership: /\b(?:join|membership|memberships|members)\b/,
  subscribe: /\b(?:subscribe|subscriptions?)\b/,
  login: /\b(?:login|log in|signin|sign in|account|dashboard|app)\b/,
  calendar: /\b(?:calendar|ics|ical)\b/,
  reorder: /\b(?:reorder|re order|order again)\b/,
  course: /\b(?:course|courses|curriculum|academy|learn|classes)\b/,
  product: /\b(?:products?|collections?|menu|range)\b/,
  faq: /\b(?:faqs?|questions|help)\b/,
  "next-steps": /\b(?:next steps|what happens next|welcome|new clients?|new members?|getting started)\b/,
  "how-it-works": /\b(?:how it works|process|guide)\b/,
  about: /\b(?:about|about us|story|our story|team)\b/,
  contact: /\b(?:contact|contact us|get in touch|enquir\w*)\b/,
  shop: /\b(?:shop|store|products|collections|order|orders)\b/,
  offer: /\b(?:offers?|deals?|promo)\b/,
};

/** Where a purpose's page can also be found when the answers have no URL for it exactly. */
const BROADER: Readonly<Partial<Record<LinkPurpose, LinkPurpose>>> = {
  "finish-booking": "booking",
  "manage-booking": "booking",
  "test-drive": "booking",
  viewing: "booking",
  consultation: "booking",
  demo: "booking",
  "finish-signup": "trial",
  upgrade: "pricing",
  reorder: "shop",
  "pre-order": "shop",
  checkout: "shop",
  subscribe: "pricing",
  membership: "pricing",
  "next-steps": "how-it-works",
};

/** A URL the owner wrote in an answer, with the words just before it on the same line. */
export interface OwnerLink {
  url: string;
  /** What names the page, as words: its subdomain, a known booking or review service, its path ("book.x.example/online" → "book online"). */
  pageWords: string;
  /** The words just before the URL ("book online at"). */
  lead: string;
  /** The URL is the site's root: never behind a button that names a page. */
  root: boolean;
}

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'()[\]]+|\b(?:www\.)?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9-]+)*\.[a-z]{2,}\/[^\s<>"'()[\]]*/gi;

function wordsOf(text: string) {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** Services whose name says what the page is for (a Calendly link books, an App Store link downloads). */
const NAMED_SERVICE = /^(?:calendly|fresha|acuityscheduling|setmore|simplybook|trustpilot|yelp|apple|google|eventbrite)$/;

function pageWordsOf(parsed: URL) {
  const labels = parsed.hostname.replace(/^www\./, "").split(".");
  const site = labels.at(-2) ?? "";
  return wordsOf([...labels.slice(0, -2), NAMED_SERVICE.test(site) ? site : "", parsed.pathname, parsed.hash].join(" "));
}

function answerTexts(answers: object): string[] {
  return Object.values(answers).flatMap((value) => (typeof value === "string" ? [value] : Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []));
}

/** Every usable URL in the answers, once each, with the words that lead to it. */
export function ownerLinks(answers: object): OwnerLink[] {
  const found = new Map<string, OwnerLink>();
  for (const text of answerTexts(answers)) {
    for (const match of text.matchAll(URL_IN_TEXT)) {
      const url = safeHttpUrl(match[0].replace(/[.,;:!?]+$/, ""));
      if (!url || found.has(url)) continue;
      const parsed = new URL(url);
      const line = text.slice(0, match.index).split("\n").at(-1) ?? "";
      found.set(url, {
        url,
        pageWords: pageWordsOf(parsed),
        lead: line.slice(-60),
        root: (parsed.pathname === "/" || parsed.pathname === "") && !parsed.hash && !parsed.search,
      });
    }
  }
  return [...found.values()];
}

/** How well a link fits a purpose: its path and its leading words both (3), its path (2), its leading words (1), or not (0). */
function fit(link: OwnerLink, purpose: LinkPurpose): number {
  if (link.root) return 0;
  const path = PAGE_WORDS[purpose]?.test(link.pageWords) ? 2 : 0;
  const lead = link.lead.trim() && purposeOfButton(link.lead) === purpose ? 1 : 0;
  return path + lead;
}

function bestFor(purpose: LinkPurpose, links: readonly OwnerLink[]): string | null {
  let best: { url: string; score: number } | null = null;
  for (const link of links) {
    const score = fit(link, purpose);
    if (score > (best?.score ?? 0)) best = { url: link.url, score };
  }
  return best?.url ?? null;
}

/** The marked placeholder for a purpose's page: "[Link: your booking page]". */
export function linkPlaceholder(purpose: LinkPurpose): string {
  return `[Link: ${PURPOSE_PAGES[purpose]}]`;
}

const LINK_PLACEHOLDER_WHOLE = /^\[Link: ([^\]\n]{1,80})\]$/;

/** The page a link placeholder names ("your booking page"), or null when the value is not one. */
export function placeholderPage(value: string | null | undefined): string | null {
  return LINK_PLACEHOLDER_WHOLE.exec(value?.trim() ?? "")?.[1] ?? null;
}

/**
 * The owner's URL for a purpose: a URL in any answer whose path or leading words name it (then one
 * for the broader page, a booking page for a test drive), else the marked placeholder. The website
 * answer's root serves only "visit our website" buttons.
 */
export function linkFor(purpose: LinkPurpose, answers: object): string {
  if (purpose === "website") {
    const website = (answers as { companyWebsite?: unknown }).companyWebsite;
    return (typeof website === "string" ? safeHttpUrl(website) : null) ?? linkPlaceholder("website");
  }
  const links = ownerLinks(answers);
  const broader = BROADER[purpose];
  return bestFor(purpose, links) ?? (broader ? bestFor(broader, links) : null) ?? linkPlaceholder(purpose);
}

/** A button's link as it is stored: the owner's http(s) URL or a marked link placeholder; anything else is null. */
export function cleanButtonUrl(value: string | null | undefined): string | null {
  const text = value?.trim() ?? "";
  if (!text) return null;
  if (placeholderPage(text)) return text;
  return /^https?:\/\//i.test(text) ? safeHttpUrl(text) : null;
}

/** The button's link for its words: the owner's URL for that purpose, or the placeholder. */
export function buttonLink(ctaText: string, answers: object, context: ButtonContext = {}): string {
  return linkFor(purposeOfButton(ctaText, context), answers);
}
