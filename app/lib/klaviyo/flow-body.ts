import { UNSUBSCRIBE_TAGS } from "~/lib/content/esp";
import { POSTAL_ADDRESS_PLACEHOLDER } from "~/lib/content/footer";
import { escapeHtml, footerHtml, renderEmailHtml } from "~/lib/content/html";
import { type LinkPurpose, purposeOfButton } from "~/lib/content/links";
import { type ContentPlaceholder, placeholdersIn } from "~/lib/content/placeholders";
import type { FlowContentView, TouchpointContentView } from "~/lib/content/types";
import { flowTypeLabel } from "~/lib/flow-types";
import type { FlowView, TouchpointView } from "~/lib/flows/types";
import { MINUTES_PER_DAY, MINUTES_PER_HOUR, timingText, touchpointOffsetMinutes } from "~/lib/timing";

import { DEFAULT_TRIGGERS, KLAVIYO_PREFERENCES_TAG, KLAVIYO_SHOPIFY_CHECKOUT_URL_TAG, klaviyoFlowName, type KlaviyoTrigger, type KlaviyoTriggerType } from "./constants";

/**
 * The requests that create a flow in Klaviyo, built from a plan: one HTML template per email
 * (Create Template) and the flow itself (Create Flow) with its send-email, send-sms and
 * time-delay actions in step order. Pure: Send to Klaviyo posts exactly these bodies, and the
 * `format=klaviyo` export writes them out for marketers who create the flow themselves. The shapes
 * follow Klaviyo's published documents (vendor/klaviyo-openapi), which the tests hold them to.
 */

export interface KlaviyoPlanInput {
  flow: Pick<FlowView, "id" | "flowType" | "companyName" | "versionCount" | "touchpoints">;
  /** The premium written content of the flow, or null (free plan, or nothing written). */
  content: Pick<FlowContentView, "touchpoints"> | null;
  /** The sender's postal address from the answers, or null (the footer then carries the marked placeholder). */
  postalAddress: string | null;
  /** What starts the flow (the flow type's usual trigger when not given): a metric's event can supply a button's link. */
  triggerType?: KlaviyoTriggerType;
}

export interface TemplateCreateBody {
  data: { type: "template"; attributes: { name: string; editor_type: "CODE"; html: string; text: string } };
}

export interface TemplateRequest {
  touchpointId: string;
  stepNumber: number;
  /** "content" when the written copy went in, "outline" when the plan's outline did. */
  source: "content" | "outline";
  body: TemplateCreateBody;
}

type Link = { next: string };

export type FlowAction =
  | {
      temporary_id: string;
      type: "send-email";
      links?: Link;
      data: {
        status: "draft";
        message: { name: string; subject_line: string; preview_text: string; template_id: string; smart_sending_enabled: boolean };
      };
    }
  | {
      temporary_id: string;
      type: "send-sms";
      links?: Link;
      data: { status: "draft"; message: { name: string; body: string; sms_quiet_hours_enabled: boolean; smart_sending_enabled: boolean } };
    }
  | { temporary_id: string; type: "time-delay"; links?: Link; data: { unit: "days" | "hours" | "minutes"; value: number } };

export interface FlowCreateBody {
  data: {
    type: "flow";
    attributes: {
      name: string;
      definition: { triggers: Array<{ type: KlaviyoTrigger["type"]; id: string }>; entry_action_id: string; actions: FlowAction[] };
    };
  };
}

/** Klaviyo's names are short; ours are cut to fit and stay readable. */
const NAME_MAX = 120;
/** An outline SMS stays a single readable paragraph. */
const OUTLINE_SMS_MAX = 300;

function cut(text: string, max: number) {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
}

/** A touchpoint's written content, only when it was written for the step as it is now. */
function currentContent(input: KlaviyoPlanInput, touchpoint: TouchpointView): TouchpointContentView | null {
  const found = input.content?.touchpoints.find((item) => item.touchpointId === touchpoint.id);
  if (!found || found.outdated) return null;
  if (touchpoint.stepType === "Email") return found.subject && found.bodyText && found.callToAction ? found : null;
  return found.sms ? found : null;
}

function emailNumber(flow: KlaviyoPlanInput["flow"], touchpoint: TouchpointView) {
  return flow.touchpoints.filter((tp) => tp.stepType === touchpoint.stepType && tp.stepNumber <= touchpoint.stepNumber).length;
}

