import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALWAYS, SkipList, type Entry } from "../../src/skiplist.js";

const byKey = (a: Entry<number>, b: Entry<number>): number => a.key - b.key || (a.docKey < b.docKey ? -1 : a.docKey > b.docKey ? 1 : 0);

describe("skip list", () => {
  it("keeps entries in order through random inserts and removals, scanning ranges both ways", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 40 })), { maxLength: 200 }),
        fc.integer({ min: -1, max: 41 }),
        fc.integer({ min: -1, max: 41 }),
        (operations, low, high) => {
          const list = new SkipList<number>(byKey);
          const model = new Map<string, Entry<number>>();
          for (const [insert, key] of operations) {
            const entry = { key, docKey: `d${key}` };
            if (insert && !model.has(entry.docKey)) {
              list.insert(entry);
              model.set(entry.docKey, entry);
            } else if (!insert) {
              expect(list.remove(entry)).toBe(model.delete(entry.docKey));
            }
          }
          const sorted = [...model.values()].sort(byKey);
          expect(list.size).toBe(sorted.length);
          const inRange = sorted.filter((e) => e.key >= low && e.key < high).map((e) => e.key);
          const up = [
            ...list.ascending(
              (e) => e.key >= low,
              (e) => e.key < high,
            ),
          ].map((e) => e.key);
          const down = [
            ...list.descending(
              (e) => e.key < high,
              (e) => e.key >= low,
            ),
          ].map((e) => e.key);
          expect(up).toEqual(inRange);
          expect(down).toEqual([...inRange].reverse());
          expect([...list.descending(ALWAYS, ALWAYS)].map((e) => e.key)).toEqual(sorted.map((e) => e.key).reverse());
        },
      ),
      { numRuns: 300 },
    );
  });

  it("continues an iteration past entries removed under it", () => {
    const list = new SkipList<number>(byKey);
    const entries = Array.from({ length: 6 }, (_, i) => ({ key: i, docKey: `d${i}` }));
    entries.forEach((e) => list.insert(e));
    const forward = list.ascending(ALWAYS, ALWAYS);
    expect(forward.next().value?.key).toBe(0);
    expect(forward.next().value?.key).toBe(1);
    list.remove(entries[1]); // the current node
    list.remove(entries[2]); // and the next one
    expect([...forward].map((e) => e.key)).toEqual([3, 4, 5]);

    const backward = list.descending(ALWAYS, ALWAYS);
    expect(backward.next().value?.key).toBe(5);
    list.remove(entries[5]);
    list.remove(entries[4]);
    expect([...backward].map((e) => e.key)).toEqual([3, 0]);
  });
});
