/**
 * An ordered set of index entries: a skip list (expected O(log n) insert, delete and seek) with
 * a backward link on the bottom level for descending scans.
 *
 * Iterators survive concurrent changes: a removed node keeps its links and is marked, so an
 * iteration standing on it continues to the entries that followed it. Entries inserted behind
 * an iterator's position are not seen by it; entries inserted ahead of it are.
 */

export interface Entry<K> {
  key: K;
  /** The stored document's primary key. */
  docKey: string;
}

interface Node<K> {
  entry: Entry<K> | null; // null for the head
  next: Array<Node<K> | null>;
  prev: Node<K> | null;
  removed: boolean;
}

const MAX_LEVEL = 24;

export class SkipList<K> {
  private readonly head: Node<K> = { entry: null, next: new Array<Node<K> | null>(MAX_LEVEL).fill(null), prev: null, removed: false };
  private tail: Node<K> | null = null;
  private level = 1;
  private count = 0;

  /** `compare` orders entries totally (ties broken by the caller, e.g. by document key). */
  constructor(private readonly compare: (a: Entry<K>, b: Entry<K>) => number) {}

  get size(): number {
    return this.count;
  }

  private randomLevel(): number {
    let level = 1;
    while (level < MAX_LEVEL && Math.random() < 0.25) level++;
    return level;
  }

  /** For each level, the last node before `entry`. */
  private predecessors(entry: Entry<K>): Array<Node<K>> {
    const update = new Array<Node<K>>(MAX_LEVEL);
    let node = this.head;
    for (let i = this.level - 1; i >= 0; i--) {
      let next = node.next[i];
      while (next && this.compare(next.entry!, entry) < 0) {
        node = next;
        next = node.next[i];
      }
      update[i] = node;
    }
    return update;
  }

  insert(entry: Entry<K>): void {
    const update = this.predecessors(entry);
    const level = this.randomLevel();
    if (level > this.level) {
      for (let i = this.level; i < level; i++) update[i] = this.head;
      this.level = level;
    }
    const node: Node<K> = { entry, next: new Array<Node<K> | null>(level).fill(null), prev: null, removed: false };
    for (let i = 0; i < level; i++) {
      node.next[i] = update[i].next[i];
      update[i].next[i] = node;
    }
    node.prev = update[0] === this.head ? null : update[0];
    if (node.next[0]) node.next[0].prev = node;
    else this.tail = node;
    this.count++;
  }

  remove(entry: Entry<K>): boolean {
    const update = this.predecessors(entry);
    const node = update[0].next[0];
    if (!node || this.compare(node.entry!, entry) !== 0) return false;
    for (let i = 0; i < node.next.length; i++) {
      if (update[i].next[i] === node) update[i].next[i] = node.next[i];
    }
    if (node.next[0]) node.next[0].prev = node.prev;
    else this.tail = node.prev;
    node.removed = true;
    while (this.level > 1 && this.head.next[this.level - 1] === null) this.level--;
    this.count--;
    return true;
  }

  /** First node whose entry satisfies `atOrAfter` (a monotone predicate over the order). */
  private firstWhere(atOrAfter: (entry: Entry<K>) => boolean): Node<K> | null {
    let node = this.head;
    for (let i = this.level - 1; i >= 0; i--) {
      let next = node.next[i];
      while (next && !atOrAfter(next.entry!)) {
        node = next;
        next = node.next[i];
      }
    }
    return node.next[0];
  }

  /** Last node whose entry satisfies `atOrBefore` (true for a prefix of the order). */
  private lastWhere(atOrBefore: (entry: Entry<K>) => boolean): Node<K> | null {
    let node = this.head;
    for (let i = this.level - 1; i >= 0; i--) {
      let next = node.next[i];
      while (next && atOrBefore(next.entry!)) {
        node = next;
        next = node.next[i];
      }
    }
    return node === this.head ? null : node;
  }

  /**
   * Entries from the first one for which `atOrAfter` holds, ascending, while `before` holds.
   * Both are expressed over the list order; `before(entry)` false ends the scan.
   */
  *ascending(atOrAfter: (entry: Entry<K>) => boolean, within: (entry: Entry<K>) => boolean): Generator<Entry<K>> {
    let node = this.firstWhere(atOrAfter);
    while (node) {
      if (!node.removed) {
        if (!within(node.entry!)) return;
        yield node.entry!;
      }
      node = this.advance(node, 1);
    }
  }

  /** Entries from the last one for which `atOrBefore` holds, descending, while `within` holds. */
  *descending(atOrBefore: (entry: Entry<K>) => boolean, within: (entry: Entry<K>) => boolean): Generator<Entry<K>> {
    let node = atOrBefore === ALWAYS ? this.tail : this.lastWhere(atOrBefore);
    while (node) {
      if (!node.removed) {
        if (!within(node.entry!)) return;
        yield node.entry!;
      }
      node = this.advance(node, -1);
    }
  }

  /** The next live node in a direction, re-seeking when the current one was removed. */
  private advance(node: Node<K>, direction: 1 | -1): Node<K> | null {
    if (!node.removed) return direction === 1 ? node.next[0] : node.prev;
    const entry = node.entry!;
    return direction === 1 ? this.firstWhere((e) => this.compare(e, entry) > 0) : this.lastWhere((e) => this.compare(e, entry) < 0);
  }
}

export const ALWAYS = (): boolean => true;
