import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { SMS_CONSENT_NOTE } from "~/lib/flows/rules";
import {
  correctClaims,
  flowShape,
  hasFalseClaim,
  readableSpan,
  refreshDerivedText,
  refreshQuickNotes,
  roundSpanMinutes,
  scheduleLine,
  shapePhrase,
  type ShapeTouchpoint,
} from "~/lib/flows/summary";
import { MAX_OFFSET_MINUTES, MINUTES_PER_DAY, MINUTES_PER_HOUR } from "~/lib/timing";

const WORDS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
  "twenty",
];
const UNIT = { minute: 1, hour: MINUTES_PER_HOUR, day: MINUTES_PER_DAY } as const;

function tps(...spec: Array<["Email" | "SMS", number]>): ShapeTouchpoint[] {
  return spec.map(([stepType, offsetMinutes]) => ({ stepType, offsetMinutes }));
}

const touchpointArb: fc.Arbitrary<ShapeTouchpoint> = fc.record({
  stepType: fc.constantFrom("Email" as const, "SMS" as const),
  offsetMinutes: fc.oneof(fc.integer({ min: 0, max: 3 * MINUTES_PER_DAY }), fc.integer({ min: 0, max: MAX_OFFSET_MINUTES })),
});
const flowArb = fc.array(touchpointArb, { maxLength: 12 });

function toNumber(text: string): number {
  const index = WORDS.indexOf(text.toLowerCase());
  return index >= 0 ? index : Number(text);
}

/** Reads a shape phrase back into counts and a span, failing on anything outside its grammar. */
function readPhrase(phrase: string) {
  if (phrase === "no messages") return { emails: 0, sms: 0, span: null as null | { value: number; unit: keyof typeof UNIT } | "at once" };
  const match = /^(?:(\w+) (email|emails))?(?: and )?(?:(\w+) SMS)?(?: (?:over|sent after) (\w+) (minute|hour|day)s?| (sent at once))?$/.exec(phrase);
  if (!match) throw new Error(`not a shape phrase: ${phrase}`);
  const [, emailCount, emailNoun, smsCount, spanValue, spanUnit, atOnce] = match;
  const emails = emailCount ? toNumber(emailCount) : 0;
  if (emailCount) expect(emailNoun, phrase).toBe(emails === 1 ? "email" : "emails");
  if (spanValue) expect(phrase.endsWith(`${spanUnit}${toNumber(spanValue) === 1 ? "" : "s"}`), phrase).toBe(true);
  return {
    emails,
    sms: smsCount ? toNumber(smsCount) : 0,
    span: atOnce ? ("at once" as const) : spanValue ? { value: toNumber(spanValue), unit: spanUnit as keyof typeof UNIT } : null,
  };
}

function expectPhraseMatches(phrase: string, touchpoints: readonly ShapeTouchpoint[]) {
  expect(phrase).not.toMatch(/\d\.\d/);
  const read = readPhrase(phrase);
  const emails = touchpoints.filter((tp) => tp.stepType === "Email").length;
  const sms = touchpoints.length - emails;
  expect([read.emails, read.sms], phrase).toEqual([emails, sms]);
  if (touchpoints.length === 0) return;
  const last = Math.max(...touchpoints.map((tp) => tp.offsetMinutes ?? 0));
  if (read.span === "at once") expect(last).toBeLessThan(0.5);
  else {
    expect(read.span, phrase).not.toBeNull();
    const { value, unit } = read.span!;
    // The span is the last send, rounded to the unit it is read in.
    expect(Math.abs(last - value * UNIT[unit]), phrase).toBeLessThanOrEqual(UNIT[unit] / 2);
    expect(value).toBeGreaterThanOrEqual(1);
    if (unit === "minute") expect(value).toBeLessThan(60);
    if (unit === "hour") expect(value).toBeLessThan(24);
  }
}

describe("shapePhrase", () => {
  it("states counts, channels and a readable span", () => {
    expect(shapePhrase(tps(["Email", 0], ["Email", 1440], ["Email", 4320], ["Email", 7776]))).toBe("4 emails over 5 days");
    expect(shapePhrase(tps(["Email", 0], ["SMS", 60], ["Email", 864]))).toBe("2 emails and 1 SMS over 14 hours");
    expect(shapePhrase(tps(["Email", 60], ["SMS", 1440], ["SMS", 2880]))).toBe("1 email and 2 SMS over 2 days");
    expect(shapePhrase(tps(["Email", 0]))).toBe("1 email sent at once");
    expect(shapePhrase(tps(["SMS", 2592]))).toBe("1 SMS sent after 2 days");
    expect(shapePhrase(tps(["Email", 0], ["Email", 45]))).toBe("2 emails over 45 minutes");
    expect(shapePhrase([])).toBe("no messages");
    expect(shapePhrase(tps(["Email", 0], ["Email", 7776]), { words: true })).toBe("two emails over five days");
  });

  it("names the event a step is timed from instead of a span it cannot know", () => {
    const touchpoints: ShapeTouchpoint[] = [
      { stepType: "Email", timing: { type: "relative_event", event: "webinar", direction: "before", minutes: 1440 }, offsetMinutes: null },
      { stepType: "Email", timing: { type: "immediate" }, offsetMinutes: null },
    ];
    expect(flowShape(touchpoints).spanMinutes).toBeNull();
    expect(shapePhrase(touchpoints)).toBe("2 emails timed around the webinar");
  });

  it("reads legacy whole-day delays when there is no timing", () => {
    expect(
      shapePhrase([
        { stepType: "Email", delayDays: 0 },
        { stepType: "Email", delayDays: 3 },
      ]),
    ).toBe("2 emails over 3 days");
  });

  it("always matches the touchpoints (property)", () => {
    fc.assert(
      fc.property(flowArb, (touchpoints) => {
        expectPhraseMatches(shapePhrase(touchpoints), touchpoints);
        expectPhraseMatches(shapePhrase(touchpoints, { words: true }), touchpoints);
        expect(scheduleLine(touchpoints)).toBe(`Schedule: ${shapePhrase(touchpoints)}.`);
      }),
      { numRuns: 400 },
    );
  });
});

