/**
 * What a touchpoint is for, its angle: the one vocabulary of the offline planner and the offline
 * content writer.
 *
 * - The planner (lib/flows/plan-writer.ts) gives each step it plans an angle, which picks the brief
 *   written when the business gave no fact for the step.
 * - The writer (lib/content/writer.ts) works the angle out again from the touchpoint's title and goal,
 *   and its words follow from it. A stored touchpoint keeps no angle: it may come from an admin's rule
 *   or a model, or have been edited since it was planned, so its words are what it is for now.
 */
export const TOUCHPOINT_ANGLES = [
  /** Greets a new contact and says what the emails will bring. */
  "welcome",
  /** Delivers the lead magnet the contact asked for. */
  "magnet",
  /** Teaches one useful idea (the writer words it as a how-to). */
  "education",
  /** Why the business started and what it does differently. */
  "story",
  /** The steps from choosing to the first result. */
  "howto",
  /** Reviews, ratings and customer stories. */
  "proof",
  /** Answers the worry that stops the next step. */
  "objection",
  /** The offer, as the business gave it. */
  "offer",
  /** The last reminder before something ends. */
  "urgency",
  /** What was left in the cart or the unfinished booking. */
  "cart",
  /** A short reminder with one link, often a text on a second channel. */
  "reminder",
  /** Thanks for an order or a visit, and what happens next. */
  "thanks",
  /** Confirms a booking that is coming up. */
  "booked",
  /** Asks how it went. */
  "checkin",
  /** Invites the next visit. */
  "rebook",
  /** Invites the next order before the last runs out. */
  "replenish",
  /** Things that go with the first purchase. */
  "crosssell",
  /** What the next level adds. */
  "upgrade",
  /** Asks a customer to pass the business on, with the perk it gives for a referral. */
  "referral",
  /** Wins back a contact who has gone quiet. */
  "reactivation",
  /** A sunset flow's last email: one click keeps them on the list. */
  "goodbye",
] as const;

export type TouchpointAngle = (typeof TOUCHPOINT_ANGLES)[number];