function messageName(flow: KlaviyoPlanInput["flow"], touchpoint: TouchpointView) {
  const channel = touchpoint.stepType === "Email" ? "Email" : "SMS";
  const window = touchpoint.stepType === "SMS" && touchpoint.sendWindow ? ` (send ${touchpoint.sendWindow.start}–${touchpoint.sendWindow.end} local time)` : "";
  return cut(`${channel} ${emailNumber(flow, touchpoint)}: ${touchpoint.title}${window}`, NAME_MAX);
}

const OUTLINE_NOTICE = "Outline from Flowmap: write this email before you turn the flow on.";

/** The plan's outline of an email, clearly marked as one, as a standalone HTML document. */
export function outlineEmailHtml(
  touchpoint: Pick<TouchpointView, "title" | "primaryGoal" | "keyMessages" | "callToAction">,
  brand: string,
  postalAddress: string | null = null,
): string {
  const font = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
  const row = (label: string, value: string) =>
    `<tr><td style="padding:8px 32px;${font};font-size:15px;line-height:1.6;color:#1f2937"><strong>${escapeHtml(label)}</strong><br>${escapeHtml(value).replace(/\n/g, "<br>")}</td></tr>`;
  return [
    `<!DOCTYPE html>`,
    `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(`[Outline] ${touchpoint.title}`)}</title></head>`,
    `<body style="margin:0;padding:24px 12px;background:#f3f4f6">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:12px;border:2px dashed #d97706">`,
    `<tr><td style="padding:16px 32px;background:#fef3c7;${font};font-size:14px;font-weight:700;color:#92400e">${escapeHtml(OUTLINE_NOTICE)}</td></tr>`,
    `<tr><td style="padding:16px 32px 4px;${font};font-size:13px;font-weight:700;letter-spacing:.04em;text-transform:uppercase;color:#4f46e5">${escapeHtml(brand || "Our team")}</td></tr>`,
    row("Email", touchpoint.title),
    row("Goal", touchpoint.primaryGoal),
    row("Key messages", touchpoint.keyMessages),
    row("Call to action", touchpoint.callToAction),
    `<tr><td style="padding:16px 32px 24px;${font};font-size:12px;line-height:1.5;color:#6b7280">${footerHtml({ brand, esp: "klaviyo", postalAddress })}</td></tr>`,
    `</table>`,
    `</body></html>`,
  ].join("\n");
}

function outlineEmailText(touchpoint: Pick<TouchpointView, "title" | "primaryGoal" | "keyMessages" | "callToAction">) {
  return [
    OUTLINE_NOTICE,
    "",
    `Email: ${touchpoint.title}`,
    `Goal: ${touchpoint.primaryGoal}`,
    `Key messages: ${touchpoint.keyMessages}`,
    `Call to action: ${touchpoint.callToAction}`,
  ].join("\n");
}

/** Buttons that resume what the triggering event left unfinished: the event's own link serves them. */
const RESUMES: ReadonlySet<LinkPurpose> = new Set(["checkout", "finish-booking", "finish-signup", "pre-order"]);

/** The triggering event's link the flow's metric carries (Started Checkout's checkout URL), when the flow starts from that metric. */
function eventLink(input: KlaviyoPlanInput) {
  const rule = DEFAULT_TRIGGERS[input.flow.flowType];
  return (input.triggerType ?? rule.type) === "metric" ? (rule.eventLink ?? null) : null;
}

/** Klaviyo's own link for a button, where Klaviyo provides one: the event's checkout for a resume button, the preferences page for a preferences button. */
export function klaviyoButtonTag(input: KlaviyoPlanInput, callToAction: string): string | null {
  const purpose = purposeOfButton(callToAction, { flowType: input.flow.flowType });
  if (purpose === "email-preferences") return KLAVIYO_PREFERENCES_TAG;
  return RESUMES.has(purpose) ? (eventLink(input)?.tag ?? null) : null;
}

function writtenEmailHtml(input: KlaviyoPlanInput, written: TouchpointContentView): string {
  const callToAction = written.callToAction ?? "";
  return renderEmailHtml({
    brand: input.flow.companyName,
    subject: written.subject ?? "",
    preheader: written.preheader ?? "",
    bodyText: written.bodyText ?? "",
    callToAction,
    buttonUrl: written.buttonUrl ?? "",
    buttonTag: klaviyoButtonTag(input, callToAction),
    esp: "klaviyo",
    postalAddress: input.postalAddress,
  });
}

