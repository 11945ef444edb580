import { describe, expect, it } from "vitest";

import { placeOf } from "~/lib/business/place";

const op = (businessOperationDescription: string) => ({ businessOperationDescription });

describe("where customers collect or visit", () => {
  it("quotes the premises and the place as the owner wrote them", () => {
    expect(placeOf(op("Two sisters with one shop in Salamanca, Hobart. Order online, collect from the shop."), "pickup", false)).toBe("the shop in Salamanca, Hobart");
    expect(placeOf(op("you pre-order by THURSDAY and pick up saturday 8am-1pm from the hatch at 14 orford rd. we DON'T deliver."), "pickup", false)).toBe(
      "the hatch at 14 orford rd",
    );
    expect(placeOf(op("Independent community pharmacy in Ponsonby, Auckland. Open Mon-Sat."), "pickup", false)).toBe("the community pharmacy in Ponsonby, Auckland");
  });

  it("keeps what kind of premises it is after a count or a size, never a verb before it", () => {
    expect(placeOf(op("one big bouldering gym in a converted tram shed in Glasgow. open 10am-11pm"), "local-visit", false)).toBe(
      "the bouldering gym in a converted tram shed in Glasgow",
    );
    expect(placeOf(op("5 rooms in Cardiff city centre. 60 min games"), "local-visit", false)).toBe("our rooms in Cardiff city centre");
    expect(placeOf(op("one coworking space above the old post office, 40 desks"), "membership", false)).toBe("the coworking space above the old post office");
  });

  it("ends the place before what is said about it, and keeps a town after a comma", () => {
    expect(placeOf(op("shop in ilkley, 4th generation. click & collect on the website."), "pickup", false)).toBe("the shop in Ilkley");
    expect(placeOf(op("ONE GYM IN AKRON OHIO. OPEN 24/7/365."), "membership", false)).toBe("the gym in Akron Ohio");
  });

  it("is empty where nobody comes in, the service is given online, or no place is named", () => {
    expect(placeOf(op("Small batch roastery with a shop in Leeds. We ship UK-wide."), "shop", false)).toBe("");
    expect(placeOf(op("Tutoring from our studio in Bristol, all lessons on Zoom."), "appointment", true)).toBe("");
    expect(placeOf(op("Small animal practice, 4 vets. Free parking behind the building."), "appointment", false)).toBe("");
    expect(placeOf(op("Classes are booked in the app, and you collect your fob at the desk during staffed hours."), "membership", false)).toBe("");
  });
});
