/**
 * Debounces work per key (one key per flow and field on the benchmark card): each key runs its
 * latest task `delayMs` after that key's last schedule, independently of every other key.
 * Timers are injectable so tests drive it with a fake clock.
 */
export interface Timers {
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const globalTimers: Timers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface KeyedDebouncer {
  schedule(key: string, task: () => void): void;
  /** Runs the key's waiting task now (all keys when none is given). */
  flush(key?: string): void;
  /** Drops the key's waiting task without running it. */
  cancel(key: string): void;
  /** Drops every waiting task without running it. */
  cancelAll(): void;
  isPending(key: string): boolean;
}

export function createKeyedDebouncer(delayMs: number, timers: Timers = globalTimers): KeyedDebouncer {
  const pending = new Map<string, { handle: unknown; task: () => void }>();
  const run = (key: string) => {
    const entry = pending.get(key);
    if (!entry) return;
    pending.delete(key);
    timers.clearTimeout(entry.handle);
    entry.task();
  };
  return {
    schedule(key, task) {
      const existing = pending.get(key);
      if (existing) timers.clearTimeout(existing.handle);
      pending.set(key, { task, handle: timers.setTimeout(() => run(key), delayMs) });
    },
    flush(key) {
      for (const k of key === undefined ? [...pending.keys()] : [key]) run(k);
    },
    cancel(key) {
      const entry = pending.get(key);
      if (!entry) return;
      timers.clearTimeout(entry.handle);
      pending.delete(key);
    },
    cancelAll() {
      for (const entry of pending.values()) timers.clearTimeout(entry.handle);
      pending.clear();
    },
    isPending(key) {
      return pending.has(key);
    },
  };
}

/**
 * Runs async tasks one after another per key, so two saves of one field can never reach the
 * server out of order (the later value always lands last).
 */
export function createKeyedQueue() {
  const tails = new Map<string, Promise<unknown>>();
  return function enqueue<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    const next = previous.then(task, task);
    const tail = next.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return next;
  };
}
