import type { DraftTouchpoint, FlowDraft } from "~/lib/flows/rules";
import type { AnchoredDraftTiming } from "~/lib/timing-schema";
import type { FlowProvider } from "~/services/ai/provider.server";

/**
 * Drafts with steps timed from the business's own dates, as a generator writes them: the anchored
 * timing, and offsetMinutes as the generator's estimate of where the step falls after the trigger
 * (here: the appointment about 9 days after booking). Used wherever a test needs anchored steps
 * without the offline planner.
 */

const DAY = 1440;
/** Where the fixture expects the appointment, in minutes after the booking. */
export const APPOINTMENT_ESTIMATE = 9 * DAY;

function step(title: string, stepType: "Email" | "SMS", offsetMinutes: number, timing?: AnchoredDraftTiming): DraftTouchpoint {
  return {
    stepType,
    title,
    offsetMinutes,
    timingText: "",
    ...(timing ? { timing } : {}),
    primaryGoal: `${title}: the goal`,
    keyMessages: "• One message\n• Another",
    callToAction: stepType === "SMS" ? "Reply C to confirm" : "See my booking",
  };
}

const before = (minutes: number, extra: Partial<AnchoredDraftTiming> = {}) =>
  ({ type: "relative_event", event: "appointment", direction: "before", minutes, ...extra }) as AnchoredDraftTiming;
const after = (minutes: number) => ({ type: "relative_event", event: "appointment", direction: "after", minutes }) as AnchoredDraftTiming;

/** A clinic's onboarding: confirmed at booking, prepared 2 days before, reminded 2 hours before, asked 3 days after. */
export function appointmentOnboardingDraft({ sms = true }: { sms?: boolean } = {}): FlowDraft {
  return {
    flowOverview: "Derma Clinic's onboarding flow: from booking to a first-time visit that goes well.",
    trigger: "Books a consultation",
    exitRules: ["Cancels the booking", "Unsubscribes"],
    inactivityDays: null,
    notes: "",
    touchpoints: [
      step("Your booking is confirmed", "Email", 0),
      step("How to prepare for your visit", "Email", APPOINTMENT_ESTIMATE - 2 * DAY, before(2 * DAY)),
      step("See you in two hours", sms ? "SMS" : "Email", APPOINTMENT_ESTIMATE - 120, before(120)),
      step("How was your treatment?", "Email", APPOINTMENT_ESTIMATE + 3 * DAY, after(3 * DAY)),
    ],
  };
}

/** A generator that answers the draft above (and, regenerating, the same draft). */
export function anchoredProvider(draft: () => FlowDraft = appointmentOnboardingDraft): FlowProvider {
  return {
    model: "anchored-fixture",
    instant: true,
    generateFlow: async () => draft(),
    regenerateFlow: async () => ({ draft: draft(), explanation: "Kept the steps timed from the appointment." }),
  };
}
