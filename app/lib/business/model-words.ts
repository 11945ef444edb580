import type { BusinessModel } from "~/lib/business/model";
import { termPattern } from "~/lib/business/brand-words";

/**
 * The words each business model never uses: a web shop's words are wrong for a bakery that takes
 * pre-orders ("ship", "cart") and for a clinic ("order", "checkout"). A word the owner uses for
 * their own business in a plain statement (not a negation, not a customer's question) is kept:
 * their text outweighs the model. Pure.
 */

const CART = ["cart", "add to cart", "checkout"];
const SHIPPING = ["ship", "ships", "shipped", "shipping", "shipment", "shipments"];
const DELIVERY = ["deliver", "delivers", "delivered", "delivering", "delivery", "deliveries", "courier", "doorstep"];

/** Words wrong for each model, whatever the business. */
export const MODEL_NEVER_WORDS: Readonly<Record<BusinessModel, readonly string[]>> = {
  shop: ["appointment", "appointments", "subscribe and save"],
  // A subscription is often bought through a web shop's cart: only the words of another model are wrong.
  subscription: ["appointment", "appointments", "pickup", "shop now"],
  appointment: ["order", "orders", "ordered", ...CART, ...SHIPPING, "shop now"],
  "local-visit": ["appointment", "appointments", "order online", ...CART, ...SHIPPING],
  pickup: [...CART, ...SHIPPING, ...DELIVERY, "tracking number"],
  "high-ticket": [...CART, "shop now", "shipping", "in stock"],
  "saas-trial": [...CART, "shipping", "shipped", "in stock"],
  "b2b-service": [...CART, "shipping", "shipped", "shop now"],
  course: [...CART, "shipping", "shipped"],
  membership: [...CART, "shipping", "shipped"],
};

/** Phrases that contain a never-word without meaning it ("in order to"). */
export const NOT_THE_WORD: Readonly<Record<string, readonly string[]>> = {
  order: ["in order to", "in order", "out of order", "order of"],
  orders: ["in orders of"],
};

/** A sentence that denies, asks or reports: a word in it is not the owner using it for their business. */
const NOT_A_PLAIN_STATEMENT = /\b(?:no|not|never|don'?t|dont|doesn'?t|won'?t|can'?t|cannot|without|stopped|instead of|rather than)\b|\?/i;

/** The owner's plain statements about the business: every clause that neither denies nor asks ("We deliver to your door, no fuss" keeps its first clause). */
export function plainStatements(text: string): string {
  return text
    .replace(/\([^()]*\)/g, " ")
    .split(/(?<=[.!?])\s+|\n+|[;,\u2014\u2013]\s*|\s-\s|\s+but\s+/i)
    .filter((sentence) => !NOT_A_PLAIN_STATEMENT.test(sentence))
    .join("\n");
}

/** The model's never-words, less those the owner uses in a plain statement about the business. */
export function modelAvoidWords(model: BusinessModel, answerText: string): string[] {
  let plain = plainStatements(answerText);
  for (const idiom of Object.values(NOT_THE_WORD).flat()) plain = plain.replace(termPattern(idiom), " ");
  return MODEL_NEVER_WORDS[model].filter((word) => !termPattern(word).test(plain));
}
