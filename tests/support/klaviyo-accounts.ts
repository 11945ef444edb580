import type { StandInFlow, StandInMessage } from "./klaviyo-stand-in";

/**
 * Klaviyo accounts for the stand-in: flows with mixed triggers and statuses, and their email
 * statistics per message (rates as fractions, as Query Flow Values gives them).
 */

export function message(id: string, recipients: number, rates: Partial<Record<string, number>> = {}): StandInMessage {
  const statistics: Record<string, number> = {
    open_rate: 0.5,
    click_rate: 0.04,
    click_to_open_rate: 0.08,
    revenue_per_recipient: 1.5,
    bounce_rate: 0.01,
    unsubscribe_rate: 0.003,
    spam_complaint_rate: 0.0001,
  };
  for (const [name, value] of Object.entries(rates)) if (value !== undefined) statistics[name] = value;
  return { id, recipients, statistics };
}

/** Three flows: a welcome on a list, an abandoned cart and a post-purchase on metrics. */
export function threeFlows(): StandInFlow[] {
  return [
    {
      id: "FlwWelc01",
      name: "Welcome Series",
      status: "live",
      trigger_type: "Added to List",
      messages: [message("MsgW1", 1000, { open_rate: 0.6 }), message("MsgW2", 800, { open_rate: 0.4 })],
    },
    {
      id: "FlwCart01",
      name: "Abandoned Checkout",
      status: "live",
      trigger_type: "Metric",
      messages: [message("MsgC1", 300, { open_rate: 0.45, revenue_per_recipient: 4.2, click_rate: 0.06 })],
    },
    { id: "FlwPost01", name: "Post-Purchase Thank You", status: "manual", trigger_type: "Metric", messages: [message("MsgP1", 200, { open_rate: 0.55 })] },
  ];
}

/** `count` flows with every kind of trigger and status, for paging (Get Flows answers 50 a page). */
export function manyFlows(count: number): StandInFlow[] {
  const kinds: Array<Pick<StandInFlow, "name" | "trigger_type">> = [
    { name: "Welcome", trigger_type: "Added to List" },
    { name: "Checkout Abandonment", trigger_type: "Metric" },
    { name: "Placed Order Cross-sell", trigger_type: "Metric" },
    { name: "Sunset Unengaged", trigger_type: "Added to List" },
    { name: "Birthday", trigger_type: "Date Based" },
    { name: "Browse Abandonment Lead", trigger_type: "Metric" },
    { name: "Back in stock", trigger_type: "Low Inventory" },
  ];
  const statuses = ["live", "draft", "manual"] as const;
  return Array.from({ length: count }, (_, index) => {
    const kind = kinds[index % kinds.length]!;
    return {
      id: `FlwMany${String(index).padStart(3, "0")}`,
      name: `${kind.name} ${index}`,
      status: statuses[index % statuses.length]!,
      trigger_type: kind.trigger_type,
      messages: [message(`MsgMany${index}`, 100 + index)],
    };
  });
}
