/**
 * An incremental JSON reader: text goes in as it arrives, in pieces cut anywhere (inside a
 * string, an escape, a number or a literal), and every value is reported as soon as its last
 * character is read, with its path from the root. A model's streamed answer is read with it, so
 * each step of a flow is known the moment the model has written it whole (decision 135).
 *
 * It only reports: the whole answer is still parsed and checked as one document when it has
 * arrived. Text that is not JSON stops the reader (`failed`); nothing after it is reported.
 */

export type JsonPath = ReadonlyArray<string | number>;

export interface JsonStreamReader {
  /** Reads the next piece of the text. */
  write(piece: string): void;
  /** The text is complete: a number at the very end of the root is finished. */
  end(): void;
  /** The text so far is not JSON (or holds more than one root value). */
  readonly failed: boolean;
  /** The root value, once it is complete. */
  readonly done: boolean;
}

type Frame =
  | { kind: "object"; value: Record<string, unknown>; key: string | null; expect: "key-or-end" | "key" | "colon" | "value" | "comma-or-end" }
  | { kind: "array"; value: unknown[]; expect: "value-or-end" | "value" | "comma-or-end" };

type Token =
  | { kind: "string"; text: string; escape: boolean; unicode: string | null; isKey: boolean }
  | { kind: "number"; text: string }
  | { kind: "literal"; text: string; target: "true" | "false" | "null" };

const LITERALS = { t: "true", f: "false", n: "null" } as const;
const LITERAL_VALUES = { true: true, false: false, null: null } as const;
const ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };
const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;
const NUMBER_CHAR = /[-+.eE\d]/;
const WHITE = /[ \t\n\r]/;
const HEX = /^[0-9a-fA-F]$/;

/** A reader that calls `onValue` with each completed value (objects and arrays after their members) and its path. */
export function createJsonStreamReader(onValue: (path: JsonPath, value: unknown) => void): JsonStreamReader {
  const stack: Frame[] = [];
  let token: Token | null = null;
  let failed = false;
  let done = false;

  const path = (): Array<string | number> => stack.map((frame) => (frame.kind === "object" ? (frame.key ?? "") : frame.value.length));

  const fail = () => {
    failed = true;
  };

  /** A complete value at the current place. */
  const complete = (value: unknown) => {
    const top = stack[stack.length - 1];
    if (!top) {
      done = true;
      onValue([], value);
      return;
    }
    onValue(path(), value);
    if (top.kind === "object") {
      // Defined, not assigned: a key "__proto__" is a member like any other, as JSON.parse makes it.
      Object.defineProperty(top.value, top.key ?? "", { value, enumerable: true, writable: true, configurable: true });
      top.key = null;
    } else {
      top.value.push(value);
    }
    top.expect = "comma-or-end";
  };

  /** Whether a value may start here. */
  const valueExpected = () => {
    if (done) return false;
    const top = stack[stack.length - 1];
    if (!top) return true;
    return top.kind === "object" ? top.expect === "value" : top.expect === "value" || top.expect === "value-or-end";
  };

  const startValue = (char: string) => {
    if (!valueExpected()) return fail();
    if (char === "{") {
      stack.push({ kind: "object", value: {}, key: null, expect: "key-or-end" });
    } else if (char === "[") {
      stack.push({ kind: "array", value: [], expect: "value-or-end" });
    } else if (char === '"') {
      token = { kind: "string", text: "", escape: false, unicode: null, isKey: false };
    } else if (char === "-" || (char >= "0" && char <= "9")) {
      token = { kind: "number", text: char };
    } else if (char in LITERALS) {
      token = { kind: "literal", text: char, target: LITERALS[char as keyof typeof LITERALS] };
    } else {
      fail();
    }
  };

  const closeContainer = (char: string) => {
    const top = stack[stack.length - 1];
    if (!top) return fail();
    if (top.kind === "object" && char === "}" && (top.expect === "key-or-end" || top.expect === "comma-or-end")) {
      stack.pop();
      return complete(top.value);
    }
    if (top.kind === "array" && char === "]" && (top.expect === "value-or-end" || top.expect === "comma-or-end")) {
      stack.pop();
      return complete(top.value);
    }
    fail();
  };

  const finishNumber = (text: string) => {
    if (!NUMBER.test(text)) return fail();
    complete(Number(text));
  };

  /** One character inside a string token. */
  const stringChar = (current: Extract<Token, { kind: "string" }>, char: string) => {
    if (current.unicode !== null) {
      if (!HEX.test(char)) return fail();
      current.unicode += char;
      if (current.unicode.length === 4) {
        // Surrogate pairs arrive as two escapes; their halves join in the string as they are.
        current.text += String.fromCharCode(parseInt(current.unicode, 16));
        current.unicode = null;
      }
      return;
    }
    if (current.escape) {
      current.escape = false;
      if (char === "u") current.unicode = "";
      else if (char in ESCAPES) current.text += ESCAPES[char];
      else fail();
      return;
    }
    if (char === "\\") {
      current.escape = true;
      return;
    }
    if (char === '"') {
      token = null;
      if (current.isKey) {
        const top = stack[stack.length - 1] as Extract<Frame, { kind: "object" }>;
        top.key = current.text;
        top.expect = "colon";
      } else {
        complete(current.text);
      }
      return;
    }
    if (char < " ") return fail();
    current.text += char;
  };

  const read = (char: string) => {
    const current = token;
    if (current?.kind === "string") return stringChar(current, char);
    if (current?.kind === "literal") {
      current.text += char;
      if (!current.target.startsWith(current.text)) return fail();
      if (current.text === current.target) {
        token = null;
        complete(LITERAL_VALUES[current.target]);
      }
      return;
    }
    if (current?.kind === "number") {
      if (NUMBER_CHAR.test(char)) {
        current.text += char;
        return;
      }
      token = null;
      finishNumber(current.text);
      if (failed) return;
      // The character that ended the number is read for itself.
    }

    if (WHITE.test(char)) return;
    const top = stack[stack.length - 1];
    if (char === "}" || char === "]") return closeContainer(char);
    if (top?.kind === "object") {
      if (top.expect === "key-or-end" || top.expect === "key") {
        if (char !== '"') return fail();
        token = { kind: "string", text: "", escape: false, unicode: null, isKey: true };
        return;
      }
      if (top.expect === "colon") {
        if (char !== ":") return fail();
        top.expect = "value";
        return;
      }
      if (top.expect === "comma-or-end") {
        if (char !== ",") return fail();
        top.expect = "key";
        return;
      }
    } else if (top?.kind === "array" && top.expect === "comma-or-end") {
      if (char !== ",") return fail();
      top.expect = "value";
      return;
    }
    startValue(char);
  };

  return {
    write(piece: string) {
      for (const char of piece) {
        if (failed) return;
        read(char);
      }
    },
    end() {
      if (failed) return;
      const current = token;
      if (current?.kind === "number" && stack.length === 0) {
        token = null;
        finishNumber(current.text);
      }
      if (!done) fail();
    },
    get failed() {
      return failed;
    },
    get done() {
      return done;
    },
  };
}
