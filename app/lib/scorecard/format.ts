import type { MetricKey } from "~/lib/metrics";

/** How the scorecard writes figures and money (pure; shared by the rules and the card). */

/** '1.1%', '52.04%', '0.012%': as few decimals as the figure needs. */
export function percentText(value: number) {
  return `${Number(value.toFixed(value < 0.1 ? 3 : 2))}%`;
}

export function dollarsText(value: number) {
  return `$${value.toFixed(2)}`;
}

/** Whole dollars with thousands separators: '$1,850'. */
export function moneyText(value: number) {
  return `$${String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;
}

/** A figure in its unit: '$1.80' or '1.1%'. */
export function figureText(metric: MetricKey, value: number) {
  return metric === "revenuePerRecipient" ? dollarsText(value) : percentText(value);
}

/** 'across all industries' or 'for Food & Beverage · eCommerce'. */
export function peerPhrase(groupLabel: string) {
  return groupLabel.trim().toLowerCase() === "all industries" ? "across all industries" : `for ${groupLabel}`;
}

export type Relation = "above" | "below" | "level";

/** How a figure stands to its median, on the numbers themselves (not their rounded texts). */
export function relationToMedian(value: number, median: number): Relation {
  return value > median ? "above" : value < median ? "below" : "level";
}

/**
 * A figure beside its median in words that are true for the pair: 'is above the median ($2.65)',
 * 'is 3% below the median (1.2%)', 'is just below the median ($2.65)' (under half a percent off),
 * 'matches the median ($2.65)'.
 */
export function comparedWithMedian(metric: MetricKey, value: number, median: number) {
  const medianText = `the median (${figureText(metric, median)})`;
  const relation = relationToMedian(value, median);
  if (relation === "level") return `matches ${medianText}`;
  const percent = median > 0 ? Math.round((Math.abs(value - median) / median) * 100) : null;
  const amount = percent === null ? "" : percent === 0 ? "just " : `${percent}% `;
  return `is ${amount}${relation} ${medianText}`;
}
