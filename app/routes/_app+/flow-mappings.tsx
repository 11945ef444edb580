import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useLoaderData, useLocation, useNavigation } from "@remix-run/react";

import { parseForm } from "~/lib/forms/parse";
import { FlowScreen } from "~/components/flows/flow-screen";
import { ENHANCED_FIELD, FLOW_INTENTS, flowHref, isFlowDialog, type FlowActionReplyData } from "~/lib/flows/flow-url";
import { FLOW_TYPES, flowTypeLabel, isFlowType, type FlowType } from "~/lib/flow-types";
import { touchpointSavedMessage } from "~/lib/flows/touchpoint-saved";
import { regeneratedMessage } from "~/lib/flows/generation-progress";
import {
  GENERATE_FAILED_MESSAGE,
  REGENERATE_FAILED_MESSAGE,
  REGENERATE_UNCHANGED_HINT,
  REGENERATE_UNCHANGED_MESSAGE,
  REGENERATE_UNCHANGED_TITLE,
  type RegenerateResult,
  ROLLBACK_FAILED_MESSAGE,
  FEEDBACK_REQUIRED_TITLE,
  regenerateFlowSchema,
  TOUCHPOINT_REQUIRED_MESSAGE,
  TOUCHPOINT_INVALID_TITLE,
  TOUCHPOINT_REQUIRED_TITLE,
  touchpointEditSchema,
} from "~/lib/flows/types";
import { hasPremium, serviceUser } from "~/lib/user";
import { getResponseSummaryByUserId } from "~/models/questionnaire-response.server";
import { requireUser } from "~/web/auth/auth.server";
import { DomainError, isDomainError } from "~/services/domain-error";
import { deleteFlow, deleteTouchpoint, editTouchpoint, getFlowByType, isGenerating, listMessages, listVersions, rollbackFlow } from "~/services/flows/flows.server";
import { readForm } from "~/web/forms.server";
import { dismissGenerationProgress, latestGenerationProgress, type Started, startGeneration, startRegeneration } from "~/services/flows/progress.server";
import { modelWait } from "~/services/ai/openai-client.server";
import { hasCompletedOnboarding } from "~/services/onboarding.server";
import { defaultEspFor } from "~/services/klaviyo/connection.server";
import type { Esp } from "~/lib/content/esp";
import { pageErrorReply, pageErrorResponse } from "~/web/page.server";
import { redirectWithToast } from "~/web/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: `${loaded ? `${flowTypeLabel(loaded.flowType)} ` : ""}Flow Mappings | Flowmap` }];

const DEFAULT_TYPE: FlowType = FLOW_TYPES[0];

/** `?type=` picks the flow type; a missing one is the default, an unknown one goes there too. */
function readType(url: URL): FlowType | null {
  const type = url.searchParams.get("type");
  if (type === null) return DEFAULT_TYPE;
  return isFlowType(type) ? type : null;
}

/** The user's language from Accept-Language, for dates (the browser adds its own time zone). */
function requestLocale(request: Request) {
  const first = request.headers.get("Accept-Language")?.split(",")[0]?.split(";")[0]?.trim();
  if (!first) return "en-US";
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([first])[0] ?? "en-US";
  } catch {
    return "en-US";
  }
}

function throwForPage(error: unknown): never {
  if (isDomainError(error)) throw pageErrorResponse(error);
  throw error;
}

/** What a toast says when the address or the form names something that no longer exists. */
const GONE_MESSAGES = {
  flow: "This flow no longer exists (it may have been deleted in another tab). You can generate a new one here.",
  touchpoint: "This touchpoint no longer exists (it may have been deleted in another tab). The flow below is up to date.",
  version: "This version no longer exists. Open Versions to choose another.",
} as const;

