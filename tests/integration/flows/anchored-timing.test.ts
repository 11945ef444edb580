import { describe, expect, it } from "vitest";

import type { TouchpointView } from "~/lib/flows/types";
import { TIMING_AND_DELAY_MESSAGE, TIMING_REQUIRED_MESSAGE } from "~/lib/flows/touchpoint-edit";
import { TIME_NEEDS_DAYS_MESSAGE } from "~/lib/timing";
import { DELAY_DAYS_MESSAGE } from "~/lib/flows/types";
import { TIMING_BEFORE_TRIGGER_MESSAGE, TIMING_NEGATIVE_MESSAGE } from "~/lib/timing-input";
import { AiGeneratedFlowModel } from "~/models/ai-generated-flow.server";
import * as touchpointRoute from "~/routes/api+/touchpoints.$id";
import { generateFlow, getFlow } from "~/services/flows/flows.server";

import { APPOINTMENT_ESTIMATE, anchoredProvider } from "../../support/anchored-drafts";
import { useTestDatabase } from "../../support/db";
import { useEnv } from "../../support/env";
import { sendToApp } from "../../support/in-process-app";
import { CookieJar, DOCUMENT_HEADERS, SAME_ORIGIN, url } from "../../support/requests";
import { GLOW_STUDIO } from "../../unit/flows/businesses";
import { call, onboardedUser } from "./helpers";

/**
 * Timing from the real event through the API and the Edit Touchpoint form without JavaScript:
 * GET shows a step's anchored timing, PUT takes a timing object (or the older delayDays), the
 * form takes the timing's parts; bad input is a 422 that says why, never a 500.
 */

useEnv({ FLOWMAP_SCRYPT_LOG_N: "10" });
await useTestDatabase({ clearBeforeEach: true });

const DAY = 1440;

async function anchoredFlow() {
  const account = await onboardedUser({ answers: GLOW_STUDIO });
  const flow = await generateFlow({ user: { id: account.user.id, isPremium: false }, input: { flowType: "onboarding" } }, { provider: anchoredProvider() });
  return { ...account, flow };
}

const texts = (tp: TouchpointView) => ({ title: tp.title, primaryGoal: tp.primaryGoal, keyMessages: tp.keyMessages, callToAction: tp.callToAction });
const getTouchpoint = (cookie: string | undefined, id: string) => call(touchpointRoute.loader, `/api/touchpoints/${id}`, { cookie, params: { id } });
const putTouchpoint = (cookie: string, id: string, body: unknown) => call(touchpointRoute.action, `/api/touchpoints/${id}`, { method: "PUT", body, cookie, params: { id } });

describe("GET /api/touchpoints/{id}", () => {
  it("answers the touchpoint with its anchored timing; another user's or a signed-out request is refused", async () => {
    const { cookie, flow } = await anchoredFlow();
    const reminder = flow.touchpoints[2]!;
    const { status, body } = await getTouchpoint(cookie, reminder.id);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: reminder.id,
      flowId: flow.id,
      timing: { type: "relative_event", event: "appointment", direction: "before", minutes: 120 },
      offsetMinutes: APPOINTMENT_ESTIMATE - 120,
    });
    const stranger = await onboardedUser();
    expect(await getTouchpoint(stranger.cookie, reminder.id)).toMatchObject({ status: 404, body: { message: "Touchpoint not found." } });
    expect((await getTouchpoint(undefined, reminder.id)).status).toBe(401);
  });
});

