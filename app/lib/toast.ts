export type ToastVariant = "default" | "success" | "destructive";

export interface ToastMessage {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
}

/** How long a toast stays before it leaves by itself, at least. */
export const TOAST_DURATION_MS = 5_000;
/** An error stays longer: it says what went wrong and what to do, and that takes reading. */
export const ERROR_TOAST_MIN_MS = 8_000;
/** Reading time: a second to notice the toast, then 300 ms a word (200 words a minute). */
const NOTICE_MS = 1_000;
const PER_WORD_MS = 300;
/** After a hover or focus ends, the toast stays at least this long, however little was left. */
export const TOAST_RESUME_MIN_MS = 2_000;

/** How long this toast stays on screen when nobody hovers or focuses it. */
export function toastDurationMs(toast: Pick<ToastMessage, "title" | "description" | "variant">): number {
  const words = `${toast.title} ${toast.description ?? ""}`.trim().split(/\s+/).filter(Boolean).length;
  const reading = NOTICE_MS + words * PER_WORD_MS;
  return Math.max(toast.variant === "destructive" ? ERROR_TOAST_MIN_MS : TOAST_DURATION_MS, reading);
}

type TimerHandle = ReturnType<typeof setTimeout>;

export interface TimerClock {
  now(): number;
  setTimeout(run: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

const realClock: TimerClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle),
};

/**
 * Closes a toast when its time is up. While the pointer is over it or focus is in it, the time
 * stands still; when both have left, it runs on with what was left (at least
 * TOAST_RESUME_MIN_MS), so a toast never closes under the reader or the keyboard.
 */
export class DismissTimer {
  private handle: TimerHandle | null = null;
  private remaining: number;
  private startedAt = 0;
  private readonly holds = new Set<"hover" | "focus">();
  private done = false;

  constructor(
    duration: number,
    private readonly onDone: () => void,
    private readonly clock: TimerClock = realClock,
  ) {
    this.remaining = duration;
  }

  start() {
    if (this.holds.size === 0) this.schedule();
  }

  hold(reason: "hover" | "focus") {
    if (this.holds.size === 0 && this.handle !== null) {
      this.clock.clearTimeout(this.handle);
      this.handle = null;
      this.remaining = Math.max(0, this.remaining - (this.clock.now() - this.startedAt));
    }
    this.holds.add(reason);
  }

  release(reason: "hover" | "focus") {
    if (!this.holds.delete(reason) || this.holds.size > 0) return;
    this.remaining = Math.max(this.remaining, TOAST_RESUME_MIN_MS);
    this.schedule();
  }

  stop() {
    if (this.handle !== null) this.clock.clearTimeout(this.handle);
    this.handle = null;
    this.done = true;
  }

  private schedule() {
    if (this.done || this.handle !== null) return;
    this.startedAt = this.clock.now();
    this.handle = this.clock.setTimeout(() => {
      this.handle = null;
      this.done = true;
      this.onDone();
    }, this.remaining);
  }
}
/** Toasts never grow wider than this on larger screens. */
export const TOAST_MAX_WIDTH_PX = 420;
/** The delay before the browser leaves a page whose session has ended. */
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;
