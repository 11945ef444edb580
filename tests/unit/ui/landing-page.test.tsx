import { describe, expect, it } from "vitest";

import { renderRoute } from "./render";
import { FEATURES } from "~/components/landing/features";
import { STEPS } from "~/components/landing/how-it-works";
import { LandingPage } from "~/components/landing/landing-page";

/** Server-render the page inside Remix's test stub, as a visitor's first load gets it. */
function render() {
  return renderRoute("/", [{ path: "/", Component: LandingPage }]);
}

const count = (html: string, re: RegExp) => (html.match(re) ?? []).length;

/** Visible text of an HTML fragment (tags stripped, entities that matter decoded, whitespace collapsed). */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/<!-- -->/g, "")
    .replace(/\s+/g, " ");

/** The anchor tags whose visible text contains `label`. */
function linksLabelled(html: string, label: string) {
  return [...html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)].filter(([, , inner]) => text(inner).includes(label)).map(([, attrs]) => /href="([^"]*)"/.exec(attrs)?.[1]);
}

const html = await render();
const plain = text(html);

describe("<LandingPage />", () => {
  it("has one h1 and headings that never skip a level", () => {
    expect(count(html, /<h1\b/g)).toBe(1);
    const levels = [...html.matchAll(/<h([1-6])\b/g)].map((m) => Number(m[1]));
    expect(levels[0]).toBe(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i] - levels[i - 1]).toBeLessThanOrEqual(1);
  });

  it("renders the landmarks: a header with a labelled nav, main#main and a footer", () => {
    expect(count(html, /<header\b/g)).toBe(1);
    expect(html).toMatch(/<nav aria-label="Primary"/);
    expect(count(html, /<main\b[^>]*id="main"/g)).toBe(1);
    expect(count(html, /<footer\b/g)).toBe(1);
    expect(html).toMatch(/<nav aria-label="Footer"/);
    expect(html).toMatch(/href="#main"/);
  });

  it("renders the sections in the order the spec lists them", () => {
    const order = ["<header", "hero-heading", "Trusted by growing brands", "results-heading", "features-heading", 'id="how-it-works"', "cta-heading", "<footer"];
    const positions = order.map((marker) => html.indexOf(marker));
    positions.forEach((pos, i) => expect(pos, order[i]).toBeGreaterThan(-1));
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it("shows the three results claims with their labels", () => {
    expect(plain).toContain("200%+");
    expect(plain).toContain("Volume shift from campaigns to flows");
    expect(plain).toContain("35%+");
    expect(plain).toContain("Team efficiency");
    expect(plain).toContain("311%");
    expect(plain).toContain("Revenue increase");
  });

  it("shows five or six client wordmarks", () => {
    const logos = html.slice(html.indexOf("logos-heading"), html.indexOf("results-heading"));
    const n = count(logos, /<li\b/g);
    expect(n).toBeGreaterThanOrEqual(5);
    expect(n).toBeLessThanOrEqual(6);
  });

  it("renders four feature cards, each with a heading and a decorative icon", () => {
    const cards = html.split('data-testid="feature-card"').slice(1);
    expect(cards).toHaveLength(4);
    for (const card of cards) {
      expect(card).toMatch(/<h3\b/);
      expect(card).toMatch(/<svg[^>]*aria-hidden="true"/);
    }
  });

  it("renders a four-step how-it-works section anchored at #how-it-works", () => {
    expect(html).toMatch(/<section id="how-it-works"/);
    expect(count(html, /data-testid="how-step"/g)).toBe(4);
    for (const step of ["Answer the questionnaire", "Get your scorecard", "Generate your flows", "Export your content"]) {
      expect(plain).toContain(step);
    }
    expect(linksLabelled(html, "See how it works")).toEqual(["#how-it-works"]);
  });

  it("points every call to action at the right route", () => {
    const start = linksLabelled(html, "Start Free Assessment");
    // header, hero, final CTA band, footer
    expect(start).toHaveLength(4);
    expect(new Set(start)).toEqual(new Set(["/questionnaire"]));

    const signIn = linksLabelled(html, "Sign In");
    expect(signIn.length).toBeGreaterThanOrEqual(2);
    expect(new Set(signIn)).toEqual(new Set(["/login"]));

    expect(linksLabelled(html, "Create account")).toEqual(["/register"]);
    expect(plain).toMatch(/no credit card/i);
  });

  it("ends with a footer carrying the logo, tagline and the current year", () => {
    const footer = html.slice(html.indexOf("<footer"));
    expect(footer).toContain('aria-label="Flowmap home"');
    expect(text(footer)).toContain(`© ${new Date().getFullYear()} Flowmap`);
  });

  it("keeps every SVG out of the accessibility tree and the markup lean", () => {
    const svgs = html.match(/<svg\b[^>]*>/g) ?? [];
    expect(svgs.length).toBeGreaterThan(0);
    for (const svg of svgs) expect(svg).toContain('aria-hidden="true"');
    expect(html).not.toMatch(/<img\b/);
    expect(Buffer.byteLength(html)).toBeLessThan(60_000);
  });
});

describe("<LandingPage />: what is premium", () => {
  it("says that the scorecard and the written copy are premium wherever it promises them", () => {
    const blocks = [
      ...FEATURES.map((feature) => [feature.title, feature.body, ...feature.points].join(" ")),
      ...STEPS.map((step) => `${step.title} ${step.body}`),
      ...plain.split(/(?<=[.!?])\s+/).filter((sentence) => !FEATURES.some((f) => sentence.includes(f.title)) && !STEPS.some((st) => sentence.includes(st.title))),
    ];
    const promising = blocks.filter((block) => /\bscorecard\b/i.test(block) || /\b(email (and|&) SMS copy|written for you|finished copy)\b/i.test(block));
    expect(promising.length).toBeGreaterThan(3);
    for (const block of promising) expect(block, block).toMatch(/Premium/);
    expect(plain).toContain("Scorecard with recommendations on Premium");
    expect(plain).toContain("Email & SMS copy written and exported on Premium");
  });

  it("writes the benchmark difference as the dashboard does (percent, not points)", () => {
    expect(plain).toContain("+8.3% (+18.8%)");
    expect(plain).not.toMatch(/\bpts\b/);
  });
});