function gone(what: keyof typeof GONE_MESSAGES, title: string) {
  return { title, description: GONE_MESSAGES[what], variant: "destructive" } as const;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const flowType = readType(url);
  if (!flowType) throw redirect(flowHref(DEFAULT_TYPE));

  const profile = await getResponseSummaryByUserId(user.id);
  const companyName = profile?.companyName || user.companyName || "Your Company";
  const base = { flowType, companyName, isPremium: hasPremium(user), locale: requestLocale(request), esp: "generic" as Esp };
  if (!hasCompletedOnboarding(profile)) {
    return {
      ...base,
      onboarded: false as const,
      flow: null,
      generating: false,
      versions: null,
      messages: null,
      compareVersion: null,
      wait: { generate: null, regenerate: null },
      progress: null,
    };
  }

  const [flow, generating, esp, progress] = await Promise.all([
    getFlowByType({ userId: user.id, flowType }),
    isGenerating({ userId: user.id, flowType }),
    defaultEspFor({ userId: user.id }),
    latestGenerationProgress({ userId: user.id, flowType }),
  ]);
  const dialog = url.searchParams.get("dialog");
  const home = flowHref(flowType);
  // A dialog address about something that is gone (deleted in another tab, then Back, or an old
  // link) shows the flow as it is now, with a toast that says what is missing.
  if (!flow && isFlowDialog(dialog)) throw await redirectWithToast(home, gone("flow", "Flow Not Found"));
  const touchpointId = url.searchParams.get("touchpoint");
  if (flow && (dialog === "edit" || dialog === "delete-touchpoint") && !flow.touchpoints.some((tp) => tp.id === touchpointId)) {
    throw await redirectWithToast(home, gone("touchpoint", "Touchpoint Not Found"));
  }
  // Versions and messages load only when their dialog opens (a flow may have many).
  const needsVersions = flow && (dialog === "versions" || dialog === "compare");
  const [versions, messages] = await Promise.all([
    needsVersions ? listVersions({ userId: user.id, flowId: flow.id }).catch(throwForPage) : null,
    flow && dialog === "conversation" ? listMessages({ userId: user.id, flowId: flow.id }).catch(throwForPage) : null,
  ]);
  let compareVersion = null;
  if (flow && dialog === "compare") {
    compareVersion = versions?.find((version) => version.id === url.searchParams.get("version")) ?? null;
    if (!compareVersion) throw await redirectWithToast(home, gone("version", "Version Not Found"));
  }
  return {
    ...base,
    esp,
    onboarded: true as const,
    flow,
    generating,
    // Newest first: the version a user most likely wants back is the last one replaced.
    versions: dialog === "versions" && versions ? [...versions].sort((a, b) => b.versionNumber - a.versionNumber) : null,
    messages,
    compareVersion,
    // With a model, how long it usually takes; offline (null) the screen keeps its own words.
    wait: { generate: modelWait("plan"), regenerate: modelWait("regenerate") },
    // A first flow's success needs no word once the flow is there; a run under way, a failure, or
    // how a regeneration ended (its new version, or why nothing changed) does.
    progress: progress && (progress.state !== "succeeded" || progress.kind === "regenerate") ? progress : null,
  };
}

const TOASTS = {
  generated: { title: "Flow Generated Successfully!", variant: "success" },
  regenerated: { title: "Flow Regenerated Successfully!", variant: "success" },
  rolledBack: { title: "Rollback Successful!", variant: "success" },
  touchpointUpdated: { title: "Touchpoint Updated", variant: "success" },
  touchpointDeleted: { title: "Touchpoint Deleted", variant: "success" },
  flowDeleted: { title: "Flow Deleted", variant: "success" },
} as const;

/** Which thing a form's "not found" is about. */
const GONE_BY_INTENT: Partial<Record<string, keyof typeof GONE_MESSAGES>> = {
  [FLOW_INTENTS.regenerate]: "flow",
  [FLOW_INTENTS.deleteFlow]: "flow",
  [FLOW_INTENTS.rollback]: "version",
  [FLOW_INTENTS.updateTouchpoint]: "touchpoint",
  [FLOW_INTENTS.deleteTouchpoint]: "touchpoint",
};

