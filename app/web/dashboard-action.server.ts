import { data } from "@remix-run/node";

import { BUSINESS_MODEL_INTENT } from "~/lib/business/model-choice";
import { RESEARCH_ADDRESS_INTENT, type ResearchAddressReply, REVERT_FIELD, SAVE_METRICS_INTENT } from "~/lib/dashboard-forms";
import { OPEN_PARAM } from "~/lib/dashboard-links";
import { flowTypeLabel } from "~/lib/flow-types";
import { isMetricKey, METRIC_KEYS } from "~/lib/metrics";
import type { UserRecord } from "~/models/user.server";
import { saveMetricsFromForm } from "~/services/benchmarks/benchmarks.server";
import { isDomainError, premiumRequired } from "~/services/domain-error";
import { SEND_MISSING_INTENT } from "~/lib/klaviyo/constants";
import { hasPremium } from "~/lib/user";
import { SCORECARD_PREMIUM_MESSAGE } from "~/services/scorecard/scorecard.server";
import { sendMissingFromForm } from "~/web/klaviyo-missing.server";
import { pageErrorReply } from "~/web/page.server";
import { changeResearchWebsite, performResearch, RESEARCH_FAILED_FALLBACK } from "~/services/research/research.server";
import { businessModelFormAction } from "~/web/business-model-form.server";
import { readForm } from "~/web/forms.server";
import { redirectWithToast } from "~/web/toast.server";

export const DASHBOARD_INTENT = {
  saveMetrics: SAVE_METRICS_INTENT,
  research: "research",
  researchAddress: RESEARCH_ADDRESS_INTENT,
  businessModel: BUSINESS_MODEL_INTENT,
  sendMissing: SEND_MISSING_INTENT,
} as const;

export const SEND_MISSING_FAILED_TITLE = "Not sent to Klaviyo";

export const RESEARCH_TOASTS = {
  success: {
    title: "AI Research Complete!",
    description: "Your profile has been automatically filled with AI-researched information. You can now edit and customize the responses.",
  },
  failureTitle: "AI Research Failed",
  fallback: RESEARCH_FAILED_FALLBACK,
} as const;

/** What a failed section save without JavaScript sends back to its form. */
export interface MetricsFormReply {
  intent: typeof DASHBOARD_INTENT.saveMetrics;
  flowType: string;
  values: Record<string, string>;
  fieldErrors: Record<string, string>;
  message: string;
}

/** Runs research and comes back to the dashboard with its toast, success or failure. */
async function researchAndComeBack(user: UserRecord, path: string) {
  try {
    await performResearch({ userId: user.id });
    return redirectWithToast(path, { ...RESEARCH_TOASTS.success, variant: "success" });
  } catch (error) {
    if (!isDomainError(error)) {
      console.error("[research]", error);
      return redirectWithToast(path, { title: RESEARCH_TOASTS.failureTitle, description: RESEARCH_TOASTS.fallback, variant: "destructive" });
    }
    return redirectWithToast(path, { title: RESEARCH_TOASTS.failureTitle, description: error.message, variant: "destructive" });
  }
}

/**
 * The dashboard's form posts (both `/` and `/dashboard`): a section's Save button and the AI
 * Research button, for browsers without JavaScript (with JavaScript those call the API), the
 * research card's new website address, which is then researched, the Business Profile card's
 * business model (those two with or without JavaScript), and the scorecard's button that generates
 * a flow the Klaviyo account lacks and sends it as a draft (a plain post either way).
 */
export async function dashboardAction(request: Request, user: UserRecord, path: string) {
  const form = await readForm(request);
  const intent = form.get("intent");
  switch (intent) {
    case DASHBOARD_INTENT.saveMetrics: {
      const flowType = form.get("flowType");
      const values: Record<string, string> = {};
      const revert = form.get(REVERT_FIELD);
      // "Use Klaviyo's" on one row: only that typed figure is cleared, the others are left as saved.
      if (isMetricKey(revert)) values[revert] = "";
      else
        for (const key of METRIC_KEYS) {
          const value = form.get(key);
          if (typeof value === "string") values[key] = value;
        }
      try {
        const saved = await saveMetricsFromForm({ userId: user.id, input: { flowType, fields: values } });
        const target = `${path}?${OPEN_PARAM}=${saved.flowType}#benchmark-${saved.flowType}`;
        const rounded = saved.rounded.length > 0 ? ` ${saved.rounded.join(" ")}` : "";
        return redirectWithToast(target, { title: "Metrics saved", description: `Your ${flowTypeLabel(saved.flowType)} figures are saved.${rounded}`, variant: "success" });
      } catch (error) {
        if (!isDomainError(error) || error.kind !== "validation") throw error;
        const reply: MetricsFormReply = {
          intent: DASHBOARD_INTENT.saveMetrics,
          flowType: typeof flowType === "string" ? flowType : "",
          values,
          fieldErrors: error.fieldErrors ?? {},
          message: error.message,
        };
        return data(reply, { status: 422 });
      }
    }
    case DASHBOARD_INTENT.research:
      return researchAndComeBack(user, path);
    case DASHBOARD_INTENT.businessModel:
      return businessModelFormAction({ userId: user.id, form, path });
    case DASHBOARD_INTENT.researchAddress: {
      const website = form.get("researchWebsiteUrl");
      try {
        await changeResearchWebsite({ userId: user.id, website });
      } catch (error) {
        if (!isDomainError(error)) throw error;
        if (error.kind !== "validation") return redirectWithToast(path, { title: RESEARCH_TOASTS.failureTitle, description: error.message, variant: "destructive" });
        const reply: ResearchAddressReply = {
          intent: DASHBOARD_INTENT.researchAddress,
          flowType: "",
          values: { researchWebsiteUrl: typeof website === "string" ? website : "" },
          fieldErrors: error.fieldErrors ?? {},
          message: error.message,
        };
        return data(reply, { status: 422 });
      }
      return researchAndComeBack(user, path);
    }
    case DASHBOARD_INTENT.sendMissing: {
      // The scorecard's button: the scorecard is premium, and so is its button, whatever the page showed.
      if (!hasPremium(user)) return pageErrorReply(premiumRequired(SCORECARD_PREMIUM_MESSAGE), { extra: { intent } });
      try {
        return await sendMissingFromForm(user, form);
      } catch (error) {
        if (!isDomainError(error)) throw error;
        return pageErrorReply(error, { title: SEND_MISSING_FAILED_TITLE, extra: { intent } });
      }
    }
    default:
      return data({ intent: null, message: "Unknown action. Please reload the page and try again." }, { status: 400 });
  }
}
