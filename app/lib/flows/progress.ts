/**
 * The Regenerate dialog's simulated progress bar. The server gives no progress, so
 * the bar reassures rather than measures: it starts at 0, rises every tick by a random amount
 * below MAX_STEP, never passes CAP while the work runs, jumps to 100 when the work succeeds and
 * goes back to 0 RESET_AFTER_MS later. Pure state plus a small controller over injected timers,
 * so tests drive it with a fake clock.
 */

export const PROGRESS_TICK_MS = 800;
/** Each tick adds a random amount in [0, MAX_STEP). */
export const PROGRESS_MAX_STEP = 10;
export const PROGRESS_CAP = 90;
export const PROGRESS_DONE = 100;
export const PROGRESS_RESET_AFTER_MS = 1000;

/** One tick: `random()` in [0, 1) as Math.random gives. */
export function nextProgress(current: number, random: () => number = Math.random): number {
  if (current >= PROGRESS_CAP) return Math.min(current, PROGRESS_CAP);
  const step = Math.max(0, Math.min(random(), 0.999999)) * PROGRESS_MAX_STEP;
  return Math.min(PROGRESS_CAP, current + step);
}

export interface ProgressTimers {
  setInterval: (handler: () => void, ms: number) => unknown;
  clearInterval: (id: unknown) => void;
  setTimeout: (handler: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
}

const browserTimers: ProgressTimers = {
  setInterval: (handler, ms) => globalThis.setInterval(handler, ms),
  clearInterval: (id) => globalThis.clearInterval(id as ReturnType<typeof globalThis.setInterval>),
  setTimeout: (handler, ms) => globalThis.setTimeout(handler, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof globalThis.setTimeout>),
};

export interface ProgressController {
  /** Starts from 0 (a run in progress is restarted). */
  start(): void;
  /** The work succeeded: 100 now, 0 after PROGRESS_RESET_AFTER_MS. */
  succeed(): void;
  /** The work failed: back to 0 at once. */
  fail(): void;
  /** Stops every timer (unmount). */
  dispose(): void;
  readonly value: number;
}

export function createProgress({
  onChange,
  random = Math.random,
  timers = browserTimers,
}: {
  onChange: (value: number) => void;
  random?: () => number;
  timers?: ProgressTimers;
}): ProgressController {
  let value = 0;
  let interval: unknown = null;
  let reset: unknown = null;

  const set = (next: number) => {
    if (next === value) return;
    value = next;
    onChange(value);
  };
  const stopTimers = () => {
    if (interval !== null) timers.clearInterval(interval);
    if (reset !== null) timers.clearTimeout(reset);
    interval = null;
    reset = null;
  };

  return {
    start() {
      stopTimers();
      set(0);
      interval = timers.setInterval(() => set(nextProgress(value, random)), PROGRESS_TICK_MS);
    },
    succeed() {
      stopTimers();
      set(PROGRESS_DONE);
      reset = timers.setTimeout(() => {
        reset = null;
        set(0);
      }, PROGRESS_RESET_AFTER_MS);
    },
    fail() {
      stopTimers();
      set(0);
    },
    dispose() {
      stopTimers();
    },
    get value() {
      return value;
    },
  };
}
