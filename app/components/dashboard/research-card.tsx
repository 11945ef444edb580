import { Form, useRevalidator } from "@remix-run/react";
import { useState } from "react";

import { ResearchAddressForm } from "~/components/dashboard/research-address";
import { HoneypotField } from "~/components/forms";
import { useSessionEnded } from "~/components/session-ended";
import { StatusButton } from "~/components/ui/button";
import { useToast } from "~/components/ui/toaster";
import type { ResearchAddressReply } from "~/lib/dashboard-forms";

export const RESEARCH_INTENT = "research";

const SUCCESS = {
  title: "AI Research Complete!",
  description: "Your profile has been automatically filled with AI-researched information. You can now edit and customize the responses.",
};
const FAILURE_TITLE = "AI Research Failed";
const FAILURE_FALLBACK = "Failed to complete AI research. Please try again or fill out manually.";

/**
 * The AI Research card: shown while an AI Quick Pass user's website has not been
 * researched. Without JavaScript the button posts the page's form; with it, the card calls
 * `POST /api/ai-research/perform`, shows 'Researching...' and refreshes the dashboard after.
 */
export function ResearchCard({
  website,
  problem = null,
  lastFailure = null,
  addressReply = null,
}: {
  website: string;
  problem?: string | null;
  /** The last try's failure, kept on the server until the next try. */
  lastFailure?: { reason: string; advice: string } | null;
  addressReply?: ResearchAddressReply | null;
}) {
  const [running, setRunning] = useState(false);
  const { toast } = useToast();
  const revalidator = useRevalidator();
  const endSession = useSessionEnded();

  async function research() {
    setRunning(true);
    try {
      const response = await fetch("/api/ai-research/perform", {
        method: "POST",
        headers: { Accept: "application/json" },
        credentials: "same-origin",
      });
      const body: unknown = await response.json().catch(() => null);
      if (response.status === 401) {
        endSession();
        return;
      }
      if (!response.ok) {
        const message = body && typeof body === "object" && "message" in body && typeof body.message === "string" ? body.message : null;
        console.error("AI research failed", response.status, message);
        toast({ title: FAILURE_TITLE, description: message ?? FAILURE_FALLBACK, variant: "destructive" });
        // The card keeps the reason and what to do (the server stored them).
        revalidator.revalidate();
        return;
      }
      toast({ ...SUCCESS, variant: "success" });
      revalidator.revalidate();
    } catch (error) {
      console.error("AI research failed", error);
      toast({ title: FAILURE_TITLE, description: FAILURE_FALLBACK, variant: "destructive" });
    } finally {
      setRunning(false);
    }
  }

  return (
    <section
      aria-labelledby="research-heading"
      className="relative overflow-hidden rounded-2xl border border-brand-200 bg-linear-to-br from-brand-600 to-brand-900 p-6 text-white shadow-lg shadow-brand-900/20"
      data-testid="research-card"
    >
      <div aria-hidden="true" className="absolute -top-16 -right-16 h-48 w-48 rounded-full bg-white/10 blur-2xl" />
      <div className="relative flex flex-col gap-5 sm:flex-row sm:items-center sm:justify-between">
        <div className="max-w-xl">
          <p className="inline-flex items-center gap-1.5 rounded-full bg-white/15 px-2.5 py-0.5 text-xs font-semibold">
            <SparkIcon /> AI Quick Pass
          </p>
          <h2 id="research-heading" className="mt-2 text-lg font-bold">
            Let AI fill in your profile from your website
          </h2>
          <p className="mt-1 text-sm leading-relaxed text-brand-100">
            We read <span className="font-semibold break-all text-white">{website || "your website"}</span> and answer the questions it supports. Answers you have already written
            stay as they are. Research takes 30-60 seconds.
          </p>
        </div>
        <Form
          method="post"
          onSubmit={(event) => {
            event.preventDefault();
            if (!running) void research();
          }}
        >
          <input type="hidden" name="intent" value={RESEARCH_INTENT} />
          <HoneypotField />
          <StatusButton status={running ? "pending" : "idle"} variant="inverse" icon={<SparkIcon />} pendingLabel="Researching..." className="w-full whitespace-nowrap sm:w-auto">
            Start AI Research
          </StatusButton>
        </Form>
      </div>
      {lastFailure && !running ? (
        <div role="status" className="relative mt-4 rounded-xl bg-white/95 p-3 text-sm text-slate-900" data-testid="research-last-failure">
          <p className="font-semibold text-red-800">The last research did not finish: {lastFailure.reason}</p>
          <p className="mt-0.5 text-slate-700">What to do: {lastFailure.advice}</p>
        </div>
      ) : null}
      <ResearchAddressForm website={website} problem={problem} reply={addressReply} />
    </section>
  );
}

function SparkIcon() {
  return (
    <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
      <path d="M10 2l1.8 5.2L17 9l-5.2 1.8L10 16l-1.8-5.2L3 9l5.2-1.8z" fill="currentColor" />
    </svg>
  );
}