describe("PUT /api/touchpoints/{id} with a timing", () => {
  it("times a step from the appointment, estimates where it falls from the flow, and keeps the steps in order", async () => {
    const { cookie, flow } = await anchoredFlow();
    const confirm = flow.touchpoints[0]!;
    // The confirmation moves to 1 day after the appointment: after the reminder, before the follow-up.
    const timing = { type: "relative_event", event: "appointment", direction: "after", minutes: DAY };
    const { status, body } = await putTouchpoint(cookie, confirm.id, { ...texts(confirm), timing });
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: confirm.id, timing, offsetMinutes: APPOINTMENT_ESTIMATE + DAY, delayDays: 10, stepNumber: 3 });
    const stored = await getFlow({ userId: (await AiGeneratedFlowModel.findById(flow.id).lean())!.userId, flowId: flow.id });
    expect(stored.touchpoints.map((tp) => tp.title)).toEqual(["How to prepare for your visit", "See you in two hours", "Your booking is confirmed", "How was your treatment?"]);
  });

  it("moves an anchored step to the other side of the date, and back to the trigger", async () => {
    const { cookie, flow } = await anchoredFlow();
    const prepare = flow.touchpoints[1]!;
    const after = await putTouchpoint(cookie, prepare.id, { ...texts(prepare), timing: { type: "relative_event", event: "appointment", direction: "after", minutes: 5 * DAY } });
    expect(after.body).toMatchObject({ offsetMinutes: APPOINTMENT_ESTIMATE + 5 * DAY, stepNumber: 4 });
    const back = await putTouchpoint(cookie, prepare.id, { ...texts(prepare), timing: { type: "offset", minutes: 60 } });
    expect(back.body).toMatchObject({ timing: { type: "offset", minutes: 60 }, offsetMinutes: 60, delayDays: 0, stepNumber: 2 });
  });

  it("still takes the older delayDays, and keeps an anchored timing when delayDays is sent unchanged", async () => {
    const { cookie, flow } = await anchoredFlow();
    const reminder = flow.touchpoints[2]!;
    const same = await putTouchpoint(cookie, reminder.id, { ...texts(reminder), title: "See you soon", delayDays: reminder.delayDays });
    expect(same).toMatchObject({ status: 200, body: { title: "See you soon", timing: reminder.timing } });
    const moved = await putTouchpoint(cookie, reminder.id, { ...texts(reminder), delayDays: 20 });
    expect(moved.body).toMatchObject({ timing: { type: "offset", minutes: 20 * DAY }, delayDays: 20, stepNumber: 4 });
  });

  it("answers 422 with what is wrong: both forms, neither, a time of day with hours, an unknown event or field", async () => {
    const { cookie, flow } = await anchoredFlow();
    const tp = flow.touchpoints[1]!;
    const refused = async (body: unknown) => {
      const answer = await putTouchpoint(cookie, tp.id, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      return answer.body as { message: string; errors?: Record<string, string>; code: string };
    };
    expect(await refused({ ...texts(tp), delayDays: 2, timing: { type: "offset", minutes: 60 } })).toMatchObject({
      message: TIMING_AND_DELAY_MESSAGE,
      errors: { timing: TIMING_AND_DELAY_MESSAGE },
    });
    expect(await refused(texts(tp))).toMatchObject({ message: TIMING_REQUIRED_MESSAGE, code: "VALIDATION_FAILED" });
    expect(await refused({ ...texts(tp), timing: { type: "relative_event", event: "appointment", direction: "before", minutes: 90, time: "09:00" } })).toMatchObject({
      errors: { "timing.time": TIME_NEEDS_DAYS_MESSAGE },
    });
    expect((await refused({ ...texts(tp), timing: { type: "relative_event", event: "birthday", direction: "before", minutes: 60 } })).errors?.["timing.event"]).toMatch(
      /^Event must be one of/,
    );
    expect(await refused({ ...texts(tp), timing: { type: "relative_event", event: "pickup", direction: "before", minutes: 60, at: "noon" } })).toMatchObject({
      errors: { "timing.at": "Unknown field: remove it." },
    });
    expect((await refused({ ...texts(tp), timing: "2 days before" })).errors?.timing).toBeTruthy();
    const stored = await AiGeneratedFlowModel.findById(flow.id).lean();
    expect(stored!.touchpoints[1]!.timing).toEqual(tp.timing);
  });
});