function field(form: FormData, name: string) {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const url = new URL(request.url);
  const flowType = readType(url) ?? DEFAULT_TYPE;
  const home = flowHref(flowType);
  const intent = field(form, "intent");
  const enhanced = form.get(ENHANCED_FIELD) === "1";
  const flowUser = serviceUser(user);

  /**
   * A refused request: premium opens the upgrade dialog; a failure of the generator or
   * a vanished flow reads as the action's failure title; the rest answer the form as they are.
   */
  const fail = (error: unknown, title: string, fallback: string, submission?: NonNullable<Parameters<typeof pageErrorReply>[1]>["submission"]) => {
    if (!isDomainError(error)) throw error;
    if (error.kind === "premium_required") return redirect(flowHref(flowType, { upgrade: true }));
    // What the form was about is gone: the flow as it is now, with the action's failure title and the reason.
    if (error.kind === "not_found") return redirectWithToast(home, gone(GONE_BY_INTENT[intent] ?? "flow", title));
    const shown = error.kind === "upstream_failed" ? new DomainError(error.kind, fallback, { code: error.code }) : error;
    return pageErrorReply(shown, { submission, title, extra: { intent } });
  };

  switch (intent) {
    case FLOW_INTENTS.generate: {
      let started: Awaited<ReturnType<typeof startGeneration>>;
      try {
        started = await startGeneration({ user: flowUser, input: { flowType, customContext: "" } });
      } catch (error) {
        return fail(error, "Error Generating Flow", GENERATE_FAILED_MESSAGE);
      }
      // A model writes in the background: the page shows its steps as they come (with or without JavaScript).
      if (started.started) return redirect(home);
      return redirectWithToast(home, { ...TOASTS.generated, description: `Your ${flowTypeLabel(flowType)} flow is ready.` });
    }
    case FLOW_INTENTS.dismissProgress: {
      const dismissed = await dismissGenerationProgress({ userId: user.id, id: field(form, "progressId") });
      // A regeneration read as done says once, as a toast, what it did.
      if (dismissed?.kind === "regenerate" && dismissed.result?.applied) return redirectWithToast(home, regeneratedToast(dismissed.result.versionNumber));
      return redirect(home);
    }
    case FLOW_INTENTS.regenerate: {
      const submission = parseForm(form, { schema: regenerateFlowSchema });
      if (submission.status !== "success") {
        return data(
          reply(intent, { result: submission.reply(), toast: { title: FEEDBACK_REQUIRED_TITLE, description: firstError(submission.error) ?? "", variant: "destructive" } }),
          { status: 422 },
        );
      }
      let started: Started<RegenerateResult>;
      try {
        started = await startRegeneration({ user: flowUser, flowId: field(form, "flowId"), input: submission.value });
      } catch (error) {
        return fail(error, "Failed to Regenerate Flow", REGENERATE_FAILED_MESSAGE, submission);
      }
      // A model writes in the background: the dialog shows its steps as they come (with JavaScript
      // by reading the progress; without, the dialog's page refreshes itself) and then how it ended.
      if (started.started) return enhanced ? data(reply(intent, { ok: true, started: true })) : redirect(flowHref(flowType, { dialog: "regenerate" }));
      const result = started.result;
      if (!result.applied) {
        // Nothing changed: the dialog stays open with the note in it, says why and what to try
        // (with or without JavaScript), and the toast says the same in short.
        return data(
          reply(intent, {
            result: submission.reply(),
            unchanged: { explanation: result.explanation },
            toast: { title: REGENERATE_UNCHANGED_TITLE, description: `${REGENERATE_UNCHANGED_MESSAGE} ${REGENERATE_UNCHANGED_HINT}`, variant: "default" },
          }),
        );
      }
      const toast = regeneratedToast(result.previousVersion.versionNumber);
      // With JavaScript the dialog shows its progress reach 100% before it closes itself.
      if (enhanced) return data(reply(intent, { ok: true, toast }));
      return redirectWithToast(home, toast);
    }
    case FLOW_INTENTS.rollback: {
      let restored: number;
      try {
        restored = (await rollbackFlow({ user: flowUser, flowId: field(form, "flowId"), versionId: field(form, "versionId") })).rolledBackToVersion.versionNumber;
      } catch (error) {
        return fail(error, "Failed to Rollback", ROLLBACK_FAILED_MESSAGE);
      }
      return redirectWithToast(home, { ...TOASTS.rolledBack, description: `Version ${restored} is the current flow again; what it replaced was saved as a version.` });
    }
    case FLOW_INTENTS.updateTouchpoint: {
      const submission = parseForm(form, { schema: touchpointEditSchema });
      if (submission.status !== "success") {
        return data(
          reply(intent, {
            result: submission.reply(),
            toast: { title: touchpointRefusalTitle(submission.error), description: requiredOrFirst(submission.error), variant: "destructive" },
          }),
          { status: 422 },
        );
      }
      let description: string;
      try {
        const touchpointId = field(form, "touchpointId");
        const { previousStepNumber, flow } = await editTouchpoint({ user: flowUser, touchpointId, input: submission.value });
        description = touchpointSavedMessage({ touchpointId, previousStepNumber, touchpoints: flow.touchpoints });
      } catch (error) {
        return fail(error, "Failed to Update Touchpoint", "The touchpoint could not be saved. Please try again.", submission);
      }
      return redirectWithToast(home, { ...TOASTS.touchpointUpdated, description });
    }
    case FLOW_INTENTS.deleteTouchpoint: {
      try {
        await deleteTouchpoint({ user: flowUser, touchpointId: field(form, "touchpointId") });
      } catch (error) {
        return fail(error, "Failed to Delete Touchpoint", "The touchpoint could not be deleted. Please try again.");
      }
      return redirectWithToast(home, { ...TOASTS.touchpointDeleted, description: "The remaining steps were renumbered." });
    }
    case FLOW_INTENTS.deleteFlow: {
      try {
        await deleteFlow({ userId: user.id, flowId: field(form, "flowId") });
      } catch (error) {
        return fail(error, "Failed to Delete Flow", "The flow could not be deleted. Please try again.");
      }
      return redirectWithToast(home, { ...TOASTS.flowDeleted, description: "Its versions and conversation were deleted too." });
    }
    default:
      return data(reply(null, { message: "Unknown action. Please reload the page and try again." }), { status: 400 });
  }
}