describe("readableSpan", () => {
  it("rounds to whole minutes, hours or days, never a fraction", () => {
    expect(readableSpan(14.4 * MINUTES_PER_HOUR)).toBe("14 hours");
    expect(readableSpan(5.4 * MINUTES_PER_DAY)).toBe("5 days");
    expect(readableSpan(1.8 * MINUTES_PER_DAY)).toBe("2 days");
    expect(readableSpan(23.6 * MINUTES_PER_HOUR)).toBe("1 day");
    expect(readableSpan(30)).toBe("30 minutes");
    expect(readableSpan(0)).toBe("0 minutes");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_OFFSET_MINUTES }), (minutes) => {
        expect(readableSpan(minutes)).toMatch(/^\d+ (minute|hour|day)s?$/);
        expect(Math.abs(roundSpanMinutes(minutes) - minutes)).toBeLessThanOrEqual(MINUTES_PER_DAY / 2);
      }),
    );
  });
});

describe("correctClaims", () => {
  const fourOverFive = tps(["Email", 0], ["Email", 1440], ["Email", 4320], ["Email", 7776]);

  it("corrects the stale claims seen on real flows, in place and in the claim's own style", () => {
    expect(correctClaims("Five emails over nine days: immediately, then every few days.", fourOverFive)).toBe("Four emails over five days: immediately, then every few days.");
    expect(correctClaims("Leaf & Kettle's Onboarding flow: 5 emails over 9 days to turn new subscribers into first-time customers.", fourOverFive)).toBe(
      "Leaf & Kettle's Onboarding flow: 4 emails over 5 days to turn new subscribers into first-time customers.",
    );
    expect(correctClaims("A plan of 4 emails over 5.4 days.", fourOverFive)).toBe("A plan of 4 emails over 5 days.");
    expect(correctClaims("Eight emails: the asset first, proof last.", fourOverFive)).toBe("Four emails: the asset first, proof last.");
  });

  it("names a channel the claim left out", () => {
    const withSms = tps(["Email", 60], ["SMS", 1440], ["Email", 2880]);
    expect(correctClaims("Recovery in 2 emails over 2 days.", withSms)).toBe("Recovery in 2 emails and 1 SMS over 2 days.");
    expect(correctClaims("Three messages over 48 hours.", withSms)).toBe("Three messages over 48 hours.");
  });

  it("leaves true claims and text that is not about the flow's shape alone", () => {
    const text = "4 emails over 5 days. Only one email carries the offer; the offer lasts 2 days. Add 3 reviews.";
    expect(correctClaims(text, fourOverFive)).toBe(text);
    expect(hasFalseClaim(text, fourOverFive)).toBe(false);
  });

  it("corrects a span said of the flow without a count: 'so it runs 40 days' after the last step moved to day 35", () => {
    const thirtyFive = tps(["Email", 0], ["Email", 7 * MINUTES_PER_DAY], ["SMS", 20 * MINUTES_PER_DAY], ["Email", 35 * MINUTES_PER_DAY]);
    const overview = "Leaf & Kettle's lead nurture flow: 3 emails and 1 SMS over 35 days to start a subscription. People decide after weeks of research, so it runs 40 days.";
    expect(hasFalseClaim(overview, thirtyFive)).toBe(true);
    expect(correctClaims(overview, thirtyFive)).toBe(
      "Leaf & Kettle's lead nurture flow: 3 emails and 1 SMS over 35 days to start a subscription. People decide after weeks of research, so it runs 35 days.",
    );
    expect(correctClaims("The flow lasts about two weeks.", tps(["Email", 0], ["Email", 5 * MINUTES_PER_DAY]))).toBe("The flow lasts five days.");
    expect(correctClaims("So it runs 5 days.", fourOverFive)).toBe("So it runs 5 days.");
    // Not about the flow: an offer's or a trial's own length.
    expect(correctClaims("The offer lasts 2 days and the trial runs 14 days.", fourOverFive)).toBe("The offer lasts 2 days and the trial runs 14 days.");
  });

  it("a span said of a flow timed around a date names the date", () => {
    const anchored: ShapeTouchpoint[] = [
      { stepType: "Email", timing: { type: "relative_event", event: "appointment", direction: "before", minutes: 1440 } },
      { stepType: "Email", offsetMinutes: 0 },
    ];
    const corrected = correctClaims("People book ahead, so it runs 12 days.", anchored);
    expect(corrected).toMatch(/^People book ahead, so it runs around the /);
    expect(hasFalseClaim(corrected, anchored)).toBe(false);
  });

  it("leaves no false claim behind and is idempotent (property)", () => {
    const countArb = fc.integer({ min: 1, max: 20 });
    const claimArb = fc.tuple(
      countArb,
      fc.constantFrom("emails", "SMS", "messages", "touchpoints"),
      fc.boolean(),
      fc.option(fc.tuple(fc.double({ min: 0.5, max: 60, noNaN: true }), fc.constantFrom("hours", "days", "weeks")), { nil: null }),
    );
    fc.assert(
      fc.property(flowArb, claimArb, (touchpoints, [count, noun, inWords, span]) => {
        const number = inWords ? WORDS[count]! : String(count);
        const text = `Intro. ${number[0]!.toUpperCase()}${number.slice(1)} ${noun}${span ? ` over ${Math.round(span[0] * 10) / 10} ${span[1]}` : ""}: details follow.`;
        const corrected = correctClaims(text, touchpoints);
        expect(hasFalseClaim(corrected, touchpoints), corrected).toBe(false);
        expect(correctClaims(corrected, touchpoints)).toBe(corrected);
        expect(corrected.startsWith("Intro. ")).toBe(true);
        expect(corrected.endsWith(": details follow.")).toBe(true);
      }),
      { numRuns: 400 },
    );
  });
});