/** Posts the dialog's form as a browser without JavaScript does and follows redirects: the page it ends on. */
async function postForm(path: string, fields: Record<string, string>, cookie: string) {
  const jar = new CookieJar();
  for (const pair of cookie.split("; ")) jar.setFromHeader(pair);
  const headers = (extra: Record<string, string> = {}) => {
    const result = new Headers({ ...DOCUMENT_HEADERS, Host: new URL(SAME_ORIGIN).host, ...extra });
    result.set("Cookie", jar.header());
    return result;
  };
  let response = await sendToApp(
    new Request(url(path), {
      method: "POST",
      headers: headers({ "Content-Type": "application/x-www-form-urlencoded;charset=UTF-8", Origin: SAME_ORIGIN }),
      body: new URLSearchParams(fields).toString(),
    }),
  );
  const firstStatus = response.status;
  while (response.status >= 300 && response.status < 400) {
    jar.apply(response);
    response = await sendToApp(new Request(new URL(response.headers.get("Location")!, url(path)), { headers: headers() }));
  }
  const text = (await response.text())
    .replace(/<!-- -->/g, "")
    .replace(/<script\b[\s\S]*?<\/script>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
  return { firstStatus, status: response.status, text };
}

describe("the Edit Touchpoint form without JavaScript", () => {
  const formOf = (tp: TouchpointView, timing: Record<string, string>) => ({
    intent: "update-touchpoint",
    touchpointId: tp.id,
    ...texts(tp),
    ...timing,
  });
  const editPath = (tp: TouchpointView) => `/flow-mappings?type=onboarding&dialog=edit&touchpoint=${tp.id}`;

  it("shows the step's timing as parts, and saves a new one: the card then reads it", async () => {
    const { cookie, flow } = await anchoredFlow();
    const reminder = flow.touchpoints[2]!;
    const page = await sendToApp(new Request(url(editPath(reminder)), { headers: { ...DOCUMENT_HEADERS, Cookie: cookie } }));
    const html = await page.text();
    expect(html).toMatch(/name="timingAmount"[^>]*value="2"|value="2"[^>]*name="timingAmount"/);
    expect(html).toMatch(/<option value="appointment" selected="">The appointment<\/option>/);
    expect(html.replace(/<!-- -->/g, "")).toContain("Now: 2 hours before the appointment.");

    const saved = await postForm(
      editPath(reminder),
      formOf(reminder, { timingAmount: "3", timingUnit: "days", timingDirection: "after", timingFrom: "appointment", timingTime: "10:00" }),
      cookie,
    );
    expect(saved.firstStatus).toBe(302);
    expect(saved.text).toContain("Touchpoint Updated");
    expect(saved.text).toContain("3 days after the appointment at 10:00");
    const stored = await AiGeneratedFlowModel.findById(flow.id).lean();
    expect(stored!.touchpoints.find((tp) => tp._id === reminder.id)!.timing).toEqual({
      type: "relative_event",
      event: "appointment",
      direction: "after",
      minutes: 3 * DAY,
      time: "10:00",
    });
  });

  it("refuses parts that do not add up with a 422 and the reason in the page", async () => {
    const { cookie, flow } = await anchoredFlow();
    const confirm = flow.touchpoints[0]!;
    const before = await postForm(editPath(confirm), formOf(confirm, { timingAmount: "2", timingUnit: "days", timingDirection: "before", timingFrom: "trigger" }), cookie);
    expect(before.firstStatus).toBe(422);
    expect(before.text).toContain(TIMING_BEFORE_TRIGGER_MESSAGE);
    const hours = await postForm(
      editPath(confirm),
      formOf(confirm, { timingAmount: "5", timingUnit: "hours", timingDirection: "before", timingFrom: "pickup", timingTime: "09:00" }),
      cookie,
    );
    expect(hours.firstStatus).toBe(422);
    expect(hours.text).toContain("A time of day goes with whole days from an event");
    const notANumber = await postForm(editPath(confirm), formOf(confirm, { timingAmount: "soon", timingUnit: "days", timingDirection: "after", timingFrom: "trigger" }), cookie);
    expect(notANumber.firstStatus).toBe(422);
    expect(notANumber.text).toContain("Enter how long as a whole number from 0.");
    const stored = await AiGeneratedFlowModel.findById(flow.id).lean();
    expect(stored!.touchpoints[0]!.timing).toEqual({ type: "immediate" });
  });

  it("keeps a timing posted unchanged (a weekday timing with no amount), and still takes an older page's Delay (days)", async () => {
    const { cookie, flow, user } = await anchoredFlow();
    const prepare = flow.touchpoints[1]!;
    const weekday = { type: "weekday_relative_event", event: "appointment", weekday: 5, relation: "before", time: "18:00" };
    await AiGeneratedFlowModel.updateOne({ _id: flow.id, "touchpoints._id": prepare.id }, { $set: { "touchpoints.$.timing": weekday } });
    const kept = await postForm(
      editPath(prepare),
      formOf({ ...prepare, title: "Before your visit" }, { timingAmount: "", timingUnit: "days", timingDirection: "before", timingFrom: "appointment", timingTime: "18:00" }),
      cookie,
    );
    expect(kept.firstStatus).toBe(302);
    let stored = await getFlow({ userId: user.id, flowId: flow.id });
    expect(stored.touchpoints[1]).toMatchObject({ title: "Before your visit", timing: weekday });
    const older = await postForm(editPath(prepare), { intent: "update-touchpoint", touchpointId: prepare.id, ...texts(prepare), delayDays: "3" }, cookie);
    expect(older.firstStatus).toBe(302);
    stored = await getFlow({ userId: user.id, flowId: flow.id });
    expect(stored.touchpoints.find((tp) => tp.id === prepare.id)).toMatchObject({ timing: { type: "offset", minutes: 3 * DAY }, delayDays: 3 });
  });

  it("refuses a negative delay with a message, as parts or as an older page's Delay (days), and saves nothing", async () => {
    const { cookie, flow } = await anchoredFlow();
    const step = flow.touchpoints[3]!;
    const before = (await AiGeneratedFlowModel.findById(flow.id).lean())!.touchpoints[3]!;
    const parts = await postForm(editPath(step), formOf(step, { timingAmount: "-3", timingUnit: "days", timingDirection: "after", timingFrom: "trigger" }), cookie);
    expect(parts.firstStatus).toBe(422);
    expect(parts.text).toContain(TIMING_NEGATIVE_MESSAGE);
    expect(parts.text).toContain("Please correct the touchpoint");
    expect(parts.text).not.toContain("Please fill all required fields");
    for (const delayDays of ["-3", "1.5", "soon"]) {
      const older = await postForm(editPath(step), { intent: "update-touchpoint", touchpointId: step.id, ...texts(step), delayDays }, cookie);
      expect(older.firstStatus, delayDays).toBe(422);
      expect(older.text).toContain(DELAY_DAYS_MESSAGE);
    }
    const after = (await AiGeneratedFlowModel.findById(flow.id).lean())!.touchpoints[3]!;
    expect(after.timing).toEqual(before.timing);
    expect(after.delayDays).toBe(before.delayDays);
  });

  it("opens a step stored at 20 hours without a timing as 20 hours, not 0 days", async () => {
    const { cookie, flow } = await anchoredFlow();
    const step = flow.touchpoints[0]!;
    await AiGeneratedFlowModel.updateOne(
      { _id: flow.id, "touchpoints._id": step.id },
      { $set: { "touchpoints.$.timing": null, "touchpoints.$.offsetMinutes": 20 * 60, "touchpoints.$.delayDays": 0 } },
    );
    const html = (await (await sendToApp(new Request(url(editPath(step)), { headers: { ...DOCUMENT_HEADERS, Cookie: cookie } }))).text()).replace(/<!-- -->/g, "");
    expect(html).toMatch(/name="timingAmount"[^>]*value="20"|value="20"[^>]*name="timingAmount"/);
    expect(html).toMatch(/<option value="hours" selected="">/);
  });
});
