import * as DomUtils from "domutils";
import { parseDocument } from "htmlparser2";

/**
 * Reads a fetched page with an HTML parser (htmlparser2 + domutils, never regular expressions
 * over markup) into plain facts, then turns the facts into questionnaire answers. Only answers
 * the page supports are produced; a field the page says nothing about stays absent.
 */

type ParsedDocument = ReturnType<typeof parseDocument>;
type DomNode = ParsedDocument["children"][number];
type DomElement = Extract<DomNode, { tagName: string }>;

function isElement(node: DomNode): node is DomElement {
  return "tagName" in node && typeof node.tagName === "string";
}

export interface SiteFacts {
  url: string;
  title: string;
  siteName: string;
  description: string;
  headings: string[];
  paragraphs: string[];
  about: string[];
  pricing: string[];
  faq: string[];
  testimonials: string[];
  audience: string[];
  guarantees: string[];
  offers: string[];
  proof: string[];
}

const SKIPPED = new Set(["script", "style", "noscript", "template", "svg", "iframe", "head", "nav", "footer", "form", "button", "select"]);
const BLOCKS = new Set(["p", "li", "blockquote", "dd", "dt", "summary", "td", "figcaption"]);
const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);

type Topic = "about" | "pricing" | "faq" | "testimonials" | "audience";
const TOPICS: ReadonlyArray<[Topic, RegExp]> = [
  ["faq", /\b(faqs?|frequently asked|questions)\b/i],
  ["pricing", /\b(pricing|prices?|plans?|packages?)\b/i],
  ["testimonials", /\b(testimonials?|reviews?|what (our )?(customers|clients) say|love(d)? by)\b/i],
  ["about", /\b(about|our story|who we are|our mission|mission)\b/i],
  ["audience", /\b(who (it'?s|this is|we'?re) for|built for|made for|perfect for)\b/i],
];

function clean(text: string) {
  return text.replace(/\s+/g, " ").trim();
}

function topicOf(label: string): Topic | null {
  for (const [topic, pattern] of TOPICS) if (pattern.test(label)) return topic;
  return null;
}

/** A section's own label: its id and class names ('about-us', 'pricing-table'). */
function elementLabel(element: DomElement) {
  return `${element.attribs?.id ?? ""} ${element.attribs?.class ?? ""}`.replace(/[-_]/g, " ");
}

function meta(document: ParsedDocument, names: string[]) {
  const metas = DomUtils.getElementsByTagName("meta", document);
  for (const name of names) {
    const found = metas.find((m) => (m.attribs.name ?? m.attribs.property ?? "").toLowerCase() === name);
    const content = found ? clean(found.attribs.content ?? "") : "";
    if (content) return content;
  }
  return "";
}

const GUARANTEE = /\b(guarantee[ds]?|money[- ]back|refund|risk[- ]free|no questions asked)\b/i;
const OFFER = /\b(free trial|\d+\s?% off|discount|free (consultation|shipping|demo|quote|session|class)|first (month|order|lesson|visit) free|coupon|promo code)\b/i;
const PROOF = /\b(trusted by|\d[\d,.]*\+?\s*(customers|clients|users|businesses|companies|reviews|members|students)|rated \d|award|certified|featured in|as seen (in|on))\b/i;

function sentences(text: string) {
  return text
    .split(/(?<=[.!?])\s+/)
    .map(clean)
    .filter((s) => s.length > 3);
}

function unique(values: string[], limit: number) {
  return [...new Set(values.filter(Boolean))].slice(0, limit);
}

export function extractSiteFacts(html: string, url: string): SiteFacts {
  const document = parseDocument(html, { decodeEntities: true, lowerCaseTags: true });
  const titleElement = DomUtils.getElementsByTagName("title", document)[0];
  const facts: SiteFacts = {
    url,
    title: titleElement ? clean(DomUtils.textContent(titleElement)) : "",
    siteName: meta(document, ["og:site_name", "application-name"]),
    description: meta(document, ["description", "og:description", "twitter:description"]),
    headings: [],
    paragraphs: [],
    about: [],
    pricing: [],
    faq: [],
    testimonials: [],
    audience: [],
    guarantees: [],
    offers: [],
    proof: [],
  };

  // Document order walk: a heading (or a section named about/pricing/faq) sets the topic of the
  // blocks that follow it until the next heading of the same or a higher level.
  let headingTopic: { level: number; topic: Topic | null } = { level: 0, topic: null };
  const walk = (nodes: DomNode[], sectionTopic: Topic | null) => {
    for (const node of nodes) {
      if (!isElement(node)) continue;
      const tag = node.tagName.toLowerCase();
      if (SKIPPED.has(tag)) continue;
      const ownTopic = topicOf(elementLabel(node)) ?? sectionTopic;
      if (HEADINGS.has(tag)) {
        const text = clean(DomUtils.textContent(node));
        if (!text) continue;
        const level = Number(tag.slice(1));
        facts.headings.push(text);
        const topic = topicOf(text);
        if (topic || level <= headingTopic.level || headingTopic.level === 0) headingTopic = { level, topic };
        if ((ownTopic === "faq" || headingTopic.topic === "faq") && text.endsWith("?")) facts.faq.push(text);
        continue;
      }
      if (BLOCKS.has(tag)) {
        const text = clean(DomUtils.textContent(node));
        if (text.length < 3) continue;
        const topic = tag === "blockquote" ? "testimonials" : (ownTopic ?? headingTopic.topic);
        if (topic === "faq") {
          if (text.endsWith("?")) facts.faq.push(text);
        } else if (topic) facts[topic].push(text);
        if (tag === "p" || tag === "li") facts.paragraphs.push(text);
        for (const sentence of sentences(text)) {
          if (GUARANTEE.test(sentence)) facts.guarantees.push(sentence);
          if (OFFER.test(sentence)) facts.offers.push(sentence);
          if (PROOF.test(sentence)) facts.proof.push(sentence);
        }
        continue;
      }
      walk(node.children, ownTopic);
    }
  };
  walk(document.children, null);

  facts.headings = unique(facts.headings, 30);
  facts.paragraphs = unique(facts.paragraphs, 40);
  for (const key of ["about", "pricing", "testimonials", "audience", "guarantees", "offers", "proof"] as const) facts[key] = unique(facts[key], 8);
  facts.faq = unique(facts.faq, 12);
  return facts;
}