describe("refreshQuickNotes", () => {
  const notes = [
    "Trigger: Joins the list.",
    "Exit rules: Places a first order; Unsubscribes.",
    SMS_CONSENT_NOTE,
    "Five emails over nine days: immediately, +1 day, +3 days, then every 3 days. The first email gets the series' highest open rate.",
    "Your note: five emails at most, please",
  ].join("\n");

  it("states the schedule, drops the stale sentence and the consent line of a flow without SMS, keeps the user's lines", () => {
    expect(refreshQuickNotes(notes, tps(["Email", 0], ["Email", 1440], ["Email", 4320], ["Email", 7776])).split("\n")).toEqual([
      "Trigger: Joins the list.",
      "Exit rules: Places a first order; Unsubscribes.",
      "Schedule: 4 emails over 5 days.",
      "The first email gets the series' highest open rate.",
      "Your note: five emails at most, please",
    ]);
  });

  it("keeps the SMS consent line exactly when the flow sends SMS", () => {
    const refreshed = refreshQuickNotes(notes, tps(["Email", 0], ["SMS", 1440]));
    expect(refreshed.split("\n").slice(0, 4)).toEqual([
      "Trigger: Joins the list.",
      "Exit rules: Places a first order; Unsubscribes.",
      "Schedule: 1 email and 1 SMS over 1 day.",
      SMS_CONSENT_NOTE,
    ]);
  });

  it("corrects a span that was true before the change: an SMS moved from 23.5 hours to 12 hours is no longer 'sent after 1 day'", () => {
    const first = refreshDerivedText({ flowOverview: "Acme's flow: 5 emails over 9 days to recover carts.", quickNotes: notes }, tps(["SMS", 1410]));
    expect(first.flowOverview).toContain("1 SMS sent after 1 day");
    expect(refreshDerivedText(first, tps(["SMS", 720])).flowOverview).toContain("1 SMS sent after 12 hours");
  });

  it("after any change the notes state the touchpoints, once, and a second refresh changes nothing (property)", () => {
    fc.assert(
      fc.property(flowArb, flowArb, (before, after) => {
        const first = refreshDerivedText({ flowOverview: "Acme's flow: 5 emails over 9 days to recover carts.", quickNotes: notes }, before);
        const second = refreshDerivedText(first, after);
        const lines = second.quickNotes.split("\n");
        // The user's own lines are quoted as written; everything else states the flow as it is.
        const derived = [second.flowOverview, ...lines.filter((line) => !line.startsWith("Your note:"))];
        for (const text of derived) expect(hasFalseClaim(text, after), text).toBe(false);
        expect(lines.filter((line) => line.startsWith("Schedule:"))).toEqual([scheduleLine(after)]);
        expect(lines.filter((line) => line === SMS_CONSENT_NOTE)).toHaveLength(after.some((tp) => tp.stepType === "SMS") ? 1 : 0);
        expect(lines).toContain("Your note: five emails at most, please");
        expect(second.flowOverview).toContain(`Acme's flow: ${shapePhrase(after)}`);
        expect(refreshDerivedText(second, after)).toEqual(second);
      }),
      { numRuns: 300 },
    );
  });
});
