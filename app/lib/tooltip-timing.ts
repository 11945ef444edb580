/** Hover or focus this long before a tooltip opens. */
export const TOOLTIP_DELAY_MS = 700;
/** Within this long after one tooltip closes, the next opens at once. */
export const TOOLTIP_SKIP_DELAY_MS = 300;

/**
 * Shared by every tooltip on a page: moving from one trigger to the next straight away should
 * not make the user wait the full delay again.
 */
export class TooltipTiming {
  private lastClosedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly delay = TOOLTIP_DELAY_MS,
    private readonly skipDelay = TOOLTIP_SKIP_DELAY_MS,
  ) {}

  /** Milliseconds to wait before opening a tooltip requested at `now`. */
  openDelay(now: number) {
    return now - this.lastClosedAt < this.skipDelay ? 0 : this.delay;
  }

  closed(now: number) {
    this.lastClosedAt = now;
  }
}
