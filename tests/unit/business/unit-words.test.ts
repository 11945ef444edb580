// The owner's own word for what people book, when the model's usual words don't fit the business.
import { describe, expect, it } from "vitest";

import { MODEL_SPECS, unitIn } from "~/lib/business/model-specs";
import { buttonLink } from "~/lib/content/links";

describe("the unit a service business's emails talk about", () => {
  it("is what the owner says people book when none of the model's words is used", () => {
    expect(unitIn(MODEL_SPECS.appointment, "When they book a tour (usually 1-3 weeks before)")).toBe("tour");
    expect(unitIn(MODEL_SPECS["local-visit"], "Guests book a tasting at the cellar door")).toBe("tasting");
    // "book a time" says nothing of what is booked; the model's own word stays.
    expect(unitIn(MODEL_SPECS.appointment, "People book a time online")).toBe("appointment");
    // A model word the owner uses still wins.
    expect(unitIn(MODEL_SPECS.appointment, "Clients book a treatment, then a tour of the spa")).toBe("treatment");
  });

  it("links 'Book your next tour' to the booking page, and a tour of a venue to its viewing page", () => {
    expect(buttonLink("Book your next tour", {})).toBe("[Link: your booking page]");
    expect(buttonLink("Book a tour of the venue", {})).toBe("[Link: your viewing booking page]");
  });
});
