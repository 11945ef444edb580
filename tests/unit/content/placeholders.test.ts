import { describe, expect, it } from "vitest";

import { renderEmailHtml } from "~/lib/content/html";
import { markedIn, placeholdersIn } from "~/lib/content/placeholders";
import { flowContentView } from "~/lib/content/view";
import { touchpointFingerprint, type TouchpointView } from "~/lib/flows/types";

/** What is left to fill before sending: every marked placeholder, once, with the steps it is in. */

describe("placeholdersIn", () => {
  const email = (touchpointId: string, stepNumber: number, fields: { bodyText: string; buttonUrl: string; subject?: string }) => ({
    touchpointId,
    stepNumber,
    subject: fields.subject ?? "Hello",
    preheader: "A note",
    bodyText: fields.bodyText,
    callToAction: "Book now",
    buttonUrl: fields.buttonUrl,
    sms: null,
    bodyHtml: renderEmailHtml({ brand: "Acme", subject: "s", preheader: "p", callToAction: "Book now", esp: "generic", postalAddress: null, ...fields }),
  });

  it("finds each kind of marked placeholder, once each, with its steps and fields, in step order", () => {
    const found = placeholdersIn({
      touchpoints: [
        email("b", 3, { bodyText: "Bring [add: what to bring].", buttonUrl: "[Link: your booking page]" }),
        email("a", 1, {
          bodyText: "It costs [add: your consultation price]. Use [YOUR DISCOUNT CODE].",
          buttonUrl: "[Link: your booking page]",
          subject: "Save with [YOUR DISCOUNT CODE]",
        }),
        { touchpointId: "s", stepNumber: 2, sms: "Acme: use [YOUR DISCOUNT CODE] today. Reply STOP to opt out" },
      ],
    });
    // In step order, and within a step in the email's order: subject first.
    expect(found.map((item) => item.text)).toEqual([
      "[YOUR DISCOUNT CODE]",
      "[add: your consultation price]",
      "[Link: your booking page]",
      "[add: your postal address]",
      "[add: what to bring]",
    ]);
    expect(found.find((item) => item.text === "[YOUR DISCOUNT CODE]")!.steps).toEqual([
      { touchpointId: "a", stepNumber: 1, fields: ["subject", "bodyText"] },
      { touchpointId: "s", stepNumber: 2, fields: ["sms"] },
    ]);
    expect(found.find((item) => item.text === "[Link: your booking page]")!.steps.map((spot) => [spot.stepNumber, spot.fields])).toEqual([
      [1, ["buttonUrl"]],
      [3, ["buttonUrl"]],
    ]);
    // The footer's address is only in the HTML: it counts once per email, as the footer.
    expect(found.find((item) => item.text === "[add: your postal address]")!.steps.map((spot) => [spot.stepNumber, spot.fields])).toEqual([
      [1, ["footer"]],
      [3, ["footer"]],
    ]);
  });

  it("finds nothing in content with every fact and link filled, and ignores brackets that are not marked", () => {
    expect(placeholdersIn({ touchpoints: [{ touchpointId: "a", stepNumber: 1, bodyText: "See [1] and [note]. Book at https://x.example/book." }] })).toEqual([]);
    expect(markedIn("[add: a] [Link: b] [YOUR CODE] [your code] [ADD: c]")).toEqual(["[add: a]", "[Link: b]", "[YOUR CODE]", "[ADD: c]"]);
  });

  it("are listed with the flow's content, by step number", () => {
    const touchpoint: TouchpointView = {
      id: "tp-1",
      flowId: "f",
      createdAt: "2026-01-01T00:00:00.000Z",
      stepNumber: 1,
      stepType: "Email",
      title: "Your booking",
      delayDays: 0,
      timing: null,
      offsetMinutes: 0,
      primaryGoal: "g",
      keyMessages: "k",
      callToAction: "Finish my booking",
      sendWindow: null,
    };
    const stored = [
      {
        touchpointId: "tp-1",
        fingerprint: touchpointFingerprint(touchpoint),
        subject: "s",
        preheader: "p",
        bodyText: "b",
        bodyHtml: null,
        callToAction: "Finish my booking",
        buttonUrl: null,
        sms: null,
        writtenAt: "2026-01-01T00:00:00.000Z",
      },
    ];
    const view = flowContentView({ id: "f", versionCount: 0, touchpoints: [touchpoint], flowType: "abandoned_cart" }, stored);
    // Written before buttons had links: the placeholder for what its button says, listed to fill.
    expect(view.touchpoints[0]!.buttonUrl).toBe("[Link: your booking page]");
    expect(view.placeholders).toEqual([{ text: "[Link: your booking page]", steps: [{ touchpointId: "tp-1", stepNumber: 1, fields: ["buttonUrl"] }] }]);
  });
});
