import { expect, type Page } from "@playwright/test";

import { grantPremium, reviewShot, seedProfile } from "./support/accounts";
import { newUser, registerByApi, test } from "./support/app";

/**
 * The flow's timeline diagram as drawn: every touchpoint mark sits on the same time scale as the
 * axis ticks, and no two pieces of text in the diagram cover each other, at 1280 and 375 px; two
 * equal waits are drawn equally long, before and after a long one the axis shows cut short.
 */

interface Mark {
  minutes: number;
  x: number;
}

/** The marks and ticks as drawn (x in the SVG's own units), and every label's box on screen. */
async function readTimeline(page: Page) {
  return page
    .getByTestId("flow-timeline")
    .locator("svg")
    .evaluate((svg) => {
      if (!(svg instanceof SVGSVGElement)) throw new Error("the timeline is not an SVG");
      const svgBox = svg.getBoundingClientRect();
      const scale = svg.viewBox.baseVal.width / svgBox.width;
      const centreX = (el: Element) => {
        const box = el.getBoundingClientRect();
        return (box.left + box.width / 2 - svgBox.left) * scale;
      };
      const minutesOf = (el: Element) => Number(el.getAttribute("data-minutes"));
      // A mark is where its circle or square is; a tick is where its line is.
      const marks = Array.from(svg.querySelectorAll("[data-testid=timeline-node]")).map((node) => ({
        minutes: minutesOf(node),
        x: centreX(node.querySelector("circle, rect")!),
      }));
      const ticks = Array.from(svg.querySelectorAll("[data-testid=timeline-tick]")).map((tick) => ({
        minutes: minutesOf(tick),
        x: centreX(tick.querySelector("line")!),
      }));
      const texts = Array.from(svg.querySelectorAll("text"))
        .filter((text) => (text.textContent ?? "").trim() !== "")
        .map((text) => {
          const box = text.getBoundingClientRect();
          return { text: text.textContent ?? "", left: box.left, right: box.right, top: box.top, bottom: box.bottom };
        });
      return { marks, ticks, texts };
    });
}

function expectMarksOnTheTickScale(marks: Mark[], ticks: Mark[]) {
  expect(ticks.length).toBeGreaterThan(1);
  for (const mark of marks) {
    const same = ticks.find((tick) => tick.minutes === mark.minutes);
    // A mark at a tick's time is drawn on that tick.
    if (same) expect(Math.abs(mark.x - same.x), `mark at ${mark.minutes} min vs its tick`).toBeLessThan(1);
    // Between two ticks it is drawn between them, and the ticks keep time's order.
    const before = ticks.filter((tick) => tick.minutes < mark.minutes).at(-1);
    const after = ticks.find((tick) => tick.minutes > mark.minutes);
    if (before) expect(mark.x, `mark at ${mark.minutes} min is right of the tick at ${before.minutes}`).toBeGreaterThan(before.x);
    if (after) expect(mark.x, `mark at ${mark.minutes} min is left of the tick at ${after.minutes}`).toBeLessThan(after.x);
  }
}

type Box = { text: string; left: number; right: number; top: number; bottom: number };

function overlapping(texts: Box[]) {
  const pairs: string[] = [];
  texts.forEach((a, i) =>
    texts.slice(i + 1).forEach((b) => {
      const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
      if (!apart) pairs.push(`"${a.text}" | "${b.text}"`);
    }),
  );
  return pairs;
}

for (const width of [1280, 375]) {
  test.describe(`the timeline at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const flowType of ["onboarding", "abandoned_cart", "lead_nurture"] as const) {
      test(`${flowType}: marks sit on the ticks' scale and no labels collide`, async ({ page }) => {
        const user = await registerByApi(page.request, newUser({ companyName: "Bloom & Co" }));
        await seedProfile(page.request);
        await grantPremium(user.email);
        const generated = await page.request.post("/api/ai-flows/generate", { data: { flowType } });
        expect(generated.status(), await generated.text()).toBe(201);

        await page.goto(`/flow-mappings?type=${flowType}`);
        const { marks, ticks, texts } = await readTimeline(page);
        expect(marks.length).toBeGreaterThan(1);
        marks.forEach((mark) => expect(Number.isFinite(mark.minutes)).toBe(true));
        expectMarksOnTheTickScale(marks, ticks);
        expect(overlapping(texts)).toEqual([]);

        await page.getByTestId("flow-timeline").scrollIntoViewIfNeeded();
        await reviewShot(page, `timeline-${flowType}-${width}`, { fullPage: false });
      });
    }
  });
}

test.describe("equal waits on the timeline", () => {
  for (const width of [1280, 375]) {
    test(`two "Wait 2 days" are drawn equally long, either side of a shortened 16-day wait, at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await registerByApi(page.request, newUser({ companyName: "Bloom & Co" }));
      await seedProfile(page.request, { companyName: "Bloom & Co", communicationChannels: "Email only" });
      const generated = await page.request.post("/api/ai-flows/generate", { data: { flowType: "onboarding", customContext: "" } });
      expect(generated.status(), await generated.text()).toBe(201);
      const { touchpoints } = (await generated.json()) as { touchpoints: Array<{ id: string }> };
      expect(touchpoints.length).toBeGreaterThanOrEqual(4);
      // Days 0, 2, 4, 20, 22, … : waits of 2, 2, 16 and 2 days, then 2 days each.
      const days = touchpoints.map((_, index) => (index < 3 ? index * 2 : 18 + (index - 2) * 2));
      for (const [index, { id }] of touchpoints.entries()) {
        const patched = await page.request.patch(`/api/touchpoints/${id}`, { data: { timing: { type: "offset", minutes: days[index]! * 1440 } } });
        expect(patched.status(), await patched.text()).toBe(200);
      }

      await page.goto("/flow-mappings?type=onboarding");
      const timeline = page.getByTestId("flow-timeline");
      await expect(timeline.getByTestId("timeline-break")).toHaveCount(1);
      const bars = await timeline
        .getByTestId("timeline-wait")
        .evaluateAll((lines) => lines.map((line) => ({ minutes: Number(line.getAttribute("data-minutes")), width: line.getBoundingClientRect().width })));
      const twoDays = bars.filter((bar) => bar.minutes === 2 * 1440);
      expect(twoDays.length).toBe(touchpoints.length - 2);
      for (const bar of twoDays) expect(Math.abs(bar.width - twoDays[0]!.width)).toBeLessThan(0.5);
      const long = bars.find((bar) => bar.minutes === 16 * 1440)!;
      // The long wait is longer than a 2-day one, though not eight times as long: the break shortens it.
      expect(long.width).toBeGreaterThan(twoDays[0]!.width);
      expect(long.width).toBeLessThan(8 * twoDays[0]!.width);
      const { marks, ticks, texts } = await readTimeline(page);
      expectMarksOnTheTickScale(marks, ticks);
      expect(overlapping(texts)).toEqual([]);
      await timeline.scrollIntoViewIfNeeded();
      await reviewShot(page, `timeline-equal-waits-${width}`, { fullPage: false });
    });
  }
});
