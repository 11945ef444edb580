/**
 * The five lifecycle flow types and the names the benchmark data uses for them.
 * Shared by client and server: labels, premium flags and benchmark names all come from here.
 */

/** Ids as stored and sent over the API, in the flow-type selector's order. */
export const FLOW_TYPES = ["onboarding", "lead_nurture", "abandoned_cart", "upsell", "sunset"] as const;
export type FlowType = (typeof FLOW_TYPES)[number];

/** The benchmark card lists the flows in this order; only Lead Nurture starts open. */
export const BENCHMARK_CARD_FLOW_ORDER: readonly FlowType[] = ["lead_nurture", "onboarding", "abandoned_cart", "upsell", "sunset"];
export const DEFAULT_OPEN_BENCHMARK_FLOW: FlowType = "lead_nurture";

/** The `benchmarkType` values stored in email_benchmarks, exactly as the seed data spells them. */
export const BENCHMARK_TYPES = ["Lead Nurture", "Onboarding Flows", "Abandoned Cart Flows", "Upsell Flows", "Sunset Flow"] as const;
export type BenchmarkType = (typeof BENCHMARK_TYPES)[number];

/** The `performanceIndicator` values stored in email_benchmarks, in the card's row order. */
export const PERFORMANCE_INDICATORS = [
  "Open Rate (Email)",
  "Click Rate (Email)",
  "Click Through Rate (Email)",
  "Revenue Per Recipient (Email)",
  "Bounce Rate (Email)",
  "Unsubscribe Rate (Email)",
  "Spam Complaint Rate (Email)",
] as const;
export type PerformanceIndicator = (typeof PERFORMANCE_INDICATORS)[number];

export interface FlowTypeInfo {
  id: FlowType;
  /** Selector and card label ('Onboarding', 'Lead Nurture', ...). */
  label: string;
  benchmarkType: BenchmarkType;
  /** Premium flows (abandoned cart, upsell, sunset) open the upgrade dialog for free users. */
  premium: boolean;
}

export const FLOW_TYPE_INFO: Readonly<Record<FlowType, FlowTypeInfo>> = {
  onboarding: { id: "onboarding", label: "Onboarding", benchmarkType: "Onboarding Flows", premium: false },
  lead_nurture: { id: "lead_nurture", label: "Lead Nurture", benchmarkType: "Lead Nurture", premium: false },
  abandoned_cart: { id: "abandoned_cart", label: "Abandoned Cart", benchmarkType: "Abandoned Cart Flows", premium: true },
  upsell: { id: "upsell", label: "Upsell", benchmarkType: "Upsell Flows", premium: true },
  sunset: { id: "sunset", label: "Sunset", benchmarkType: "Sunset Flow", premium: true },
};

export const FREE_FLOW_TYPES: readonly FlowType[] = FLOW_TYPES.filter((type) => !FLOW_TYPE_INFO[type].premium);
export const PREMIUM_FLOW_TYPES: readonly FlowType[] = FLOW_TYPES.filter((type) => FLOW_TYPE_INFO[type].premium);

export function isFlowType(value: unknown): value is FlowType {
  return typeof value === "string" && (FLOW_TYPES as readonly string[]).includes(value);
}

export function isPremiumFlowType(type: FlowType) {
  return FLOW_TYPE_INFO[type].premium;
}

export function flowTypeLabel(type: FlowType) {
  return FLOW_TYPE_INFO[type].label;
}

/** A flow type as a sentence names one: 'an abandoned cart flow', 'a sunset flow'. */
export function aFlowOfType(type: FlowType) {
  const label = flowTypeLabel(type).toLowerCase();
  return `${/^[aeiou]/.test(label) ? "an" : "a"} ${label} flow`;
}

/** Flow types named in a sentence, the first word capitalised: "Onboarding & lead nurture", "Abandoned cart, upsell & sunset". */
export function flowTypeList(types: readonly FlowType[]): string {
  const names = types.map((type, index) => {
    const name = FLOW_TYPE_INFO[type].label.toLowerCase();
    return index === 0 ? name.charAt(0).toUpperCase() + name.slice(1) : name;
  });
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} & ${names[names.length - 1]}` : (names[0] ?? "");
}

export function isBenchmarkType(value: unknown): value is BenchmarkType {
  return typeof value === "string" && (BENCHMARK_TYPES as readonly string[]).includes(value);
}

export function isPerformanceIndicator(value: unknown): value is PerformanceIndicator {
  return typeof value === "string" && (PERFORMANCE_INDICATORS as readonly string[]).includes(value);
}

/** The flow type a benchmark row belongs to, or undefined for a name outside the five. */
export function flowTypeForBenchmarkType(benchmarkType: string): FlowType | undefined {
  return FLOW_TYPES.find((type) => FLOW_TYPE_INFO[type].benchmarkType === benchmarkType);
}

/** Touchpoint channels. */
export const STEP_TYPES = ["Email", "SMS"] as const;
export type StepType = (typeof STEP_TYPES)[number];

/** Who wrote a message in a flow's conversation. */
export const MESSAGE_ROLES = ["user", "assistant", "system"] as const;
export type MessageRole = (typeof MESSAGE_ROLES)[number];
