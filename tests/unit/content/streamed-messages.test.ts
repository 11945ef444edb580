import { describe, expect, it } from "vitest";

import { type StreamedMessage, streamedMessagesReader } from "~/lib/content/streamed-messages";

const EMAIL = {
  touchpointId: "tp-1",
  subject: 'Welcome to Ledgerly, {{ first_name|default:"friend" }}',
  preheader: "Your books, closed in minutes — here is how",
  bodyText: 'Hi there,\n\nThanks for joining Ledgerly. "Close" your first month today: it takes 10 minutes.\n\nThe Ledgerly team',
  callToAction: "Open Ledgerly",
  sms: null,
};
const SMS = {
  touchpointId: "tp-2",
  subject: null,
  preheader: null,
  bodyText: null,
  callToAction: null,
  sms: "Ledgerly: your first close is ready to start \u2705. Reply STOP to opt out",
};
const LAST = { ...EMAIL, touchpointId: "tp-3", subject: "Still with us?", bodyText: "A short note \\ with a backslash and a tab\t." };
/** A content answer as a model writes it: escapes, unicode, nulls. */
const ANSWER = JSON.stringify({ touchpoints: [EMAIL, SMS, LAST] });

function read(pieces: string[]) {
  const calls: Array<{ messages: StreamedMessage[]; attempt: number }> = [];
  const reader = streamedMessagesReader((messages, attempt) => calls.push({ messages, attempt }));
  reader.begin();
  for (const piece of pieces) reader.text(piece);
  return calls;
}

/**
 * Each report is the messages so far: those whole, a prefix of the final ones, then at most one
 * being written, whose every field shown is the final one, never cut short. The last report is
 * every message, whole.
 */
function expectGrowingMessages(calls: ReturnType<typeof read>, whole: StreamedMessage[]) {
  expect(calls[0]!.messages).toEqual([]);
  expect(calls.at(-1)!.messages).toEqual(whole);
  for (const { messages } of calls) {
    const done = messages.filter((message) => message.complete);
    expect(messages.slice(0, done.length)).toEqual(whole.slice(0, done.length));
    const writing = messages.slice(done.length);
    expect(writing.length).toBeLessThanOrEqual(1);
    for (const message of writing) {
      const final = whole[done.length]!;
      expect(message.touchpointId).toBe(final.touchpointId);
      for (const field of ["subject", "preheader", "bodyText", "callToAction", "sms"] as const) {
        if (message[field] !== null) expect(message[field]).toBe(final[field]);
      }
    }
  }
  // Every message was shown whole at some point, in order, one more each time.
  const wholeCounts = calls.map(({ messages }) => messages.filter((message) => message.complete).length);
  expect([...new Set(wholeCounts)]).toEqual([0, 1, 2, 3]);
}

const complete = (message: Omit<StreamedMessage, "complete">) => ({ ...message, complete: true });

describe("the messages of a streamed content answer", () => {
  it("shows each touchpoint's message with its touchpoint, field by field as each is written whole, complete once all of it is", () => {
    const calls = read([ANSWER]);
    const whole = calls.at(-1)!.messages;
    expect(whole.map((message) => message.touchpointId)).toEqual(["tp-1", "tp-2", "tp-3"]);
    expect(whole[0]).toEqual(complete(EMAIL));
    expect(whole[1]).toEqual(complete(SMS));
    expect(whole[2]!.bodyText).toBe("A short note \\ with a backslash and a tab\t.".trim());

    // Cut inside the first email's body: its subject and preheader show, the body not yet.
    const inBody = ANSWER.indexOf("Thanks for joining");
    expect(read([ANSWER.slice(0, inBody)]).at(-1)!.messages).toEqual([{ ...EMAIL, bodyText: null, callToAction: null, sms: null, complete: false }]);
    // Cut before the text message's text: the first email is whole; the text message, with no text yet, is not shown.
    const cut = ANSWER.indexOf('"sms":"Ledgerly');
    expect(read([ANSWER.slice(0, cut)]).at(-1)!.messages).toEqual([complete(EMAIL)]);
  });

  it("reads the same messages however the answer is cut in two, at every character", () => {
    const whole = read([ANSWER]).at(-1)!.messages;
    for (let at = 0; at <= ANSWER.length; at += 1) {
      const calls = read([ANSWER.slice(0, at), ANSWER.slice(at)]);
      expectGrowingMessages(calls, whole);
    }
  });

  it("reads the same messages from an answer arriving one character at a time, and at every byte of its UTF-8", () => {
    const whole = read([ANSWER]).at(-1)!.messages;
    expectGrowingMessages(read([...ANSWER]), whole);
    // Bytes as they come over the wire, decoded as a stream (a character may span two pieces).
    const bytes = new TextEncoder().encode(ANSWER);
    const decoder = new TextDecoder();
    expectGrowingMessages(read([...bytes].map((byte, index) => decoder.decode(new Uint8Array([byte]), { stream: index < bytes.length - 1 }))), whole);
  });

  it("starts over on a new attempt (a repair writes the answer again)", () => {
    const calls: Array<{ messages: StreamedMessage[]; attempt: number }> = [];
    const reader = streamedMessagesReader((messages, attempt) => calls.push({ messages, attempt }));
    reader.begin();
    reader.text(ANSWER);
    reader.begin();
    expect(calls.at(-1)).toEqual({ messages: [], attempt: 2 });
    reader.text(JSON.stringify({ touchpoints: [SMS] }));
    expect(calls.at(-1)).toEqual({ messages: [complete(SMS)], attempt: 2 });
  });

  it("clips a preview to the rules' lengths and skips a message with no text or a touchpoint already shown", () => {
    const long = { ...EMAIL, subject: `  ${"S".repeat(80)}  `, callToAction: 42 };
    const empty = { touchpointId: "tp-9", subject: null, preheader: null, bodyText: null, callToAction: null, sms: null };
    const calls = read([JSON.stringify({ touchpoints: [long, empty, EMAIL, SMS] })]);
    const shown = calls.at(-1)!.messages;
    expect(shown.map((message) => message.touchpointId)).toEqual(["tp-1", "tp-2"]);
    expect(shown[0]!.subject).toBe("S".repeat(60));
    expect(shown[0]!.callToAction).toBeNull();
  });

  it("reports nothing from text that is not JSON", () => {
    const calls = read(['{"touchpoints": [{"touchpointId": "tp-1", "subject": oops}]}']);
    expect(calls.map((call) => call.messages)).toEqual([[]]);
  });
});
