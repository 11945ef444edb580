import { describe, expect, it } from "vitest";

import { documentHydrates } from "~/lib/hydration";

const match = (handle: unknown, data: unknown = null) => ({ handle, data });

describe("documentHydrates (on the server)", () => {
  it("loads the scripts unless a matched route says otherwise", () => {
    expect(documentHydrates([match(undefined), match({})])).toBe(true);
    expect(documentHydrates([match(undefined), match({ hydrate: true })])).toBe(true);
    expect(documentHydrates([match(undefined), match({ hydrate: false })])).toBe(false);
  });

  it("asks a route's function with that route's own data", () => {
    const handle = { hydrate: (data: unknown) => Boolean((data as { user: unknown }).user) };
    expect(documentHydrates([match(undefined, { toast: null }), match(handle, { user: null })])).toBe(false);
    expect(documentHydrates([match(undefined, { toast: null }), match(handle, { user: { id: "u1" } })])).toBe(true);
  });

  it("in the browser, always: code running there belongs to a hydrated document", () => {
    const global = globalThis as { document?: unknown };
    global.document = {};
    try {
      expect(documentHydrates([match({ hydrate: false })])).toBe(true);
    } finally {
      delete global.document;
    }
  });
});