function writtenEmailText(input: KlaviyoPlanInput, written: TouchpointContentView): string {
  const callToAction = written.callToAction ?? "";
  const link = klaviyoButtonTag(input, callToAction) ?? written.buttonUrl ?? "";
  const footer = `Unsubscribe: ${UNSUBSCRIBE_TAGS.klaviyo}\n${input.flow.companyName} · ${input.postalAddress ?? POSTAL_ADDRESS_PLACEHOLDER}`;
  return `${written.bodyText}\n\n${callToAction}: ${link}\n\n${footer}`;
}

/**
 * One Create Template body per email touchpoint, in step order. Written content is rendered again
 * for Klaviyo: its unsubscribe tag in the footer, and the event's own link behind a button that
 * resumes what the event left unfinished.
 */
export function templateRequests(input: KlaviyoPlanInput): TemplateRequest[] {
  const { flow } = input;
  return flow.touchpoints
    .filter((tp) => tp.stepType === "Email")
    .map((tp) => {
      const written = currentContent(input, tp);
      const name = cut(`${flow.companyName || "Your Company"} — ${flowTypeLabel(flow.flowType)} — ${messageName(flow, tp)}${written ? "" : " [outline]"}`, NAME_MAX);
      const html = written ? writtenEmailHtml(input, written) : outlineEmailHtml(tp, flow.companyName, input.postalAddress);
      const text = written ? writtenEmailText(input, written) : outlineEmailText(tp);
      return {
        touchpointId: tp.id,
        stepNumber: tp.stepNumber,
        source: written ? "content" : "outline",
        body: { data: { type: "template", attributes: { name, editor_type: "CODE", html, text } } },
      } satisfies TemplateRequest;
    });
}

/** A wait as Klaviyo counts it: whole days, else whole hours, else minutes. */
export function delayOf(minutes: number): { unit: "days" | "hours" | "minutes"; value: number } {
  const whole = Math.max(0, Math.round(minutes));
  if (whole % MINUTES_PER_DAY === 0) return { unit: "days", value: whole / MINUTES_PER_DAY };
  if (whole % MINUTES_PER_HOUR === 0) return { unit: "hours", value: whole / MINUTES_PER_HOUR };
  return { unit: "minutes", value: whole };
}

/** Timed from an event the trigger does not carry (delivery, a renewal): no fixed wait from the start. */
function isEventTimed(touchpoint: TouchpointView) {
  return touchpoint.offsetMinutes === null && (touchpoint.timing?.type === "relative_event" || touchpoint.timing?.type === "weekday_relative_event");
}

/** What the emails' templates are called in the flow body: the real ids, or placeholders for the export. */
export type TemplateIds = ReadonlyMap<string, string>;

/** The Create Flow body: the trigger, then each step's wait (when it has one) and its message, all drafts. */
export function flowRequest(input: KlaviyoPlanInput, { trigger, templateIds }: { trigger: KlaviyoTrigger; templateIds: TemplateIds }): FlowCreateBody {
  const { flow } = input;
  const actions: FlowAction[] = [];
  let previous = 0;
  for (const tp of flow.touchpoints) {
    const offset = isEventTimed(tp) ? previous : touchpointOffsetMinutes(tp);
    if (offset > previous) {
      actions.push({ temporary_id: `action-${actions.length + 1}`, type: "time-delay", data: delayOf(offset - previous) });
    }
    previous = Math.max(previous, offset);
    const id = `action-${actions.length + 1}`;
    const name = messageName(flow, tp);
    if (tp.stepType === "Email") {
      const written = currentContent(input, tp);
      const templateId = templateIds.get(tp.id);
      if (!templateId) throw new Error(`No template for step ${tp.stepNumber}.`);
      actions.push({
        temporary_id: id,
        type: "send-email",
        data: {
          status: "draft",
          message: {
            name,
            subject_line: cut(written?.subject ?? `[Outline] ${tp.title}`, NAME_MAX),
            preview_text: cut(written?.preheader ?? tp.primaryGoal, NAME_MAX),
            template_id: templateId,
            smart_sending_enabled: true,
          },
        },
      });
    } else {
      const written = currentContent(input, tp);
      actions.push({
        temporary_id: id,
        type: "send-sms",
        data: {
          status: "draft",
          message: {
            name,
            body: written?.sms ?? cut(`[Outline: replace before sending] ${tp.title}: ${tp.keyMessages} ${tp.callToAction}`, OUTLINE_SMS_MAX),
            // Klaviyo holds text messages during the account's quiet hours: the nearest the schema
            // comes to a send window (the window itself is in the message name and the review notes).
            sms_quiet_hours_enabled: true,
            smart_sending_enabled: true,
          },
        },
      });
    }
  }
  actions.forEach((action, index) => {
    const next = actions[index + 1];
    if (next) action.links = { next: next.temporary_id };
  });
  return {
    data: {
      type: "flow",
      attributes: {
        name: klaviyoFlowName(flow.companyName, flow.flowType),
        definition: { triggers: [{ type: trigger.type, id: trigger.id }], entry_action_id: actions[0]?.temporary_id ?? "action-1", actions },
      },
    },
  };
}

