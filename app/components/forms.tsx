/**
 * Form-level pieces (the honeypot, the failure toast). Fields and buttons are the UI kit's:
 * `~/components/ui/field` and `~/components/ui/button`.
 */
import { useCallback, useEffect, useRef } from "react";

import { useToast } from "~/components/ui/toaster";
import { HONEYPOT_FIELD } from "~/lib/forms/honeypot";

/** Invisible to people (and to assistive technology); bots that fill every field give themselves away. */
export function HoneypotField() {
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
      <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

interface ReplyLike {
  status?: "success" | "error";
  error?: Record<string, string[] | null> | null;
}

/**
 * The failure toast for a form the server refused: its message (the form's error, else
 * the first field error), else the fallback. The same text also stays on the form.
 */
export function useFailureToast(result: ReplyLike | null | undefined, fallback: string, title = "Error") {
  const { toast, dismiss } = useToast();
  const shown = useRef(false);
  useEffect(() => {
    if (result?.status !== "error") return;
    const messages = Object.entries(result.error ?? {});
    const formMessage = messages.find(([key]) => key === "")?.[1]?.[0];
    const fieldMessage = messages.find(([, list]) => list?.length)?.[1]?.[0];
    toast({ title, description: formMessage ?? fieldMessage ?? fallback, variant: "destructive" });
    shown.current = true;
  }, [result, fallback, title, toast]);
  /**
   * For the form's submit: a new attempt takes the last refusal's toast away, so an old verdict
   * ("Current password is incorrect") never stands beside the new one ("Passwords don't match").
   */
  return useCallback(() => {
    if (!shown.current) return;
    shown.current = false;
    dismiss();
  }, [dismiss]);
}
