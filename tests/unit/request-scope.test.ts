import { describe, expect, it } from "vitest";

import { requestScope, sharedPerRequest } from "~/web/request-scope.server";

describe("sharedPerRequest", () => {
  it("runs the work once for every loader of one scoped request", async () => {
    let runs = 0;
    const work = async () => ++runs;
    const answers = await requestScope.run(new Map(), () => Promise.all([sharedPerRequest("k", work), sharedPerRequest("k", work), sharedPerRequest("k", work)]));
    expect(answers).toEqual([1, 1, 1]);
    expect(runs).toBe(1);
  });

  it("does not share between requests, nor between keys", async () => {
    let runs = 0;
    const work = async () => ++runs;
    const first = await requestScope.run(new Map(), () => sharedPerRequest("k", work));
    const second = await requestScope.run(new Map(), () => Promise.all([sharedPerRequest("k", work), sharedPerRequest("other", work)]));
    expect(first).toBe(1);
    expect(second).toEqual([2, 3]);
  });

  it("runs the work every time outside a request scope", async () => {
    let runs = 0;
    const work = async () => ++runs;
    await sharedPerRequest("k", work);
    await sharedPerRequest("k", work);
    expect(runs).toBe(2);
  });

  it("is the storage the server finds by its registered symbol", () => {
    expect((globalThis as Record<symbol, unknown>)[Symbol.for("flowmap.request-scope")]).toBe(requestScope);
  });
});