/** The steps that go out as outlines: no written content for them as they are now. */
export function outlineSteps(input: KlaviyoPlanInput): number[] {
  return input.flow.touchpoints.filter((tp) => !currentContent(input, tp)).map((tp) => tp.stepNumber);
}

/** What the marketer should look at in Klaviyo before turning the flow on, one sentence each. */
export function reviewNotes(input: KlaviyoPlanInput): string[] {
  const notes: string[] = [];
  const outlines = outlineSteps(input);
  if (outlines.length) {
    notes.push(
      `${stepList(outlines)} ${outlines.length === 1 ? "is an outline" : "are outlines"} from the plan, marked [Outline]: write the copy in Klaviyo before turning the flow on.`,
    );
  }
  notes.push(...linkNotes(input));
  for (const tp of input.flow.touchpoints) {
    if (tp.stepType === "SMS" && tp.sendWindow) {
      notes.push(
        `Step ${tp.stepNumber} (SMS) should go out between ${tp.sendWindow.start} and ${tp.sendWindow.end} in the contact's local time: quiet hours are on for it; check your account's quiet hours cover the rest of the day.`,
      );
    }
    if (isEventTimed(tp)) {
      notes.push(
        `Step ${tp.stepNumber} is timed “${timingText(tp.timing, tp.delayDays)}”, which a time delay from the trigger cannot express: it follows the step before it; set its timing in Klaviyo.`,
      );
    }
  }
  notes.push("Every message was created as a draft: nothing sends until you set the messages live in Klaviyo.");
  return notes;
}

/** What is left to fill in the templates as sent: the written content's placeholders, minus buttons Klaviyo links itself, plus the footer's address. */
export function templatePlaceholders(input: KlaviyoPlanInput): ContentPlaceholder[] {
  const sources = input.flow.touchpoints.flatMap((tp) => {
    const written = currentContent(input, tp);
    if (!written) return [];
    const linked = tp.stepType === "Email" && klaviyoButtonTag(input, written.callToAction ?? "") !== null;
    const footer = tp.stepType === "Email" && !input.postalAddress ? POSTAL_ADDRESS_PLACEHOLDER : null;
    return [{ ...written, stepNumber: tp.stepNumber, buttonUrl: linked ? null : written.buttonUrl, bodyHtml: footer }];
  });
  return placeholdersIn({ touchpoints: sources });
}

/** The notes on links: which buttons open the event's own link, and what is left to fill. */
function linkNotes(input: KlaviyoPlanInput): string[] {
  const notes: string[] = [];
  const event = eventLink(input);
  const linked = input.flow.touchpoints.filter((tp) => {
    const written = currentContent(input, tp);
    return tp.stepType === "Email" && written && event && klaviyoButtonTag(input, written.callToAction ?? "") === event.tag;
  });
  if (event && linked.length) {
    notes.push(
      `${stepList(linked.map((tp) => tp.stepNumber))}'s button opens the contact's own checkout, ${event.tag} (the ${event.property} property of the event that starts the flow). If your store sends it under another name (Shopify's Checkout Started event: ${KLAVIYO_SHOPIFY_CHECKOUT_URL_TAG}), change the button's link in ${linked.length === 1 ? "that template" : "those templates"}.`,
    );
  }
  const left = templatePlaceholders(input);
  if (left.length) {
    notes.push(
      `Fill these in before turning the flow on: ${left.map((item) => `${item.text} (${stepList(item.steps.map((spot) => spot.stepNumber)).toLowerCase()})`).join("; ")}.`,
    );
  }
  return notes;
}

function stepList(steps: number[]) {
  if (steps.length === 1) return `Step ${steps[0]}`;
  return `Steps ${steps.slice(0, -1).join(", ")} and ${steps[steps.length - 1]}`;
}