function regeneratedToast(versionNumber: number | null) {
  return { ...TOASTS.regenerated, description: regeneratedMessage(versionNumber) };
}

function reply(intent: string | null, rest: Omit<FlowActionReplyData, "intent">): FlowActionReplyData {
  return { intent, ...rest };
}

function firstError(error: Record<string, string[] | null> | null | undefined) {
  return Object.values(error ?? {}).find((list) => list?.length)?.[0];
}

/** Blank fields read 'All touchpoint fields are required.'; other problems say what they are. */
/** "Please fill all required fields" only when one is empty; a value that cannot be used is told as such. */
function touchpointRefusalTitle(error: Record<string, string[] | null> | null | undefined) {
  const messages = Object.values(error ?? {}).flatMap((list) => list ?? []);
  return messages.includes(TOUCHPOINT_REQUIRED_MESSAGE) ? TOUCHPOINT_REQUIRED_TITLE : TOUCHPOINT_INVALID_TITLE;
}

function requiredOrFirst(error: Record<string, string[] | null> | null | undefined) {
  const messages = Object.values(error ?? {}).flatMap((list) => list ?? []);
  return messages.includes(TOUCHPOINT_REQUIRED_MESSAGE) ? TOUCHPOINT_REQUIRED_MESSAGE : (messages[0] ?? TOUCHPOINT_REQUIRED_MESSAGE);
}

export default function FlowMappingsRoute() {
  const loaded = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigation = useNavigation();
  // Open and close dialogs at once, before the loader answers (the content shows a loading state).
  const pendingSearch = navigation.state === "loading" && navigation.location.pathname === location.pathname ? navigation.location.search : null;
  const params = new URLSearchParams(pendingSearch ?? location.search);
  const dialog = params.get("dialog");
  return (
    <FlowScreen
      data={loaded}
      dialog={isFlowDialog(dialog) ? dialog : null}
      touchpointId={params.get("touchpoint")}
      versionId={params.get("version")}
      dataIsCurrent={pendingSearch === null || pendingSearch === location.search}
    />
  );
}
