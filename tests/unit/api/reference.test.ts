import { describe, expect, it } from "vitest";

import { buildReference, fieldsOf, filterReference, typeOf } from "~/lib/api/reference";
import { OPERATIONS, openApiDocument } from "~/web/openapi/document.server";

describe("the API reference view", () => {
  const view = buildReference(openApiDocument());

  it("shows every operation once, grouped by tag, with who may call it", () => {
    const operations = view.groups.flatMap((group) => group.operations);
    expect(operations).toHaveLength(OPERATIONS.length);
    expect(new Set(operations.map((op) => op.id)).size).toBe(OPERATIONS.length);
    expect(operations.find((op) => op.path === "/api/admin/stats")?.access).toBe("Admin");
    expect(operations.find((op) => op.path === "/api/auth/login")?.access).toBe("Public");
    expect(operations.find((op) => op.path === "/api/auth/user")?.access).toBe("Signed in");
  });

  it("lists request fields with their limits from the validation schema", () => {
    const edit = view.groups.flatMap((g) => g.operations).find((op) => op.method === "PUT" && op.path === "/api/touchpoints/{id}")!;
    expect(edit.bodyFields.find((f) => f.name === "title")).toMatchObject({ required: true, type: "string", notes: expect.stringContaining("at most 300 characters") });
  });

  it("shows a stream's answer as its media type with the stream as written", () => {
    const stream = view.groups.flatMap((g) => g.operations).find((op) => op.path === "/api/ai-flow-generations/{id}/events")!;
    const ok = stream.responses.find((response) => response.status === "200")!;
    expect(ok.mediaTypes).toEqual(["text/event-stream"]);
    expect(ok.example).toMatch(/^retry: \d+\n\nevent: progress\nid: \S+\ndata: \{/);
    expect(ok.example).toContain("\nevent: done\n");
  });

  it("filters by every word of the search, case-insensitively", () => {
    const paths = (query: string) => filterReference(view, query).flatMap((g) => g.operations.map((op) => `${op.method} ${op.path}`));
    expect(paths("ROLLBACK")).toEqual(["POST /api/ai-flows/{id}/versions/{versionId}/rollback"]);
    expect(paths("delete benchmarks")).toEqual(["DELETE /api/benchmarks/{id}"]);
    expect(paths("")).toHaveLength(OPERATIONS.length);
    expect(paths("nothing-matches-this")).toEqual([]);
  });

  it("names types briefly", () => {
    expect(typeOf({ type: "array", items: { $ref: "#/components/schemas/Flow" } })).toBe("Flow[]");
    expect(typeOf({ oneOf: [{ $ref: "#/components/schemas/Onboarding" }, { type: "null" }] })).toBe("Onboarding | null");
    expect(typeOf({ type: "string", enum: ["a", "b"] })).toBe('"a" | "b"');
    expect(fieldsOf({ type: "object", properties: { a: { type: "integer", minimum: 0 } }, required: ["a"] })).toEqual([
      { name: "a", type: "integer", required: true, notes: "min 0", refersTo: null },
    ]);
  });
});
