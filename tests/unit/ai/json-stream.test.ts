import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { createJsonStreamReader, type JsonPath } from "~/lib/json-stream";

/** Reads the text in the given pieces; returns every value reported, with its path, in order. */
function readPieces(pieces: readonly string[]) {
  const seen: Array<{ path: JsonPath; value: unknown }> = [];
  const reader = createJsonStreamReader((path, value) => seen.push({ path: [...path], value }));
  for (const piece of pieces) reader.write(piece);
  reader.end();
  return { seen, reader };
}

/** The text cut at the given places (sorted, within its length). */
function cut(text: string, at: number[]): string[] {
  const points = [...new Set(at.map((n) => n % (text.length + 1)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let from = 0;
  for (const point of points) {
    pieces.push(text.slice(from, point));
    from = point;
  }
  pieces.push(text.slice(from));
  return pieces;
}

const ANSWER = JSON.stringify({
  flowOverview: 'Turn "new" subscribers into first-time customers.\nThen stop.',
  touchpoints: [
    { stepType: "email", title: "Welcome — café ☕ 🎉", offsetMinutes: 0, timing: null, keyMessages: "a\\b\tc \u0001" },
    { stepType: "sms", title: "Reminder", offsetMinutes: 1440, ratio: -1.5e3, ok: true, gone: false },
  ],
});

describe("the incremental JSON reader", () => {
  it("reports each value when its last character arrives, with its path, and the root last", () => {
    const { seen, reader } = readPieces([ANSWER]);
    expect(reader.failed).toBe(false);
    expect(reader.done).toBe(true);
    const steps = seen.filter((entry) => entry.path.length === 2 && entry.path[0] === "touchpoints");
    expect(steps.map((entry) => entry.path)).toEqual([
      ["touchpoints", 0],
      ["touchpoints", 1],
    ]);
    expect(steps[0]!.value).toEqual(JSON.parse(ANSWER).touchpoints[0]);
    expect(seen.find((entry) => entry.path.join(".") === "touchpoints.1.ratio")?.value).toBe(-1500);
    expect(seen.at(-1)).toEqual({ path: [], value: JSON.parse(ANSWER) });
  });

  it("knows the first step before the second has arrived", () => {
    const at = ANSWER.indexOf('{"stepType":"sms"');
    const seen: JsonPath[] = [];
    const reader = createJsonStreamReader((path) => seen.push([...path]));
    reader.write(ANSWER.slice(0, at));
    expect(seen).toContainEqual(["touchpoints", 0]);
    expect(seen).not.toContainEqual(["touchpoints", 1]);
    reader.write(ANSWER.slice(at));
    expect(seen).toContainEqual(["touchpoints", 1]);
  });

  it("reads escapes, \\u escapes and surrogate pairs cut anywhere", () => {
    const text = '{"a":"\\u00e9\\ud83d\\ude00\\n\\"x\\"","b":[1,-0.5,2e-3,true,null]}';
    for (let at = 0; at <= text.length; at += 1) {
      const { seen, reader } = readPieces([text.slice(0, at), text.slice(at)]);
      expect(reader.failed, `cut at ${at}`).toBe(false);
      expect(seen.at(-1)?.value).toEqual(JSON.parse(text));
    }
  });

  it("finishes a number at the very end of the text only when the text ends", () => {
    const values: unknown[] = [];
    const reader = createJsonStreamReader((_path, value) => values.push(value));
    reader.write("12");
    expect(values).toEqual([]);
    reader.write("5");
    reader.end();
    expect(values).toEqual([125]);
    expect(reader.done).toBe(true);
  });

  it.each([
    ['{"a":1,}', "a trailing comma"],
    ["[1 2]", "a missing comma"],
    ['{"a" 1}', "a missing colon"],
    ['{"a":tru}', "a broken literal"],
    ['{"a":01}', "a number with a leading zero"],
    ['{"a":"\\x"}', "an unknown escape"],
    ['{"a":"b', "an unfinished string"],
    ["{} {}", "two root values"],
    ['{"a":"line\nbreak"}', "a raw control character in a string"],
    ["Sorry, I cannot help with that.", "prose"],
  ])("stops at %j (%s)", (text) => {
    const { reader } = readPieces([text]);
    expect(reader.failed).toBe(true);
  });

  it("reports nothing after the text stops being JSON", () => {
    const seen: unknown[] = [];
    const reader = createJsonStreamReader((_path, value) => seen.push(value));
    reader.write('[1, x, {"a": 2}]');
    reader.end();
    expect(reader.failed).toBe(true);
    expect(seen).toEqual([1]);
  });

  it("agrees with JSON.parse on any JSON value, however the text is cut", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.array(fc.nat(), { maxLength: 12 }), fc.boolean(), (value, at, pretty) => {
        const text = JSON.stringify(value, null, pretty ? 2 : undefined);
        const { seen, reader } = readPieces(cut(text, at));
        expect(reader.failed).toBe(false);
        expect(seen.at(-1)?.path).toEqual([]);
        expect(seen.at(-1)?.value).toEqual(JSON.parse(text));
      }),
      { numRuns: 300 },
    );
  });

  it("reports the same values in the same order, however the text is cut", () => {
    const whole = readPieces([ANSWER]).seen;
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 40 }), (at) => {
        expect(readPieces(cut(ANSWER, at)).seen).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  });

  it("never reports a value of a text that is cut short and never ends", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.nat(), (value, at) => {
        const text = JSON.stringify(value);
        const end = at % text.length;
        const seen: Array<{ path: JsonPath; value: unknown }> = [];
        const reader = createJsonStreamReader((path, found) => seen.push({ path: [...path], value: found }));
        reader.write(text.slice(0, end));
        // Whatever was reported is a part of the value, at its place.
        for (const entry of seen) {
          let at: unknown = JSON.parse(text);
          for (const key of entry.path) at = (at as Record<string | number, unknown>)[key];
          expect(entry.value).toEqual(at);
        }
        expect(reader.failed).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});

describe("keys that name Object's own members", () => {
  it("keeps __proto__ as a member, as JSON.parse does", () => {
    const text = '{"__proto__":{"polluted":true},"constructor":1}';
    const { seen } = readPieces([text]);
    const root = seen.at(-1)?.value as Record<string, unknown>;
    expect(Object.keys(root)).toEqual(["__proto__", "constructor"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(root)).toBe(Object.prototype);
  });
});
