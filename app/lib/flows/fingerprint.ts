import type { TouchpointFieldsShape as TouchpointFields } from "~/lib/api/responses";

/** The touchpoint fields written content depends on: change one and the content is stale. */
export type FingerprintFields = Pick<TouchpointFields, "stepType" | "title" | "primaryGoal" | "keyMessages" | "callToAction" | "timing">;

/** JSON with sorted keys, so equal timings give equal text whatever their key order. */
function canonical(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** FNV-1a over UTF-16 code units, 32 bits, seeded; two seeds give a 64-bit fingerprint. */
function fnv1a(text: string, seed: number): number {
  let hash = seed >>> 0;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/**
 * A stable fingerprint (16 hex characters) of a touchpoint's stepType, title, primaryGoal,
 * keyMessages, callToAction and timing. Pure and client-safe: written content keyed by touchpoint
 * id + fingerprint stays valid exactly while those fields are unchanged (a touchpoint keeps its
 * id when it is saved into a version and when a version is restored).
 */
export function touchpointFingerprint(touchpoint: FingerprintFields): string {
  const text = canonical([touchpoint.stepType, touchpoint.title, touchpoint.primaryGoal, touchpoint.keyMessages, touchpoint.callToAction, touchpoint.timing ?? null]);
  const high = fnv1a(text, 0x811c9dc5);
  const low = fnv1a(text, 0x050c5d1f);
  return high.toString(16).padStart(8, "0") + low.toString(16).padStart(8, "0");
}