/** The questionnaire answers research may fill (text answers and the company name). */
export const RESEARCH_FIELDS = [
  "companyName",
  "companyWebsite",
  "productServiceDescription",
  "primaryProblemSolved",
  "businessOperationDescription",
  "primaryTargetAudience",
  "competitiveDifferentiation",
  "customerFeedback",
  "frequentQuestionsConcerns",
  "purchaseMethod",
  "socialProofCredentials",
  "availableProofMaterials",
  "guarantees_q8",
  "specificLeadOffer",
  "onboardingSpecialOffers",
] as const;
export type ResearchField = (typeof RESEARCH_FIELDS)[number];
export type ResearchAnswers = Partial<Record<ResearchField, string>>;

/** An answer's longest length; the stored limit is larger, a research answer should stay readable. */
export const RESEARCH_ANSWER_MAX = 1000;

function join(parts: string[], separator = " ") {
  const text = clean(parts.join(separator));
  if (text.length <= RESEARCH_ANSWER_MAX) return text;
  return `${text.slice(0, RESEARCH_ANSWER_MAX - 1).replace(/\s+\S*$/, "")}…`;
}

function companyNameFrom(facts: SiteFacts) {
  if (facts.siteName) return facts.siteName;
  const first = facts.title.split(/\s[|–—:-]\s/)[0]?.trim() ?? "";
  return first.length > 0 && first.length <= 80 ? first : "";
}

/** The offline path: answers straight from what the page says. */
export function answersFromFacts(facts: SiteFacts): ResearchAnswers {
  const answers: ResearchAnswers = {};
  const set = (field: ResearchField, value: string) => {
    if (value) answers[field] = value;
  };
  const companyName = companyNameFrom(facts);
  set("companyName", companyName);
  set("companyWebsite", new URL(facts.url).origin);
  set("productServiceDescription", join([facts.description || facts.paragraphs[0] || ""]));
  const headline = facts.headings[0] ?? "";
  if (headline && headline !== companyName && headline !== facts.description) set("primaryProblemSolved", join([headline]));
  set("businessOperationDescription", join(facts.about.slice(0, 4)));
  set("primaryTargetAudience", join(facts.audience.slice(0, 3)));
  const highlights = facts.headings.slice(1).filter((h) => !topicOf(h) && !h.endsWith("?") && h.length <= 120);
  if (highlights.length >= 2) set("competitiveDifferentiation", join([`What the website highlights: ${highlights.slice(0, 6).join("; ")}.`]));
  set("customerFeedback", join(facts.testimonials.slice(0, 3)));
  set("frequentQuestionsConcerns", join(facts.faq, " "));
  set("purchaseMethod", join(facts.pricing.slice(0, 4), "; "));
  set("socialProofCredentials", join(facts.proof.slice(0, 4)));
  if (facts.testimonials.length || facts.proof.length) {
    const materials = [facts.testimonials.length ? `Customer testimonials (${facts.testimonials.length} on the website)` : "", ...facts.proof.slice(0, 2)];
    set("availableProofMaterials", join(materials.filter(Boolean), "; "));
  }
  set("guarantees_q8", join(facts.guarantees.slice(0, 3)));
  set("specificLeadOffer", join(facts.offers.slice(0, 2)));
  set("onboardingSpecialOffers", join(facts.offers.slice(0, 2)));
  return answers;
}

/** The facts as compact text for the model (bounded, so a huge page cannot blow the prompt). */
export function factsAsText(facts: SiteFacts, limit = 12_000) {
  const lines = [
    `URL: ${facts.url}`,
    `Title: ${facts.title}`,
    `Site name: ${facts.siteName}`,
    `Description: ${facts.description}`,
    `Headings: ${facts.headings.join(" | ")}`,
    `About: ${facts.about.join(" ")}`,
    `Pricing: ${facts.pricing.join(" ")}`,
    `FAQ: ${facts.faq.join(" ")}`,
    `Testimonials: ${facts.testimonials.join(" ")}`,
    `Audience: ${facts.audience.join(" ")}`,
    `Guarantees: ${facts.guarantees.join(" ")}`,
    `Offers: ${facts.offers.join(" ")}`,
    `Text: ${facts.paragraphs.join(" ")}`,
  ];
  return lines.join("\n").slice(0, limit);
}
