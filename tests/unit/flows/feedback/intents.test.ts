import { describe, expect, it } from "vitest";

import { clausesOf } from "~/lib/flows/feedback/intents";

import { read } from "./fixtures";

describe("a note read as intents", () => {
  it("reads a negation as a removal, never as the thing it names", () => {
    expect(read("we never discount, remove any offer")).toEqual([expect.objectContaining({ kind: "offer", op: "remove", negated: true })]);
    expect(read("no discount in the welcome email")).toEqual([
      expect.objectContaining({ kind: "offer", op: "remove", target: { by: "about", words: "welcome", channel: "Email" } }),
    ]);
    expect(read("please don't put a coupon in the last text")).toEqual([expect.objectContaining({ kind: "offer", op: "remove" })]);
  });

  it("reads 'too X' as less of it", () => {
    expect(read("too casual... make it more formal")).toEqual([{ negated: false, kind: "tone", tone: "formal" }]);
    expect(read("it's way too formal")).toEqual([{ negated: false, kind: "tone", tone: "warm" }]);
    expect(read("bit too salesy for us")).toEqual([{ negated: false, kind: "tone", tone: "less-salesy" }]);
  });

  it("reads a negation and an addition in one note as two intents", () => {
    const intents = read("drop the texts and add an email after the second one");
    expect(intents.map((i) => i.kind)).toEqual(["structure", "add"]);
    expect(intents[1]).toMatchObject({ channel: "Email", when: { type: "near", side: "after" } });
  });

  it("names a step by what it is about, and a day or a date to move it to", () => {
    expect(read("can the check-in email go on day 12")).toEqual([
      expect.objectContaining({ kind: "move", target: { by: "about", words: "check-in", channel: "Email" }, when: { type: "offset", minutes: 12 * 1440 } }),
    ]);
    expect(read("send the prep reminder 2 days before their session")).toEqual([
      expect.objectContaining({ kind: "move", when: expect.objectContaining({ type: "event", event: "appointment", direction: "before", minutes: 2 * 1440 }) }),
    ]);
    expect(read("a text the night before collection please")[0]).toMatchObject({ kind: "add", channel: "SMS", when: { type: "event", event: "pickup", time: "18:00" } });
  });

  it("reads 'don't add a text' as an addition ruled out, never as one asked for", () => {
    expect(read("add a text 2 days after the first email - don't add a text")).toEqual([
      expect.objectContaining({ kind: "add", channel: "SMS", negated: false }),
      expect.objectContaining({ kind: "add", channel: "SMS", negated: true }),
    ]);
    expect(read("no new emails please")).toEqual([expect.objectContaining({ kind: "add", channel: "Email", negated: true })]);
    expect(read("never add another step")).toEqual([expect.objectContaining({ kind: "add", channel: null, negated: true })]);
  });

  it("reads nothing from a note with nothing to act on", () => {
    expect(read("hmm")).toEqual([]);
    expect(read("make it better")).toEqual([]);
  });

  it("splits a note at new instructions, not inside one", () => {
    expect(clausesOf("shorter, and move the last email to day 9")).toEqual(["shorter", "move the last email to day 9"]);
    expect(clausesOf("lead with the free assessment, not a discount")).toEqual(["lead with the free assessment, not a discount"]);
  });
});
