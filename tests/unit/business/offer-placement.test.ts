import { describe, expect, it } from "vitest";

import { parseOffers } from "~/lib/business/facts";

describe("where each offer goes", () => {
  it("takes the owner's 'none' and an offer not running now as no offer", () => {
    expect(parseOffers("None for the free plan obviously.", ["onboarding"])).toEqual([]);
    expect(parseOffers("none on the course itself, I don't do sales except Black Friday", ["onboarding"])).toEqual([]);
    expect(parseOffers("Sometimes we run 40% off annual plans in January (code NEWYEAR40), but not right now.", ["onboarding"])).toEqual([]);
    expect(parseOffers("None, except 10% off your first order with HELLO10", ["onboarding"])).toMatchObject([{ value: "10%", code: "HELLO10" }]);
  });
});
